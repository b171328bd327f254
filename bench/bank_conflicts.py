#!/usr/bin/env python3
"""Compare -cute-report-bank-conflicts with ncu's shared-memory counters.

Companion of scripts/ncu-bank-conflicts.sh, which runs it under ncu:

  bank_conflicts.py launch --kernel gemm-sm80 --ptx P --shape 4096x4096x4096
      launches the example's kernel once (through bench/gemm_bench.py's
      loader), on random inputs, for ncu to profile.
  bank_conflicts.py report --kernel gemm-sm80 --remarks R --ncu CSV --shape S
      predicts the kernel's shared-memory wavefronts from the pass's remarks
      (wavefronts one warp spends per execution of each op, times how often
      each warp executes it at that shape) and prints them next to ncu's.

The dynamic counts are each example's loop structure, written out below:
  gemm-sm80 (128x256x64 tiles, 8 warps, 3-stage cp.async ring): per block,
    the two prologue cp.async copies run min(2, kt) times, the two mainloop
    ones max(0, kt - 2) times; the ldmatrix copies of k-block 0 once before
    the mainloop and kt times in it, those of k-blocks 1-3 3 kt times, with
    kt = ceil(K / 64).
  gemm-sm90a-ws* (8 consumer warps): the epilogue's stores run once per
    output tile, each consumer warpgroup's on its 64 rows in the f16 and bf16
    kernels (the fp8 128x256 kernel's two halves once each); wgmma and TMA
    do not go through the LSU pipe ncu counts.
ncu's bank-conflict counters are wavefronts above the ideal, so predicted
conflicts = predicted wavefronts - ideal wavefronts.
"""

import argparse
import csv
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

REMARK = re.compile(r"remark: (?P<inst>[^:]+): (?P<per>\d+) per thread, "
                    r"(?P<phases>\d+) phases?, .*; (?P<warp>\d+) wavefronts "
                    r"per warp")

METRICS = {
    "ld wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "st wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "ld conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "st conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "ldgsts wavefronts":
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
    "ldgsts conflicts":
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum",
}


def parse_shape(text):
    m, n, k = (int(x) for x in text.lower().split("x"))
    return m, n, k


def read_remarks(path):
    """[(instruction, per thread, phases, wavefronts per warp)] in order."""
    out = []
    with open(path) as f:
        for line in f:
            r = REMARK.search(line)
            if r:
                out.append((r["inst"], int(r["per"]), int(r["phases"]),
                            int(r["warp"])))
    return out


# The warp-specialized kernels: their tiles' N, which of their file's
# epilogue remarks are theirs, [first, end), and how many the file has; the
# 8 consumer warps execute each of them once a tile. The f16 and bf16 files
# hold six kernels each: the 128x256 one's epilogue, the 128x192 one's, the
# 128x224 one's, the 128x160 one's, the 128x64 one's and the 128x128 one's
# (per_warpgroup: each warp's stores are its warpgroup's, on its 64 rows),
# and a seventh, the swapped kernel's (not modelled here);
# the fp8 file six: the 128x192 one's epilogue, the 128x256 one's two (a
# 128-column half each), the 128x64 one's, the 128x128 one's, the 128x160
# one's (per_warpgroup) and the swapped one's (not modelled).
EPILOGUES = {f"{name}-{n}": (n, i, i + 1, total)
             for name, total in (("gemm-sm90a-ws", 7),
                                 ("gemm-sm90a-ws-bf16", 7))
             for i, n in enumerate((256, 192, 224, 160, 64, 128))}
EPILOGUES.update({"gemm-sm90a-ws-fp8-192": (192, 0, 1, 7),
                  "gemm-sm90a-ws-fp8-256": (256, 1, 3, 7),
                  "gemm-sm90a-ws-fp8-64": (64, 3, 4, 7),
                  "gemm-sm90a-ws-fp8-128": (128, 4, 5, 7),
                  "gemm-sm90a-ws-fp8-160": (160, 5, 6, 7)})


