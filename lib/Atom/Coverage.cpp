//===- Coverage.cpp - Does a partition own every element once? ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Coverage.h"

#include <vector>

using namespace mlir::cute;

/// Does thread `t` stand for itself, or is it a copy of a thread with the
/// same coordinate in every mode of nonzero stride?
static bool isBroadcastCopy(const Layout &threads, int64_t t) {
  std::vector<IntTuple> coord = leaves(idx2crd(Int(t), threads.shape()));
  std::vector<IntTuple> strides = leaves(threads.stride());
  for (size_t i = 0; i < coord.size(); ++i)
    if (strides[i].value().is(0) && !coord[i].value().is(0))
      return true;
  return false;
}

static std::string pair(int64_t t, int64_t v) {
  return "thread " + std::to_string(t) + " value " + std::to_string(v);
}

Result<int64_t> mlir::cute::checkExactCover(const Layout &layoutTV,
                                            const IntTuple &tileShape) {
  if (!layoutTV.isStatic() || !tileShape.isStatic())
    return algebraError("coverage is checked on static layouts, got " +
                        layoutTV.str());
  if (layoutTV.rank() != 2)
    return algebraError("expected a (thread, value) layout, got " +
                        layoutTV.str());
  int64_t elements = product(tileShape).value();
  if (elements > kMaxCoverElements)
    return algebraError("the tile " + tileShape.str() +
                        " is too large to check element by element");
  Layout threads = layoutTV.mode(0), values = layoutTV.mode(1);
  int64_t numThreads = size(threads).value();
  int64_t numValues = size(values).value();
  auto where = [&](int64_t e) {
    return "element " + idx2crd(Int(e), tileShape).str() + " of the " +
           tileShape.str() + " tile";
  };
  std::vector<std::pair<int64_t, int64_t>> owner(elements, {-1, -1});
  for (int64_t t = 0; t < numThreads; ++t) {
    if (isBroadcastCopy(threads, t))
      continue;
    for (int64_t v = 0; v < numValues; ++v) {
      CUTE_TRY(index, layoutTV(IntTuple::tuple({Int(t), Int(v)})));
      int64_t e = index.value();
      if (e < 0 || e >= elements)
        return algebraError(pair(t, v) + " maps to index " + std::to_string(e) +
                            ", outside the " + tileShape.str() + " tile");
      if (owner[e].first >= 0)
        return algebraError(where(e) + " is owned twice: by " +
                            pair(owner[e].first, owner[e].second) + " and by " +
                            pair(t, v));
      owner[e] = {t, v};
    }
  }
  for (int64_t e = 0; e < elements; ++e)
    if (owner[e].first < 0)
      return algebraError(where(e) + " is owned by no thread");
  return elements;
}
