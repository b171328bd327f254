//===- StreamKLowering.cpp - Stream-K tile scheduling ---------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The schedule, for U units of K k-tiles among W workers (F = U / W,
// r = U mod W), expanded once after its op (a worker's share once where it
// and the worker are both defined):
//   stream-K candidates S = 0 if r = 0, U if F = 0, else W + r;
//   workers sharing them P = min(W, max(1, S * K / min_k_tiles));
//   S * K = q * P + r', a worker's share of them q or q + 1 k-tiles instead
//   of the (F = 0 ? 1 : 2) * K of whole units: stream-K is used when that
//   saves at least min_k_tiles and an eighth of the (F + 1) * K k-tiles a
//   worker runs with whole units (tested as a product, S * K <= (whole -
//   saving) * P, so that q and r' are divided out only where it is used),
//   else S = 0.
// Data-parallel units [0, U - S): worker w runs w, w + W, ... Stream-K
// k-tiles [0, S * K) (unit U - S + t / K, k-tile t mod K): worker w < P
// runs [w * q + min(w, r'), (w + 1) * q + min(w + 1, r')), the first r'
// one k-tile more, unit piece by unit piece.
// Split-K instead where, with no full wave, s = min(W / U, K / min_k_tiles)
// splits of every unit leave at most an eighth of the workers idle: P =
// s * U, K = q * s + r', worker w < P runs split j = w / U of unit w mod U,
// k-tiles [j * q + min(j, r'), (j + 1) * q + min(j + 1, r')). The workers
// on one split read the same k-tiles of A and B at about the same time,
// where stream-K's ranges start anywhere in their units: with deep K, A and
// B outgrow L2 and are read from memory once for every unit (on an H100,
// 1024x1024x16384 in bf16 ran 41% faster on split-aligned ranges).
// Otherwise, with no full wave and A and B larger than L2 (operand_bytes
// over l2Bytes): ranges of q = ceil(a K / d) k-tiles (r' = 0, the last one
// cut at U K) for the smallest a/d, d <= 4, at least U / W, on P =
// ceil(d U / a) workers; where no fraction below 1 fits, whole units.
// All are ranges [p * q + min(p, r'), ...) of piece p = w / D, offset by
// unit (w mod D) * K, with D = U for split-K and 1 otherwise; a unit's
// later pieces are workers w + D, w + 2D, ....
// Divisions: one by W wherever units run whole; where stream-K runs, a
// chain of three (by W, then P, then a worker's begin by K), in branches
// taken only then; none per work item: the expansion is short, and a
// producer starts loading soon (on an H200, 2048^3 in bf16, whose units
// run whole, the producer's first TMA load left 310 cycles sooner, 1920
// after the CTA started, than with the three divisions inline).
// Split-K's (W / U, K / s, a worker's w / U) and the fractions' (constant
// divisors) run in branches taken only with no full wave and at most 7/8 W
// units: every warp expands the schedule.
//
// A fixup adds up a unit's pieces in the piece that starts it: every
// other piece writes its own sum to its worker's slot and sets the slot's
// flag (release, GPU scope), and the first piece, when it does not finish
// the unit, waits for each later piece's flag in turn (acquire), clears it
// and adds the slot, in the order of the pieces: the order of the
// additions is fixed. The later pieces are the next workers' (w + 1,
// w + 2, ...; w + U, w + 2U, ... with split-K), which no one waits for
// before they publish: every piece but the first publishes at once, and a
// unit of s pieces costs one round of writes and s - 1 reads where a chain
// from its last piece to its first cost s - 1 rounds of both (on an H100,
// 1024x1024x16384 in bf16, split 4 ways, ran 7% faster). With `ready`,
// the waits and the clears move to a warp outside the TiledMMA
// (stream_k_fixup_wait), which arrives once on a named barrier that the
// fixup's threads wait on.
//
//===----------------------------------------------------------------------===//

#include "StreamKLowering.h"

#include "CompileTimeValues.h"
#include "Pointers.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute_nvgpu;

namespace {

/// 32-bit unsigned arithmetic at one place in the IR: the schedule's
/// divisions stay inline (a 64-bit one is a call that spills around it) and
/// its values take one register each, in a producer of few registers.
struct IndexMath {
  OpBuilder &b;
  Location loc;

