//===- KernelSplit.cpp - A gpu.module split by kernel ---------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "KernelSplit.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

bool isKernel(LLVM::LLVMFuncOp func) {
  return func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()) ||
         func.getCConv() == LLVM::cconv::CConv::PTX_Kernel;
}

/// Whether a compilation of part of the module may assume it sees every
/// access to `global`: a variable defined here, not a constant, not a
/// declaration of one defined elsewhere (the dynamic shared memory).
bool isMutableDefinition(LLVM::GlobalOp global) {
  if (global.getConstant())
    return false;
  bool declaration = global.getLinkage() == LLVM::Linkage::External &&
                     !global.getValueOrNull() && !global.getInitializerBlock();
  return !declaration;
}

/// The module's ops that `root` reaches through symbol references, itself
/// included.
llvm::SetVector<Operation *>
reachedFrom(Operation *root, const DenseMap<StringAttr, Operation *> &symbols) {
  llvm::SetVector<Operation *> reached;
  reached.insert(root);
  for (size_t next = 0; next < reached.size(); ++next) {
    reached[next]->walk([&](Operation *op) {
      op->getAttrDictionary().walk([&](SymbolRefAttr ref) {
        auto it = symbols.find(ref.getRootReference());
        if (it != symbols.end())
          reached.insert(it->second);
      });
    });
  }
  return reached;
}

} // namespace

SmallVector<OwningOpRef<gpu::GPUModuleOp>>
cute::splitGpuModuleByKernel(gpu::GPUModuleOp module) {
  SmallVector<Operation *> kernels;
  DenseMap<StringAttr, Operation *> symbols;
  for (Operation &op : module.getBody()->getOperations()) {
    if (!isa<LLVM::LLVMFuncOp, LLVM::GlobalOp>(op))
      return {};
    symbols[SymbolTable::getSymbolName(&op)] = &op;
    if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
        func && isKernel(func) && !func.isExternal())
      kernels.push_back(func);
  }
  if (kernels.size() < 2)
    return {};

  SmallVector<llvm::SetVector<Operation *>> parts;
  DenseMap<Operation *, unsigned> reachingKernels;
  for (Operation *kernel : kernels) {
    parts.push_back(reachedFrom(kernel, symbols));
    for (Operation *op : parts.back())
      ++reachingKernels[op];
  }
  for (auto [op, count] : reachingKernels) {
    auto global = dyn_cast<LLVM::GlobalOp>(op);
    if (count > 1 && global && isMutableDefinition(global))
      return {};
  }
  for (Operation &op : module.getBody()->getOperations())
    if (!reachingKernels.count(&op))
      parts.front().insert(&op);

  // Each copy gets only its part, in the module's order: cloning the whole
  // module for each kernel would copy every other kernel too.
  SmallVector<OwningOpRef<gpu::GPUModuleOp>> copies;
  for (const llvm::SetVector<Operation *> &part : parts) {
    OwningOpRef<gpu::GPUModuleOp> copy =
        cast<gpu::GPUModuleOp>(module->cloneWithoutRegions());
    OpBuilder builder =
        OpBuilder::atBlockEnd(&copy->getBodyRegion().emplaceBlock());
    for (Operation &op : module.getBody()->getOperations())
      if (part.contains(&op))
        builder.clone(op);
    copies.push_back(std::move(copy));
  }
  return copies;
}
