//===- SchedulingLowering.cpp - Tile order and SM count -------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// tile_coord: with W = group * tiles_n work indices per band of `group` tile
// rows:
//   band = work / W, first = band * group, rows = min(tiles_m - first, group)
//   m = first + (work % W) % rows, n = (work % W) / rows
// over the tiles, or with a cluster over its blocks of tiles.
// multiprocessor_count: a call to the runtime's cuteMultiprocessorCount.
//
//===----------------------------------------------------------------------===//

#include "SchedulingLowering.h"

#include "RuntimeCalls.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

/// `i64 cuteMultiprocessorCount()`, in lib/Runtime.
static constexpr StringLiteral kMultiprocessorCount = "cuteMultiprocessorCount";

static void lower(TileCoordOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // With a cluster, the grouped order walks blocks of X x Y tiles.
  int64_t x = 1, y = 1;
  if (std::optional<ArrayRef<int64_t>> cluster = op.getCluster()) {
    x = (*cluster)[0];
    y = (*cluster)[1];
  }
  Value tilesM = op.getTilesM(), tilesN = op.getTilesN();
  if (x > 1)
    tilesM = arith::CeilDivUIOp::create(b, loc, tilesM, constant(x));
  if (y > 1)
    tilesN = arith::CeilDivUIOp::create(b, loc, tilesN, constant(y));
  Value group = constant(op.getGroup());
  Value perBand = arith::MulIOp::create(b, loc, group, tilesN);
  Value band = arith::DivUIOp::create(b, loc, op.getWork(), perBand);
  Value inBand = arith::RemUIOp::create(b, loc, op.getWork(), perBand);
  Value first = arith::MulIOp::create(b, loc, band, group);
  Value left = arith::SubIOp::create(b, loc, tilesM, first);
  Value rows = arith::MinUIOp::create(b, loc, left, group);
  Value row = arith::RemUIOp::create(b, loc, inBand, rows);
  Value m = arith::AddIOp::create(b, loc, first, row);
  Value n = arith::DivUIOp::create(b, loc, inBand, rows);
  // The CTA's own tile of its cluster's block.
  auto spread = [&](Value v, int64_t extent, gpu::Dimension dim) -> Value {
    if (extent == 1)
      return v;
    Value scaled = arith::MulIOp::create(b, loc, v, constant(extent));
    return arith::AddIOp::create(b, loc, scaled,
                                 gpu::ClusterBlockIdOp::create(b, loc, dim));
  };
  op.replaceAllUsesWith(ValueRange{spread(m, x, gpu::Dimension::x),
                                   spread(n, y, gpu::Dimension::y)});
  op.erase();
}

void cute::lowerTileCoords(Operation *root) {
  SmallVector<TileCoordOp> ops;
  root->walk([&](TileCoordOp op) { ops.push_back(op); });
  for (TileCoordOp op : ops)
    lower(op);
}

static LogicalResult lower(MultiprocessorCountOp op) {
  MLIRContext *ctx = op->getContext();
  FailureOr<func::FuncOp> callee = cute::declareRuntimeFunction(
      op, kMultiprocessorCount,
      FunctionType::get(ctx, {}, {IntegerType::get(ctx, 64)}));
  if (failed(callee))
    return failure();
  OpBuilder b(op);
  auto call = func::CallOp::create(b, op.getLoc(), *callee, ValueRange{});
  Value count = arith::IndexCastOp::create(b, op.getLoc(), b.getIndexType(),
                                           call.getResult(0));
  op.replaceAllUsesWith(count);
  op.erase();
  return success();
}

LogicalResult cute::lowerMultiprocessorCounts(Operation *root) {
  SmallVector<MultiprocessorCountOp> ops;
  root->walk([&](MultiprocessorCountOp op) { ops.push_back(op); });
  bool failed = false;
  for (MultiprocessorCountOp op : ops)
    failed |= ::mlir::failed(lower(op));
  return failure(failed);
}
