#!/usr/bin/env bash
# Runs the Python package on a GPU machine, from the bundle that
# scripts/gpu-bundle.sh made on the build machine (DIR, default .gpu/): unpacks
# the carried LLVM, MLIR and Z3 libraries into a private prefix (as
# gpu-test.sh does), then builds, compiles and runs the builder's GEMM
# examples (python/examples/gemm_sm80.py and, on sm_90, gemm_sm90a.py and
# gemm_sm90a_ws_bf16.py: checked
# against torch in float64 on ragged shapes with C poisoned, then timed beside
# torch.matmul), and the package's pytest suite where pytest is installed.
# Exits non-zero if a check or a test failed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bundle="$(cd "${1:-$root/.gpu}" && pwd)"
source "$root/scripts/gpu-prefix.sh"
export CUTE_MLIR_CAPI_LIBRARY="$bundle/lib/libCuteMlirCAPI.so"
export PYTHONPATH="$root/python${PYTHONPATH:+:$PYTHONPATH}"

status=0
python3 "$root/python/examples/gemm_sm80.py" || status=1
if [[ "$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1)" == 9.0 ]]; then
  python3 "$root/python/examples/gemm_sm90a.py" || status=1
  python3 "$root/python/examples/gemm_sm90a_ws_bf16.py" || status=1
fi
if python3 -c "import pytest" 2>/dev/null; then
  python3 -m pytest -q -p no:cacheprovider "$root/python/tests" || status=1
else
  echo "gpu-python: pytest is not installed here; the suite did not run"
fi
exit $status
