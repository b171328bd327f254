"""Launching from Python: argument checks on any machine, NoGpuError where
there is no GPU, and GEMMs checked element by element on the GPU."""

import ctypes
import os
import pathlib
import shutil

import pytest

from conftest import NO_GPU, requires_gpu
from cute_mlir import compile, compiler, runtime
from cute_mlir.compiler import Kernel

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
HAVE_PTXAS = bool(shutil.which("ptxas")) or os.path.exists(
    "/usr/local/cuda/bin/ptxas")


class FakeCudaArray:
    """A device array as numba or cupy describe it."""

    def __init__(self, address, shape, typestr, strides=None):
        self.__cuda_array_interface__ = {
            "data": (address, False), "shape": shape, "typestr": typestr,
            "strides": strides, "version": 3}


def values(args):
    return [a.value for a in args]


def test_memref_arguments_expand_as_the_lowering_takes_them():
    staged = []
    a = FakeCudaArray(0x1000, (4, 6), "<f2")
    # A rank-2 memref: allocated, aligned, offset, sizes, strides.
    assert values(runtime._marshal("memref<?x?xf16, 1>", a, staged, 0)) == \
        [0x1000, 0x1000, 0, 4, 6, 6, 1]
    # A rank-1 memref takes a contiguous tensor flattened.
    assert values(runtime._marshal("memref<?xf16, 1>", a, staged, 0)) == \
        [0x1000, 0x1000, 0, 24, 1]
    strided = FakeCudaArray(0x1000, (4, 6), "<f2", strides=(24, 2))
    with pytest.raises(TypeError, match="rank-2 tensor for a rank-1 memref"):
        runtime._marshal("memref<?xf16, 1>", strided, staged, 3)
    assert values(runtime._marshal("memref<?x?xf16, 1>", strided, staged,
                                   0))[-2:] == [12, 1]


def test_scalar_and_pointer_arguments():
    assert values(runtime._marshal("index", 7, [], 0)) == [7]
    assert values(runtime._marshal("i32", -3, [], 0)) == [-3]
    assert values(runtime._marshal("f32", 0.5, [], 0)) == [0.5]
    assert values(runtime._marshal("!llvm.ptr", 0x2000, [], 0)) == [0x2000]
    assert values(runtime._marshal(
        "!cute.ptr<f16, gmem>", FakeCudaArray(0x3000, (8,), "<f2"), [],
        0)) == [0x3000]
    with pytest.raises(TypeError, match=r"argument 2 \(index\)"):
        runtime._marshal("index", "seven", [], 2)
    with pytest.raises(TypeError, match="cannot be passed"):
        runtime._marshal("vector<4xf32>", 1, [], 0)


def test_launch_shapes_are_checked():
    assert runtime._dims((4, 2), "grid") == (4, 2, 1)
    assert runtime._dims(128, "block") == (128, 1, 1)
    with pytest.raises(ValueError, match="grid"):
        runtime._dims((0, 1), "grid")
    with pytest.raises(ValueError, match="block"):
        runtime._dims((1, 1, 1, 1), "block")


def test_a_specialized_kernel_takes_only_its_values():
    kernel = Kernel("kernels", "k", ["!llvm.ptr", "index", "i32"],
                    known={1: 2048, 2: -1}, grid=[132, 1, 1],
                    cluster=[2, 1, 1])
    check = runtime._check_specialization
    check(kernel, [0, 2048, -1], (132, 1, 1), (2, 1, 1))
    # The i32 value as the kernel reads it: 2^32 - 1 is -1.
    check(kernel, [0, 2048, 2**32 - 1], (132, 1, 1), (2,))
    with pytest.raises(ValueError, match=r"k was compiled for argument 1 "
                       r"\(index\) = 2048 \(its cute.known_value\), not 4096"):
        check(kernel, [0, 4096, -1], (132, 1, 1), (2, 1, 1))
    with pytest.raises(ValueError, match=r"argument 2 \(i32\) = -1"):
        check(kernel, [0, 2048, 7], (132, 1, 1), (2, 1, 1))
    with pytest.raises(ValueError, match=r"k was compiled for a grid of "
                       r"\(132, 1, 1\) \(its known_grid_size\), not \(114, 1, 1\)"):
        check(kernel, [0, 2048, -1], (114, 1, 1), (2, 1, 1))
    with pytest.raises(ValueError, match=r"a cluster of \(2, 1, 1\)"):
        check(kernel, [0, 2048, -1], (132, 1, 1), None)
    # A cached module keeps what the kernel was compiled for.
    again = compiler.CompiledModule.from_json(compiler.CompiledModule(
        "sm_90a", {}, {"k": kernel}).to_json())
    assert again.kernels["k"].known == {1: 2048, 2: -1}
    assert again.kernels["k"].grid == [132, 1, 1]


@pytest.mark.skipif(NO_GPU is None, reason="a GPU is present")
def test_without_a_gpu_loading_raises_no_gpu_error():
    module = compile((EXAMPLES / "gemm-sm80.mlir").read_text(), chip="sm_80")
    with pytest.raises(runtime.NoGpuError):
        runtime.load(module)
    with pytest.raises(runtime.NoGpuError):
        runtime.device_name()
    with pytest.raises(runtime.NoGpuError):
        runtime.multiprocessor_count()


