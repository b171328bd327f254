//===- SumFlags.cpp - Flags of sums the NVPTX backend need not see -------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "SumFlags.h"

#include "llvm/IR/Constant.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

void mlir::cute::dropFlagsOfVariableSums(llvm::Module &module) {
  if (!module.getTargetTriple().isNVPTX())
    return;
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      if (inst.getNumOperands() != 2 ||
          llvm::isa<llvm::Constant>(inst.getOperand(0)) ||
          llvm::isa<llvm::Constant>(inst.getOperand(1)))
        continue;
      if (auto *disjoint = llvm::dyn_cast<llvm::PossiblyDisjointInst>(&inst))
        disjoint->setIsDisjoint(false);
      else if (inst.getOpcode() == llvm::Instruction::Add)
        inst.setHasNoUnsignedWrap(false);
    }
}
