//===- Compile.h - C API of the cute-to-PTX compiler --------------*- C -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Compile a module in text (gpu.modules written in the cute dialects, host
// functions alongside) to PTX in-process, through the pipeline of
// `cute-opt --cute-to-ptx`, and describe its kernels so that a client can
// launch them through the CUDA driver.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_C_COMPILE_H
#define CUTE_MLIR_C_COMPILE_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of one compilation: PTX per gpu.module and the kernels' entry
/// points, or the diagnostics that stopped it.
typedef struct MlirCuteCompilation {
  void *ptr;
} MlirCuteCompilation;

/// Parses, verifies and lowers `source` for `chip` (e.g. "sm_90a"), with PTX
/// `features` ("" for the chip's minimum PTX version, or e.g. "+ptx80") at
/// LLVM `optLevel` 0-3. `sourceName` names the buffer in diagnostics. Never
/// null; destroy it when done.
MLIR_CAPI_EXPORTED MlirCuteCompilation
mlirCuteCompileToPtx(MlirStringRef source, MlirStringRef sourceName,
                     MlirStringRef chip, MlirStringRef features, int optLevel);

/// As mlirCuteCompileToPtx, to the object `format` of `cute-to-ptx`: "isa"
/// (PTX), "bin" (a cubin, through ptxas) or "fatbin".
MLIR_CAPI_EXPORTED MlirCuteCompilation mlirCuteCompile(
    MlirStringRef source, MlirStringRef sourceName, MlirStringRef chip,
    MlirStringRef features, int optLevel, MlirStringRef format);

MLIR_CAPI_EXPORTED void mlirCuteCompilationDestroy(MlirCuteCompilation c);

MLIR_CAPI_EXPORTED bool mlirCuteCompilationSucceeded(MlirCuteCompilation c);

/// Every diagnostic, one per line, as `name:line:col: error: message`
/// (warnings and remarks too); empty when there were none.
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteCompilationGetDiagnostics(MlirCuteCompilation c);

/// The gpu.modules, now PTX, by index.
MLIR_CAPI_EXPORTED intptr_t
mlirCuteCompilationGetNumModules(MlirCuteCompilation c);
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteCompilationGetModuleName(MlirCuteCompilation c, intptr_t module);
/// The module's object: PTX text, or the cubin / fatbin bytes.
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteCompilationGetModulePtx(MlirCuteCompilation c, intptr_t module);

/// The kernels (gpu.func with `kernel`) of a module, as written before
/// lowering: name and argument types in MLIR syntax. The PTX entry of
/// kernel `name` is `name`.
MLIR_CAPI_EXPORTED intptr_t
mlirCuteCompilationGetNumKernels(MlirCuteCompilation c, intptr_t module);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteCompilationGetKernelName(
    MlirCuteCompilation c, intptr_t module, intptr_t kernel);
MLIR_CAPI_EXPORTED intptr_t mlirCuteCompilationGetKernelNumArguments(
    MlirCuteCompilation c, intptr_t module, intptr_t kernel);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteCompilationGetKernelArgumentType(
    MlirCuteCompilation c, intptr_t module, intptr_t kernel, intptr_t arg);
/// Writes three numbers to `dims` and returns true when the kernel has the
/// three-number attribute `which` (e.g. "known_block_size").
MLIR_CAPI_EXPORTED bool mlirCuteCompilationGetKernelDims(MlirCuteCompilation c,
                                                         intptr_t module,
                                                         intptr_t kernel,
                                                         MlirStringRef which,
                                                         int32_t *dims);

/// Writes the argument's `cute.known_value` (the value the kernel was
/// compiled for, which every launch must pass) to `value` and returns true
/// when it has one.
MLIR_CAPI_EXPORTED bool
mlirCuteCompilationGetKernelArgumentKnownValue(MlirCuteCompilation c,
                                               intptr_t module, intptr_t kernel,
                                               intptr_t arg, int64_t *value);

/// The dynamic shared memory the kernel's views of gpu.dynamic_shared_memory
/// reach, in bytes (0 when it uses none): the least a launch must give it.
/// -1 when a view's extent is known only at run time.
MLIR_CAPI_EXPORTED int64_t mlirCuteCompilationGetKernelDynamicSharedBytes(
    MlirCuteCompilation c, intptr_t module, intptr_t kernel);

#ifdef __cplusplus
}
#endif

#endif // CUTE_MLIR_C_COMPILE_H