# On the GPU.

def _torch():
    return pytest.importorskip("torch")


def _chip():
    torch = _torch()
    major, minor = torch.cuda.get_device_capability()
    return f"sm_{major}{minor}" + ("a" if major == 9 else "")


SHAPES = [(128, 128, 32), (200, 136, 72), (1000, 3000, 520), (256, 384, 96)]


@requires_gpu
def test_multiprocessor_count_is_the_devices():
    torch = _torch()
    assert runtime.multiprocessor_count() == \
        torch.cuda.get_device_properties(0).multi_processor_count


@requires_gpu
@pytest.mark.parametrize("m,n,k", SHAPES)
@pytest.mark.parametrize("format", ["ptx", "cubin"])
def test_sm80_gemm_from_python_matches_float64(m, n, k, format):
    torch = _torch()
    if format == "cubin" and not HAVE_PTXAS:
        pytest.skip("ptxas not installed")
    module = runtime.load(compile((EXAMPLES / "gemm-sm80.mlir").read_text(),
                                  chip=_chip(), format=format))
    gemm = module["gemm_tn"]
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    c = torch.full((m, n), float("nan"), device="cuda")
    gemm(a, b, c, m, n, k, grid=((m + 127) // 128, (n + 255) // 256),
         smem=147456)
    runtime.synchronize()
    ref = a.double() @ b.double().T
    err = ((c.double() - ref).norm() / ref.norm()).item()
    assert not torch.isnan(c).any() and err < 1e-5, err


@requires_gpu
def test_a_kernel_of_an_mlir_file_compiled_for_its_shape_matches_float64():
    torch = _torch()
    m, n, k = 200, 136, 72
    grid = ((m + 127) // 128, (n + 255) // 256)
    source = compiler.specialize((EXAMPLES / "gemm-sm80.mlir").read_text(),
                                 "gemm_tn", values={3: m, 4: n, 5: k},
                                 grid=grid)
    gemm = runtime.load(compile(source, chip=_chip()))["gemm_tn"]
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    c = torch.full((m, n), float("nan"), device="cuda")
    gemm(a, b, c, m, n, k, grid=grid, smem=147456)
    runtime.synchronize()
    ref = a.double() @ b.double().T
    assert not torch.isnan(c).any()
    assert ((c.double() - ref).abs() <= 1e-3 * ref.abs().max()).all()
    with pytest.raises(ValueError, match=r"argument 4 \(index\) = 136"):
        gemm(a, b, c, m, 128, k, grid=grid, smem=147456)


@requires_gpu
def test_numpy_arguments_are_copied_in_and_out():
    np = pytest.importorskip("numpy")
    m = n = 128
    k = 64
    module = runtime.load(compile((EXAMPLES / "gemm-sm80.mlir").read_text(),
                                  chip=_chip()))
    rng = np.random.default_rng(7)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((n, k)).astype(np.float16)
    c = np.full((m, n), np.nan, dtype=np.float32)
    # The launch gives the kernel its 144 KiB of dynamic shared memory by
    # default.
    module["gemm_tn"](a, b, c, m, n, k, grid=(1, 1))
    ref = a.astype(np.float64) @ b.astype(np.float64).T
    assert np.linalg.norm(c - ref) / np.linalg.norm(ref) < 1e-5


@requires_gpu
def test_launch_errors_are_named():
    module = runtime.load(compile((EXAMPLES / "gemm-sm80.mlir").read_text(),
                                  chip=_chip()))
    torch = _torch()
    a = torch.zeros(16, device="cuda", dtype=torch.float16)
    with pytest.raises(TypeError, match="takes 6 arguments"):
        module["gemm_tn"](a, a, grid=1)
    with pytest.raises(runtime.CudaError, match="CUDA_ERROR_INVALID_VALUE"):
        module["gemm_tn"](a, a, a.float(), 1, 1, 1, grid=1, block=(2048,))
    with pytest.raises(ValueError, match="gemm_tn uses 147456 bytes of dynamic "
                       "shared memory; smem=49152 would let it read"):
        module["gemm_tn"](a, a, a.float(), 1, 1, 1, grid=1, smem=49152)
    with pytest.raises(KeyError, match="no kernel"):
        module["gemm_nt"]


@requires_gpu
def test_timing_with_events_on_a_stream():
    torch = _torch()
    module = runtime.load(compile((EXAMPLES / "gemm-sm80.mlir").read_text(),
                                  chip=_chip()))
    m = n = k = 1024
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    c = torch.empty(m, n, device="cuda")
    stream = torch.cuda.Stream()
    median, times = runtime.time_ms(
        lambda: module["gemm_tn"](a, b, c, m, n, k, grid=(8, 4),
                                  smem=147456, stream=stream),
        reps=10, stream=stream)
    assert len(times) == 10 and 0 < median < 100
    print(f"\nsm80 gemm 1024^3 on {runtime.device_name()}: {median:.3f} ms, "
          f"{2 * m * n * k / median / 1e9:.1f} TFLOP/s")
