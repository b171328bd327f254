#!/usr/bin/env bash
# Set up a Debian 12 machine for cute-mlir and build it: install the packages
# that are missing (LLVM/MLIR 22, CMake, Ninja, GoogleTest, Google Benchmark,
# pytest and venv for the Python package, clang 22 and its libFuzzer for the
# fuzz targets),
# configure with CMake + Ninja into build/, and build. Idempotent and
# non-interactive; safe to run again after pulling.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CUTE_MLIR_BUILD_DIR:-$root/build}"

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          cmake ninja-build g++ python3 python3-pytest python3-venv
          libgtest-dev libbenchmark-dev clang-22 libclang-rt-22-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  # LLVM/MLIR 22 come from the bookworm security suite: refresh the lists first.
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
fi

# --deps-only: the packages, no build (test-sanitizers.sh, fuzz.sh).
if [[ "${1:-}" == --deps-only ]]; then
  exit 0
fi

if [[ ! -f "$build/build.ninja" ]]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
ninja -C "$build"