  Value c(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }
  Value narrow(Value index) {
    return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), index);
  }
  Value widen(Value v) {
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value max(Value x, Value y) { return arith::MaxUIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value eq(Value x, Value y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value ult(Value x, Value y) { return cmp(arith::CmpIPredicate::ult, x, y); }
  Value uge(Value x, Value y) { return cmp(arith::CmpIPredicate::uge, x, y); }
  Value select(Value p, Value x, Value y) {
    return arith::SelectOp::create(b, loc, p, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value lor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value c1(bool v) {
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), v);
  }
  /// The negation of an i1.
  Value xor1(Value x) {
    return arith::XOrIOp::create(
        b, loc, x, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  }
};

/// A schedule's division of the work, expanded at a use, in i32 (units,
/// k-tiles and the stream-K k-tiles S * K below 2^31).
struct Schedule {
  Value ktiles, workers;
  /// k-tiles as a divisor: at least 1 (K = 0 leaves every unit whole).
  Value ktilesDivisor;
  Value dataParallelUnits, streamKWorkers, quotient, remainder;
  /// The stream-K k-tiles S * K, where the last range ends.
  Value streamKTiles;
  /// Whether the schedule is split-K.
  Value splitK;
  /// The workers between a unit's consecutive pieces: 1 for stream-K, U
  /// for split-K; and with split-K the pieces after a unit's first, s - 1.
  Value pieceStride, laterSplits;
  /// Each worker's data-parallel units: the waves, one more for workers
  /// below the rest.
  Value dataParallelWaves, dataParallelRest;

  static Schedule expand(IndexMath &m, StreamKScheduleOp op) {
    Schedule s;
    Value units = m.narrow(op.getUnits());
    s.ktiles = m.narrow(op.getKtiles());
    s.workers = m.narrow(op.getWorkers());
    Value zero = m.c(0), one = m.c(1), minK = m.c(op.getMinKTiles());
    s.ktilesDivisor = m.max(s.ktiles, one);
    Value waves = m.div(units, s.workers);
    Value rest = m.rem(units, s.workers);
    Value noFullWave = m.eq(waves, zero);
    Value candidates =
        m.select(m.eq(rest, zero), zero,
                 m.select(noFullWave, units, m.add(s.workers, rest)));
    Value tiles = m.mul(candidates, s.ktiles);
    Value sharing = m.min(s.workers, m.max(one, m.div(tiles, minK)));
    // Whole units keep a worker for 1 (no full wave) or 2 more units. Split
    // where a worker's share, ceil(S K / P), saves min_k_tiles and an eighth
    // of its k-tiles: share <= whole - need, i.e. S K <= (whole - need) P,
    // a product in 64 bits rather than a division, which every warp would
    // wait for before its first load.
    Value whole = m.mul(m.select(noFullWave, one, m.c(2)), s.ktiles);
    Value wholeUnits = m.mul(m.add(waves, one), s.ktiles);
    Value need = m.max(minK, m.div(m.add(wholeUnits, m.c(7)), m.c(8)));
    Type i64 = m.b.getI64Type();
    auto wide = [&](Value v) {
      return arith::ExtUIOp::create(m.b, m.loc, i64, v).getResult();
    };
    Value fits = arith::CmpIOp::create(
        m.b, m.loc, arith::CmpIPredicate::ule, wide(tiles),
        arith::MulIOp::create(m.b, m.loc, wide(m.sub(whole, need)),
                              wide(sharing)));
    Value useStreamK =
        m.land(m.ult(zero, tiles), m.land(m.uge(whole, need), fits));
    // A worker's share, S K = q P + r', only where stream-K runs.
    Type i32 = m.b.getI32Type();
    auto divided = scf::IfOp::create(m.b, m.loc, TypeRange{i32, i32},
                                     useStreamK, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(m.b);
      m.b.setInsertionPointToEnd(divided.thenBlock());
      scf::YieldOp::create(
          m.b, m.loc, ValueRange{m.div(tiles, sharing), m.rem(tiles, sharing)});
      m.b.setInsertionPointToEnd(divided.elseBlock());
      scf::YieldOp::create(m.b, m.loc, ValueRange{zero, zero});
    }
    Value quotient = divided.getResult(0), remainder = divided.getResult(1);
    s.streamKTiles = tiles;
    // Split-K and the schedules for A and B beyond L2 take no full wave and
    // at most 7/8 W units (with more, splitting saves less than an eighth
    // and units run whole): a branch keeps their arithmetic, which every
    // warp would run, out of the other schedules (with it inline, 2048^3 in
    // bf16, where no case applies, ran 0.4-0.8% slower on an H100).
    Value rare = m.land(noFullWave,
                        m.cmp(arith::CmpIPredicate::ule, m.mul(units, m.c(8)),
                              m.mul(s.workers, m.c(7))));
    SmallVector<Type> types(8, m.b.getI32Type());
    types.push_back(m.b.getI1Type());
    auto branch = scf::IfOp::create(m.b, m.loc, types, rare, /*withElse=*/true);
    auto fields = [&](bool splitOrAligned) -> SmallVector<Value> {
      Value split = m.c1(false), aligned = m.c1(false), streamK = useStreamK;
      Value splitWorkers = one, splitDivisor = one, range = one,
            alignedWorkers = one;
      if (splitOrAligned) {
        // Split-K: s splits of every unit, each at least min_k_tiles long,
        // where that leaves at most an eighth of the workers idle.
        Value splits =
            m.min(m.div(s.workers, m.max(units, one)), m.div(s.ktiles, minK));
        splitWorkers = m.mul(splits, units);
        split = m.land(m.uge(splits, m.c(2)), m.uge(m.mul(splitWorkers, m.c(8)),
                                                    m.mul(s.workers, m.c(7))));
        splitDivisor = m.max(splits, one);
        // Otherwise, with A and B larger than L2: ranges of a/d of a unit
        // for the smallest such fraction (d <= 4) at least U / W, or whole
        // units where no fraction below 1 fits. The fractions, largest
        // first: the last one with a W >= d U wins (constant divisors).
        Value exceedsL2 = m.c1(false);
        if (Value bytes = op.getOperandBytes())
          exceedsL2 = arith::CmpIOp::create(
              m.b, m.loc, arith::CmpIPredicate::ugt, bytes,
              arith::ConstantIndexOp::create(m.b, m.loc, op.getL2Bytes()));
        Value fits = m.c1(false);
        range = s.ktiles;
        for (auto [a, d] : {std::pair<int64_t, int64_t>{3, 4},
                            {2, 3},
                            {1, 2},
                            {1, 3},
                            {1, 4}}) {
          Value enough = m.uge(m.mul(s.workers, m.c(a)), m.mul(units, m.c(d)));
          fits = m.lor(fits, enough);
          range = m.select(
              enough, m.div(m.add(m.mul(s.ktiles, m.c(a)), m.c(d - 1)), m.c(d)),
              range);
          alignedWorkers = m.select(
              enough, m.div(m.add(m.mul(units, m.c(d)), m.c(a - 1)), m.c(a)),
              alignedWorkers);
        }
        Value outgrowsL2 = m.land(m.xor1(split), exceedsL2);
        aligned = m.land(m.land(outgrowsL2, fits),
                         m.land(m.uge(range, minK), m.ult(zero, tiles)));
        streamK = m.land(useStreamK, m.xor1(outgrowsL2));
      }
      Value allSplit = m.lor(split, aligned);
      // With stream-K the data-parallel units are F - 1 full waves (none
      // without a full wave); without it, all U = F * W + r.
      Value dataParallel = m.land(m.xor1(allSplit), m.xor1(streamK));
      return {
          m.sub(units,
                m.select(allSplit, units, m.select(streamK, candidates, zero))),
          m.select(split, splitWorkers,
                   m.select(aligned, alignedWorkers,
                            m.select(streamK, sharing, one))),
          m.select(split, m.div(s.ktiles, splitDivisor),
                   m.select(aligned, range, m.select(streamK, quotient, zero))),
          m.select(split, m.rem(s.ktiles, splitDivisor),
                   m.select(m.lor(aligned, m.xor1(streamK)), zero, remainder)),
          m.select(split, units, one),
          m.select(split, m.sub(splitDivisor, one), zero),
          m.select(streamK, m.sub(m.max(waves, one), one), waves),
          m.select(dataParallel, rest, zero),
          split};
    };
    for (auto [block, rareCase] :
         {std::pair<Block *, bool>{branch.thenBlock(), true},
          {branch.elseBlock(), false}}) {
      m.b.setInsertionPointToEnd(block);
      scf::YieldOp::create(m.b, m.loc, fields(rareCase));
    }
    m.b.setInsertionPointAfter(branch);
    s.dataParallelUnits = branch.getResult(0);
    s.streamKWorkers = branch.getResult(1);
    s.quotient = branch.getResult(2);
    s.remainder = branch.getResult(3);
    s.pieceStride = branch.getResult(4);
    s.laterSplits = branch.getResult(5);
    s.dataParallelWaves = branch.getResult(6);
    s.dataParallelRest = branch.getResult(7);
    s.splitK = branch.getResult(8);
    return s;
  }

  /// Worker w's data-parallel units: w, w + W, ... below the first
  /// stream-K unit.
  Value dataParallelCount(IndexMath &m, Value worker) {
    return m.add(dataParallelWaves,
                 m.select(m.ult(worker, dataParallelRest), m.c(1), m.c(0)));
  }

  /// Worker w's range of stream-K k-tiles [begin, end); empty for w >= P.
  std::pair<Value, Value> range(IndexMath &m, Value worker) {
    auto start = [&](Value p) {
      return m.add(m.mul(p, quotient), m.min(p, remainder));
    };
    // Split j = w / U of unit w mod U (with split-K the piece stride is U,
    // at least 1), or piece w of the stream-K k-tiles (a branch: only
    // split-K divides).
    Type i32 = m.b.getI32Type();
    auto split = scf::IfOp::create(m.b, m.loc, TypeRange{i32, i32}, splitK,
                                   /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(m.b);
      m.b.setInsertionPointToEnd(split.thenBlock());
      Value j = m.div(worker, pieceStride);
      Value unit = m.sub(worker, m.mul(j, pieceStride));
      scf::YieldOp::create(m.b, m.loc, ValueRange{j, m.mul(unit, ktiles)});
      m.b.setInsertionPointToEnd(split.elseBlock());
      scf::YieldOp::create(m.b, m.loc, ValueRange{worker, m.c(0)});
    }
    Value piece = split.getResult(0), unitStart = split.getResult(1);
    // Ranges of a/d of a unit: the last one ends with the k-tiles.
    Value begin = m.min(m.add(unitStart, start(piece)), streamKTiles);
    Value end =
        m.min(m.add(unitStart, start(m.add(piece, m.c(1)))), streamKTiles);
    Value active = m.ult(worker, streamKWorkers);
    return {m.select(active, begin, m.c(0)), m.select(active, end, m.c(0))};
  }

  /// The stream-K worker whose range holds stream-K k-tile t: the inverse
  /// of a range's start p * q + min(p, r').
  Value streamKWorkerOf(IndexMath &m, Value t) {
    Value longer = m.add(quotient, m.c(1));
    Value longRanges = m.mul(remainder, longer);
    Value inLong = m.div(t, longer);
    Value inShort =
        m.add(remainder, m.div(m.sub(t, longRanges), m.max(quotient, m.c(1))));
    return m.select(m.ult(t, longRanges), inLong, inShort);
  }

  /// The unit of a nonempty range's last k-tile, end - 1.
  Value lastUnitOf(IndexMath &m, Value end) {
    return m.div(m.sub(end, m.c(1)), ktilesDivisor);
  }

  /// The number of units a nonempty range ending at `end` touches, from its
  /// first.
  Value piecesOf(IndexMath &m, Value end, Value firstUnit) {
    return m.add(m.sub(lastUnitOf(m, end), firstUnit), m.c(1));
  }

  /// A worker's part of the schedule, with every division it needs, so
  /// that its work items need none.
  struct Share {
    Value worker, dataParallelCount, begin, end, firstUnit, count;
  };
  Share share(IndexMath &m, Value worker) {
    Share result;
    result.worker = worker;
    result.dataParallelCount = dataParallelCount(m, worker);
    std::tie(result.begin, result.end) = range(m, worker);
    // Only a worker with stream-K k-tiles divides by K (a branch: with
    // whole units, no worker waits for it before its first load).
    Type i32 = m.b.getI32Type();
    auto pieces = scf::IfOp::create(m.b, m.loc, TypeRange{i32, i32},
                                    m.ult(result.begin, result.end),
                                    /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(m.b);
      m.b.setInsertionPointToEnd(pieces.thenBlock());
      Value first = m.div(result.begin, ktilesDivisor);
      scf::YieldOp::create(m.b, m.loc,
                           ValueRange{first, piecesOf(m, result.end, first)});
      m.b.setInsertionPointToEnd(pieces.elseBlock());
      scf::YieldOp::create(m.b, m.loc, ValueRange{m.c(0), m.c(0)});
    }
    result.firstUnit = pieces.getResult(0);
    result.count = m.add(result.dataParallelCount, pieces.getResult(1));
    return result;
  }

  /// Whether a worker's last piece starts a unit that it does not finish
  /// (only its last piece can), and the workers of the unit's later
  /// pieces: the next `peers`, `pieceStride` apart. Worked out where they
  /// are used, from the range: few values live through a producer's loop.
  std::pair<Value, Value> gatherPeers(IndexMath &m, const Share &share) {
    Value lastUnit = lastUnitOf(m, share.end);
    Value lastStart = m.mul(lastUnit, ktiles);
    Value lastEnd = m.add(lastStart, ktiles);
    Value gathers =
        m.land(m.land(m.ult(share.begin, share.end), m.ult(share.end, lastEnd)),
               m.cmp(arith::CmpIPredicate::ule, share.begin, lastStart));
    Value lastWorker = streamKWorkerOf(m, m.sub(lastEnd, m.c(1)));
    Value peers =
        m.select(splitK, laterSplits, m.sub(lastWorker, share.worker));
    return {gathers, peers};
  }

  /// Work item `item` of a worker: (unit, first k-tile, end k-tile).
  struct Item {
    Value unit, kBegin, kEnd;
  };
  Item item(IndexMath &m, const Share &share, Value item) {
    Value isDataParallel = m.ult(item, share.dataParallelCount);
    Value piece = m.sub(item, share.dataParallelCount);
    Value skUnit = m.add(share.firstUnit, piece);
    Value unitStart = m.mul(skUnit, ktiles);
    Value kBegin = m.sub(m.max(share.begin, unitStart), unitStart);
    Value kEnd = m.sub(m.min(share.end, m.add(unitStart, ktiles)), unitStart);
    Item result;
    result.unit =
        m.select(isDataParallel, m.add(share.worker, m.mul(item, workers)),
                 m.add(dataParallelUnits, skUnit));
    result.kBegin = m.select(isDataParallel, m.c(0), kBegin);
    result.kEnd = m.select(isDataParallel, ktiles, kEnd);
    return result;
  }
};

StreamKScheduleOp creatorOf(Value schedule) {
  return schedule.getDefiningOp<StreamKScheduleOp>();
}

/// Expands each schedule once, after the op that makes it, and each
/// worker's share of it once, where both are defined (before a kernel's
/// warp roles split, in the examples), so that the loops over work items
/// do no division: a producer starts its first loads sooner.
class Planner {
public:
  explicit Planner(Operation *root) : dominance(root) {}

  Schedule &schedule(StreamKScheduleOp op) {
    auto found = schedules.find(op);
    if (found != schedules.end())
      return found->second;
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    IndexMath m{b, op.getLoc()};
    return schedules[op] = Schedule::expand(m, op);
  }

  /// `worker`'s share, computed before `user`.
  Schedule::Share share(StreamKScheduleOp op, Value worker, Operation *user) {
    std::pair<Operation *, Value> key{op, worker};
    auto found = shares.find(key);
    if (found != shares.end() &&
        dominance.properlyDominates(found->second.count, user))
      return found->second;
    Schedule &s = schedule(op);
    OpBuilder b(op->getContext());
    // After the later of the schedule and the worker, where that dominates
    // the user; else at the user.
    Operation *defining = worker.getDefiningOp();
    if (dominance.properlyDominates(worker, op->getNextNode()))
      b.setInsertionPointAfterValue(s.dataParallelRest);
    else if (defining &&
             dominance.properlyDominates(op.getOperation(), defining))
      b.setInsertionPointAfter(defining);
    else
      b.setInsertionPoint(user);
    IndexMath m{b, user->getLoc()};
    Schedule::Share result = s.share(m, m.narrow(worker));
    if (!dominance.properlyDominates(result.count, user))
      return result;
    return shares[key] = result;
  }

private:
  DominanceInfo dominance;
  DenseMap<Operation *, Schedule> schedules;
  DenseMap<std::pair<Operation *, Value>, Schedule::Share> shares;
};

void lower(StreamKWorkCountOp op, Planner &planner) {
  Schedule::Share share =
      planner.share(creatorOf(op.getSchedule()), op.getWorker(), op);
  OpBuilder b(op);
  IndexMath m{b, op.getLoc()};
  op.replaceAllUsesWith(m.widen(share.count));
  op.erase();
}

void lower(StreamKWorkOp op, Planner &planner) {
  StreamKScheduleOp creator = creatorOf(op.getSchedule());
  Schedule::Share share = planner.share(creator, op.getWorker(), op);
  OpBuilder b(op);
  IndexMath m{b, op.getLoc()};
  Schedule::Item item =
      planner.schedule(creator).item(m, share, m.narrow(op.getItem()));
  op.replaceAllUsesWith(
      ValueRange{m.widen(item.unit), m.widen(item.kBegin), m.widen(item.kEnd)});
  op.erase();
}

/// This CTA's rank in a cluster of x * y CTAs (x + X * y), as i32.
Value clusterRank(OpBuilder &b, Location loc, IndexMath &m, int64_t x,
                  int64_t y) {
  if (x * y == 1)
    return m.c(0);
  return m.narrow(arith::AddIOp::create(
      b, loc, gpu::ClusterBlockIdOp::create(b, loc, gpu::Dimension::x),
      arith::MulIOp::create(
          b, loc, gpu::ClusterBlockIdOp::create(b, loc, gpu::Dimension::y),
          arith::ConstantIndexOp::create(b, loc, x))));
}

/// The slot (of `partials` and `flags`) of a worker's CTA of rank `rank`,
/// in clusters of `ctas` CTAs.
Value slotOf(IndexMath &m, Value worker, int64_t ctas, Value rank) {
  return m.widen(m.add(m.mul(worker, m.c(ctas)), rank));
}

/// Spins until the flag at `flag` is set (an acquire at GPU scope, pairing
/// with the publishing thread's release), then clears it for the next
/// launch.
void waitAndClearFlag(OpBuilder &b, Location loc, Value flag) {
  auto i32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  auto spin = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  {
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&spin.getBefore());
    Value seen = LLVM::LoadOp::create(b, loc, b.getI32Type(), flag, 4, false,
                                      false, false, false,
                                      LLVM::AtomicOrdering::acquire, "device");
    Value waiting =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, seen, i32(0));
    scf::ConditionOp::create(b, loc, waiting, ValueRange{});
    b.createBlock(&spin.getAfter());
    scf::YieldOp::create(b, loc);
  }
  LLVM::StoreOp::create(b, loc, i32(0), flag, 4);
}

unsigned globalSpace() { return unsigned(NVVM::NVVMMemorySpace::Global); }

/// The threads that meet on a fixup's ready barrier: the TiledMMA's and
/// the warp that waits for the later pieces' sums.
Value readyBarrierThreads(OpBuilder &b, Location loc, TiledMmaAttr tiledMma) {
  return arith::ConstantIntOp::create(
      b, loc, b.getI32Type(), (*tiledMma.getTiledMma()).numThreads() + 32);
}

/// The warp's half of a fixup with `ready`: after the worker's last item,
/// if that piece starts its unit and ends inside it, lane 0 waits for the
/// slots of the unit's later pieces in turn, and the warp arrives on the
/// barrier the fixup's threads wait on.
LogicalResult lower(StreamKFixupWaitOp op, Planner &planner) {
  StreamKScheduleOp creator = creatorOf(op.getSchedule());
  Schedule::Share share = planner.share(creator, op.getWorker(), op);
  Schedule &s = planner.schedule(creator);
  OpBuilder b(op);
  Location loc = op.getLoc();
  IndexMath m{b, loc};
  // Only the worker's last piece can start a unit that it does not finish.
  auto [gathers, peers] = s.gatherPeers(m, share);
  auto wait = scf::IfOp::create(b, loc, gathers, /*withElse=*/false);
  b.setInsertionPoint(wait.thenBlock()->getTerminator());
  auto [x, y] = op.getClusterShape();
  Value rank = clusterRank(b, loc, m, x, y);
  Value lane = NVVM::LaneIdOp::create(b, loc, b.getI32Type());
  auto laneZero = scf::IfOp::create(b, loc, m.eq(lane, m.c(0)),
                                    /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(laneZero.thenBlock()->getTerminator());
    // Each later piece's flag, in order.
    auto loop =
        scf::ForOp::create(b, loc, m.c(1), m.add(peers, m.c(1)), m.c(1));
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Value peer =
        m.add(share.worker, m.mul(loop.getInductionVar(), s.pieceStride));
    FailureOr<Value> flag = pointerIntoMemref(
        b, op, op.getFlags(), slotOf(m, peer, x * y, rank), globalSpace());
    if (failed(flag))
      return failure();
    waitAndClearFlag(b, loc, *flag);
  }
  // The whole warp arrives (bar.arrive is per warp and aligned); the
  // barrier orders lane 0's acquire before the fixup's loads.
  NVVM::SyncWarpOp::create(b, loc, m.c(-1));
  NVVM::BarrierArriveOp::create(b, loc, m.c(op.getReady()),
                                readyBarrierThreads(b, loc, op.getTiledMma()));
  op.erase();
  return success();
}

class FixupLowering {
public:
  FixupLowering(StreamKFixupOp op, LayoutTracer &tracer, Planner &planner)
      : op(op), tracer(tracer), planner(planner), b(op),
        loc(op.getLoc()), m{b, loc} {}

  LogicalResult lower() {
    FailureOr<TracedTensor> acc = tracer.traceTensor(op.getAcc(), op);
    if (failed(acc))
      return failure();
    this->acc = *acc;
    cute::TiledMma mma = *op.getTiledMma().getTiledMma();
    threads = mma.numThreads();
    // The fragment's values (the verifier checked that they are static):
    // the TiledMMA tile's, or several tiles'.
    values = cute::size(acc->value.layout).value();
    // Four values a thread side by side where they divide evenly: 16-byte
    // accesses, a warp's 512 bytes contiguous.
    vector = values % 4 == 0 && elementBits() == 32 ? 4 : 1;

    StreamKScheduleOp creator = creatorOf(op.getSchedule());
    Schedule::Share share = planner.share(creator, op.getWorker(), op);
    Schedule &s = planner.schedule(creator);
    Value worker = share.worker;
    Schedule::Item item = s.item(m, share, m.narrow(op.getItem()));
    auto [x, y] = op.getClusterShape();
    Value rank = clusterRank(b, loc, m, x, y);
    leader =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, op.getThread(),
                              arith::ConstantIndexOp::create(b, loc, 0));

    // A piece that starts its unit and ends inside it adds the slots of the
    // unit's later pieces, each holding one piece's sum: those of the next
    // workers (w + 1, w + 2, ..., or w + U, w + 2U, ... with split-K).
    Value continued = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                            item.kEnd, s.ktiles);
    Value contributes = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                              item.kBegin, m.c(0));
    Value gathers = m.land(continued, m.xor1(contributes));
    {
      OpBuilder::InsertionGuard guard(b);
      auto later = scf::IfOp::create(b, loc, gathers, /*withElse=*/false);
      b.setInsertionPoint(later.thenBlock()->getTerminator());
      Value peers = s.gatherPeers(m, share).second;
      if (failed(gather(worker, peers, s.pieceStride, x * y, rank)))
        return failure();
      b.setInsertionPointAfter(later);
      auto earlier = scf::IfOp::create(b, loc, contributes, /*withElse=*/false);
      b.setInsertionPoint(earlier.thenBlock()->getTerminator());
      Value own = slotOf(m, worker, x * y, rank);
      if (failed(publish(own)))
        return failure();
    }
    Value stores = arith::XOrIOp::create(
        b, loc, contributes,
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    op.getStore().replaceAllUsesWith(stores);
    op.erase();
    return success();
  }

