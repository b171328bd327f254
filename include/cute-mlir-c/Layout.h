//===- Layout.h - C API of the layout algebra and atoms -----------*- C -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The layout algebra and the atom tables through CuTe expressions: a client
// (the Python package, another language's bindings) writes a CuTe function
// call over values in CuTe notation, e.g.
// `logical_divide((8,8):(1,8), (2:1,4:2))`, and gets the result back as a
// value it can print, draw or take apart. This is the expression language of
// `cute-layout`; every answer is computed by the C++ algebra.
//
// Conventions are MLIR's C API ones: opaque handles passed by value, strings
// as MlirStringRef (not null-terminated unless said), an explicit destroy.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_C_LAYOUT_H
#define CUTE_MLIR_C_LAYOUT_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The result of one expression: a value, or the reason it was rejected.
typedef struct MlirCuteValue {
  void *ptr;
} MlirCuteValue;

/// What a value is.
typedef enum MlirCuteValueKind {
  MlirCuteValueKindError = 0,
  MlirCuteValueKindInt,            ///< `4`, `?`, `4*?`
  MlirCuteValueKindTuple,          ///< `(2,(4,8))`
  MlirCuteValueKindLayout,         ///< `(4,8):(8,1)`
  MlirCuteValueKindUnderscore,     ///< `_`
  MlirCuteValueKindSwizzle,        ///< `Sw<3,4,3>`
  MlirCuteValueKindComposedLayout, ///< `Sw<3,4,3> o 0 o (8,64):(64,1)`
  MlirCuteValueKindValues,         ///< `0 8 16 24`, from eval
  MlirCuteValueKindName,           ///< `LayoutRight`
  MlirCuteValueKindText,           ///< traits of an atom, TiledMMA, TiledCopy
} MlirCuteValueKind;

/// Parses and evaluates `expression`. Never null; destroy it when done.
MLIR_CAPI_EXPORTED MlirCuteValue mlirCuteEvaluate(MlirStringRef expression);

MLIR_CAPI_EXPORTED void mlirCuteValueDestroy(MlirCuteValue value);

MLIR_CAPI_EXPORTED MlirCuteValueKind mlirCuteValueGetKind(MlirCuteValue value);

/// The reason an expression was rejected; empty for a value.
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteValueGetError(MlirCuteValue value);

/// The value in CuTe notation (`cute-layout`'s output). With `typeSlots`,
/// dynamic leaves print as the `?` / `?{div=N}` slots of a cute type.
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteValueGetNotation(MlirCuteValue value,
                                                          bool typeSlots);

/// CuTe's print_layout table of a static rank-1/2 layout value. Returns false
/// and sets `*error` (valid while `value` lives) when there is none.
MLIR_CAPI_EXPORTED bool mlirCuteValueGetTable(MlirCuteValue value,
                                              MlirStringRef *table,
                                              MlirStringRef *error);

/// An SVG picture: of a static rank-1/2 layout, or of the threads and values
/// of an atom, TiledMMA or TiledCopy. Returns false and sets `*error` when
/// the value has none.
MLIR_CAPI_EXPORTED bool mlirCuteValueGetSvg(MlirCuteValue value,
                                            MlirStringRef *svg,
                                            MlirStringRef *error);

/// The functions the expression language knows, by index.
MLIR_CAPI_EXPORTED intptr_t mlirCuteGetNumFunctions(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteGetFunctionName(intptr_t index);

/// The MMA and copy atoms of the tables, by CuTe name.
MLIR_CAPI_EXPORTED intptr_t mlirCuteGetNumMmaAtoms(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteGetMmaAtomName(intptr_t index);
MLIR_CAPI_EXPORTED intptr_t mlirCuteGetNumCopyAtoms(void);
MLIR_CAPI_EXPORTED MlirStringRef mlirCuteGetCopyAtomName(intptr_t index);

#ifdef __cplusplus
}
#endif

#endif // CUTE_MLIR_C_LAYOUT_H
