#!/usr/bin/env python3
"""How long `cute-opt --cute-to-ptx` takes on the GEMM examples, and an A/B
of two builds of it.

Each example is compiled to PTX `--runs` times; the table gives the median
wall time. With `--before OLD`, every run of the build under test is paired
with a run of OLD right before or after it (the order alternates), and the
table adds OLD's median and the median of the pairs' ratios, with their
quartiles. A machine whose speed drifts over minutes (a shared VM) moves
both halves of a pair alike, so the ratio of a pair is what compares the
builds; two medians taken minutes apart are not.

  bench/compile_time.py                              # build/bin/cute-opt, 9 runs
  bench/compile_time.py --before /tmp/cute-opt.old --runs 21
  bench/compile_time.py --runs 5 gemm-sm80 -- --verify-each=0

Arguments after `--` go to every cute-opt run (both builds). Only the Python
standard library is used.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The examples and the chip each is compiled for.
EXAMPLES = {
    "gemm-sm80": "sm_80",
    "gemm-sm90a": "sm_90a",
    "gemm-sm90a-ws": "sm_90a",
    "gemm-sm90a-ws-bf16": "sm_90a",
    "gemm-sm90a-ws-fp8": "sm_90a",
}


def parse_args(argv):
    extra = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    build = os.environ.get("CUTE_MLIR_BUILD_DIR", os.path.join(ROOT, "build"))
    parser = argparse.ArgumentParser(
        description="Times cute-opt --cute-to-ptx on the GEMM examples.")
    parser.add_argument("--cute-opt", default=os.path.join(build, "bin", "cute-opt"),
                        help="the build under test (default: build/bin/cute-opt)")
    parser.add_argument("--before", metavar="CUTE_OPT",
                        help="an earlier build, run in pairs with the one under test")
    parser.add_argument("--runs", type=int, default=9,
                        help="runs (pairs with --before) per example, default 9")
    parser.add_argument("examples", nargs="*", metavar="EXAMPLE",
                        help="examples/<EXAMPLE>.mlir (default: all GEMM examples: "
                        + ", ".join(EXAMPLES) + ")")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs: expected at least 1, got %d" % args.runs)
    for name in args.examples:
        if name not in EXAMPLES:
            parser.error("unknown example %s (expected one of %s)"
                         % (name, ", ".join(EXAMPLES)))
    args.examples = args.examples or list(EXAMPLES)
    args.extra = extra
    return args


def compile_once(cute_opt, example, extra):
    """Wall seconds of one compile; exits with cute-opt's error if it fails."""
    command = [cute_opt, os.path.join(ROOT, "examples", example + ".mlir"),
               "--cute-to-ptx=chip=" + EXAMPLES[example], "-o", os.devnull] + extra
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("error: %s failed (exit %d):\n%s"
                 % (" ".join(command), done.returncode, done.stderr))
    return seconds


def quartiles(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 4], ordered[(3 * len(ordered)) // 4]


def main(argv):
    args = parse_args(argv)
    if args.before:
        print("%-20s %-7s %5s %9s %9s %7s  %s"
              % ("example", "chip", "pairs", "new s", "before s", "new/bef",
                 "quartiles"))
    else:
        print("%-20s %-7s %5s %9s" % ("example", "chip", "runs", "median s"))
    for example in args.examples:
        new, before = [], []
        runs = [(new, args.cute_opt)]
        if args.before:
            runs.append((before, args.before))
        for i in range(args.runs):
            # Alternating which build goes first keeps a drift from favouring one.
            for times, cute_opt in (runs if i % 2 == 0 else runs[::-1]):
                times.append(compile_once(cute_opt, example, args.extra))
        if not args.before:
            print("%-20s %-7s %5d %9.3f" % (example, EXAMPLES[example], args.runs,
                                            statistics.median(new)))
            continue
        ratios = [n / b for n, b in zip(new, before)]
        low, high = quartiles(ratios)
        print("%-20s %-7s %5d %9.3f %9.3f %7.3f  %.3f-%.3f"
              % (example, EXAMPLES[example], args.runs, statistics.median(new),
                 statistics.median(before), statistics.median(ratios), low, high))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
