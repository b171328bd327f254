//===- ModuleFuzzer.cpp - Fuzz whole modules through the pipeline ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Parses the input as a module, verifies it (both through the tools' guards
// against MLIR 22's own crashes, which are thus fuzzed too), then runs
// canonicalize, -cute-expand-layouts, -cute-lower-to-scf and --cute-to-ptx
// (sm_90a, PTX text) in turn, each on what the one before left. Every stage may
// reject its input, with a located error; none may crash, hang or fail
// silently.
//
//===----------------------------------------------------------------------===//

#include "FuzzerOracle.h"
#include "MLIRFuzzing.h"

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"
#include "cute-mlir/Support/InputGuards.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>
#include <functional>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  std::unique_ptr<MLIRContext> context =
      cute_fuzz::makeContext(cute_fuzz::Dialects::All);
  cute_fuzz::DiagnosticCollector diagnostics(*context);

  // MLIR's lexer reads the byte after the buffer as its end marker, which a
  // file's buffer has and libFuzzer's input has not: the copy has one.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(input.data(), input.size()), "fuzz-input"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      cute::parseSourceFileGuarded(sourceMgr, context.get(),
                                   /*verifyAfterParse=*/false);
  if (!module) {
    diagnostics.expectLocatedError("parsing", input);
    return 0;
  }
  if (failed(cute::verifyGuarded(*module))) {
    diagnostics.expectLocatedError("verification", input);
    return 0;
  }

  cute::CuteToPTXOptions ptx;
  ptx.chip = "sm_90a";
  const std::pair<const char *, std::function<void(OpPassManager &)>> stages[] =
      {
          {"canonicalize",
           [](OpPassManager &pm) { pm.addPass(createCanonicalizerPass()); }},
          {"cute-expand-layouts",
           [](OpPassManager &pm) {
             pm.addPass(cute::createCuteExpandLayoutsPass());
           }},
          {"cute-lower-to-scf",
           [](OpPassManager &pm) {
             pm.addPass(cute::createCuteLowerToSCFPass());
           }},
          {"cute-to-ptx",
           [&](OpPassManager &pm) { cute::buildCuteToPTXPipeline(pm, ptx); }},
      };
  for (const auto &[name, build] : stages) {
    PassManager pm(context.get());
    build(pm);
    if (failed(pm.run(*module))) {
      diagnostics.expectLocatedError(name, input);
      return 0;
    }
  }
  return 0;
}
