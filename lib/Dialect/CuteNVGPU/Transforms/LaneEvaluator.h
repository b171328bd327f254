//===- LaneEvaluator.h - Index values of a kernel, thread by thread -*- C++
//-*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Static analyses of warp-wide accesses need each lane's value of the `index`
// values an address is made of. A LaneEvaluator computes them for one thread
// through the `arith` ops that derive them from `gpu.thread_id x` (and the
// warpgroup index of a `cute_nvgpu.warp_specialize` role). Values that are
// the same for every thread of a warp (loop counters, block indices, function
// arguments) are leaves: each gets a sample value, which the caller varies
// over `samplesOf` to find the worst case.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_DIALECT_CUTENVGPU_TRANSFORMS_LANEEVALUATOR_H
#define CUTE_MLIR_LIB_DIALECT_CUTENVGPU_TRANSFORMS_LANEEVALUATOR_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace cute_nvgpu {

/// The threads that run an op: [first, first + count).
struct ThreadRange {
  int64_t first = 0;
  int64_t count = 0;
};

/// The threads that run `op`: the enclosing gpu.func's known_block_size (one
/// dimension), narrowed to the role of an enclosing warp_specialize; or
/// failure with the reason in `why`.
FailureOr<ThreadRange> threadsRunning(Operation *op, std::string &why);

class LaneEvaluator {
public:
  /// The value of `value` in thread `thread`, or nullopt with the reason in
  /// `why`. Warp-uniform leaves take their sample (0 until set).
  std::optional<int64_t> evaluate(Value value, int64_t thread,
                                  std::string &why);

  /// The warp-uniform leaves met so far, in order of first use.
  ArrayRef<Value> leaves() const { return leafValues.getArrayRef(); }
  void setSample(Value leaf, int64_t sample) { samples[leaf] = sample; }
  /// The values worth trying for `leaf`: the first 16 iterations of a loop
  /// of constant bounds, else 0 to 7.
  static SmallVector<int64_t> samplesOf(Value leaf);

private:
  llvm::SetVector<Value> leafValues;
  llvm::DenseMap<Value, int64_t> samples;
};

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_MLIR_LIB_DIALECT_CUTENVGPU_TRANSFORMS_LANEEVALUATOR_H
