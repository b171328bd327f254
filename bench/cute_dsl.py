"""CuTe DSL's persistent, warp-specialized Hopper GEMM as a timing peer.

CUTLASS ships it as an example, not a library function:
examples/python/CuTeDSL/hopper/dense_gemm_persistent.py (CUTLASS 4.3 and
4.4; from 4.5 under cute/hopper/kernel/dense_gemm/), class
HopperWgmmaGemmPersistentKernel. It needs the nvidia-cutlass-dsl package of
the same release. gemm_bench.py's --cute-dsl PATH loads it from a CUTLASS
checkout; nothing of it is part of this repository.

Each config (CTA tile, cluster, rasterization swizzle) is compiled once per
type combination with dynamic layouts, so one compiled kernel runs every
shape. A and B are (rows, K) row-major, C (M, N) row-major: CuTe DSL's
"k"-major A and B and "n"-major C, each given a batch mode of 1.
"""

import importlib.util

# Our type names -> CuTe DSL's numeric type names.
NUMERIC = {"f16": "Float16", "bf16": "BFloat16", "e4m3": "Float8E4M3FN",
           "f32": "Float32"}
# (CTA tile (M, N), cluster (M, N), swizzle of the tile order). 128x256 on
# 2x1 clusters is our kernels' shape; the others are what the example's
# options allow and may suit other shapes.
CONFIGS = [((128, 256), (2, 1), 1), ((128, 256), (2, 1), 8),
           ((128, 256), (1, 2), 8), ((128, 128), (2, 1), 8)]


def load_example(path):
    spec = importlib.util.spec_from_file_location("dense_gemm_persistent",
                                                  path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def variants(path, in_type, out_type):
    """{name: fn(a, b, c)} for each config that compiles; a, b, c are the
    torch tensors the bench times (fp8 as float8_e4m3fn)."""
    import cuda.bindings.driver as cuda
    import cutlass
    import cutlass.cute as cute
    import torch
    from cutlass.cute.runtime import from_dlpack

    example = load_example(path)
    kernel_class = example.HopperWgmmaGemmPersistentKernel
    numeric = {t: getattr(cutlass, NUMERIC[t]) for t in (in_type, out_type)}

    def cute_tensor(t, type_name):
        """(rows, cols) row-major -> (rows, cols, 1), cols contiguous; fp8
        travels as int8 (DLPack has no fp8) and is retyped."""
        rows, cols = t.shape
        if t.element_size() == 1:
            t = t.view(torch.int8)
        ct = from_dlpack(t.as_strided((rows, cols, 1), (cols, 1, rows * cols)),
                         assumed_align=16)
        ct.element_type = numeric[type_name]
        return ct.mark_layout_dynamic(leading_dim=1)

    def torch_type(name):
        return {"f16": torch.float16, "bf16": torch.bfloat16,
                "e4m3": torch.float8_e4m3fn, "f32": torch.float32}[name]

    # Example tensors for compilation: layouts are dynamic, so their
    # extents do not matter beyond alignment.
    sample = [torch.empty(r, c, device="cuda", dtype=torch_type(t))
              for r, c, t in ((256, 256, in_type), (256, 256, in_type),
                              (256, 256, out_type))]
    found = {}
    for tile, cluster, swizzle in CONFIGS:
        name = (f"{tile[0]}x{tile[1]} c{cluster[0]}x{cluster[1]} "
                f"sw{swizzle}")
        try:
            gemm = kernel_class(cutlass.Float32, tile, cluster, swizzle, True)
            clusters = cutlass.utils.HardwareInfo().get_max_active_clusters(
                cluster[0] * cluster[1])
            stream = cuda.CUstream(torch.cuda.current_stream().cuda_stream)
            compiled = cute.compile(
                gemm, cute_tensor(sample[0], in_type),
                cute_tensor(sample[1], in_type),
                cute_tensor(sample[2], out_type), clusters, stream)
        except Exception as e:  # a type or tile the example does not take
            print(f"cute-dsl {name}: skipped ({type(e).__name__}: "
                  f"{str(e).splitlines()[0][:120] if str(e) else ''})")
            continue
        found[name] = _runner(compiled, cute_tensor, in_type, out_type, cuda,
                              torch)
    return found


def _runner(compiled, cute_tensor, in_type, out_type, cuda, torch):
    """fn(a, b, c) launching `compiled` on the current stream. The DLPack
    wrappers of the timing sets are made once and kept."""
    wrapped = {}

    def wrap(t, type_name):
        key = (t.data_ptr(), tuple(t.shape))
        if key not in wrapped:
            wrapped[key] = (t, cute_tensor(t, type_name))
        return wrapped[key][1]

    def run(a, b, c):
        stream = cuda.CUstream(torch.cuda.current_stream().cuda_stream)
        compiled(wrap(a, in_type), wrap(b, in_type), wrap(c, out_type),
                 stream)
    return run
