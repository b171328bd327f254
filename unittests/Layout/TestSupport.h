//===- TestSupport.h - Shared helpers of the layout unit tests -*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Parse-or-fail readers of CuTe notation and printers of results, shared by
// the layout unit tests. A reader that cannot parse its text records a
// non-fatal test failure and returns a trivial value, so that the test goes
// on and reports every broken case.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_UNITTESTS_LAYOUT_TESTSUPPORT_H
#define CUTE_MLIR_UNITTESTS_LAYOUT_TESTSUPPORT_H

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace mlir::cute::test {

/// The layout `text`; a parse error fails the test and gives `1:0`.
inline Layout layout(std::string_view text) {
  Result<Layout> l = parseLayout(text);
  if (!l) {
    ADD_FAILURE() << "cannot parse the layout " << text << ": " << l.message();
    return Layout();
  }
  return *l;
}

/// The tiler `text`; a parse error fails the test and gives `_`.
inline Tiler tiler(std::string_view text) {
  Result<Tiler> t = parseTiler(text);
  if (!t) {
    ADD_FAILURE() << "cannot parse the tiler " << text << ": " << t.message();
    return Tiler::underscore();
  }
  return *t;
}

/// The integer tuple `text`, without `_`; a parse error fails the test and
/// gives the empty tuple.
inline IntTuple tuple(std::string_view text) {
  Result<IntTuple> t = parseIntTuple(text);
  if (!t) {
    ADD_FAILURE() << "cannot parse the tuple " << text << ": " << t.message();
    return IntTuple();
  }
  return *t;
}

/// The printed value of `r`, or `error: ` and its message.
template <class T> std::string show(const Result<T> &r) {
  return r ? r->str() : "error: " + r.message();
}

/// The values at indices 0..size-1, space separated (the calculator's eval).
inline std::string eval(const Layout &l) {
  std::string s;
  for (int64_t i = 0, n = size(l).value(); i < n; ++i) {
    Result<Int> v = l(IntTuple(i));
    s += (i ? " " : "") + (v ? v->str() : "error: " + v.message());
  }
  return s;
}

} // namespace mlir::cute::test

#endif // CUTE_MLIR_UNITTESTS_LAYOUT_TESTSUPPORT_H
