#!/usr/bin/env bash
# Checks -cute-report-bank-conflicts against ncu's shared-memory counters.
#
# Here (a machine with a build):
#   scripts/ncu-bank-conflicts.sh prepare [DIR]
#     writes the examples' PTX (scripts/gpu-ptx.sh) and the pass's remarks
#     on each example (DIR/<example>.bank-conflicts.txt) into DIR (.gpu).
# There (the GPU machine: ncu, python3 with torch and cupy; no build needed):
#   scripts/ncu-bank-conflicts.sh run [DIR] [MxNxK]
#     for gemm-sm80 and the warp-specialized sm_90a GEMMs whose PTX is in
#     DIR, launches the kernel once at MxNxK (default 4096x4096x4096) under
#     ncu, collecting the shared-memory wavefront and bank-conflict counters
#     (DIR/<example>.ncu.csv), and prints them beside the prediction of
#     bench/bank_conflicts.py: wavefronts per warp from the remarks times the
#     warp-executions of each op at that shape. Exit status: non-zero if ncu
#     or a launch failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mode=${1:-}
dir=${2:-.gpu}
shape=${3:-4096x4096x4096}
# example:chip[:kernel] (the bench's label; the example's name by default):
# the warp-specialized examples hold several kernels each, profiled one at a
# time.
examples=(gemm-sm80:sm_80
          gemm-sm90a-ws:sm_90a:gemm-sm90a-ws-256
          gemm-sm90a-ws:sm_90a:gemm-sm90a-ws-192
          gemm-sm90a-ws:sm_90a:gemm-sm90a-ws-224
          gemm-sm90a-ws-bf16:sm_90a:gemm-sm90a-ws-bf16-256
          gemm-sm90a-ws-bf16:sm_90a:gemm-sm90a-ws-bf16-192
          gemm-sm90a-ws-bf16:sm_90a:gemm-sm90a-ws-bf16-224
          gemm-sm90a-ws-fp8:sm_90a:gemm-sm90a-ws-fp8-192
          gemm-sm90a-ws-fp8:sm_90a:gemm-sm90a-ws-fp8-256)

case "$mode" in
prepare)
  opt=${CUTE_MLIR_BUILD_DIR:-build}/bin/cute-opt
  scripts/gpu-ptx.sh "$dir"
  for e in "${examples[@]}"; do
    name=${e%%:*}
    "$opt" "examples/$name.mlir" -cute-report-bank-conflicts \
      -mlir-print-op-on-diagnostic=false -o /dev/null \
      2> "$dir/$name.bank-conflicts.txt"
    echo "wrote $dir/$name.bank-conflicts.txt"
  done
  ;;
run)
  ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
  metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
  metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  # Where this ncu has them: instruction counts, and cp.async's (LDGSTS)
  # shared-memory side, which some versions count apart from op_st.
  known=$("$ncu" --query-metrics 2>/dev/null || true)
  for m in sass__inst_executed_shared_loads sass__inst_executed_shared_stores \
           smsp__sass_inst_executed_op_ldsm smsp__sass_inst_executed_op_ldgsts \
           l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts \
           l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts \
           l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read \
           l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write; do
    if grep -q "^$m " <<< "$known"; then metrics+=",$m.sum"; fi
  done
  status=0
  for e in "${examples[@]}"; do
    IFS=: read -r name chip kernel <<< "$e"
    kernel=${kernel:-$name}
    ptx=$dir/$name.$chip.ptx remarks=$dir/$name.bank-conflicts.txt
    if [[ ! -f $ptx || ! -f $remarks ]]; then
      echo "skipping $kernel: no $ptx or $remarks (run 'prepare' first)"
      continue
    fi
    csv=$dir/$kernel.ncu.csv
    if "$ncu" --csv --metrics "$metrics" -k regex:gemm_tn -c 1 \
        python3 bench/bank_conflicts.py launch --kernel "$kernel" --ptx "$ptx" \
        --shape "$shape" > "$csv" 2> "$dir/$kernel.ncu.log"; then
      python3 bench/bank_conflicts.py report --kernel "$kernel" \
        --remarks "$remarks" --ncu "$csv" --shape "$shape" || status=1
    else
      echo "$kernel: ncu failed, see $dir/$kernel.ncu.log"
      status=1
    fi
    echo
  done
  exit $status
  ;;
*)
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
