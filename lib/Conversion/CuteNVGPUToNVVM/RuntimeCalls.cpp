//===- RuntimeCalls.cpp - Declarations of the runtime's entry points ------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "RuntimeCalls.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

FailureOr<func::FuncOp>
cute::declareRuntimeFunction(Operation *op, StringRef name, FunctionType type) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return op->emitOpError() << "expected to be inside a module";
  if (auto existing = module.lookupSymbol<func::FuncOp>(name)) {
    if (existing.getFunctionType() != type)
      return op->emitOpError()
             << "@" << name << " is declared with another type";
    return existing;
  }
  OpBuilder b(module.getBodyRegion());
  auto decl = func::FuncOp::create(b, module.getLoc(), name, type);
  decl.setPrivate();
  return decl;
}
