#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-22, ASan and UBSan in build-fuzz/
# (or $CUTE_MLIR_FUZZ_BUILD_DIR), seeds them from the test suite, and runs
# each for a fixed time. Fails if any target finds a crash, a hang (an input
# over 10 s), a leak, a sanitizer report or an oracle failure (a rejection
# with no located error, a printed form that does not read back).
#
#   scripts/fuzz.sh                          # every target, 60 s each
#   scripts/fuzz.sh --seconds 1800 --jobs 2 module
#
# Targets: layout-notation layout-expression attribute module. The corpus a
# run grows stays in build-fuzz/corpus/<target>; what a target finds goes to
# build-fuzz/findings/<target>/ (crash-*, timeout-*, leak-*, oom-*). Keep a
# reproducer as a regression test in test/Fuzz/<target>/ after fixing it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${CUTE_MLIR_FUZZ_BUILD_DIR:-$root/build-fuzz}"

seconds=60
jobs=1
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) ||
  targets=(layout-notation layout-expression attribute module)

"$root/scripts/setup.sh" --deps-only
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCUTE_MLIR_FUZZERS=ON \
    -DCUTE_MLIR_BUILD_BENCHMARKS=OFF \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
ninja -C "$build" cute-layout "${targets[@]/#/cute-fuzz-}"

seeds="$build/seeds"
rm -rf "$seeds"
python3 "$root/scripts/fuzz-seeds.py" "$seeds" "$build/bin/cute-layout"

# LLVM's headers poison freed allocator memory under ASan, which Debian's
# uninstrumented libraries never unpoison: ignore user poisoning.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# With several jobs, fork mode goes on past a finding and keeps them all.
parallel=()
((jobs > 1)) && parallel=(-fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1
                          -ignore_ooms=1)

status=0
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  findings="$build/findings/$t"
  mkdir -p "$corpus" "$findings"
  echo "== fuzz $t for ${seconds}s ($jobs job(s))"
  # The saved reproducers first: each must pass before new inputs count.
  regressions=()
  [[ -d "$root/test/Fuzz/$t" ]] && regressions=("$root/test/Fuzz/$t")
  if ((${#regressions[@]})); then
    "$build/bin/cute-fuzz-$t" -runs=0 "${regressions[@]}" 2>&1 | tail -1
  fi
  if ! "$build/bin/cute-fuzz-$t" "$corpus" "$seeds/$t" \
      -dict="$seeds/cute.dict" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1 \
      -artifact_prefix="$findings/" \
      "${parallel[@]}" \
      > "$build/fuzz-$t.log" 2>&1; then
    status=1
  fi
  grep -E '^(stat::|#[0-9]+ *DONE)|INFO: fuzzed for|cov:' "$build/fuzz-$t.log" | tail -3 || true
  if compgen -G "$findings/*" > /dev/null; then
    echo "fuzz $t: findings in $findings:"; ls "$findings"
    status=1
  fi
done
exit $status
