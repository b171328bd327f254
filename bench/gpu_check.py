#!/usr/bin/env python3
"""Checks and times PTX that cute-opt wrote, on the GPU machine.

The PTX is compiled here (cute-opt --cute-to-ptx, then --cute-write-ptx) and
only the .ptx files travel; this script loads them through CuPy (the driver
JIT), runs every kernel on fresh random inputs, compares with a float64
reference computed by torch, and times the GEMM examples against cuBLAS
(torch.matmul) and a plain Triton matmul (128x128x64 tiles, 4 stages) with
CUDA events. The ratios are ours / theirs in throughput.

  python3 bench/gpu_check.py --atoms DIR/atoms.sm_90a.ptx \
      --wgmma DIR/wgmma.sm_90a.ptx --gemm-sm80 DIR/gemm-sm80.sm_80.ptx \
      --gemm-sm90a DIR/gemm-sm90a.sm_90a.ptx

Kernel arguments follow MLIR's memref calling convention: each
memref<NxT> is (allocated ptr, aligned ptr, offset, size, stride).
"""

import argparse
import ctypes
import re
import statistics
import sys

import cupy as cp
import numpy as np
import torch

FAILURES = []

try:
    import triton
    import triton.language as tl

    @triton.jit
    def _triton_matmul(a, b, c, m, n, k, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr):
        """C (f32) = A (M,K) * B (N,K)^T, the examples' problem."""
        pm, pn = tl.program_id(0), tl.program_id(1)
        rm = pm * BM + tl.arange(0, BM)
        rn = pn * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, k, BK):
            x = tl.load(a + rm[:, None] * k + (k0 + rk)[None, :])
            y = tl.load(b + rn[None, :] * k + (k0 + rk)[:, None])
            acc += tl.dot(x, y)
        tl.store(c + rm[:, None] * n + rn[None, :], acc)

    def triton_matmul(a, b, c):
        m, k = a.shape
        n = b.shape[0]
        _triton_matmul[(m // 128, n // 128)](a, b, c, m, n, k, BM=128, BN=128,
                                             BK=64, num_warps=8, num_stages=4)
except ImportError:
    triton_matmul = None


def memref(t):
    """The five kernel parameters of a contiguous 1-D memref over `t`."""
    ptr = np.uint64(t.data_ptr())
    return [ptr, ptr, np.int64(0), np.int64(t.numel()), np.int64(1)]


def rel_error(out, ref):
    out, ref = out.double(), ref.double()
    if not torch.isfinite(out).all():
        return float("inf")
    return ((out - ref).norm() / ref.norm()).item()


def report(name, err, tol):
    ok = err <= tol
    if not ok:
        FAILURES.append(name)
    print(f"{name:<34} rel.err {err:9.2e}  tol {tol:7.0e}  "
          f"{'ok' if ok else 'FAIL'}")


ATOM_NAME = re.compile(r"(SM\d+)_(\d+)x(\d+)x(\d+)_([A-Z0-9]+)_([A-Z]+)")
TYPE_TOKEN = re.compile(r"TF32|BF16|F16|F32|F64|S32|S8|U8|E4M3|E5M2")
ACCUMULATOR = {"f16": torch.float16, "f32": torch.float32,
               "f64": torch.float64, "s32": torch.int32}


def atom_problem(name):
    """(M, N, K, A kind, B kind, C dtype, threads, tolerance) of a kernel
    named after its atom (scripts/gen-atom-kernels.py)."""
    arch, m, n, k, types, _ = ATOM_NAME.fullmatch(name).groups()
    d, a, b = [t.lower() for t in TYPE_TOKEN.findall(types)][:3]
    threads = 128 if arch == "SM90" else 32
    # f16 accumulators round every partial sum; tf32 drops 13 bits of each
    # f32 input; f32 sums of exact products differ from float64 only in the
    # order of the additions - except in Hopper's fp8 wgmma, whose f32
    # accumulation keeps fewer mantissa bits (measured: 5e-5 at K = 32 on
    # every N, SS and RS alike, where fp8 mma.sync gives 1e-7).
    tol = {"f16": 3e-3, "f64": 1e-14, "s32": 0}.get(d, 2e-3 if a == "tf32"
                                                  else 1e-5)
    if arch == "SM90" and a in ("e4m3", "e5m2"):
        tol = 2e-4
    return (int(m), int(n), int(k), a, b, ACCUMULATOR[d], threads, tol)


def random_operand(kind, rows, cols):
    """A device tensor of `kind` and its exact float64 value."""
    dev = "cuda"
    if kind in ("s8", "u8"):
        lo, hi = (-128, 128) if kind == "s8" else (0, 256)
        dtype = torch.int8 if kind == "s8" else torch.uint8
        t = torch.randint(lo, hi, (rows, cols), device=dev).to(dtype)
        return t, t.double()
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16,
             "tf32": torch.float32, "f64": torch.float64,
             "e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2}[kind]
    t = torch.randn(rows, cols, device=dev).to(dtype)
    return t, t.double()


def check_atoms(path):
    """Every kernel of a PTX file of atom kernels, one atom tile each."""
    module = cp.RawModule(path=path)
    names = re.findall(r"^\.visible \.entry (\w+)\(", open(path).read(),
                       re.M)
    if not names:
        FAILURES.append(f"no kernels in {path}")
    for name in names:
        m, n, k, ka, kb, acc, threads, tol = atom_problem(name)
        a, a64 = random_operand(ka, m, k)
        b, b64 = random_operand(kb, n, k)
        if acc == torch.int32:
            c = torch.randint(-1000, 1000, (m, n), device="cuda",
                              dtype=torch.int32)
        else:
            c = torch.randn(m, n, device="cuda").to(acc)
        ref = c.double() + a64 @ b64.T
        # The atom's raw bits: 8-bit floats travel as bytes.
        args = [a.view(torch.uint8) if a.element_size() == 1 else a,
                b.view(torch.uint8) if b.element_size() == 1 else b, c]
        params = sum((memref(t) for t in args), [])
        module.get_function(name)((1, 1, 1), (threads, 1, 1), tuple(params))
        cp.cuda.runtime.deviceSynchronize()
        report(name, rel_error(c, ref), tol)


# name: (N, input dtype); M = K = 64, f32 accumulators.
WGMMA = {
    "wgmma_f16_n64": (64, torch.float16),
    "wgmma_bf16_n128": (128, torch.bfloat16),
}


def check_wgmma(path):
    module = cp.RawModule(path=path)
    for name, (n, dtype) in WGMMA.items():
        a = torch.randn(64, 64, device="cuda").to(dtype)
        b = torch.randn(n, 64, device="cuda").to(dtype)
        c = torch.randn(64, n, device="cuda")
        ref = c.double() + a.double() @ b.double().T
        params = memref(a) + memref(b) + memref(c)
        module.get_function(name)((1, 1, 1), (128, 1, 1), tuple(params))
        cp.cuda.runtime.deviceSynchronize()
        report(name, rel_error(c, ref), 1e-6)


def _libcuda():
    lib = ctypes.CDLL("libcuda.so.1")
    lib.cuTensorMapEncodeTiled.restype = ctypes.c_int
    return lib


def tensor_map(t, box):
    """A device copy of the CUtensorMap of a row-major f16 matrix t, as
    cuteTmaDescriptorCreate encodes it: dimensions innermost first, the box
    [64, 128], a 128-byte swizzle, 128-byte L2 promotion, zero fill."""
    rows, cols = t.shape
    u64x2, u32x2 = ctypes.c_uint64 * 2, ctypes.c_uint32 * 2
    encoded = (ctypes.c_uint64 * 16)()  # 128 bytes, 64-byte aligned
    status = _libcuda().cuTensorMapEncodeTiled(
        encoded, 6, 2, ctypes.c_void_p(t.data_ptr()), u64x2(cols, rows),
        u64x2(cols * 2, 0), u32x2(*box), u32x2(1, 1), 0, 3, 2, 0)
    if status != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed with {status}")
    return torch.tensor(list(encoded), dtype=torch.int64, device="cuda")


# The sm_90a example's dynamic shared memory: three stages and three mbarriers.
SM90A_SMEM = 3 * 32768 + 24
# The sm_80 example's: three stages of 128x64 and 256x64 f16 k-tiles of A and
# B; its 256-thread blocks compute 128x256 tiles.
SM80_SMEM = 3 * (16384 + 32768)


def launch_gemm(module, a, b, c, m, n, k):
    scalars = [np.int64(m), np.int64(n), np.int64(k)]
    function = module.get_function("gemm_tn")
    if id(module) in TMA_MAPS:  # sm_90a: gemm_tn(descA, descB, C, M, N, K)
        maps = TMA_MAPS[id(module)]
        key = (a.data_ptr(), b.data_ptr(), m, n, k)
        if key not in maps:
            maps[key] = (tensor_map(a, (64, 128)), tensor_map(b, (64, 128)))
        da, db = maps[key]
        params = [np.uint64(da.data_ptr()), np.uint64(db.data_ptr())]
        function.max_dynamic_shared_size_bytes = SM90A_SMEM
        grid = ((m + 127) // 128, (n + 127) // 128, 1)
        function(grid, (128, 1, 1), tuple(params + memref(c) + scalars),
                 shared_mem=SM90A_SMEM)
    else:  # sm_80: gemm_tn(A, B, C, M, N, K)
        function.max_dynamic_shared_size_bytes = SM80_SMEM
        grid = ((m + 127) // 128, (n + 255) // 256, 1)
        function(grid, (256, 1, 1),
                 tuple(memref(a) + memref(b) + memref(c) + scalars),
                 shared_mem=SM80_SMEM)


# Encoded tensor maps per TMA module, by operand, built once per input set.
TMA_MAPS = {}


def time_ms(fn, sets, warmup=5, reps=30):
    """Median of CUDA-event times of fn(*inputs), rotating input sets."""
    for i in range(warmup):
        fn(*sets[i % len(sets)])
    times = []
    for i in range(reps):
        start, end = torch.cuda.Event(True), torch.cuda.Event(True)
        args = sets[i % len(sets)]
        start.record()
        fn(*args)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times), min(times), max(times)


def check_and_time_gemm(path, label, tma=False):
    """The sm_80 GEMM takes gemm_tn(A, B, C, M, N, K); the sm_90a one takes
    TMA descriptors of A and B instead of A and B."""
    module = cp.RawModule(path=path)
    if tma:
        TMA_MAPS[id(module)] = {}
    for m, n, k in [(128, 128, 32), (256, 384, 96), (1024, 512, 256),
                    (2048, 2048, 1024), (4096, 4096, 4096), (200, 136, 72),
                    (1000, 3000, 520)]:
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(n, k, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda")
        launch_gemm(module, a, b, c, m, n, k)
        torch.cuda.synchronize()
        ref = a.double() @ b.double().T
        report(f"{label} {m}x{n}x{k}", rel_error(c, ref), 1e-5)

    print()
    if triton_matmul:
        a = torch.randn(512, 256, device="cuda").half()
        b = torch.randn(384, 256, device="cuda").half()
        c = torch.full((512, 384), float("nan"), device="cuda")
        triton_matmul(a, b, c)
        report("triton reference kernel", rel_error(c, a.double() @ b.double().T),
               1e-5)
    print(f"{label + ' f16 TN f32 acc':<22}{'ours ms':>9}{'cuBLAS ms':>11}"
          f"{'ours TF/s':>11}{'cuBLAS TF/s':>13}{'ratio':>7}"
          f"{'Triton TF/s':>13}{'ratio':>7}")
    for size in (2048, 4096, 8192):
        m = n = k = size
        sets = []
        for _ in range(3):  # rotate through more than L2 holds
            sets.append((torch.randn(m, k, device="cuda").half(),
                         torch.randn(n, k, device="cuda").half(),
                         torch.empty(m, n, device="cuda")))
        ours = time_ms(lambda a, b, c: launch_gemm(module, a, b, c, m, n, k),
                       sets)
        # cuBLAS: the same product, f16 out (torch has no f16 x f16 -> f32).
        cublas = time_ms(lambda a, b, c: torch.matmul(a, b.T), sets)
        flop = 2.0 * m * n * k
        tf = lambda ms: flop / ms / 1e9
        line = (f"{size}^3{'':<17}{ours[0]:9.3f}{cublas[0]:11.3f}"
                f"{tf(ours[0]):11.1f}{tf(cublas[0]):13.1f}"
                f"{cublas[0] / ours[0]:7.2f}")
        if triton_matmul:
            tri = time_ms(triton_matmul, sets)
            line += f"{tf(tri[0]):13.1f}{tri[0] / ours[0]:7.2f}"
        print(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atoms", nargs="+", default=[],
                        help="PTX of test/GPU/mma-atoms.mlir and "
                        "test/GPU/wgmma-atoms.mlir")
    parser.add_argument("--wgmma", help="PTX of test/GPU/wgmma.mlir")
    parser.add_argument("--gemm-sm80", help="PTX of examples/gemm-sm80.mlir")
    parser.add_argument("--gemm-sm90a",
                        help="PTX of examples/gemm-sm90a.mlir")
    args = parser.parse_args()
    torch.manual_seed(0)
    print(torch.cuda.get_device_name(), "torch", torch.__version__)
    for path in args.atoms:
        check_atoms(path)
    if args.wgmma:
        check_wgmma(args.wgmma)
    if args.gemm_sm80:
        check_and_time_gemm(args.gemm_sm80, "gemm_sm80")
    if args.gemm_sm90a:
        check_and_time_gemm(args.gemm_sm90a, "gemm_sm90a", tma=True)
    if FAILURES:
        print("FAILED:", ", ".join(FAILURES))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
