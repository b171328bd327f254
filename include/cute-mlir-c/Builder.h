//===- Builder.h - C API for building cute IR ---------------------*- C -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What a kernel builder needs beside MLIR's own C API (mlir-c/IR.h, which
// libCuteMlirCAPI.so exports too, since Debian's libMLIR does not): a
// context with every dialect a cute kernel uses, its diagnostics captured as
// text, and the cute types' parts (layout notation, element type, memory),
// so that a front end knows each value's layout while it builds.
//
// Ops are created with mlirOperationCreate; ops of the layout algebra infer
// their result types through InferTypeOpInterface
// (mlirOperationStateEnableResultTypeInference), exactly as their verifiers
// compute them.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_C_BUILDER_H
#define CUTE_MLIR_C_BUILDER_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A context with the upstream dialects and cute, cute_nvgpu registered and
/// loaded, whose diagnostics are kept for
/// mlirCuteBuilderContextTakeDiagnostics instead of printed. Destroy it with
/// mlirCuteBuilderContextDestroy.
MLIR_CAPI_EXPORTED MlirContext mlirCuteBuilderContextCreate(void);

MLIR_CAPI_EXPORTED void mlirCuteBuilderContextDestroy(MlirContext context);

/// Calls `callback` once with every diagnostic emitted since the last call,
/// one per line as `file:line:col: error: message` (notes follow their
/// diagnostic), and forgets them.
MLIR_CAPI_EXPORTED void mlirCuteBuilderContextTakeDiagnostics(
    MlirContext context, MlirStringCallback callback, void *userData);

/// The kind of a cute type: "int_tuple", "shape", "stride", "coord", "tile",
/// "layout", "ptr" or "tensor"; empty for any other type.
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteTypeGetKind(MlirType type);

/// The CuTe notation a cute type carries: the tuple of a tuple type, the
/// layout of a layout or tensor type (swizzled: `Sw<B,M,S> o offset o
/// layout`); empty for a pointer or a non-cute type. `?` marks a value known
/// at run time.
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteTypeGetNotation(MlirType type);

/// The element type of a cute tensor or pointer type; null otherwise.
MLIR_CAPI_EXPORTED MlirType mlirCuteTypeGetElementType(MlirType type);

/// The memory of a cute tensor or pointer type: "gmem", "smem", "rmem" or
/// (tensors) "coord"; empty otherwise.
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteTypeGetMemory(MlirType type);

/// `!cute.tensor<element, memory, "layout">`, or null after a diagnostic at
/// `location` when the parts do not make a tensor type.
MLIR_CAPI_EXPORTED MlirType mlirCuteTensorTypeGet(MlirLocation location,
                                                  MlirType element,
                                                  MlirStringRef memory,
                                                  MlirStringRef layout);

/// The register tensor type `cute.make_fragment like` a tensor of type `like`
/// has (CuTe's make_fragment_like, as the op's verifier computes it), or null
/// after a diagnostic at `location`.
MLIR_CAPI_EXPORTED MlirType mlirCuteFragmentTypeLike(MlirLocation location,
                                                     MlirType like);

/// The box of a TMA atom attribute (`#cute_nvgpu.tma_atom<...>`), innermost
/// mode first, in `box` (room for 5), and its swizzle in bytes (0, 32, 64 or
/// 128) in `swizzleBytes`: what cuTensorMapEncodeTiled takes. Returns the
/// box's rank, or 0 when `atom` is not a TMA atom.
MLIR_CAPI_EXPORTED intptr_t mlirCuteTmaAtomGetBox(MlirAttribute atom,
                                                  int64_t *box,
                                                  int64_t *swizzleBytes);

#ifdef __cplusplus
}
#endif

#endif // CUTE_MLIR_C_BUILDER_H
