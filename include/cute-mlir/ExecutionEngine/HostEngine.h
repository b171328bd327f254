//===- HostEngine.h - JIT host code that launches cute kernels --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The JIT of cute-run and of the C API: a module lowered by `cute-to-llvm`
// (kernels as gpu.binary PTX, host code in the LLVM dialect calling the
// mgpu* runtime) compiled to machine code in-process.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_EXECUTIONENGINE_HOSTENGINE_H
#define CUTE_MLIR_EXECUTIONENGINE_HOSTENGINE_H

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>

namespace mlir {
namespace cute {

/// JIT-compiles `module` at `optLevel` (0-3). Its mgpu* calls resolve to
/// libCuteRuntime's functions, vector.print's to MLIR's C runner utils where
/// they can be found, anything else to `sharedLibs`. The module-load
/// constructors have not run: `initialize()` loads the PTX (it needs a GPU
/// when the module has kernels).
llvm::Expected<std::unique_ptr<ExecutionEngine>>
createHostEngine(ModuleOp module, unsigned optLevel,
                 llvm::ArrayRef<std::string> sharedLibs = {});

/// Where MLIR's C runner utils are: where the build found them, else where
/// the dynamic loader finds them (a GPU machine with the libraries unpacked
/// into a private prefix on LD_LIBRARY_PATH); empty if nowhere.
std::string findCRunnerUtils();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_EXECUTIONENGINE_HOSTENGINE_H
