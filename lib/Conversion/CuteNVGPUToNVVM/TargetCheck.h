//===- TargetCheck.h - cute-to-ptx's target options, checked ----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TARGETCHECK_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TARGETCHECK_H

#include "cute-mlir/Conversion/Passes.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace cute {

/// Why LLVM's NVPTX backend cannot compile for `chip` with `features`, or
/// "" if it can: a chip it does not know, or a `+ptxNN` feature older than
/// the chip or newer than the backend. NVVM's target verifier and the
/// backend crash, exit or ignore the feature instead of reporting these.
std::string nvptxTargetError(llvm::StringRef chip, llvm::StringRef features);

/// Why the options name no target NVVM can compile for, or "" if they do: a
/// chip LLVM's NVPTX backend does not know, a `+ptxNN` feature older than
/// the chip or newer than the backend, or a format gpu-module-to-binary does
/// not make.
std::string targetOptionsError(const CuteToPTXOptions &options);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TARGETCHECK_H
