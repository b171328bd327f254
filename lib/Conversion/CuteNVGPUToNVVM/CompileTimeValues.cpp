//===- CompileTimeValues.cpp - Values that only the compiler holds --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "CompileTimeValues.h"

using namespace mlir;

LogicalResult
cute::checkMadeOnlyByMaker(Operation *root, function_ref<bool(Type)> isValue,
                           function_ref<bool(Operation *)> isMaker,
                           StringRef what, StringRef maker) {
  WalkResult result = root->walk([&](Operation *op) {
    // Any other op (ub.poison, a call) has no operands to expand uses from.
    if (!isMaker(op) && llvm::any_of(op->getResultTypes(), isValue)) {
      op->emitOpError() << what << " cannot be the result of this op: use "
                        << "the result of " << maker << " directly";
      return WalkResult::interrupt();
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (llvm::any_of(block.getArgumentTypes(), isValue)) {
          op->emitOpError() << what << " cannot be a block argument: use the "
                            << "result of " << maker << " directly";
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
