//===- PTXJoin.h - One PTX module from the PTX of its parts -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PTXJOIN_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PTXJOIN_H

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace cute {

/// Joins the PTX modules that LLVM's NVPTX backend wrote for parts of one
/// module into one PTX module: the first part's header (`.version`,
/// `.target`, `.address_size`, which every part must share), then each
/// part's module-scope statements in order, a statement that an earlier part
/// already has (the same name, the same text) written once. Keeping each
/// part's order keeps every name declared before its use.
///
/// Returns std::nullopt and sets `whyNot` where text alone cannot join them:
/// two different statements of one name, a statement whose name cannot be
/// read, different headers, or debug sections (`.file`, `.section`), whose
/// file numbers and DWARF the parts number on their own.
std::optional<std::string> joinPTXModules(ArrayRef<StringRef> parts,
                                          std::string &whyNot);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PTXJOIN_H
