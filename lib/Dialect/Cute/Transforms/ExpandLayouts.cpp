//===- ExpandLayouts.cpp - Dynamic layout algebra to index arithmetic -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTEEXPANDLAYOUTSPASS
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;
using namespace mlir::cute;

namespace {
struct CuteExpandLayoutsPass
    : public cute::impl::CuteExpandLayoutsPassBase<CuteExpandLayoutsPass> {
  void runOnOperation() override {
    LayoutTracer tracer;
    if (failed(expandQueriesAndEraseCute(getOperation(), tracer)))
      signalPassFailure();
  }
};
} // namespace
