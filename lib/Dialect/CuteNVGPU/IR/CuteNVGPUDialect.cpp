//===- CuteNVGPUDialect.cpp - The cute_nvgpu dialect ----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.cpp.inc"

namespace {
/// Short aliases for the attributes a module repeats: `#tiled_mma`, ...
struct CuteNVGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TiledMmaAttr>(attr))
      os << "tiled_mma";
    else if (isa<TiledCopyAttr>(attr))
      os << "tiled_copy";
    else if (isa<MmaAtomAttr>(attr))
      os << "mma_atom";
    else if (isa<CopyAtomAttr, TmaAtomAttr, BulkCopyAttr>(attr))
      os << "copy_atom";
    else
      return AliasResult::NoAlias;
    return AliasResult::OverridableAlias;
  }
};
} // namespace

void CuteNVGPUDialect::initialize() {
  registerAttributes();
  registerTypes();
  addInterfaces<CuteNVGPUOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.cpp.inc"
      >();
}