private:
  /// Writes the accumulators to `slot`; thread 0 then sets its flag.
  LogicalResult publish(Value slot) {
    for (int64_t v = 0; v < values; v += vector) {
      FailureOr<Value> at = partialPointer(slot, v);
      FailureOr<Value> run = loadAccumulators(v);
      if (failed(at) || failed(run))
        return failure();
      LLVM::StoreOp::create(b, loc, *run, *at, vector * elementBits() / 8);
    }
    namedBarrier();
    FailureOr<Value> flag = flagPointer(slot);
    if (failed(flag))
      return failure();
    onLeader([&] {
      // The barrier ordered the other threads' stores before this one; the
      // release (cumulative) makes them visible with the flag.
      LLVM::StoreOp::create(b, loc, i32(1), *flag, 4, false, false, false,
                            LLVM::AtomicOrdering::release, "device");
    });
    return success();
  }

  /// For each of the `peers` workers after `worker`, `stride` apart, in
  /// order: thread 0 waits for its slot's flag and clears it (with
  /// `ready`, the threads wait once for the warp that waits for them all
  /// instead), and the threads add the slot's partial sums to their
  /// accumulators.
  LogicalResult gather(Value worker, Value peers, Value stride, int64_t ctas,
                       Value rank) {
    std::optional<uint32_t> ready = op.getReady();
    if (ready)
      NVVM::BarrierOp::create(b, loc, TypeRange{}, i32(*ready),
                              readyBarrierThreads(b, loc, op.getTiledMma()),
                              /*reductionOp=*/{},
                              /*reductionPredicate=*/Value());
    auto loop =
        scf::ForOp::create(b, loc, m.c(1), m.add(peers, m.c(1)), m.c(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    Value slot = slotOf(m, m.add(worker, m.mul(loop.getInductionVar(), stride)),
                        ctas, rank);
    if (!ready) {
      FailureOr<Value> flag = flagPointer(slot);
      if (failed(flag))
        return failure();
      onLeader([&] { waitAndClearFlag(b, loc, *flag); });
      namedBarrier();
    }
    for (int64_t v = 0; v < values; v += vector) {
      FailureOr<Value> at = partialPointer(slot, v);
      FailureOr<Value> run = loadAccumulators(v);
      if (failed(at) || failed(run))
        return failure();
      Value partial = LLVM::LoadOp::create(b, loc, run->getType(), *at,
                                           vector * elementBits() / 8);
      Value sum = arith::AddFOp::create(b, loc, *run, partial);
      if (failed(storeAccumulators(v, sum)))
        return failure();
    }
    return success();
  }

  /// Accumulators v .. v + vector - 1: a scalar or a vector.
  FailureOr<Value> loadAccumulators(int64_t v) {
    SmallVector<Value> run;
    for (int64_t i = 0; i < vector; ++i) {
      FailureOr<Value> at =
          tracer.emitElementOffset(b, op, acc.value, cute::IntTuple(v + i));
      if (failed(at))
        return failure();
      run.push_back(memref::LoadOp::create(b, loc, acc.memref, *at));
    }
    if (vector == 1)
      return run.front();
    return Value(vector::FromElementsOp::create(
        b, loc, VectorType::get({vector}, run.front().getType()), run));
  }

  LogicalResult storeAccumulators(int64_t v, Value run) {
    for (int64_t i = 0; i < vector; ++i) {
      FailureOr<Value> at =
          tracer.emitElementOffset(b, op, acc.value, cute::IntTuple(v + i));
      if (failed(at))
        return failure();
      Value value =
          vector == 1 ? run : vector::ExtractOp::create(b, loc, run, i);
      memref::StoreOp::create(b, loc, value, acc.memref, *at);
    }
    return success();
  }

  /// Element v (a multiple of the vector) of this thread in `slot`: the
  /// threads' runs of `vector` values interleave.
  FailureOr<Value> partialPointer(Value slot, int64_t v) {
    auto index = [&](int64_t c) -> Value {
      return arith::ConstantIndexOp::create(b, loc, c);
    };
    Value base = arith::MulIOp::create(b, loc, slot, index(threads * values));
    Value run = arith::MulIOp::create(b, loc, op.getThread(), index(vector));
    Value at = arith::AddIOp::create(
        b, loc, arith::AddIOp::create(b, loc, base, index(v * threads)), run);
    return pointerIntoMemref(b, op, op.getPartials(), at, globalSpace());
  }

  FailureOr<Value> flagPointer(Value slot) {
    return pointerIntoMemref(b, op, op.getFlags(), slot, globalSpace());
  }

  void onLeader(function_ref<void()> body) {
    auto branch = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(branch.thenBlock()->getTerminator());
    body();
  }

  void namedBarrier() {
    NVVM::BarrierOp::create(b, loc, TypeRange{}, i32(op.getBarrierId()),
                            i32(threads), /*reductionOp=*/{},
                            /*reductionPredicate=*/Value());
  }

  int64_t elementBits() {
    return cast<MemRefType>(op.getPartials().getType())
        .getElementType()
        .getIntOrFloatBitWidth();
  }
  Value i32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }

  StreamKFixupOp op;
  LayoutTracer &tracer;
  Planner &planner;
  OpBuilder b;
  Location loc;
  IndexMath m;
  TracedTensor acc;
  int64_t threads = 0, values = 0, vector = 1;
  Value leader;
};

} // namespace

