//===- BoundaryConversion.h - Cute values across boundaries -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The 1:N type conversion of `-cute-decompose-boundaries`: a cute value that
// crosses a function, kernel or loop boundary travels as its parts (see
// BoundaryParts.h), split by `cute.to_parts` and rebuilt by
// `cute.from_parts`.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_BOUNDARYCONVERSION_H
#define CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_BOUNDARYCONVERSION_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace cute {

/// Converts each cute type to its parts. On the device (inside a
/// `gpu.module`) a gmem memref is in address space 1 and an smem memref in
/// `#gpu.address_space<workgroup>`, as kernels take them; on the host every
/// part memref is in the default space.
class BoundaryTypeConverter : public TypeConverter {
public:
  BoundaryTypeConverter(MLIRContext *context, bool device);
};

/// Patterns for `gpu.func` signatures, `gpu.return` and the kernel operands
/// of `gpu.launch_func` (cast to the converted kernel's argument types).
void populateGPUBoundaryConversionPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_BOUNDARYCONVERSION_H
