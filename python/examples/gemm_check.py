"""Checks and times a GEMM example's kernel on the GPU, against torch.

``run(name, compiled, launcher, dtype="float16", out_dtype="float32")``
loads the compiled module; for each shape it makes random A (M,K) and B
(N,K) of torch `dtype`, C (M,N) of `out_dtype` poisoned with NaN, calls
``launcher(module, a, b, c, m, n, k)`` for a no-argument launch, runs it and
compares C with A B^T computed in float64 (ragged shapes first, so partial
tiles are covered). Then it times the kernel and torch.matmul (cuBLAS,
`dtype` in and out) on the same random inputs: CUDA-event medians of ten
back-to-back launches, the two interleaved over several rounds. Returns the
number of failed checks; without a GPU it says why and returns 0. With
CUTE_MLIR_CHECK_ONLY=1 in the environment it only checks. `checked` and
`timed` replace the checked and timed shapes (a TMA-stored C needs N a
multiple of 8, say; a kernel specialized to one shape runs only that).
"""
import os
import statistics

from cute_mlir import runtime

CHECKED = [(1000, 3000, 520), (129, 257, 72), (128, 128, 64), (2048, 1536, 4104)]
TIMED = [(4096, 4096, 4096), (8192, 8192, 8192)]
# Exact 16-bit products summed in f32: only the order differs; a 16-bit C
# adds its rounding (bf16: 2^-9 relative).
TOLERANCE = {"float32": 1e-3, "float16": 2e-3, "bfloat16": 8e-3}


def _inputs(torch, m, n, k, dtype):
    """A and B scaled so that C is about N(0, 1)."""
    scale = k ** -0.25
    a = (torch.randn(m, k, device="cuda") * scale).to(getattr(torch, dtype))
    b = (torch.randn(n, k, device="cuda") * scale).to(getattr(torch, dtype))
    return a, b


def _tflops(torch, fn, m, n, k, launches=10):
    def many():
        for _ in range(launches):
            fn()
    return 2 * m * n * k * launches / runtime.time_ms(many, reps=10)[0] / 1e9


def run(name, compiled, launcher, rounds=5, dtype="float16",
        out_dtype="float32", checked=CHECKED, timed=TIMED):
    try:
        module = runtime.load(compiled)
    except runtime.NoGpuError as e:
        lines = sum(len(p.splitlines()) for p in compiled.ptx.values())
        print(f"{name}: compiled ({lines} lines of PTX for {compiled.chip}); not run: {e}")
        return 0
    import torch
    print(f"{name} on {runtime.device_name()}")
    failed = 0
    for m, n, k in checked:
        a, b = _inputs(torch, m, n, k, dtype)
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=getattr(torch, out_dtype))
        launcher(module, a, b, c, m, n, k)()
        torch.cuda.synchronize()
        want = a.double() @ b.double().T
        error = ((c.double() - want).abs().max() / want.abs().max()).item()
        ok = error <= TOLERANCE[out_dtype]  # False for NaN: unwritten
        failed += not ok
        print(f"  check {m}x{n}x{k}: max |C - AB^T| / max |AB^T| = {error:.1e} "
              f"{'ok' if ok else 'FAILED'}")
    for m, n, k in [] if os.environ.get("CUTE_MLIR_CHECK_ONLY") else timed:
        a, b = _inputs(torch, m, n, k, dtype)
        c = torch.empty(m, n, device="cuda", dtype=getattr(torch, out_dtype))
        c16 = torch.empty(m, n, device="cuda", dtype=getattr(torch, dtype))
        ours = launcher(module, a, b, c, m, n, k)
        theirs = lambda: torch.matmul(a, b.T, out=c16)  # noqa: E731
        results = {"ours": [], "torch": []}
        for _ in range(rounds):  # interleaved: cuBLAS's own speed drifts
            results["ours"].append(_tflops(torch, ours, m, n, k))
            results["torch"].append(_tflops(torch, theirs, m, n, k))
        mine, cublas = (statistics.median(results[key]) for key in ("ours", "torch"))
        print(f"  time {m}x{n}x{k}: {name} {mine:.0f} TF/s "
              f"[{min(results['ours']):.0f}-{max(results['ours']):.0f}], torch.matmul "
              f"{cublas:.0f} TF/s [{min(results['torch']):.0f}-{max(results['torch']):.0f}], "
              f"ratio {mine / cublas:.2f}")
    return failed
