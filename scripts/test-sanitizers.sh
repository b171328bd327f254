#!/usr/bin/env bash
# Builds cute-mlir with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-sanitizers/ (or $CUTE_MLIR_SANITIZER_BUILD_DIR) and runs the whole
# lit and unit test suite under them: any report fails its test. Debian's
# LLVM and MLIR libraries are not instrumented; our code is.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CUTE_MLIR_SANITIZER_BUILD_DIR:-$root/build-sanitizers}"

"$root/scripts/setup.sh" --deps-only
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCUTE_MLIR_SANITIZERS=ON \
    -DCUTE_MLIR_BUILD_BENCHMARKS=OFF \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
ninja -C "$build"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:halt_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
echo "== lit tests (ASan + UBSan)"
ninja -C "$build" check-cute-mlir-lit
echo "== unit tests (ASan + UBSan)"
ctest --test-dir "$build" --output-on-failure
