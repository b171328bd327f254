//===- EpilogueTest.cpp - Accumulators in TMA boxes -----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The epilogue plan against the wgmma accumulator layout worked out by hand
// (PTX ISA, "Matrix fragments for wgmma .m64nNk16", f32 D): thread t of a
// warpgroup holds row 16 (t/32) + (t%32)/4 (+8 for values 2,3 of each group
// of four), columns 2 (t%4) + 8 j (+1) for j = 0..N/8-1.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Epilogue.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;

namespace {

TiledMma tiled(const std::string &atom, const std::string &atomLayout,
               const std::string &permutation = "") {
  Result<MmaAtom> a = lookupMmaAtom(atom);
  EXPECT_TRUE(a) << a.message();
  Result<Layout> layout = parseLayout(atomLayout);
  EXPECT_TRUE(layout) << layout.message();
  Result<TiledMma> t =
      permutation.empty()
          ? TiledMma::get(*a, *layout)
          : TiledMma::get(*a, *layout, *parseTiler(permutation));
  EXPECT_TRUE(t) << t.message();
  return *t;
}

TEST(Epilogue, WgmmaPairsGoToBoxesOf64Columns) {
  // Two warpgroups along M: a 128x256 tile, 128 values a thread.
  TiledMma mma = tiled("SM90_64x256x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)");
  Result<EpiloguePlan> plan = planEpilogue(mma, 128, 64, 16);
  ASSERT_TRUE(plan) << plan.message();
  EXPECT_EQ(plan->boxesM, 1);
  EXPECT_EQ(plan->boxesN, 4);
  ASSERT_EQ(plan->runs.size(), 64u);
  for (size_t i = 0; i < plan->runs.size(); ++i) {
    const EpilogueRun &run = plan->runs[i];
    // Column group j = value / 4 lands in box j / 8, 8 (j % 8) columns in;
    // the second pair of a group is 8 rows down.
    int64_t group = run.value / 4;
    EXPECT_EQ(run.length, 2);
    EXPECT_EQ(run.value % 2, 0);
    EXPECT_EQ(run.box, group / 8) << i;
    EXPECT_EQ(run.colOffset, 8 * (group % 8)) << i;
    EXPECT_EQ(run.rowOffset, run.value % 4 == 2 ? 8 : 0) << i;
  }
  // Box by box.
  for (size_t i = 1; i < plan->runs.size(); ++i)
    EXPECT_LE(plan->runs[i - 1].box, plan->runs[i].box);
}

TEST(Epilogue, BoxesThatSplitTheWarpgroupsAreRejected) {
  // Boxes of 64 rows over two warpgroups along M: warpgroup 1's values sit
  // in the second row of boxes, so value i's box depends on the thread and
  // the stores could not be unrolled alike for all threads.
  TiledMma mma = tiled("SM90_64x64x16_F32F16F16_SS", "(2,1,1):(1,0,0)");
  Result<EpiloguePlan> plan = planEpilogue(mma, 64, 32, 32);
  ASSERT_FALSE(plan);
  EXPECT_NE(plan.message().find("thread 128"), std::string::npos)
      << plan.message();
  EXPECT_TRUE(planEpilogue(mma, 128, 32, 32));
}

TEST(Epilogue, BoxesNarrowerThanAThreadsColumnsAreRejected) {
  // Boxes 4 columns wide: thread 0's first pair is in box 0, thread 2's
  // (columns 4, 5) in box 1.
  TiledMma mma = tiled("SM90_64x64x16_F32F16F16_SS", "(1,1,1):(0,0,0)");
  Result<EpiloguePlan> plan = planEpilogue(mma, 64, 4, 32);
  ASSERT_FALSE(plan);
  EXPECT_NE(plan.message().find("thread 2"), std::string::npos)
      << plan.message();
}

TEST(Epilogue, BoxesMustTileTheTile) {
  TiledMma mma = tiled("SM90_64x64x16_F32F16F16_SS", "(1,1,1):(0,0,0)");
  EXPECT_FALSE(planEpilogue(mma, 48, 64, 16));
  EXPECT_FALSE(planEpilogue(mma, 64, 0, 16));
}

TEST(Epilogue, Sm80PairsAreFourBytesOfF16) {
  // mma.sync m16n8k16: thread t holds rows t/4 (+8), columns 2 (t%4) (+1).
  TiledMma mma = tiled("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)");
  Result<EpiloguePlan> plan = planEpilogue(mma, 32, 16, 16);
  ASSERT_TRUE(plan) << plan.message();
  EXPECT_EQ(plan->boxesM * plan->boxesN, 1);
  for (const EpilogueRun &run : plan->runs)
    EXPECT_EQ(run.length, 2);
}

/// Checks `plan` against thread t's own partition of the (M,N) tile for
/// every t (CuTe's get_slice(t).partition_C): each run's values sit where
/// the plan puts them relative to the thread's first value, each value once,
/// and, with parts, all of them in one part of the tile that only the
/// thread's part holds.
void expectPlanMatchesEveryThread(const TiledMma &mma, int64_t boxRows,
                                  int64_t boxCols, int valueBits,
                                  int64_t parts = 1) {
  Result<EpiloguePlan> plan =
      planEpilogue(mma, boxRows, boxCols, valueBits, parts);
  ASSERT_TRUE(plan) << plan.message();
  int64_t m = mma.tileSize(0), n = mma.tileSize(1);
  ASSERT_EQ(plan->partThreads * parts, mma.numThreads());
  ASSERT_EQ((m / plan->partRows) * (n / plan->partCols), parts);
  Layout colMajor = makeLayout(IntTuple::tuple({IntTuple(m), IntTuple(n)}));
  // The part of the tile each part of the threads stores.
  std::vector<int64_t> cellOfPart(parts, -1), partOfCell(parts, -1);
  for (int64_t t = 0; t < mma.numThreads(); ++t) {
    Result<std::pair<Layout, Int>> part = mma.partitionC(colMajor, Int(t));
    ASSERT_TRUE(part) << part.message();
    auto at = [&](int64_t v) {
      Result<Int> offset = part->first(IntTuple(v));
      EXPECT_TRUE(offset) << offset.message();
      int64_t index = part->second.value() + offset->value();
      return std::make_pair(index % m, index / m);
    };
    auto [row0, col0] = at(0);
    std::vector<int> seen(size(part->first).value());
    for (const EpilogueRun &run : plan->runs)
      for (int64_t i = 0; i < run.length; ++i) {
        auto [row, col] = at(run.value + i);
        EXPECT_EQ(row - run.box / plan->boxesN * boxRows, row0 + run.rowOffset)
            << "thread " << t << " value " << run.value + i;
        EXPECT_EQ(col - run.box % plan->boxesN * boxCols,
                  col0 + run.colOffset + i)
            << "thread " << t << " value " << run.value + i;
        int64_t cell =
            row / plan->partRows * (n / plan->partCols) + col / plan->partCols;
        int64_t part = t / plan->partThreads;
        if (cellOfPart[part] < 0 && partOfCell[cell] < 0) {
          cellOfPart[part] = cell;
          partOfCell[cell] = part;
        }
        EXPECT_EQ(cellOfPart[part], cell)
            << "thread " << t << " value " << run.value + i;
        ++seen.at(run.value + i);
      }
    for (size_t v = 0; v < seen.size(); ++v)
      EXPECT_EQ(seen[v], 1) << "thread " << t << " value " << v;
  }
}

TEST(Epilogue, PlanMatchesEveryThreadsPartition) {
  // The plan partitions the tile once for a symbolic thread; each thread's
  // own partition must agree, for wgmma, mma.sync and the quadpair atoms.
  expectPlanMatchesEveryThread(
      tiled("SM90_64x256x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)"), 128, 64, 16);
  expectPlanMatchesEveryThread(
      tiled("SM90_64x192x32_F32E4M3E4M3_SS", "(2,1,1):(1,0,0)"), 128, 64, 16);
  expectPlanMatchesEveryThread(
      tiled("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)"), 32, 16, 32);
  expectPlanMatchesEveryThread(
      tiled("SM70_8x8x4_F32F16F16F32_TN", "(2,2,1):(1,2,0)"), 16, 16, 32);
}

TEST(EpilogueParts, EachWarpgroupStoresItsOwnRowsInBoxesOfItsOwn) {
  // Two warpgroups along M, each storing its 64 rows: the boxes of 64 rows
  // that a one-part plan refuses (BoxesThatSplitTheWarpgroupsAreRejected)
  // tile each part, and the runs are a one-warpgroup TiledMMA's.
  TiledMma two = tiled("SM90_64x256x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)");
  TiledMma one = tiled("SM90_64x256x16_F32BF16BF16_SS", "(1,1,1):(0,0,0)");
  Result<EpiloguePlan> parts = planEpilogue(two, 64, 64, 16, /*parts=*/2);
  ASSERT_TRUE(parts) << parts.message();
  Result<EpiloguePlan> alone = planEpilogue(one, 64, 64, 16);
  ASSERT_TRUE(alone) << alone.message();
  EXPECT_EQ(parts->partThreads, 128);
  EXPECT_EQ(parts->partRows, 64);
  EXPECT_EQ(parts->partCols, 256);
  EXPECT_EQ(parts->boxesM, 1);
  EXPECT_EQ(parts->boxesN, 4);
  ASSERT_EQ(parts->runs.size(), alone->runs.size());
  for (size_t i = 0; i < parts->runs.size(); ++i) {
    const EpilogueRun &a = parts->runs[i], &b = alone->runs[i];
    EXPECT_EQ(std::tie(a.box, a.value, a.length, a.rowOffset, a.colOffset),
              std::tie(b.box, b.value, b.length, b.rowOffset, b.colOffset))
        << i;
  }
  // stmatrix places each warp's matrices as in one warpgroup's epilogue.
  Result<EpilogueStmatrixPlan> st = planStmatrix(two, *parts, 64, 64, 16);
  ASSERT_TRUE(st) << st.message();
  Result<EpilogueStmatrixPlan> stAlone = planStmatrix(one, *alone, 64, 64, 16);
  ASSERT_TRUE(stAlone) << stAlone.message();
  EXPECT_EQ(st->matrixOffsets, stAlone->matrixOffsets);
  EXPECT_EQ(st->firstBoxOrigin, stAlone->firstBoxOrigin);
  ASSERT_EQ(st->groups.size(), stAlone->groups.size());
  for (size_t g = 0; g < st->groups.size(); ++g)
    EXPECT_EQ(std::tie(st->groups[g].box, st->groups[g].rowOffset,
                       st->groups[g].colOffset),
              std::tie(stAlone->groups[g].box, stAlone->groups[g].rowOffset,
                       stAlone->groups[g].colOffset))
        << g;
}

TEST(EpilogueParts, PartsMatchEveryThreadsPartition) {
  // Warpgroups along M and along N, and four along M stored in two parts
  // (each of two warpgroups' rows, as boxes of one part must span) or four.
  expectPlanMatchesEveryThread(
      tiled("SM90_64x256x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)"), 64, 64, 16, 2);
  expectPlanMatchesEveryThread(
      tiled("SM90_64x64x16_F32F16F16_SS", "(1,2,1):(0,1,0)"), 64, 32, 32, 2);
  expectPlanMatchesEveryThread(
      tiled("SM90_64x64x16_F32F16F16_SS", "(4,1,1):(1,0,0)"), 128, 32, 32, 2);
  expectPlanMatchesEveryThread(
      tiled("SM90_64x64x16_F32F16F16_SS", "(4,1,1):(1,0,0)"), 64, 32, 32, 4);
}

TEST(EpilogueParts, PartsMustBeEqualCellsOfTheTile) {
  // An M permutation that interleaves the warpgroups' rows in 8-row
  // groups: warpgroup 0 holds rows 0-31 and 64-95, no part of its own.
  TiledMma mixed = tiled("SM90_64x64x16_F32F16F16_SS", "(2,1,1):(1,0,0)",
                         "((8,2,8):(1,64,8),_,_)");
  Result<EpiloguePlan> plan = planEpilogue(mixed, 32, 32, 32, 2);
  ASSERT_FALSE(plan);
  EXPECT_NE(plan.message().find("threads 0..127 hold rows 0..95"),
            std::string::npos)
      << plan.message();
  // The threads must split evenly.
  TiledMma two = tiled("SM90_64x64x16_F32F16F16_SS", "(2,1,1):(1,0,0)");
  Result<EpiloguePlan> three = planEpilogue(two, 64, 32, 32, 3);
  ASSERT_FALSE(three);
  EXPECT_NE(three.message().find("do not split into 3 equal parts"),
            std::string::npos)
      << three.message();
  // Boxes tile a part, not the whole tile: 128-row boxes do not fit a
  // warpgroup's 64 rows.
  Result<EpiloguePlan> tall = planEpilogue(two, 128, 32, 32, 2);
  ASSERT_FALSE(tall);
  EXPECT_NE(tall.message().find("64x64 part of the accumulator tile"),
            std::string::npos)
      << tall.message();
}

/// The stmatrix plan of bf16 C of two warpgroups along M (a 128x256 tile)
/// in 128x64 boxes.
Result<EpilogueStmatrixPlan> wgmmaBf16Stmatrix() {
  TiledMma mma = tiled("SM90_64x256x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)");
  Result<EpiloguePlan> plan = planEpilogue(mma, 128, 64, 16);
  if (!plan)
    return plan.takeError();
  return planStmatrix(mma, *plan, 128, 64, 16);
}

TEST(EpilogueStmatrix, WgmmaPairsAreStoredFourMatricesAtATime) {
  // bf16 C of two warpgroups along M in 128x64 boxes: per warp and box, the
  // 16 rows x 64 columns are four stmatrix.x4 of a 16x16 block each: rows
  // 0-7 and 8-15 of an 8-column group, then of the next.
  Result<EpilogueStmatrixPlan> st = wgmmaBf16Stmatrix();
  ASSERT_TRUE(st) << st.message();
  using Offset = std::pair<int64_t, int64_t>;
  EXPECT_EQ(st->matrixOffsets[0], Offset(0, 0));
  EXPECT_EQ(st->matrixOffsets[1], Offset(8, 0));
  EXPECT_EQ(st->matrixOffsets[2], Offset(0, 8));
  EXPECT_EQ(st->matrixOffsets[3], Offset(8, 8));
  ASSERT_EQ(st->groups.size(), 16u);
  for (size_t g = 0; g < st->groups.size(); ++g) {
    EXPECT_EQ(st->groups[g].box, int64_t(g / 4)) << g;
    EXPECT_EQ(st->groups[g].firstRun, int64_t(4 * g)) << g;
    EXPECT_EQ(st->groups[g].rowOffset, 0) << g;
    EXPECT_EQ(st->groups[g].colOffset, int64_t(16 * (g % 4))) << g;
  }
}

/// planStmatrix refuses the plan of `mma` in boxes of rows x cols of
/// `bits`-bit values, saying `why`.
void expectNoStmatrix(const TiledMma &mma, int64_t rows, int64_t cols, int bits,
                      const std::string &why) {
  Result<EpiloguePlan> plan = planEpilogue(mma, rows, cols, bits);
  ASSERT_TRUE(plan) << plan.message();
  Result<EpilogueStmatrixPlan> st = planStmatrix(mma, *plan, rows, cols, bits);
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find(why), std::string::npos) << st.message();
}

