#!/usr/bin/env bash
# Compiles the GPU test kernels and the examples to PTX in DIR (default
# .gpu/), for bench/gpu_check.py on a GPU machine: only the PTX travels.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-.gpu}
opt=${CUTE_MLIR_BUILD_DIR:-build}/bin/cute-opt
mkdir -p "$out"
ptx() { # input chip+features name
  local tmp
  tmp=$(mktemp -d)
  "$opt" "$1" --cute-to-ptx="$2" | "$opt" --cute-write-ptx="dir=$tmp" >/dev/null
  mv "$tmp"/*.ptx "$out/$3"
  rm -rf "$tmp"
  echo "wrote $out/$3"
}
ptx test/GPU/mma-atoms.mlir "chip=sm_90a features=+ptx84" atoms.sm_90a.ptx
ptx test/GPU/wgmma-atoms.mlir "chip=sm_90a features=+ptx84" wgmma-atoms.sm_90a.ptx
ptx test/GPU/wgmma.mlir "chip=sm_90a" wgmma.sm_90a.ptx
ptx examples/gemm-sm80.mlir "chip=sm_80" gemm-sm80.sm_80.ptx
ptx examples/gemm-sm90a.mlir "chip=sm_90a" gemm-sm90a.sm_90a.ptx
ptx examples/gemm-sm90a-ws.mlir "chip=sm_90a" gemm-sm90a-ws.sm_90a.ptx
ptx examples/gemm-sm90a-ws-bf16.mlir "chip=sm_90a" gemm-sm90a-ws-bf16.sm_90a.ptx
ptx examples/gemm-sm90a-ws-fp8.mlir "chip=sm_90a" gemm-sm90a-ws-fp8.sm_90a.ptx
