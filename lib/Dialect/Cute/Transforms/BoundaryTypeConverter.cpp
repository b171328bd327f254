//===- BoundaryTypeConverter.cpp - Cute types to their parts --------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/BoundaryConversion.h"

#include "cute-mlir/Dialect/Cute/IR/BoundaryParts.h"
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::cute;

/// The memory space of a part memref in `memory`.
static Attribute memorySpaceOf(MLIRContext *context, StringRef memory,
                               bool device) {
  if (!device)
    return {};
  if (memory == "gmem")
    return IntegerAttr::get(IntegerType::get(context, 64), 1);
  if (memory == "smem")
    return gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  return {};
}

BoundaryTypeConverter::BoundaryTypeConverter(MLIRContext *context,
                                             bool device) {
  addConversion([](Type type) { return type; });
  addConversion([context, device](Type type, SmallVectorImpl<Type> &parts)
                    -> std::optional<LogicalResult> {
    if (!isCuteValueType(type))
      return std::nullopt;
    Result<BoundaryParts> split = getBoundaryParts(type);
    if (split.failed())
      return failure();
    if (split->storageElement)
      parts.push_back(
          MemRefType::get({ShapedType::kDynamic}, split->storageElement,
                          MemRefLayoutAttrInterface(),
                          memorySpaceOf(context, split->memory, device)));
    parts.append(split->numIndices, IndexType::get(context));
    return success();
  });
  // Where a boundary's value is used, rebuild it from its parts; where a
  // value goes out, split it.
  addSourceMaterialization(
      [](OpBuilder &b, Type type, ValueRange parts, Location loc) -> Value {
        if (!isCuteValueType(type))
          return {};
        return FromPartsOp::create(b, loc, type, parts);
      });
  addTargetMaterialization([](OpBuilder &b, TypeRange types, ValueRange inputs,
                              Location loc) -> SmallVector<Value> {
    if (inputs.size() != 1 || !isCuteValueType(inputs.front().getType()))
      return {};
    return llvm::to_vector_of<Value>(
        ToPartsOp::create(b, loc, types, inputs.front()).getResults());
  });
}
