#!/usr/bin/env bash
# Set up, build, and run every test that runs without a GPU: the lit suite
# (FileCheck tests of the tools), the unit tests (GoogleTest, via CTest) and
# each fuzz target for a short time ($CUTE_MLIR_FUZZ_SECONDS, default 20).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CUTE_MLIR_BUILD_DIR:-$root/build}"

"$root/scripts/setup.sh"

echo "== lit tests"
ninja -C "$build" check-cute-mlir-lit

echo "== unit tests"
ctest --test-dir "$build" --output-on-failure

echo "== fuzz targets"
"$root/scripts/fuzz.sh" --seconds "${CUTE_MLIR_FUZZ_SECONDS:-20}"
