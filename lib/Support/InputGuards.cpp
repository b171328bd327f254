//===- InputGuards.cpp - Parsing with the guards --------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Support/thread.h"

using namespace mlir;

OwningOpRef<ModuleOp>
cute::parseSourceFileGuarded(const llvm::SourceMgr &sourceMgr,
                             MLIRContext *context, bool verifyAfterParse) {
  if (failed(checkParserHazards(sourceMgr, context)))
    return nullptr;
  ParserConfig config(context, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module || !verifyAfterParse)
    return module;
  if (failed(verifyGuarded(*module)))
    return nullptr;
  return module;
}

void cute::runOnLargeStack(llvm::function_ref<void()> work) {
  llvm::thread worker(std::optional<unsigned>(kLargeStackBytes), work);
  worker.join();
}