/// What constant operands already break: the schedule divides by the
/// workers and counts units times k-tiles in 32 bits. (Not the verifier's:
/// constants may appear only once other passes fold.)
static LogicalResult checkConstantOperands(StreamKScheduleOp op) {
  APInt workers, units, ktiles, count;
  // A negative count wraps around in 32 unsigned bits, to 2^32 - 1 for -1.
  if (matchPattern(op.getWorkers(), m_ConstantInt(&workers)) &&
      !workers.isStrictlyPositive())
    return op.emitOpError() << "the schedule needs at least one worker, got "
                            << workers.getSExtValue();
  for (auto [name, operand] :
       {std::pair<StringRef, Value>{"units", op.getUnits()},
        {"k-tiles", op.getKtiles()}})
    if (matchPattern(operand, m_ConstantInt(&count)) && count.isNegative())
      return op.emitOpError()
             << "the schedule's " << name << " are at least 0, got "
             << count.getSExtValue();
  if (!matchPattern(op.getUnits(), m_ConstantInt(&units)) ||
      !matchPattern(op.getKtiles(), m_ConstantInt(&ktiles)))
    return success();
  bool overflow = false;
  APInt total =
      units.zextOrTrunc(128).umul_ov(ktiles.zextOrTrunc(128), overflow);
  if (overflow || total.uge(APInt(128, 1).shl(31)))
    return op.emitOpError()
           << "units times k-tiles must be below 2^31 (the schedule is "
              "computed in 32 bits), got "
           << units.getZExtValue() << " x " << ktiles.getZExtValue();
  return success();
}

