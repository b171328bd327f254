//===- cute-opt.cpp - The cute-mlir optimizer driver ----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the cute-mlir dialects and passes, plus the upstream dialects
// and passes a cute user needs (func, arith, scf, memref, vector, LLVM, GPU,
// NVVM and their conversions). Unlike mlir-opt it refuses, with a located
// error, the inputs that crash MLIR 22's parser or verifiers (InputGuards.h):
// the text is checked before parsing, and the IR is parsed unverified and
// verified by a first pass that checks what those verifiers assume; and it
// works on a thread with a large stack, for MLIR's recursions.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/InitAllDialects.h"
#include "cute-mlir/InitAllPasses.h"
#include "cute-mlir/Support/InputGuards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {

/// The parser's verification, as the pipeline's first pass: the guards first,
/// then the whole input.
struct VerifyInputPass : public PassWrapper<VerifyInputPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyInputPass)

  StringRef getName() const final { return "VerifyInput"; }
  StringRef getArgument() const final { return "cute-verify-input"; }
  StringRef getDescription() const final {
    return "Verify the input as the parser would, refusing what crashes "
           "MLIR 22's verifiers";
  }

  void runOnOperation() override {
    if (failed(cute::verifyGuarded(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

/// Errors for the parser's hazards anywhere in `input`, printed as the
/// parser prints its own.
LogicalResult checkText(const llvm::MemoryBuffer &input,
                        const DialectRegistry &registry,
                        const MlirOptMainConfig &config) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  // Bytecode is checked by reading it, with the dialects the tool knows.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  return cute::checkParserHazards(sourceMgr, &context);
}

/// What mlir-opt's main does after reading its options, on `input` checked
/// for the parser's hazards.
int optimize(StringRef inputFilename, StringRef outputFilename,
             DialectRegistry &registry, MlirOptMainConfig config) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(checkText(*input, registry, config)))
    return EXIT_FAILURE;

  // Unless verification on parsing was turned off, the first pass does it.
  if (config.shouldVerifyOnParsing()) {
    MlirOptMainConfig requested = config;
    config.verifyOnParsing(false);
    config.setPassPipelineSetupFn([requested](PassManager &pm) {
      pm.addPass(std::make_unique<VerifyInputPass>());
      return requested.setupPassPipeline(pm);
    });
  }

  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}

} // namespace

int main(int argc, char **argv) {
  // Stack traces on a crash, as mlir-opt's main sets up.
  llvm::InitLLVM init(argc, argv);
  registerAllPasses();
  cute::registerAllPasses();
  // By name too, so that a crash reproducer's pipeline reads back.
  PassRegistration<VerifyInputPass>();

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // gpu-module-to-binary translates gpu.modules to LLVM IR, then PTX.
  registerAllToLLVMIRTranslations(registry);
  cute::registerAllDialects(registry);

  std::string inputFilename, outputFilename;
  std::tie(inputFilename, outputFilename) = registerAndParseCLIOptions(
      argc, argv, "cute-mlir optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(MlirOptMain(
        llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""), registry, config));

  int status = EXIT_FAILURE;
  cute::runOnLargeStack([&] {
    status = optimize(inputFilename, outputFilename, registry, config);
  });
  return status;
}