TEST(EpilogueStmatrix, F32ValuesAreNotStmatrixValues) {
  expectNoStmatrix(tiled("SM90_64x256x16_F32F16F16_SS", "(2,1,1):(1,0,0)"), 128,
                   32, 32, "stmatrix stores 16-bit values, not 32-bit");
}

TEST(EpilogueStmatrix, BoxesOfEightColumnsLeaveNoGroupsOfFour) {
  // 8-column boxes hold one pair of runs (rows r and r + 8) per box: no
  // four matrices of a warp share a box.
  expectNoStmatrix(tiled("SM90_64x256x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)"),
                   128, 8, 16, "is not a pair of values in its group's box");
}

TEST(EpilogueStmatrix, EachLaneAddressesOneRowOfOneMatrix) {
  // Thread 32 w + l holds its first value at row 16 w + l / 4, column
  // 2 (l % 4); lane l addresses row 8 (m % 2) + l % 8, column 8 (m / 2) of
  // its warp's 16x16 block, m = l / 8. The offset is the difference.
  Result<EpilogueStmatrixPlan> st = wgmmaBf16Stmatrix();
  ASSERT_TRUE(st) << st.message();
  EXPECT_EQ(st->firstBoxOrigin, std::make_pair(int64_t(0), int64_t(0)));
  for (int64_t lane = 0; lane < 32; ++lane) {
    int64_t m = lane / 8;
    EXPECT_EQ(st->laneOffset(lane),
              std::make_pair(8 * (m % 2) + lane % 8 - lane / 4,
                             8 * (m / 2) - 2 * (lane % 4)))
        << lane;
    // The same for every warp.
    EXPECT_EQ(st->laneOffset(32 * 3 + lane), st->laneOffset(lane)) << lane;
  }
}

} // namespace

