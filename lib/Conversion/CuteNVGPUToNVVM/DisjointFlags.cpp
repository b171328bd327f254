//===- DisjointFlags.cpp - Disjoint flags the NVPTX backend need not see --===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "DisjointFlags.h"

#include "llvm/IR/Constant.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

void mlir::cute::dropVariableDisjointFlags(llvm::Module &module) {
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      auto *disjoint = llvm::dyn_cast<llvm::PossiblyDisjointInst>(&inst);
      if (disjoint && !llvm::isa<llvm::Constant>(inst.getOperand(0)) &&
          !llvm::isa<llvm::Constant>(inst.getOperand(1)))
        disjoint->setIsDisjoint(false);
    }
}
