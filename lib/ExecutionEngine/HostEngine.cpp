//===- HostEngine.cpp - JIT host code that launches cute kernels ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/ExecutionEngine/HostEngine.h"

#include "cute-mlir/Runtime/Runtime.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"

#include <dlfcn.h>
#include <functional>

using namespace mlir;

std::string mlir::cute::findCRunnerUtils() {
  if (llvm::sys::fs::exists(CUTE_MLIR_C_RUNNER_UTILS))
    return CUTE_MLIR_C_RUNNER_UTILS;
  std::string soname = "libmlir_c_runner_utils.so." +
                       std::to_string(LLVM_VERSION_MAJOR) + "." +
                       std::to_string(LLVM_VERSION_MINOR);
  void *library = dlopen(soname.c_str(), RTLD_NOW | RTLD_GLOBAL);
  Dl_info info;
  if (void *symbol = library ? dlsym(library, "printNewline") : nullptr)
    if (dladdr(symbol, &info) && info.dli_fname)
      return info.dli_fname;
  return "";
}

llvm::Expected<std::unique_ptr<ExecutionEngine>>
mlir::cute::createHostEngine(ModuleOp module, unsigned optLevel,
                             llvm::ArrayRef<std::string> sharedLibs) {
  static bool nativeTargetReady = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)nativeTargetReady;

  ExecutionEngineOptions options;
  options.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(optLevel);
  // ExecutionEngineOptions holds a function_ref: keep the callable alive
  // through create().
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(optLevel, 0, nullptr);
  options.transformer = optimize;
  std::string runnerUtils = findCRunnerUtils();
  SmallVector<StringRef> libraries;
  if (!runnerUtils.empty())
    libraries.push_back(runnerUtils);
  for (const std::string &library : sharedLibs)
    libraries.push_back(library);
  options.sharedLibPaths = libraries;
  auto engine = ExecutionEngine::create(module, options);
  if (!engine)
    return engine.takeError();
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    for (const auto &symbol : ::cute::runtime::exportedSymbols())
      symbols[interner(symbol.name)] = {
          llvm::orc::ExecutorAddr::fromPtr(symbol.address),
          llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  return engine;
}
