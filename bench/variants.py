"""Times several PTX builds of one bench kernel side by side, beside cuBLAS,
in the same interleaved rounds as gemm_bench.py, with no checks: an A/B of
code-generation changes, including timing-only variants whose results are
wrong on purpose (an epilogue left out, say).

  python3 bench/variants.py [--check] KERNEL SHAPES NAME=PTX[@FLAG...] ...

KERNEL is a label of gemm_bench.KERNELS (gemm-sm90a-ws-bf16, ...), SHAPES
a comma-separated list of MxNxK. FLAG launches the build differently from
KERNEL's entry: `dp` with a grid of one block per tile (no stream-K
workspace), `sk` with stream-K's grid and workspace, `smsN` as if the GPU
had N SMs, `clusterN` in clusters of (N, 1, 1) CTAs, each loading 1/N of B's
shared box, `smemN` with N bytes of dynamic shared memory, `cboxWxH` with
the epilogue storing C in boxes of W columns and H rows (swizzled by the
bytes of W columns, at most 128). Flags combine:
PTX@cluster4@sms120. Prints the GPU, then a line a shape of medians in TFLOP/s.
With --check, each variant is first checked against float64 as launched (the
bench's check shapes) and only those that pass are timed."""
import argparse
import dataclasses
import os
import statistics
import sys
from typing import Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemm_bench as gb  # noqa: E402


@dataclasses.dataclass
class Variant:
    name: str
    ptx: str
    stream_k: Optional[bool] = None  # None: as the kernel's entry says
    sms: Optional[int] = None  # None: the GPU's
    cluster: Optional[int] = None  # None: the kernel's; else (N, 1, 1)
    smem: Optional[int] = None  # None: the kernel's dynamic shared memory
    box_c: Optional[tuple] = None  # None: the kernel's; else (W, H)


def _box(text):
    """WxH as (W, H) of positive integers, else None."""
    w, x, h = text.partition("x")
    return (int(w), int(h)) if (x and w.isdigit() and h.isdigit() and int(w)
                                and int(h)) else None


def parse_variant(spec):
    """NAME=PTX[@FLAG...] as a Variant, or ValueError saying why."""
    name, eq, path = spec.partition("=")
    if not eq or not name or not path:
        raise ValueError(f"expected NAME=PTX[@FLAG...], got {spec!r}")
    path, *flags = path.split("@")
    variant = Variant(name, path)
    for flag in flags:
        if flag in ("dp", "sk"):
            variant.stream_k = flag == "sk"
        elif (flag.startswith("sms") and flag[3:].isdigit()
              and int(flag[3:]) > 0):
            variant.sms = int(flag[3:])
        elif (flag.startswith("cluster") and flag[7:].isdigit()
              and int(flag[7:]) > 0):
            variant.cluster = int(flag[7:])
        elif (flag.startswith("smem") and flag[4:].isdigit()
              and int(flag[4:]) > 0):
            variant.smem = int(flag[4:])
        elif flag.startswith("cbox") and _box(flag[4:]):
            variant.box_c = _box(flag[4:])
        else:
            raise ValueError(f"unknown flag {flag!r} in {spec!r}: dp, sk, "
                             "smsN, clusterN, smemN or cboxWxH")
    return variant


def launched_kernel(kernel, variant):
    """KERNEL's entry as VARIANT's flags launch it, or ValueError saying why
    they cannot."""
    if kernel.picks and variant != Variant(variant.name, variant.ptx):
        names = ", ".join(kernel.picks[:-1]) + " and " + kernel.picks[-1]
        raise ValueError(f"{variant.name}: {kernel.label} picks one of "
                         f"{names} by shape; flags launch one kernel: name "
                         "it instead")
    k = kernel if variant.stream_k is None else dataclasses.replace(
        kernel, stream_k=variant.stream_k)
    if variant.cluster:
        if not k.cluster or not k.box_b:
            raise ValueError(f"{variant.name}: cluster{variant.cluster} needs "
                             "a kernel launched in clusters that multicast B")
        # B's box is the cluster's shared rows split among its CTAs.
        rows = k.box_b[1] * k.cluster[0]
        if rows % variant.cluster:
            raise ValueError(f"{variant.name}: B's {rows} shared rows do not "
                             f"split among {variant.cluster} CTAs")
        k = dataclasses.replace(k, cluster=(variant.cluster, 1, 1),
                                box_b=(k.box_b[0], rows // variant.cluster))
    if variant.smem:
        k = dataclasses.replace(k, smem=variant.smem)
    if variant.box_c:
        if not k.box_c:
            raise ValueError(f"{variant.name}: cbox needs a kernel whose "
                             "epilogue stores C by TMA")
        # The build's C atom swizzles rows of W columns by their bytes.
        swizzle = min(128, variant.box_c[0] * gb.TYPE_BYTES[k.out_type])
        if swizzle not in gb.TMA_SWIZZLE or max(variant.box_c) > 256:
            raise ValueError(f"{variant.name}: no TMA box of "
                             f"{variant.box_c[0]}x{variant.box_c[1]} "
                             f"{k.out_type} with a swizzle of its row")
        k = dataclasses.replace(k, box_c=variant.box_c, swizzle_c=swizzle)
    return k


def main(argv):
    checking = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    if len(argv) < 3:
        sys.exit(__doc__)
    label = argv[0]
    try:
        shapes = gb.parse_shapes(argv[1])
        variants = [parse_variant(spec) for spec in argv[2:]]
    except (ValueError, argparse.ArgumentTypeError) as error:
        sys.exit(f"variants.py: {error}")
    kernel = next((k for k in gb.KERNELS if k.label == label), None)
    if kernel is None:
        sys.exit(f"variants.py: unknown kernel {label!r}")

    try:
        kernels = [launched_kernel(kernel, v) for v in variants]
    except ValueError as error:
        sys.exit(f"variants.py: {error}")

    import torch
    props = torch.cuda.get_device_properties(0)
    print(torch.cuda.get_device_name())
    loaded = [(v, k, gb.load(k, v.ptx)) for v, k in zip(variants, kernels)]
    if checking:
        passed = []
        for v, k, fn in loaded:
            failures = len(gb.FAILURES)
            gb.check(dataclasses.replace(k, label=v.name), fn,
                     v.sms or props.multi_processor_count)
            if len(gb.FAILURES) == failures:
                passed.append((v, k, fn))
        loaded = passed
    blas, _ = gb.cublas(kernel.in_type, kernel.out_type)
    for m, n, kk in shapes:
        sets = gb.input_sets(kernel.in_type, kernel.out_type, m, n, kk,
                             props.L2_cache_size)
        contenders = {"cuBLAS": [lambda s=s: blas(s[0], s[1]) for s in sets]}
        for v, k, fn in loaded:
            sms = v.sms or props.multi_processor_count
            contenders[v.name] = [gb.launcher(k, fn, *s, m, n, kk, sms)
                                  for s in sets]
        times = gb.time_interleaved(contenders, len(sets), 20)
        tflops = lambda ms: 2.0 * m * n * kk / ms / 1e9
        print(f"{m}x{n}x{kk}: " + "  ".join(
            f"{name} {tflops(statistics.median(t)):.1f}"
            for name, t in times.items()), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
