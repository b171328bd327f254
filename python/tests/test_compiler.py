"""Compiling from Python: PTX and kernel signatures, located diagnostics,
the content-hash cache; ptxas checks the PTX where CUDA is installed."""

import os
import pathlib
import shutil
import subprocess
import time

import pytest

from cute_mlir import compiler
from cute_mlir.compiler import CompileError, compile

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def sm80_source():
    return (EXAMPLES / "gemm-sm80.mlir").read_text()


def test_compiles_the_sm80_example(sm80_source):
    module = compile(sm80_source, chip="sm_80", cache=False)
    assert list(module.ptx) == ["kernels"]
    ptx = module.ptx["kernels"]
    assert ".target sm_80" in ptx and ".entry gemm_tn(" in ptx
    assert "mma.sync.aligned.m16n8k16" in ptx and "ldmatrix" in ptx
    kernel = module.kernels["gemm_tn"]
    assert kernel.arguments == ["memref<?xf16, 1>", "memref<?xf16, 1>",
                                "memref<?xf32, 1>", "index", "index", "index"]
    assert kernel.block == [256, 1, 1] and kernel.module == "kernels"
    # Three stages of f16 k-tiles: 128x64 of A and 256x64 of B.
    assert kernel.smem == 3 * (128 + 256) * 64 * 2


def test_compiles_a_warp_specialized_hopper_kernel():
    source = (EXAMPLES / "gemm-sm90a-ws.mlir").read_text()
    module = compile(source, chip="sm_90a", features="+ptx80", cache=False)
    ptx = next(iter(module.ptx.values()))
    assert "wgmma.mma_async" in ptx and "setmaxnreg" in ptx
    assert list(module.kernels) == ["gemm_tn_128x256", "gemm_tn_128x192",
                                    "gemm_tn_128x224", "gemm_tn_128x160",
                                    "gemm_tn_128x64", "gemm_tn_128x128",
                                    "gemm_tn_64x128_swapped"]
    assert all(k.block == [384, 1, 1] for k in module.kernels.values())
    # Four stages of A and B, two of C's boxes, eight mbarriers: B's stage
    # holds 256 rows, 192 or 224; the 128x64 kernel's eight stages, sixteen;
    # the 128x128 kernel's six, twelve; the 128x160 kernel's five, ten; the
    # swapped kernel's as the 128x64 one's.
    assert module.kernels["gemm_tn_128x256"].smem == 229440
    assert module.kernels["gemm_tn_128x192"].smem == 196672
    assert module.kernels["gemm_tn_128x224"].smem == 213056
    assert module.kernels["gemm_tn_128x160"].smem == 217168
    assert module.kernels["gemm_tn_128x64"].smem == 229504
    assert module.kernels["gemm_tn_128x128"].smem == 229472
    assert module.kernels["gemm_tn_64x128_swapped"].smem == 229504


