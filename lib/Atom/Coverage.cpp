//===- Coverage.cpp - Does a partition own every element once? ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Coverage.h"

#include <vector>

using namespace mlir::cute;

/// For each thread of `threads`, whether it is a broadcast copy of an earlier
/// one: it sits at a nonzero coordinate of a stride-0 mode.
static Result<std::vector<int64_t>> broadcastCopies(const Layout &threads) {
  std::vector<IntTuple> strides = leaves(threads.stride());
  std::vector<IntTuple> marks;
  for (const IntTuple &stride : strides)
    marks.push_back(Int(stride.value().is(0) ? 1 : 0));
  // Nonzero exactly where a stride-0 leaf's coordinate is nonzero.
  Layout marked = makeLayoutUnchecked(flatten(threads.shape()),
                                      IntTuple::tuple(std::move(marks)));
  return staticImage(marked, kMaxCoverElements);
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
  bool positive = true;
  tileShape.forEachLeaf([&](const IntTuple &leaf) {
    positive = positive && leaf.value().value() >= 1;
  });
  if (!positive)
    return algebraError("the tile " + tileShape.str() +
                        " has an extent that is not positive");
  int64_t elements = product(tileShape).value();
  if (elements > kMaxCoverElements)
    return algebraError("the tile " + tileShape.str() +
                        " is too large to check element by element");
  Layout threads = layoutTV.mode(0), values = layoutTV.mode(1);
  CUTE_TRY(threadOffsets, staticImage(threads, kMaxCoverElements));
  CUTE_TRY(valueOffsets, staticImage(values, kMaxCoverElements));
  CUTE_TRY(copies, broadcastCopies(threads));
  auto where = [&](int64_t e) {
    return "element " + idx2crd(Int(e), tileShape).str() + " of the " +
           tileShape.str() + " tile";
  };
  std::vector<std::pair<int64_t, int64_t>> owner(elements, {-1, -1});
  for (int64_t t = 0, numThreads = threadOffsets.size(); t < numThreads; ++t) {
    if (copies[t])
      continue;
    for (int64_t v = 0, numValues = valueOffsets.size(); v < numValues; ++v) {
      int64_t e;
      if (__builtin_add_overflow(threadOffsets[t], valueOffsets[v], &e))
        return algebraError(pair(t, v) + " maps beyond 64 bits");
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