LogicalResult cute::lowerStreamK(Operation *root, LayoutTracer &tracer) {
  // A kernel argument, say, which nothing would lower (uses through other
  // values fail stream_k_work's verifier).
  if (::mlir::failed(cute::checkMadeOnlyByMaker(
          root, llvm::IsaPred<StreamKType>, llvm::IsaPred<StreamKScheduleOp>,
          "a stream-K schedule", "cute_nvgpu.stream_k_schedule")))
    return failure();
  WalkResult checked = root->walk([](StreamKScheduleOp op) {
    return ::mlir::failed(checkConstantOperands(op)) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
  });
  if (checked.wasInterrupted())
    return failure();
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<StreamKWorkCountOp, StreamKWorkOp, StreamKFixupOp,
            StreamKFixupWaitOp>(op))
      ops.push_back(op);
  });
  bool failed = false;
  Planner planner(root);
  for (Operation *op : ops) {
    if (auto count = dyn_cast<StreamKWorkCountOp>(op))
      lower(count, planner);
    else if (auto work = dyn_cast<StreamKWorkOp>(op))
      lower(work, planner);
    else if (auto wait = dyn_cast<StreamKFixupWaitOp>(op))
      failed |= ::mlir::failed(lower(wait, planner));
    else
      failed |= ::mlir::failed(
          FixupLowering(cast<StreamKFixupOp>(op), tracer, planner).lower());
  }
  if (failed)
    return failure();
  SmallVector<StreamKScheduleOp> schedules;
  root->walk([&](StreamKScheduleOp op) { schedules.push_back(op); });
  for (StreamKScheduleOp op : schedules) {
    if (!op->use_empty())
      return op.emitOpError() << "is still used by an op that is not a "
                                 "stream-K op";
    op.erase();
  }
  return success();
}
