//===- cute-opt.cpp - The cute-mlir optimizer driver ----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the cute-mlir dialects and passes, plus the upstream dialects
// and passes a cute user needs (func, arith, scf, memref, vector, LLVM, GPU,
// NVVM and their conversions).
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
  // gpu-module-to-binary translates gpu.modules to LLVM IR, then PTX.
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::cute::registerAllDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cute-mlir optimizer driver\n", registry));
}
