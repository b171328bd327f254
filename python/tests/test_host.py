"""Host functions from Python: compiled through cute-to-llvm, JIT-compiled
in-process and called on tensors. CPU-only programs run everywhere; the
GEMM example's launcher runs on torch tensors on the GPU."""

import ctypes
import pathlib
import time

import pytest

from conftest import NO_GPU, requires_gpu
from cute_mlir import compiler, host, runtime

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"

SCALE_SUM = """
func.func @scale_sum(%x: memref<?xf32>, %y: memref<?xf32>, %s: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %y[%i] : memref<?xf32>
    %a = arith.addf %acc, %w : f32
    scf.yield %a : f32
  }
  return %sum : f32
}
func.func @count(%m: memref<3x?xi32>) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %m, %c1 : memref<3x?xi32>
  %v = memref.load %m[%c2, %c1] : memref<3x?xi32>
  return %n, %v : index, i32
}
func.func private @helper() { return }
"""


class HostArray:
    """Host memory as numpy describes it (__array_interface__)."""

    def __init__(self, values, shape=None, ctype=ctypes.c_float,
                 typestr="<f4"):
        self.buffer = (ctype * len(values))(*values)
        self.__array_interface__ = {
            "data": (ctypes.addressof(self.buffer), False),
            "shape": shape or (len(values),), "typestr": typestr,
            "version": 3}


def test_a_host_function_runs_on_host_arrays():
    program = host.compile(SCALE_SUM, chip="sm_80")
    assert sorted(program.functions) == ["count", "scale_sum"]
    f = program.functions["scale_sum"]
    assert f.arguments == ["memref<?xf32>", "memref<?xf32>", "f32"]
    assert f.results == ["f32"]
    engine = host.load(program)
    x = HostArray([1.0, 2.0, 3.0, 4.5])
    y = HostArray([float("nan")] * 4)
    assert engine["scale_sum"](x, y, 2.0) == 21.0
    assert list(y.buffer) == [2.0, 4.0, 6.0, 9.0]
    m = HostArray(list(range(12)), shape=(3, 4), ctype=ctypes.c_int32,
                  typestr="<i4")
    assert engine["count"](m) == (4, 9)


def test_arguments_are_checked_against_the_signature():
    engine = host.load(host.compile(SCALE_SUM, chip="sm_80"))
    x = HostArray([1.0, 2.0])
    with pytest.raises(TypeError, match="takes 3 arguments"):
        engine["scale_sum"](x, x)
    ints = HostArray([1, 2], ctype=ctypes.c_int32, typestr="<i4")
    with pytest.raises(TypeError, match="int32 tensor for f32 elements"):
        engine["scale_sum"](ints, x, 1.0)
    with pytest.raises(TypeError, match=r"argument 2 \(f32\)"):
        engine["scale_sum"](x, x, "two")
    wrong_rows = HostArray(list(range(8)), shape=(2, 4),
                           ctype=ctypes.c_int32, typestr="<i4")
    with pytest.raises(TypeError, match="size 2 in dimension 0"):
        engine["count"](wrong_rows)
    with pytest.raises(KeyError, match="no host function 'helper'"):
        engine["helper"]
    # An interface whose shape or address cannot be memory: refused before
    # the call reads it (a negative size reached memref.dim, a null address
    # crashed the interpreter).
    negative = HostArray([1.0, 2.0])
    negative.__array_interface__["shape"] = (-4,)
    with pytest.raises(ValueError, match=r"sizes of at least 0, not \(-4,\)"):
        engine["scale_sum"](negative, x, 1.0)
    null = HostArray([1.0, 2.0])
    null.__array_interface__["data"] = (0, False)
    with pytest.raises(ValueError, match="elements at address 0"):
        engine["scale_sum"](null, x, 1.0)


def test_compile_errors_are_located():
    with pytest.raises(compiler.CompileError,
                       match=r"bad\.mlir:2:\d+: error"):
        host.compile("func.func @f() {\n  %x = arith.addi : i32\n}\n",
                     name="bad.mlir")


def test_lowered_programs_are_cached():
    first = host.compile(SCALE_SUM, chip="sm_80")
    start = time.perf_counter()
    again = host.compile(SCALE_SUM, chip="sm_80")
    hit_time = time.perf_counter() - start
    assert not first.cached and again.cached
    assert again.lowered == first.lowered
    assert hit_time < 0.010
    # Another chip is another entry.
    assert not host.compile(SCALE_SUM, chip="sm_90a").cached
    # The cached program runs.
    x, y = HostArray([1.0, 1.0]), HostArray([0.0, 0.0])
    assert host.load(again)["scale_sum"](x, y, 0.5) == 1.0


@pytest.mark.skipif(NO_GPU is None, reason="a GPU is present")
def test_a_program_with_kernels_needs_a_gpu_to_load():
    program = host.compile((EXAMPLES / "gemm-sm80.mlir").read_text(),
                           chip="sm_80")
    assert program.functions["launch"].arguments[3:] == ["index"] * 3
    with pytest.raises(runtime.NoGpuError, match="no GPU can be used"):
        host.load(program)