def executions(kernel, remarks, shape):
    """For each remark, how many warp-executions the kernel makes of it at
    `shape`, or an error naming what does not match the model."""
    m, n, k = shape
    if kernel == "gemm-sm80":
        kinds = [r[0] for r in remarks]
        cp, ld = "cp.async 16B to shared", "ldmatrix.x4 from shared"
        want = [cp] * 2 + [ld] * 2 + [cp] * 2 + [ld] * 4
        if kinds != want:
            sys.exit(f"gemm-sm80: expected remarks {want}, got {kinds}; "
                     "update the model in bench/bank_conflicts.py")
        blocks = math.ceil(m / 128) * math.ceil(n / 256)
        kt = math.ceil(k / 64)
        warps = 8 * blocks
        # Prologue copies, k-block 0 before the mainloop, mainloop copies,
        # k-blocks 1-3 of each k-tile, the next k-tile's k-block 0.
        per_op = ([min(2, kt)] * 2 + [1] * 2 + [max(0, kt - 2)] * 2 +
                  [3 * kt] * 2 + [kt] * 2)
        return [warps * e for e in per_op]
    if kernel in EPILOGUES:
        tiles_n, first, end, total = EPILOGUES[kernel]
        kinds = [r[0] for r in remarks]
        if len(kinds) != total or not all(
                kind.startswith(("st.shared", "stmatrix")) for kind in kinds):
            sys.exit(f"{kernel}: expected {total} epilogue st.shared or "
                     f"stmatrix remarks, got {kinds}; update the model in "
                     "bench/bank_conflicts.py")
        tiles = math.ceil(m / 128) * math.ceil(n / tiles_n)
        return [8 * tiles if first <= i < end else 0
                for i in range(len(kinds))]
    sys.exit(f"no execution model for {kernel}")


def read_ncu(path):
    """{metric name: value} from ncu --csv output (the first kernel)."""
    values = {}
    with open(path) as f:
        rows = [line for line in f if line.startswith('"')]
    for row in csv.DictReader(rows):
        name = row.get("Metric Name")
        if name and name not in values:
            try:
                values[name] = float(row["Metric Value"].replace(",", ""))
            except ValueError:
                pass
    return values


def report(args):
    shape = parse_shape(args.shape)
    remarks = read_remarks(args.remarks)
    counts = executions(args.kernel, remarks, shape)
    predicted = {"ld": [0, 0], "st": [0, 0], "ldgsts": [0, 0]}
    print(f"{args.kernel} at {args.shape}: the pass's remarks")
    for (inst, per, phases, warp), count in zip(remarks, counts):
        side = ("ldgsts" if inst.startswith("cp.async") else
                "ld" if "from shared" in inst or inst.startswith("ld.")
                else "st")
        predicted[side][0] += warp * count
        predicted[side][1] += per * phases * count
        print(f"  {inst:28} {warp:5} wavefronts/warp x {count:>10} "
              f"warp-executions ({side})")
    measured = read_ncu(args.ncu) if args.ncu else {}
    print(f"\n{'':26}{'predicted':>16}{'ncu':>16}")

    def row(label, p, metric):
        m = measured.get(metric)
        shown = "n/a" if m is None else f"{m:,.0f}"
        print(f"  {label:24}{p:>16,}{shown:>16}")

    row("shared ld wavefronts", predicted["ld"][0], METRICS["ld wavefronts"])
    row("shared ld conflicts", predicted["ld"][0] - predicted["ld"][1],
        METRICS["ld conflicts"])
    row("shared st wavefronts", predicted["st"][0], METRICS["st wavefronts"])
    row("shared st conflicts", predicted["st"][0] - predicted["st"][1],
        METRICS["st conflicts"])
    if predicted["ldgsts"][0]:
        # LDGSTS: counted apart where this ncu has the counters, else look
        # for it in op_st.
        row("cp.async wavefronts", predicted["ldgsts"][0],
            METRICS["ldgsts wavefronts"])
        row("cp.async conflicts",
            predicted["ldgsts"][0] - predicted["ldgsts"][1],
            METRICS["ldgsts conflicts"])
    extra = {k: v for k, v in measured.items()
             if k not in METRICS.values()}
    if extra:
        print("\n  other counters ncu gave:")
        for k, v in sorted(extra.items()):
            print(f"    {k:64}{v:>16,.0f}")


def launch(args):
    sys.path.insert(0, HERE)
    import gemm_bench as gb
    import torch

    kernel = next((k for k in gb.KERNELS if k.label == args.kernel), None)
    if kernel is None:
        sys.exit(f"unknown kernel {args.kernel}")
    m, n, k = parse_shape(args.shape)
    fn = gb.load(kernel, args.ptx)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    a, b = gb.random_inputs(kernel.in_type, m, n, k)
    c = torch.empty(m, n, device="cuda", dtype=gb.dtype(kernel.out_type))
    gb.launcher(kernel, fn, a, b, c, m, n, k, sms)()
    torch.cuda.synchronize()
    print(f"launched {args.kernel} at {args.shape}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    lp = sub.add_parser("launch")
    lp.add_argument("--kernel", required=True)
    lp.add_argument("--ptx", required=True)
    lp.add_argument("--shape", default="4096x4096x4096")
    rp = sub.add_parser("report")
    rp.add_argument("--kernel", required=True)
    rp.add_argument("--remarks", required=True)
    rp.add_argument("--ncu", help="ncu --csv output of the launch")
    rp.add_argument("--shape", default="4096x4096x4096")
    args = p.parse_args()
    (launch if args.command == "launch" else report)(args)


if __name__ == "__main__":
    main()