SPECIALIZABLE = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<?xi32, 1> {llvm.noalias}, %m: index,
                %flag: i8 {cute.known_value = 1 : i8}, %x: f32) kernel {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %g = gpu.grid_dim x
      %v = arith.muli %m, %c3 : index
      %w = arith.addi %v, %g : index
      %i = arith.index_cast %w : index to i32
      memref.store %i, %out[%c0] : memref<?xi32, 1>
      gpu.return
    }
  }
  gpu.module @more {
    gpu.func @k() kernel { gpu.return }
    gpu.func @other() kernel { gpu.return }
  }
}
"""


def test_a_kernel_of_a_source_is_compiled_for_one_launch():
    # @k of @kernels alone: the name is @more's too, so take it out.
    source = SPECIALIZABLE.replace("gpu.func @k() kernel", "gpu.func @k2() kernel")
    text = compiler.specialize(source, "k", values={1: 2048, 2: -3},
                               grid=(132,))
    assert ("gpu.func @k(%arg0: memref<?xi32, 1> {llvm.noalias}, %arg1: index "
            "{cute.known_value = 2048 : index}, %arg2: i8 {cute.known_value = "
            "-3 : i8}, %arg3: f32) kernel attributes {known_grid_size = "
            "array<i32: 132, 1, 1>}") in text
    assert "gpu.func @other() kernel {" in text  # the others are untouched
    module = compile(text, chip="sm_90a", cache=False)
    k = module.kernels["k"]
    assert (k.known, k.grid, k.cluster) == ({1: 2048, 2: -3}, [132, 1, 1], None)
    ptx = module.ptx["kernels"]
    assert "6276" in ptx and "%nctaid" not in ptx  # 2048 * 3 + 132, folded
    with pytest.raises(ValueError, match="has 2 gpu.func kernels named 'k'"):
        compiler.specialize(SPECIALIZABLE, "k", values={1: 1})
    with pytest.raises(ValueError, match="has no gpu.func kernels named 'x'"):
        compiler.specialize(source, "x")
    with pytest.raises(IndexError, match="k takes 4 arguments: no argument 4"):
        compiler.specialize(source, "k", values={4: 1})
    with pytest.raises(TypeError, match="argument 3 is f32; only integer and "
                       "index arguments can be specialized"):
        compiler.specialize(source, "k", values={3: 1})
    with pytest.raises(TypeError, match="argument 1=2.5 is not an integer"):
        compiler.specialize(source, "k", values={1: 2.5})
    with pytest.raises(ValueError, match="argument 2=300 does not fit i8"):
        compiler.specialize(source, "k", values={2: 300})
    with pytest.raises(ValueError, match="cluster is one to three positive"):
        compiler.specialize(source, "k", cluster=(0,))
    with pytest.raises(CompileError, match="expected"):
        compiler.specialize("module {", "k")


def test_an_example_kernel_compiled_for_its_shape_folds_its_schedule():
    source = (EXAMPLES / "gemm-sm90a-ws.mlir").read_text()
    special = compiler.specialize(source, "gemm_tn_128x256",
                                  values={3: 2048, 4: 2048, 5: 2048},
                                  grid=(132,), cluster=(2,))
    ptx = compile(special, chip="sm_90a", cache=False).ptx["kernels"]
    general = compile(source, chip="sm_90a", cache=False).ptx["kernels"]

    def reads(ptx):  # the parameters the entry reads
        return [i for i in range(16)
                if f"gemm_tn_128x256_param_{i}]" in ptx]
    # M, N, K (parameters 3 to 5) and the stream-K workspace (the memrefs
    # from 6) are never read: with 64 units on 66 clusters none is split.
    assert reads(general) == [0, 1, 2, 3, 4, 5, 7, 8, 12, 13]
    assert reads(ptx) == [0, 1, 2]
    assert len(ptx) < len(general)


def test_a_kernels_dynamic_shared_memory_is_what_its_views_reach():
    source = """
    gpu.module @kernels {
      gpu.func @none() kernel { gpu.return }
      gpu.func @fixed() kernel {
        %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
        %c4096 = arith.constant 4096 : index
        %c0 = arith.constant 0 : index
        %b = memref.view %dyn[%c4096][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi64, #gpu.address_space<workgroup>>
        %a = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
        gpu.return
      }
      gpu.func @moving(%at: index) kernel {
        %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
        %a = memref.view %dyn[%at][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xf32, #gpu.address_space<workgroup>>
        gpu.return
      }
    }
    """
    kernels = compile(source, chip="sm_80", cache=False).kernels
    assert kernels["none"].smem == 0
    assert kernels["fixed"].smem == 4096 + 16 * 8
    assert kernels["moving"].smem is None


def test_diagnostics_are_located(sm80_source):
    broken = sm80_source.replace("gpu.barrier", "gpu.barier", 1)
    with pytest.raises(CompileError) as error:
        compile(broken, chip="sm_80", name="gemm.mlir")
    assert "gemm.mlir:" in error.value.diagnostics
    assert "error:" in error.value.diagnostics
    with pytest.raises(CompileError, match="expected"):
        compile("func.func @f( {", chip="sm_80")
    with pytest.raises(TypeError, match="module's text"):
        compile(b"module {}", chip="sm_80")
    with pytest.raises(ValueError, match="opt_level"):
        compile("module {}", chip="sm_80", opt_level=4)


def test_inputs_that_crash_upstream_mlir_are_refused():
    # MLIR 22's parser and GPU verifiers crash on these; the compiler refuses
    # them first, with a located error.
    with pytest.raises(CompileError, match=r"k\.mlir:1:38: error: a dense "
                       "array of 'index' elements"):
        compile("func.func @f() attributes {a = array<index: 1>} {\n"
                "  return\n}", chip="sm_80", name="k.mlir")
    with pytest.raises(CompileError, match="result number 4294967296 of %x"):
        compile("func.func @f(%x: i32) -> i32 {\n"
                "  return %x#4294967296 : i32\n}", chip="sm_80")
    with pytest.raises(CompileError, match="'workgroup_attributions' must be "
                       "an i64 from 0 to 0"):
        compile('gpu.module @k {\n  "gpu.func"() ({\n    gpu.return\n'
                '  }) {function_type = () -> (), sym_name = "f", '
                'workgroup_attributions = 7 : i64} : () -> ()\n}',
                chip="sm_80")


def test_deep_inputs_are_refused_or_compiled_not_crashed():
    # Brackets nested past 1000 levels are refused (MLIR's parser recurses
    # once a level); a sum of 100,000 affine terms, which overflowed the
    # 8 MiB stack of the calling thread, compiles on the compiler's own.
    deep = "[" * 1000 + "]" * 1000
    with pytest.raises(CompileError, match="brackets nest deeper than 1000"):
        compile("func.func @f() attributes {a = %s} {\n  return\n}" % deep,
                chip="sm_80")
    terms = " + ".join(["d0"] * 100000)
    module = compile("func.func @f() attributes {a = affine_map<(d0) -> (%s)>}"
                     " {\n  return\n}" % terms, chip="sm_80")
    assert module.kernels == {}


def test_pass_failures_are_reported_not_fatal():
    source = """
    gpu.module @m {
      gpu.func @k(%p: memref<?xf16, 1>) kernel
          attributes {known_block_size = array<i32: 1024, 1, 1>} {
        gpu.return
      }
    }"""
    module = compile(source, chip="sm_80")
    assert "k" in module.kernels
    # A block no launch can have is refused even with no launch to check.
    with pytest.raises(CompileError, match="known_block_size \\[4096, 1, 1\\]"
                       ": dimension 0 must be 1 to 1024"):
        compile(source.replace("1024, 1, 1", "4096, 1, 1"), chip="sm_80")
    with pytest.raises(CompileError, match="chip 'sm_1' is not a chip"):
        compile(source, chip="sm_1")
    # LLVM's NVPTX backend exits the process on a PTX ISA older than the
    # chip; the pipeline refuses it first.
    with pytest.raises(CompileError, match="needs \\+ptx80 or newer"):
        compile(source, chip="sm_90a", features="+ptx70")


def test_cache_hits_are_fast_and_keyed(sm80_source):
    first = compile(sm80_source, chip="sm_80")
    assert not first.cached
    start = time.perf_counter()
    again = compile(sm80_source, chip="sm_80")
    elapsed = time.perf_counter() - start
    assert again.cached and elapsed < 0.010
    assert again.ptx == first.ptx
    assert again.kernels["gemm_tn"].arguments == \
        first.kernels["gemm_tn"].arguments
    assert again.kernels["gemm_tn"].smem == first.kernels["gemm_tn"].smem
    assert not compile(sm80_source, chip="sm_90").cached
    assert not compile(sm80_source, chip="sm_80", opt_level=2).cached
    assert not compile(sm80_source + "\n", chip="sm_80").cached


def test_a_corrupt_cache_entry_is_a_miss(sm80_source):
    compile(sm80_source, chip="sm_80")
    for entry in compiler.cache_dir().glob("*.json"):
        entry.write_text("{not json")
    module = compile(sm80_source, chip="sm_80")
    assert not module.cached and ".entry gemm_tn(" in module.ptx["kernels"]


@pytest.mark.skipif(shutil.which("ptxas") is None and
                    not os.path.exists("/usr/local/cuda/bin/ptxas"),
                    reason="ptxas not installed")
def test_ptx_assembles_without_spills(sm80_source, tmp_path):
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    ptx = tmp_path / "gemm.ptx"
    ptx.write_text(compile(sm80_source, chip="sm_80").ptx["kernels"])
    result = subprocess.run([ptxas, "-arch=sm_80", "-v", str(ptx), "-o",
                             str(tmp_path / "gemm.cubin")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "0 bytes spill stores" in result.stderr


@pytest.mark.skipif(shutil.which("ptxas") is None and
                    not os.path.exists("/usr/local/cuda/bin/ptxas"),
                    reason="ptxas not installed")
def test_cubins_are_compiled_and_cached(sm80_source):
    module = compile(sm80_source, chip="sm_80", format="cubin")
    assert module.format == "cubin" and not module.ptx
    cubin = module.binaries["kernels"]
    assert cubin.startswith(b"\x7fELF")
    assert list(module.kernels) == ["gemm_tn"]
    again = compile(sm80_source, chip="sm_80", format="cubin")
    assert again.cached and again.binaries == module.binaries
    # The PTX of the same source is another cache entry.
    assert not compile(sm80_source, chip="sm_80").cached
    with pytest.raises(ValueError, match="format is one of ptx, cubin"):
        compile(sm80_source, format="sass")


def test_the_c_api_names_an_unknown_object_format(sm80_source):
    from cute_mlir._capi import MlirStringRef, lib
    c = lib.mlirCuteCompile(
        MlirStringRef.of(sm80_source), MlirStringRef.of("gemm.mlir"),
        MlirStringRef.of("sm_80"), MlirStringRef.of(""), 3,
        MlirStringRef.of("sass"))
    try:
        assert not lib.mlirCuteCompilationSucceeded(c)
        assert lib.mlirCuteCompilationGetDiagnostics(c).str() == (
            "error: unknown object format 'sass' (expected isa, bin or "
            "fatbin)\n")
    finally:
        lib.mlirCuteCompilationDestroy(c)
