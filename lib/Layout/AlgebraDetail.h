//===- AlgebraDetail.h - Shared internals of the layout algebra -*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_LAYOUT_ALGEBRADETAIL_H
#define CUTE_MLIR_LIB_LAYOUT_ALGEBRADETAIL_H

#include "cute-mlir/Layout/Layout.h"

#include <functional>
#include <string>

namespace mlir {
namespace cute {
namespace detail {

/// Run a public operation: report integer overflow in its arithmetic and name
/// the operation in its error.
template <class F> auto guarded(const char *op, F &&body) -> decltype(body()) {
  OverflowScope scope;
  auto result = body();
  if (scope.overflowed())
    return algebraError(std::string(op) + ": integer overflow");
  result.context(op);
  return result;
}

/// CuTe's coalesce_x: coalesce, keeping the function valid past the domain.
Layout coalesceX(const Layout &layout);

using LayoutTransform =
    std::function<Result<Layout>(const Layout &, const IntTuple &)>;

/// Apply `fn` at the terminals of `profile` (CuTe's transform_layout with a
/// profile); modes of `layout` past the profile are kept as they are.
Result<Layout> transformByProfile(const Layout &layout, const IntTuple &profile,
                                  const LayoutTransform &fn, const char *op);

} // namespace detail
} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_LAYOUT_ALGEBRADETAIL_H