TEST(EpilogueTransposed, EachValueGoesToItsTransposedPlaceAlone) {
  // Two warpgroups along M (a 128x64 tile) stored as C's 64x128 tile, each
  // warpgroup its 64 columns of C in one 64x64 box. Relative to a thread's
  // first value, value v of column group j = v / 4 sits 8 j + v % 2
  // columns and 8 (v % 4 >= 2) rows on in the TiledMMA: as many rows and
  // columns on in C, swapped. No two values are side by side in a row of C.
  TiledMma mma = tiled("SM90_64x64x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)");
  Result<EpiloguePlan> plan =
      planEpilogue(mma, 64, 64, 16, /*parts=*/2, /*transposed=*/true);
  ASSERT_TRUE(plan) << plan.message();
  EXPECT_TRUE(plan->transposed);
  EXPECT_EQ(plan->partThreads, 128);
  EXPECT_EQ(plan->partRows, 64);
  EXPECT_EQ(plan->partCols, 64);
  EXPECT_EQ(plan->boxesM, 1);
  EXPECT_EQ(plan->boxesN, 1);
  ASSERT_EQ(plan->runs.size(), 32u);
  for (size_t i = 0; i < plan->runs.size(); ++i) {
    const EpilogueRun &run = plan->runs[i];
    EXPECT_EQ(run.value, int64_t(i));
    EXPECT_EQ(run.length, 1);
    EXPECT_EQ(run.box, 0);
    EXPECT_EQ(run.rowOffset, 8 * (run.value / 4) + run.value % 2) << i;
    EXPECT_EQ(run.colOffset, run.value % 4 >= 2 ? 8 : 0) << i;
  }
  // stmatrix's pairs lie in one row of its matrices; these do not.
  Result<EpilogueStmatrixPlan> st = planStmatrix(mma, *plan, 64, 64, 16);
  ASSERT_FALSE(st);
  EXPECT_NE(st.message().find("transposed"), std::string::npos);
  // Boxes tile C's tile: rows of C are the TiledMMA's 64 columns.
  Result<EpiloguePlan> tall = planEpilogue(mma, 128, 64, 16, 2, true);
  ASSERT_FALSE(tall);
  EXPECT_NE(tall.message().find("64x64 part of the accumulator tile as "
                                "stored (transposed)"),
            std::string::npos)
      << tall.message();
}

TEST(EpilogueTransposed, AgreesWithThePlanOfTheTransposedLayout) {
  // The same tile, not transposed, in boxes of 64 rows and 64 columns: each
  // value's place relative to the thread's first one, swapped, is its
  // transposed place.
  TiledMma mma = tiled("SM90_64x64x16_F32BF16BF16_SS", "(2,1,1):(1,0,0)");
  Result<EpiloguePlan> plain = planEpilogue(mma, 64, 64, 32, 2);
  Result<EpiloguePlan> swapped = planEpilogue(mma, 64, 64, 32, 2, true);
  ASSERT_TRUE(plain) << plain.message();
  ASSERT_TRUE(swapped) << swapped.message();
  std::vector<std::pair<int64_t, int64_t>> places(32, {-1, -1});
  for (const EpilogueRun &run : plain->runs)
    for (int64_t i = 0; i < run.length; ++i)
      places[run.value + i] = {run.rowOffset, run.colOffset + i};
  ASSERT_EQ(swapped->runs.size(), 32u);
  for (const EpilogueRun &run : swapped->runs)
    EXPECT_EQ(std::make_pair(run.colOffset, run.rowOffset), places[run.value])
        << run.value;
}