SM_COUNT = """
func.func @sms() -> index {
  %n = cute_nvgpu.multiprocessor_count
  return %n : index
}
"""


@pytest.mark.skipif(NO_GPU is None, reason="a GPU is present")
def test_the_sm_count_without_a_gpu_fails_the_call():
    # Host code alone loads anywhere; the runtime's count has no device.
    engine = host.load(host.compile(SM_COUNT, chip="sm_90a"))
    with pytest.raises(runtime.CudaError, match="@sms met 1 CUDA error"):
        engine["sms"]()


@requires_gpu
def test_the_sm_count_is_the_devices():
    torch = pytest.importorskip("torch")
    engine = host.load(host.compile(SM_COUNT, chip="sm_90a"))
    props = torch.cuda.get_device_properties(0)
    assert engine["sms"]() == props.multi_processor_count


@requires_gpu
def test_the_sm80_gemm_launcher_runs_on_torch_tensors():
    torch = pytest.importorskip("torch")
    program = host.compile((EXAMPLES / "gemm-sm80.mlir").read_text(),
                           chip="sm_80")
    launch = host.load(program)["launch"]
    torch.manual_seed(0)
    side = torch.cuda.Stream()
    for m, n, k in [(129, 257, 72), (256, 128, 64), (1000, 520, 320)]:
        a = torch.randn(m, k, device="cuda").half()
        b = torch.randn(n, k, device="cuda").half()
        c = torch.full((m, n), float("nan"), device="cuda")
        if m == 1000:
            # On a stream of the caller's: the GEMM runs after the fill
            # queued there, which the runtime's own stream would not wait
            # for.
            side.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(side):
                torch.cuda._sleep(50_000_000)
                c.fill_(float("nan"))
            launch(a, b, c, m, n, k, stream=side)
            side.synchronize()
        else:
            launch(a, b, c, m, n, k)
        want = a.double() @ b.double().T
        error = ((c.double() - want).abs().max() / want.abs().max()).item()
        assert error < 1e-3, (m, n, k, error)


# The warp-specialized examples' @launch picks one of their kernels by
# shape. First the 128x64 kernel where its 256x64 units fill at most one
# wave of the clusters (SMs / 2), with 64 k-tiles or more (K >= 4096 in
# bf16 and f16, 8192 in fp8) only for M <= 512: 1024x1024x1024 (64 units)
# and 256x2048 with K = 16384 take it; then the 128x128 kernel where its
# 256x128 units fill at most one wave: 1280x1024 with K = 1024 (80 units of
# 256x64, 40 of 256x128), 1024x1024 with K = 16384 (32 units of 256x128),
# 512x4096x4096 and 1024x2048x1024 (64) take it.
# fp8: the 128x256 kernel where its 256x256 units fill at most four waves of
# the clusters (SMs / 2) to nine tenths; else the 128x160 one where its
# whole waves take less time than the 128x192 one's (5 steps against 6), in
# at most four waves, with K >= 8192 only where its last wave is nine
# tenths full; else the 128x192 one. With the 66 clusters of an H100 SXM or
# H200: 2048x2048 (64 units) and 4096x4096 (256, 4 waves of 66) take the
# 128x256 kernel; 1536x1536 (60 units of 256x160 against 48 of 256x192, one
# wave each) and 3328x1536 with K = 8192 (130 units of 256x160, the second
# wave 64 of 66) the 128x160 one; 1000x3000 (76 units of 256x160: two
# waves, 48 of 256x192: one), 3072x3072 (240 and 192: four waves against
# three) and 3072x2304 with K = 8192 (the last wave of 256x160 48 of 66) the
# 128x192 one.
# bf16 and f16: of the 128x256, 128x224, 128x192 and 128x160 kernels, the
# one whose units take the fewest whole waves times N / 256, the wider on a
# tie, the 128x160 one only where its units fill at most four waves; but
# where K >= 8192 and the 128x256 kernel's units fill at most two waves, a
# narrower one only where its last wave is nine tenths full, else the
# 128x256 one: 3072x3072 and 1536x4096 (as many waves of 192 as of 224 and
# 256) take the 128x192 kernel, 2560x2560 and 3328x3328 the 128x224 one,
# 1536x1536 (60 units of 256x160, 48 of 256x192: one wave each), 1280x4096
# (two waves of each) and 2560x2048 with K = 8192 (130 units of 256x160,
# the second wave 64 of 66) the 128x160 one, 2048x2048, 4096x4096 and
# 2560x2560 with K = 8192 (120 units of 256x224, 54 of 66) the 128x256
# one.
GEMM_LAUNCHES = [
    ("gemm-sm90a-ws-fp8.mlir", "float8_e4m3fn", "bfloat16", (0.5,),
     [(2048, 2048, 1024, "gemm_tn_128x256"), (1000, 3000, 528, "gemm_tn_128x192"),
      (3072, 3072, 512, "gemm_tn_128x192"), (4096, 4096, 256, "gemm_tn_128x256"),
      (1024, 1024, 1024, "gemm_tn_128x64"), (256, 2048, 16384, "gemm_tn_128x64"),
      (1024, 2048, 1024, "gemm_tn_128x128"), (1536, 1536, 1024, "gemm_tn_128x160"),
      (3328, 1536, 8192, "gemm_tn_128x160"), (3072, 2304, 8192, "gemm_tn_128x192")]),
    ("gemm-sm90a-ws-bf16.mlir", "bfloat16", "bfloat16", (),
     [(2048, 2048, 1024, "gemm_tn_128x256"), (3072, 3072, 512, "gemm_tn_128x192"),
      (1536, 4096, 1024, "gemm_tn_128x192"), (2560, 2560, 8192, "gemm_tn_128x256"),
      (2560, 2560, 1024, "gemm_tn_128x224"), (4096, 4096, 256, "gemm_tn_128x256"),
      (1024, 1024, 1024, "gemm_tn_128x64"), (1280, 1024, 1024, "gemm_tn_128x128"),
      (1024, 1024, 16384, "gemm_tn_128x128"), (512, 4096, 4096, "gemm_tn_128x128"),
      (1536, 1536, 1024, "gemm_tn_128x160"), (2560, 2048, 8192, "gemm_tn_128x160")]),
    ("gemm-sm90a-ws.mlir", "float16", "float32", (),
     [(2048, 2048, 1024, "gemm_tn_128x256"), (3072, 3072, 512, "gemm_tn_128x192"),
      (3328, 3328, 512, "gemm_tn_128x224"), (1024, 1024, 1024, "gemm_tn_128x64"),
      (512, 4096, 4096, "gemm_tn_128x128"), (1280, 4096, 1024, "gemm_tn_128x160")])]


