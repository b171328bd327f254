#!/usr/bin/env bash
# Set up, build, and run every test that runs without a GPU: the lit suite
# (FileCheck tests of the tools) and the unit tests (GoogleTest, via CTest).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CUTE_MLIR_BUILD_DIR:-$root/build}"

"$root/scripts/setup.sh"

echo "== lit tests"
ninja -C "$build" check-cute-mlir-lit

echo "== unit tests"
ctest --test-dir "$build" --output-on-failure
