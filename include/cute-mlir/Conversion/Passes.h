//===- Passes.h - Conversions out of the cute dialects ----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_CONVERSION_PASSES_H
#define CUTE_MLIR_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace cute {

#define GEN_PASS_DECL
#include "cute-mlir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute-mlir/Conversion/Passes.h.inc"

/// Register `cute-to-ptx`: cute IR in gpu.modules to a gpu.binary.
void registerCuteToPTXPipeline();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_CONVERSION_PASSES_H