@requires_gpu
@pytest.mark.parametrize("source, in_dtype, out_dtype, scale, cases",
                         GEMM_LAUNCHES)
def test_the_gemm_launches_pick_their_kernel_by_shape(source, in_dtype,
                                                      out_dtype, scale, cases):
    # The kernel the profiler saw must be the one the rule names, and C
    # right against float64.
    torch = pytest.importorskip("torch")
    if torch.cuda.get_device_capability() != (9, 0):
        pytest.skip("the example needs sm_90a")
    if torch.cuda.get_device_properties(0).multi_processor_count != 132:
        pytest.skip("the expected kernels are an H100 SXM's or H200's (132 SMs)")
    from torch.profiler import ProfilerActivity, profile
    program = host.compile((EXAMPLES / source).read_text(), chip="sm_90a")
    launch = host.load(program)["launch"]
    torch.manual_seed(0)
    for m, n, k, want in cases:
        a, b = (torch.randn(r, k, device="cuda").mul_(k ** -0.25).to(
            getattr(torch, in_dtype)) for r in (m, n))
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=getattr(torch, out_dtype))
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            launch(a, b, c, m, n, k, *scale)
            torch.cuda.synchronize()
        ran = {e.name for e in prof.events() if e.name.startswith("gemm_tn")}
        assert ran == {want}, (m, n, k, ran)
        ref = (a.double() @ b.double().T) * (scale[0] if scale else 1)
        error = ((c.double() - ref).norm() / ref.norm()).item()
        assert error < 1e-2, (m, n, k, error)


def test_the_engine_reports_what_it_cannot_run():
    from cute_mlir._capi import MlirStringRef, lib
    engine = host.load(host.compile(SCALE_SUM, chip="sm_80"))
    # The C API looks the function up itself: a private one is not there.
    args = (ctypes.c_void_p * 1)()
    assert not lib.mlirCuteHostEngineInvoke(
        engine._handle, MlirStringRef.of("nowhere"), args, None)
    assert lib.mlirCuteHostEngineGetError(engine._handle).str().startswith(
        "no host function @nowhere")
    assert not lib.mlirCuteHostEngineSucceeded(engine._handle)
    # Lowered text that does not parse is a located error, not a crash.
    broken = host.HostProgram("sm_80", 3, "llvm.func @f(", [])
    with pytest.raises(RuntimeError, match=r"<lowered>:1:\d+: error"):
        host.load(broken)


CHECKED = """
func.func @halve(%n: index) -> index {
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %r = arith.remui %n, %c2 : index
  %even = arith.cmpi eq, %r, %c0 : index
  cf.assert %even, "halve: n must be even"
  %h = arith.divui %n, %c2 : index
  return %h : index
}
"""


def test_a_failed_assertion_raises_and_the_engine_goes_on(capfd):
    engine = host.load(host.compile(CHECKED, chip="sm_80"))
    assert engine["halve"](10) == 5
    with pytest.raises(host.ProgramAborted,
                       match=r"@halve aborted \(a failed assertion"):
        engine["halve"](7)
    # The assertion's message is on stdout, flushed, and the process, the
    # engine and the abort handler of the process are as they were.
    assert "halve: n must be even" in capfd.readouterr().out
    assert engine["halve"](12) == 6
    with pytest.raises(host.ProgramAborted):
        engine["halve"](9)
