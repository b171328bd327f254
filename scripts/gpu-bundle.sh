#!/usr/bin/env bash
# Packs what the GPU test suite needs into DIR (default .gpu/, which git
# ignores) for a GPU machine with no package registry that receives at most
# 64 MiB: cute-run, libCuteRuntime.so and libCuteMlirCAPI.so (the Python
# package's library), the Debian packages of the LLVM, MLIR and Z3 libraries
# they link (unpacked there into a private prefix),
# lit, FileCheck, not, count, mlir-opt and mlir-runner, and the PTX that
# bench/gpu_check.py loads.
# Then, on the GPU machine, from a copy of the working tree:
#   scripts/gpu-test.sh DIR      (the lit GPU suite, cute-run timings)
#   scripts/gpu-python.sh DIR    (the Python examples and pytest suite)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CUTE_MLIR_BUILD_DIR:-$root/build}"
out="$(mkdir -p "${1:-$root/.gpu}" && cd "${1:-$root/.gpu}" && pwd)"

ninja -C "$build" cute-run cute-opt CuteRuntime CuteMlirCAPI >/dev/null
mkdir -p "$out/bin" "$out/lib" "$out/debs" "$out/tools"
# cute-run and the C API's library travel xz-compressed (2.2 MB instead of 8.8), so
# that the GPU suite, the Python package and the bench fit one trip;
# gpu-prefix.sh unpacks them there.
rm -f "$out/bin/cute-run" "$out/lib/libCuteMlirCAPI.so"
strip -o "$out/bin/cute-run" "$build/bin/cute-run"
strip -o "$out/lib/libCuteMlirCAPI.so" "$build/lib/libCuteMlirCAPI.so"
xz -9 -f -T0 "$out/bin/cute-run" "$out/lib/libCuteMlirCAPI.so"
cp "$build/lib/libCuteRuntime.so" "$out/lib/"

# The shared libraries cute-run needs beyond what Ubuntu 24.04 has.
if ! ls "$out"/debs/libllvm22_*.deb "$out"/debs/libmlir-22_*.deb \
    "$out"/debs/libz3-4_*.deb >/dev/null 2>&1; then
  (cd "$out/debs" && apt-get download libllvm22 libmlir-22 libz3-4)
fi

llvm=/usr/lib/llvm-22
cp "$llvm/bin/FileCheck" "$llvm/bin/not" "$llvm/bin/count" \
  "$llvm/bin/mlir-runner" "$out/tools/"
# Debian's mlir-opt for the drop-in test of the runtime under mlir-runner,
# compressed (14 MB, 2 MB as xz) to fit in what travels.
xz -9 -c "$llvm/bin/mlir-opt" > "$out/tools/mlir-opt.xz"
rm -rf "$out/tools/lit"
cp -r "$llvm/utils/lit/lit" "$out/tools/lit"
cat > "$out/tools/lit.py" <<'PY'
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lit.main import main
main()
PY

"$root/scripts/gpu-ptx.sh" "$out" >/dev/null
du -sh "$out"
