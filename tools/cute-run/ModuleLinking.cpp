//===- ModuleLinking.cpp - Several input files as one program -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "ModuleLinking.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

LogicalResult cute_run::linkInto(ModuleOp into, ModuleOp from) {
  SmallVector<Operation *> redundant;
  for (auto func : from.getOps<func::FuncOp>()) {
    auto other = into.lookupSymbol<func::FuncOp>(func.getSymName());
    if (!other || (!func.isExternal() && !other.isExternal()))
      continue; // new, or defined twice (the verifier reports it)
    func::FuncOp declaration = func.isExternal() ? func : other;
    func::FuncOp kept = func.isExternal() ? other : func;
    if (declaration.getFunctionType() != kept.getFunctionType())
      return declaration.emitError()
             << "@" << func.getSymName() << " is declared as "
             << declaration.getFunctionType() << " but defined as "
             << kept.getFunctionType();
    redundant.push_back(declaration);
  }
  for (Operation *op : redundant)
    op->erase();
  into.getBody()->getOperations().splice(into.getBody()->end(),
                                         from.getBody()->getOperations());
  return success();
}
