//===- TileCoordLowering.cpp - Grouped tile order to arith ----------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// With W = group * tiles_n work indices per band of `group` tile rows:
//   band = work / W, first = band * group, rows = min(tiles_m - first, group)
//   m = first + (work % W) % rows, n = (work % W) / rows
//
//===----------------------------------------------------------------------===//

#include "TileCoordLowering.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

static void lower(TileCoordOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value group = arith::ConstantIndexOp::create(b, loc, op.getGroup());
  Value perBand = arith::MulIOp::create(b, loc, group, op.getTilesN());
  Value band = arith::DivUIOp::create(b, loc, op.getWork(), perBand);
  Value inBand = arith::RemUIOp::create(b, loc, op.getWork(), perBand);
  Value first = arith::MulIOp::create(b, loc, band, group);
  Value left = arith::SubIOp::create(b, loc, op.getTilesM(), first);
  Value rows = arith::MinUIOp::create(b, loc, left, group);
  Value row = arith::RemUIOp::create(b, loc, inBand, rows);
  Value m = arith::AddIOp::create(b, loc, first, row);
  Value n = arith::DivUIOp::create(b, loc, inBand, rows);
  op.replaceAllUsesWith(ValueRange{m, n});
  op.erase();
}

void cute::lowerTileCoords(Operation *root) {
  SmallVector<TileCoordOp> ops;
  root->walk([&](TileCoordOp op) { ops.push_back(op); });
  for (TileCoordOp op : ops)
    lower(op);
}
