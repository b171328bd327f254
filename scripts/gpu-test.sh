#!/usr/bin/env bash
# Runs the GPU test suite on a GPU machine, from the bundle that
# scripts/gpu-bundle.sh made on the build machine (DIR, default .gpu/):
# unpacks the carried libraries into a private prefix, points lit at the
# bundle, runs test/Integration/GPU and prints a summary table, then times
# the GEMM examples through cute-run.
#
# With --sanitize, runs the suite once under each compute-sanitizer tool
# (memcheck, racecheck, synccheck, initcheck) instead: every cute-run of a
# test runs under the tool, and a test fails on any error it reports.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sanitize=0
if [[ "${1:-}" == --sanitize ]]; then
  sanitize=1
  shift
fi
bundle="$(cd "${1:-$root/.gpu}" && pwd)"
source "$root/scripts/gpu-prefix.sh"
# The -dev package's unversioned name, which mlir-runner tests load.
ln -sf libmlir_c_runner_utils.so.22.1 \
  "$prefix/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so"
if [[ -f "$bundle/tools/mlir-opt.xz" && ! -x "$bundle/tools/mlir-opt" ]]; then
  xz -dc "$bundle/tools/mlir-opt.xz" > "$bundle/tools/mlir-opt"
  chmod +x "$bundle/tools/mlir-opt"
fi

# A lit site configuration for the bundle's layout.
obj="$bundle/build"
mkdir -p "$obj/test/Integration/GPU" "$obj/bin" "$obj/lib"
ln -sf "$bundle/bin/cute-run" "$obj/bin/cute-run"
ln -sf "$bundle/lib/libCuteRuntime.so" "$obj/lib/libCuteRuntime.so"
cat > "$obj/test/lit.site.cfg.py" <<PY
config.llvm_tools_dir = "$bundle/tools"
config.llvm_lib_dir = "$prefix/usr/lib/llvm-22/lib"
config.cute_mlir_src_root = "$root"
config.cute_mlir_obj_root = "$obj"
config.cute_mlir_tools_dir = "$obj/bin"
import lit.llvm
lit.llvm.initialize(lit_config, config)
lit_config.load_config(config, "$root/test/lit.cfg.py")
PY

gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
status=0
if ((sanitize)); then
  for tool in memcheck racecheck synccheck initcheck; do
    echo "== GPU test suite under compute-sanitizer --tool $tool ($gpu)"
    CUTE_MLIR_SANITIZER=$tool python3 "$bundle/tools/lit.py" -av \
      "$obj/test/Integration/GPU" | tee "$bundle/lit-$tool.log" || status=$?
  done
  exit $status
fi

echo "== GPU test suite ($gpu)"
python3 "$bundle/tools/lit.py" -v "$obj/test/Integration/GPU" \
  | tee "$bundle/lit.log" || status=$?
echo
echo "| test | result |"
echo "|---|---|"
grep -E '^(PASS|FAIL|UNSUPPORTED|XFAIL|XPASS|UNRESOLVED): ' "$bundle/lit.log" \
  | sed -E 's/^([A-Z]+): CUTE_MLIR :: ([^ ]+).*/| \2 | \1 |/'  || true

echo
echo "== GEMM kernel times (cute-run --entry=bench: 12 launches of 8192^3)"
for example in sm80 sm90a sm90a-ws; do
  case $example in sm80) chip=sm_80 ;; *) chip=sm_90a ;; esac
  "$bundle/bin/cute-run" "$root/examples/gemm-$example.mlir" \
    "$root/examples/gemm-host.mlir" --chip="$chip" --no-cache \
    --entry=bench --repeat=1 | sed "s/^/$example: /" || status=$?
done
exit $status
