//===- HostProgram.h - C API: host functions that launch kernels --*- C -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What `cute-run` does, for a client that calls host functions itself:
// compile a module (gpu.modules in the cute dialects, func.func host code
// that launches them) through `cute-to-llvm`, JIT-compile the host code in
// this process, load the kernels through the CUDA driver, and call any host
// function with arguments the client supplies.
//
// Compilation and the JIT are separate steps so that a client can cache the
// lowered module (plain text) and skip the pass pipeline on the next run.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_C_HOSTPROGRAM_H
#define CUTE_MLIR_C_HOSTPROGRAM_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A module lowered by `cute-to-llvm`, with the signatures of its host
/// functions as written before lowering, or the diagnostics that stopped it.
typedef struct MlirCuteHostProgram {
  void *ptr;
} MlirCuteHostProgram;

/// Parses, verifies and lowers `source` for `chip` (e.g. "sm_90a"), with PTX
/// `features` ("" for the chip's minimum) at LLVM `optLevel` 0-3.
/// `sourceName` names the buffer in diagnostics. Never null; destroy it.
MLIR_CAPI_EXPORTED MlirCuteHostProgram mlirCuteCompileHostProgram(
    MlirStringRef source, MlirStringRef sourceName, MlirStringRef chip,
    MlirStringRef features, int optLevel);

MLIR_CAPI_EXPORTED void mlirCuteHostProgramDestroy(MlirCuteHostProgram p);

MLIR_CAPI_EXPORTED bool mlirCuteHostProgramSucceeded(MlirCuteHostProgram p);

/// Every diagnostic, one per line (`name:line:col: error: message`).
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteHostProgramGetDiagnostics(MlirCuteHostProgram p);

/// The lowered module as text: what mlirCuteHostEngineCreate takes.
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteHostProgramGetLowered(MlirCuteHostProgram p);

/// The public func.func definitions of the top module, by index: name,
/// argument and result types in MLIR syntax.
MLIR_CAPI_EXPORTED intptr_t
mlirCuteHostProgramGetNumFunctions(MlirCuteHostProgram p);
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteHostProgramGetFunctionName(MlirCuteHostProgram p, intptr_t function);
MLIR_CAPI_EXPORTED intptr_t mlirCuteHostProgramGetFunctionNumArguments(
    MlirCuteHostProgram p, intptr_t function);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteHostProgramGetFunctionArgumentType(
    MlirCuteHostProgram p, intptr_t function, intptr_t argument);
MLIR_CAPI_EXPORTED intptr_t mlirCuteHostProgramGetFunctionNumResults(
    MlirCuteHostProgram p, intptr_t function);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteHostProgramGetFunctionResultType(
    MlirCuteHostProgram p, intptr_t function, intptr_t result);

/// Host code compiled to machine code in this process, its kernels loaded.
typedef struct MlirCuteHostEngine {
  void *ptr;
} MlirCuteHostEngine;

/// JIT-compiles a lowered module (mlirCuteHostProgramGetLowered's text) at
/// `optLevel` 0-3 and runs its constructors, which load its kernels through
/// the CUDA driver. A module with kernels needs a GPU: without one the
/// engine fails and mlirCuteHostEngineFoundNoGpu says so. Never null.
MLIR_CAPI_EXPORTED MlirCuteHostEngine
mlirCuteHostEngineCreate(MlirStringRef lowered, int optLevel);

MLIR_CAPI_EXPORTED void mlirCuteHostEngineDestroy(MlirCuteHostEngine e);

/// False when the engine could not be made, or its last call failed.
MLIR_CAPI_EXPORTED bool mlirCuteHostEngineSucceeded(MlirCuteHostEngine e);

/// Why the engine or its last call failed; empty otherwise.
MLIR_CAPI_EXPORTED MlirStringRef
mlirCuteHostEngineGetError(MlirCuteHostEngine e);

/// True when the engine failed because no GPU can be used.
MLIR_CAPI_EXPORTED bool mlirCuteHostEngineFoundNoGpu(MlirCuteHostEngine e);

/// True when the last call failed because the host code called abort(): a
/// failed cf.assert, whose message it printed to stdout (flushed).
MLIR_CAPI_EXPORTED bool mlirCuteHostEngineAborted(MlirCuteHostEngine e);

/// Calls host function `name`. `args` holds one pointer per argument of the
/// lowered function (a memref is its allocated and aligned pointers, its
/// offset, then its sizes and strides, each an argument), then, if it
/// returns anything, one pointer to where the result is written (a struct of
/// the results in order, when there are several). With a `stream` (a
/// CUstream), the host code's GPU work goes to that stream, after what the
/// caller queued there; with null, to streams of its own. Returns false,
/// with the reason in mlirCuteHostEngineGetError, when there is no such
/// function, the runtime reported a CUDA error during the call, or the host
/// code aborted (mlirCuteHostEngineAborted; the process goes on, and what
/// the call had allocated stays allocated).
MLIR_CAPI_EXPORTED bool mlirCuteHostEngineInvoke(MlirCuteHostEngine e,
                                                 MlirStringRef name,
                                                 void **args, void *stream);

#ifdef __cplusplus
}
#endif

#endif // CUTE_MLIR_C_HOSTPROGRAM_H
