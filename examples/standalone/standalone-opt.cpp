//===- standalone-opt.cpp - An opt tool of another project ----------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What a compiler that embeds cute-mlir does: register the cute dialects and
// passes (cute-mlir/InitAll*.h, from the installed headers) beside upstream
// MLIR's, then run any pipeline, ours included (--cute-to-ptx).
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/InitAllDialects.h"
#include "cute-mlir/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::cute::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::cute::registerAllDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "an out-of-tree tool with cute-mlir\n", registry));
}
