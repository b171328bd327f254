//===- LayoutBench.cpp - Benchmarks of the layout algebra's hot paths -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The operations a compiler runs most while folding cute IR: composition,
// logical_divide of 3-level layouts, complement, and reading notation.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"

#include <benchmark/benchmark.h>

using namespace mlir::cute;

static Layout layoutOf(const char *text) { return *parseLayout(text); }
static Tiler tilerOf(const char *text) { return *parseTiler(text); }

static void BM_CompositionFlat(benchmark::State &state) {
  Layout a = layoutOf("(6,2):(8,2)"), b = layoutOf("(4,3):(3,1)");
  for (auto _ : state)
    benchmark::DoNotOptimize(composition(a, b));
}
BENCHMARK(BM_CompositionFlat);

static void BM_CompositionMmaTile(benchmark::State &state) {
  // An SM80 16x8x16 C fragment composed with a 128x128 swizzle-free tile.
  Layout tile = layoutOf("((32,4),(8,16)):((1,4096),(128,32))");
  Layout tv = layoutOf("((4,8),(2,2)):((32,1),(16,8))");
  for (auto _ : state)
    benchmark::DoNotOptimize(composition(tile, tv));
}
BENCHMARK(BM_CompositionMmaTile);

static void BM_LogicalDivide3Level(benchmark::State &state) {
  Layout layout =
      layoutOf("((4,(2,2)),(8,(2,4)),2):((2,(1,8)),(16,(128,256)),1024)");
  Tiler tiler = tilerOf("((2,2):(1,4),(4,2):(2,1))");
  for (auto _ : state)
    benchmark::DoNotOptimize(logicalDivide(layout, tiler));
}
BENCHMARK(BM_LogicalDivide3Level);

static void BM_ZippedDivideGemmTile(benchmark::State &state) {
  Layout gmem = layoutOf("(4096,4096):(1,4096)");
  Tiler tiler = tilerOf("(128,64)");
  for (auto _ : state)
    benchmark::DoNotOptimize(zippedDivide(gmem, tiler));
}
BENCHMARK(BM_ZippedDivideGemmTile);

static void BM_ZippedDivideDynamic(benchmark::State &state) {
  Layout gmem = layoutOf("(?M,?K):(1,?M)");
  Tiler tiler = tilerOf("(128,64)");
  for (auto _ : state)
    benchmark::DoNotOptimize(zippedDivide(gmem, tiler));
}
BENCHMARK(BM_ZippedDivideDynamic);

static void BM_Complement(benchmark::State &state) {
  Layout layout = layoutOf("(2,(2,2)):(1,(8,32))");
  for (auto _ : state)
    benchmark::DoNotOptimize(complement(layout, 256));
}
BENCHMARK(BM_Complement);

static void BM_ParseLayout(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(
        parseLayout("((4,(2,2)),(8,(2,4)),2):((2,(1,8)),(16,(128,256)),1024)"));
}
BENCHMARK(BM_ParseLayout);

BENCHMARK_MAIN();
