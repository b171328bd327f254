"""The kernel builder: IR text, types inferred while building, loops and
conditions, errors raised with the verifier's located message, cute-opt
reading the printed module, and the GEMM examples written with the builder
giving the PTX of examples/*.mlir."""

import importlib
import os
import pathlib
import re
import subprocess
import sys

import pytest

from conftest import requires_gpu
from cute_mlir import compiler, runtime
from cute_mlir.builder import *  # noqa: F401,F403 - the DSL, as users write it
from cute_mlir.builder import BuildError
from cute_mlir.layout import ComposedLayout, Dyn, Layout, Swizzle

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "python" / "examples"
HERE = pathlib.Path(__file__).name

TM = tiled_mma("SM80_16x8x16_F32F16F16F32_TN", (2, 2, 1))


def built(body, *params, block=128):
    """The module text of a kernel (A: memref<?xf16, 1>, m: index) whose
    body is `body(A, m)`."""
    @kernel(block=block)
    def k(A: memref(f16), m: index):
        body(A, m)
    return str(build(k))


def test_a_kernel_prints_as_cute_opt_reads_it():
    def body(A, m):
        tid = thread_idx()
        t = make_tensor(A, make_layout((m, 64), (64, 1)))
        with if_(tid < m):
            t[tid, 0] = 1.0
    text = built(body)
    assert "module attributes {gpu.container_module}" in text
    assert "gpu.module @kernels" in text
    assert ("gpu.func @k(%arg0: memref<?xf16, 1>, %arg1: index) kernel "
            "attributes {known_block_size = array<i32: 128, 1, 1>}") in text
    assert '%cst = arith.constant 1.000000e+00 : f16' in text
    assert 'cute.make_shape %arg1 : !cute.shape<"(?,64)">' in text
    assert 'cute.static : !cute.stride<"(64,1)">' in text
    assert ('-> !cute.tensor<f16, gmem, "(?,64):(64,1)">') in text
    assert "arith.cmpi ult, %thread_id_x, %arg1 : index" in text
    assert 'cute.make_coord %thread_id_x : !cute.coord<"(?,0)">' in text
    assert "scf.if" in text and "gpu.return" in text


def test_values_know_their_inferred_types_while_building():
    seen = {}

    def body(A, m):
        mA = make_tensor(A, make_layout(make_shape(m, 32),
                                        make_stride(assume(m, divby=8), 1)))
        gA = local_tile(mA, (128, 32), (block_idx(), None))
        sA = make_tensor(shared_buffer(f16, 128 * 32, align=128),
                         ComposedLayout(Swizzle(2, 3, 3), 0,
                                        Layout((128, 32), (32, 1))))
        tCsA = partition_a(TM, sA, thread_idx())
        tCrA = make_fragment_like(tCsA)
        seen.update(mA=mA, gA=gA, sA=sA, tCsA=tCsA, tCrA=tCrA,
                    size=size(tCrA), rank=rank(tCrA),
                    unrolled=[tCrA[i] for i in range(size(tCrA[None, 0, 0]))])
    text = built(body)
    assert seen["mA"].type.text == \
        '!cute.tensor<f16, gmem, "(?,32):(?{div=8},1)">'
    assert seen["gA"].layout == Layout.parse("(128,32,1):(?{div=8},1,0)")
    assert seen["sA"].memory == "smem" and seen["sA"].element_type == f16
    assert isinstance(seen["sA"].layout, ComposedLayout)
    assert str(seen["tCsA"].layout) == \
        "Sw<2,3,3> o ?{div=2} o ((2,2,2),4,2):((1,256,8),1024,16)"
    assert seen["tCrA"].layout == Layout.parse("((2,2,2),4,2):((1,2,4),16,8)")
    assert seen["tCrA"].type.kind == "tensor"
    assert seen["tCrA"].shape == ((2, 2, 2), 4, 2)
    assert (seen["size"], seen["rank"]) == (64, 3)
    assert len(seen["unrolled"]) == 8  # a Python loop over a static mode
    assert text.count("cute.load") == 8
    assert "workgroup(%arg2 : memref<4096xf16, #gpu.address_space" \
           "<workgroup>> {llvm.align = 128 : i64})" in text


def test_dynamic_sizes_are_values():
    def body(A, m):
        t = make_tensor(A, make_layout(make_shape(m)))
        assert t.shape == Dyn("?")
        n = size(t)
        assert isinstance(n, Value) and n.type == index
    assert "cute.size" in built(body)


def test_min_and_max_of_run_time_values():
    def body(A, m):
        t = make_tensor(A, make_layout(make_shape(m)))
        last = m - 1
        t[min_(m, 7)] = t[max_(last, 2)]
        t[0] = min_(t[1], 0.5) + max_(t[2], t[3])
        n = const(5, i32)
        assert min_(n, 3).type == i32
    text = built(body)
    assert "%3 = arith.subi %arg1, %c1 : index" in text
    assert "arith.maxui %3, %c2 : index" in text
    assert "arith.minui %arg1, %c7 : index" in text
    assert "arith.minimumf %10, %cst : f16" in text
    assert "arith.maximumf %13, %15 : f16" in text
    assert "arith.minsi %c5_i32, %c3_i32 : i32" in text


def test_loops_carry_values():
    def body(A, m):
        t = make_tensor(A, make_layout(make_shape(m)))
        loop = range_(0, m, 2, init=[const(0.0, f16), const(0)])
        for i, (total, count) in loop:
            yield_(total + t[i], count + 1)
        total, count = loop.results
        assert total.type == f16 and count.type == index
        t[count] = total
        for j in range_(4, unroll=True):
            t[j] = 0.0
    text = built(body)
    assert ("scf.for %arg2 = %c0 to %arg1 step %c2 iter_args(%arg3 = %cst, "
            "%arg4 = %c0) -> (f16, index)") in text
    assert "scf.yield %" in text and "} {cute.fragment_loop}" in text


def test_pipeline_states_are_carried_through_loops():
    def body(A, m):
        t = make_tensor(A, make_layout(make_shape(m)))
        loop = range_(m, init=[pipeline_state(4, "consumer")])
        for i, (state,) in loop:
            t[pipeline_stage(state)] = 1.0
            yield_(pipeline_advance(state))
        assert loop.results[0].type.text == "!cute_nvgpu.pipeline_state<4>"
        pipeline_advance(loop.results[0], by=m)
    text = built(body)
    assert "cute_nvgpu.pipeline_state consumer : " \
           "!cute_nvgpu.pipeline_state<4>" in text
    assert re.search(r"iter_args\(%arg3 = %\d+\) -> "
                     r"\(!cute_nvgpu.pipeline_state<4>\)", text)
    assert re.search(r"cute_nvgpu.pipeline_advance %\d+ by %arg1", text)
    with pytest.raises(BuildError, match="'producer' or 'consumer'"):
        built(lambda A, m: pipeline_state(4, "reader"))


def test_warp_roles_pipelines_and_tile_schedules():
    atom = tma_atom("load", f16, box=[64, 64], swizzle=128)

    @kernel(block=384)
    def k(desc: llvm_ptr, m: index):
        smem = dynamic_shared()
        stages = make_tensor(smem.alloc(f16, 2 * 64 * 64), ComposedLayout(
            Swizzle(3, 3, 3), 0, Layout(((8, 8), 64, 2), ((64, 512), 1, 4096))))
        pipe = pipeline_create(smem.alloc(i64, 4), 256, cluster=(2, 1))
        assert pipe.type.text == "!cute_nvgpu.pipeline<2>"
        ws = warp_specialize(producer=(1, 40), consumer=(2, 232))
        with ws.producer() as wg:
            assert wg.type.text == "index"
            loop = range_(cluster_idx(), m, cluster_dim(),
                          init=[pipeline_state(2, "producer")])
            for w, (st,) in loop:
                tm, tn = tile_coord(w, m, m, group=8, cluster=(2, 1))
                pipeline_producer_acquire(pipe, st)
                coords = local_tile(make_identity_tensor(make_shape(m, m)),
                                    (64, 64), (tm, tn + cluster_block_idx()))
                tma_copy(atom, desc, coords,
                         stages[None, None, pipeline_stage(st)],
                         pipeline=pipe, state=st)
                yield_(pipeline_advance(st))
            pipeline_producer_tail(pipe, loop.results[0])
        with ws.consumer():
            st = pipeline_state(2, "consumer")
            pipeline_consumer_wait(pipe, st)
            pipeline_consumer_release(pipe, st)
            cp_async_bulk_wait_group(1, read=True)
            cp_async_bulk_wait_group(0)
    text = str(build(k))
    for line in ["cute_nvgpu.pipeline_create %{} consumers 256 cluster [2, 1]",
                 "cute_nvgpu.warp_specialize producer 1 registers 40",
                 "} consumer 2 registers 232 {",
                 "cute_nvgpu.tile_coord %{}, %{}, %{} group 8 cluster [2, 1]",
                 "gpu.cluster_id  x", "gpu.cluster_block_id  x",
                 "pipeline %{}[%{}] :", "nvvm.cp.async.bulk.wait_group 1 {read}",
                 "nvvm.cp.async.bulk.wait_group 0\n"]:
        assert re.search(re.escape(line).replace(r"\{\}", r"\w+"),
                         text), line

    @kernel(block=384)
    def odd(m: index):
        pipeline_create(dynamic_shared().alloc(i64, 3), 256)
    with pytest.raises(BuildError, match=f"{HERE}:.*an even number of i64"):
        build(odd)

    @kernel(block=384)
    def not_a_buffer(m: index):
        pipeline_create(8, 256)
    with pytest.raises(BuildError, match=f"{HERE}:.*an even number of i64 "
                       "in shared memory, not index"):
        build(not_a_buffer)

    @kernel(block=384)
    def wgmma_in_producer(m: index):
        ws = warp_specialize(producer=(1, 40), consumer=(2, 232))
        with ws.producer():
            wgmma_fence()
    with pytest.raises(BuildError, match="wgmma runs in the consumer role "
                       "only"):
        build(wgmma_in_producer)

    @kernel(block=256)
    def wrong_block(m: index):
        with warp_specialize(producer=(1, 40), consumer=(2, 232)).producer():
            pass
    with pytest.raises(BuildError, match="known_block_size = array<i32: "
                       "384, 1, 1>"):
        build(wrong_block)


def test_epilogue_store_scale_per_warpgroup_and_tail():
    two = tiled_mma("SM90_64x64x16_F32F16F16_SS", (2, 1, 1))
    atom = tma_atom("store", bf16, box=[64, 64], swizzle=128)

    @kernel(block=256)
    def k(desc: llvm_ptr, m: index, scale: f32, store: i1):
        buffer = dynamic_shared().alloc(bf16, 4 * 64 * 64)
        acc = make_fragment(Layout(((2, 2, 8), 1, 1), ((1, 2, 4), 0, 0)), f32)
        tile = local_tile(make_identity_tensor(make_shape(m, m)), (128, 64),
                          (0, 0))
        epilogue_store(two, atom, desc, acc, tile, buffer, thread_idx(),
                       barrier_id=2, store=store, scale=scale,
                       per_warpgroup=True)
        epilogue_store(two, atom, desc, acc, tile, buffer, thread_idx(),
                       scale=scale, per_warpgroup=True)
        epilogue_store_tail(two, thread_idx(), per_warpgroup=True)
    text = str(build(k))
    for line in [r"%\w+, %\w+ if %arg3 scale %arg2 : f32 per_warpgroup "
                 r"\{barrierId = 2 : i32\} :",
                 r"%\w+, %\w+ scale %arg2 : f32 per_warpgroup :",
                 r"cute_nvgpu.epilogue_store_tail #\w+, %\w+ per_warpgroup\n"]:
        assert re.search(line, text), line


def test_stream_k_schedules_and_fixups():
    tm = tiled_mma("SM90_64x64x16_F32F16F16_SS", (1, 1, 1))

    @kernel(block=128)
    def sk(units: index, ktiles: index, partials: memref(f32),
           flags: memref(i32)):
        schedule = stream_k_schedule(units, ktiles, cluster_dim(),
                                     min_k_tiles=4, operand_bytes=ktiles,
                                     l2_bytes=64)
        loop = range_(stream_k_work_count(schedule, cluster_idx()))
        for i in loop:
            unit, k_begin, k_end = stream_k_work(schedule, cluster_idx(), i)
            acc = make_fragment(Layout(((2, 2, 8), 1, 1), ((1, 2, 4), 0, 0)),
                                f32)
            with if_(stream_k_fixup(tm, schedule, cluster_idx(), i, acc,
                                    partials, flags, thread_idx(),
                                    barrier_id=2)):
                barrier()
    text = str(build(sk))
    for line in ["cute_nvgpu.stream_k_schedule %{}, %{}, %{} min_k_tiles 4 "
                 "operand_bytes %{} {l2Bytes = 64 : i64}",
                 "cute_nvgpu.stream_k_work_count %{}, %{}",
                 "%unit, %kBegin, %kEnd = cute_nvgpu.stream_k_work %{}, %{}, %{}",
                 "cute_nvgpu.stream_k_fixup #{}, %{}, %{}, %{}, %{}, %{}, "
                 "%{}, %{} {barrierId = 2 : i32} :"]:
        assert re.search(re.escape(line).replace(r"\{\}", r"[\w#]+"),
                         text), line

    @kernel(block=128)
    def f16_partials(units: index, partials: memref(f16),
                     flags: memref(i32)):
        schedule = stream_k_schedule(units, units, units)
        acc = make_fragment(Layout(((2, 2, 8), 1, 1), ((1, 2, 4), 0, 0)), f32)
        stream_k_fixup(tm, schedule, 0, 0, acc, partials, flags, 0)
    with pytest.raises(BuildError, match="the partial sums are a memref of "
                       "'f32' accumulators in global memory"):
        build(f16_partials)

    # The wait moved to a fifth warp, which meets the fixup's threads on
    # named barrier 2; the ready barrier may not be the fixup's own.
    @kernel(block=160)
    def ready(units: index, ktiles: index, partials: memref(f32),
              flags: memref(i32)):
        schedule = stream_k_schedule(units, ktiles, cluster_dim())
        with if_(thread_idx() >= 128):
            stream_k_fixup_wait(tm, schedule, cluster_idx(), flags, ready=2)
        acc = make_fragment(Layout(((2, 2, 8), 1, 1), ((1, 2, 4), 0, 0)), f32)
        stream_k_fixup(tm, schedule, cluster_idx(), 0, acc, partials, flags,
                       thread_idx(), ready=2)
    text = str(build(ready))
    assert re.search(r"cute_nvgpu\.stream_k_fixup_wait #\w+, %\w+, %\w+, "
                     r"%\w+ ready 2 :", text), text
    assert re.search(r"cute_nvgpu\.stream_k_fixup #.* ready 2 :", text), text

    @kernel(block=128)
    def ready_is_the_fixups(units: index, partials: memref(f32),
                            flags: memref(i32)):
        schedule = stream_k_schedule(units, units, units)
        acc = make_fragment(Layout(((2, 2, 8), 1, 1), ((1, 2, 4), 0, 0)), f32)
        stream_k_fixup(tm, schedule, 0, 0, acc, partials, flags, 0, ready=1)
    with pytest.raises(BuildError, match="the ready barrier must differ from "
                       "the fixup's own named barrier, 1"):
        build(ready_is_the_fixups)


def test_specialized_kernels_fold_their_launch_values():
    @kernel(block=128)
    def k(out: memref(i32), m: index, n: index, flag: i32):
        t = make_tensor(out, make_layout(4))
        with if_(thread_idx() == 0):
            # m * 3 + the clusters in the grid: a constant once specialized.
            t[0] = op("arith.index_cast", [m * 3 + cluster_dim()], results=[i32])
            t[1] = op("arith.index_cast", [n], results=[i32])
            t[2] = flag
    s = k.specialize(m=2048, flag=-1, grid=132, cluster=(2,))
    assert s.name == "k_m2048_flagn1_grid132x1x1_cluster2x1x1"
    assert (s.known, s.grid, s.cluster) == \
        ({"m": 2048, "flag": -1}, (132, 1, 1), (2, 1, 1))
    assert (k.known, k.grid, k.cluster) == ({}, None, None)  # k is unchanged
    text = str(build(k, s))
    assert ("gpu.func @k_m2048_flagn1_grid132x1x1_cluster2x1x1(%arg0: "
            "memref<?xi32, 1>, %arg1: index {cute.known_value = 2048 : index}, "
            "%arg2: index, %arg3: i32 {cute.known_value = -1 : i32}) kernel "
            "attributes {known_block_size = array<i32: 128, 1, 1>, "
            "known_cluster_size = array<i32: 2, 1, 1>, known_grid_size = "
            "array<i32: 132, 1, 1>}") in text
    compiled = build(k, s).compile(chip="sm_90a", cache=False)
    general, special = compiled.kernels["k"], compiled.kernels[s.name]
    assert (general.known, general.grid, general.cluster) == ({}, None, None)
    assert special.known == {1: 2048, 3: -1}
    assert (special.grid, special.cluster) == ([132, 1, 1], [2, 1, 1])
    ptx = compiled.ptx["kernels"]
    body = ptx[ptx.index(f".entry {s.name}("):]
    assert "6210" in body  # 2048 * 3 + 132 / 2, folded
    assert "%nclusterid" not in body and "%nclusterid" in ptx  # k reads it
    # A name of one's own, and a specialization of a specialization.
    assert k.specialize(n=5, name="k5").name == "k5"
    assert s.specialize(n=5).known == {"m": 2048, "flag": -1, "n": 5}
    with pytest.raises(TypeError, match="k has no parameter 'x'"):
        k.specialize(x=1)
    with pytest.raises(TypeError, match="parameter out is memref<.xi32, 1>; "
                       "only integer and index parameters"):
        k.specialize(out=3)
    with pytest.raises(TypeError, match=r"m=1\.5 is not an integer"):
        k.specialize(m=1.5)
    with pytest.raises(ValueError, match=r"flag=4294967296 does not fit i32"):
        k.specialize(flag=2**32)
    with pytest.raises(ValueError, match="grid is one to three positive"):
        k.specialize(grid=(0,))


def test_conditions_with_else():
    def body(A, m):
        with if_(thread_idx() == 0):
            barrier()
        with else_():
            cp_async_commit_group()
    text = built(body)
    assert "} else {" in text and "nvvm.cp.async.commit.group" in text


def test_invalid_building_raises_with_the_verifiers_message():
    def tiled_too_deep(A, m):
        local_tile(make_tensor(A, make_layout((m, 64), (64, 1))),
                   (128, 32, 4), (0, None))
    with pytest.raises(BuildError) as error:
        built(tiled_too_deep)
    message = str(error.value)
    assert f"{HERE}:" in message and "error: 'cute.local_tile' op" in message
    assert "tiler (128,32,4) has 3 modes but the layout (?,64):(64,1) has " \
           "rank 2" in message

    def wrong_element(A, m):
        f = make_fragment((4,), f32)
        gemm(TM, f, f, f)
    with pytest.raises(BuildError, match="'cute_nvgpu.gemm' op A has "
                       "elements of type 'f32' but SM80_16x8x16_F32F16F16F32"
                       "_TN takes 'f16'"):
        built(wrong_element)

    def bad_coordinate(A, m):
        make_tensor(A, make_layout((m, 64), (64, 1)))[m, m, m]
    with pytest.raises(BuildError, match="'cute.load' op crd2idx"):
        built(bad_coordinate)

    with pytest.raises(BuildError, match="not an MMA atom"):
        built(lambda A, m: partition_a(tiled_mma("SM80_NOPE"), make_tensor(
            A, make_layout((m, 64), (64, 1))), thread_idx()))
    with pytest.raises(BuildError, match="operands of types index and f32"):
        built(lambda A, m: m + const(1.0))


def test_misuse_is_caught():
    with pytest.raises(TypeError, match="use if_"):
        built(lambda A, m: bool(m < 4))
    with pytest.raises(BuildError, match="else_"):
        built(lambda A, m: else_().__enter__())
    with pytest.raises(BuildError, match="no kernel is being built"):
        thread_idx()
    with pytest.raises(TypeError, match="needs a type annotation"):
        kernel(lambda x: None)
    # A failed build leaves nothing open, and its module no half kernel.
    assert "gpu.barrier" in built(lambda A, m: barrier())
    module = Module()

    @kernel
    def broken(n: index):
        for i in range_(n):
            raise RuntimeError("a bug in the kernel")
    with pytest.raises(RuntimeError, match="a bug"):
        module.add(broken)
    assert "gpu.func" not in str(module.verify())


def test_loop_carried_types_are_checked():
    @kernel
    def k(n: index):
        loop = range_(n, init=[const(0)])
        for i, (a,) in loop:
            yield_(const(1.0))
    with pytest.raises(BuildError, match=f"{HERE}:.*'scf.for' op 0-th region "
                       "iter_arg and 0-th yielded value have different type"):
        build(k)


def _tool(name):
    library = os.environ.get("CUTE_MLIR_CAPI_LIBRARY")
    build_dir = pathlib.Path(library).resolve().parents[1] if library \
        else ROOT / "build"
    return build_dir / "bin" / name


@pytest.mark.skipif(not _tool("cute-opt").exists(), reason="no cute-opt")
def test_cute_opt_reads_the_printed_module():
    sys.path.insert(0, str(EXAMPLES))
    text = str(build(importlib.import_module("gemm_sm90a").gemm_tn))
    result = subprocess.run([str(_tool("cute-opt"))], input=text,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "cute_nvgpu.tma_copy" in result.stdout


@pytest.fixture(scope="module")
def examples():
    sys.path.insert(0, str(EXAMPLES))
    return {name: importlib.import_module(name)
            for name in ("gemm_sm80", "gemm_sm90a", "gemm_sm90a_ws_bf16")}


# The Python is at most 1/`shorter` of the IR's length; the warp-specialized
# IR is already dense (its pipeline ops carry stages, phases and bytes), but
# spells out its seven kernels where one Python function builds them all.
@pytest.mark.parametrize("name, source, chip, kernels, shorter", [
    ("gemm_sm80", "gemm-sm80.mlir", "sm_80", ["gemm_tn"], 3),
    ("gemm_sm90a", "gemm-sm90a.mlir", "sm_90a", ["gemm_tn"], 3),
    ("gemm_sm90a_ws_bf16", "gemm-sm90a-ws-bf16.mlir", "sm_90a",
     ["gemm_tn_128x256", "gemm_tn_128x192", "gemm_tn_128x224", "gemm_tn_128x160",
      "gemm_tn_128x64", "gemm_tn_128x128", "gemm_tn_64x128_swapped"], 5)])
def test_builder_examples_give_the_examples_ptx(examples, name, source,
                                                chip, kernels, shorter):
    example = examples[name]
    python_lines = [line for line in
                    (EXAMPLES / f"{name}.py").read_text().splitlines()
                    if line.strip()]
    mlir_lines = (ROOT / "examples" / source).read_text().splitlines()
    assert shorter * len(python_lines) <= len(mlir_lines)
    ours = build(*(getattr(example, k) for k in kernels)).compile(
        chip=chip, cache=False)
    theirs = compiler.compile((ROOT / "examples" / source).read_text(),
                              chip=chip, cache=False)
    assert ours.ptx == theirs.ptx  # byte for byte, names included
    assert list(ours.kernels) == kernels
    for k in kernels:
        assert ours.kernels[k].arguments == theirs.kernels[k].arguments


def test_sm90a_example_sizes_its_shared_memory_and_tma(examples):
    example = examples["gemm_sm90a"]
    build(example.gemm_tn)
    assert example.gemm_tn.dynamic_smem == 2 * 3 * 128 * 64 * 2 + 3 * 8
    assert example.TMA.tma_box() == ([64, 128], 128)


def test_ws_example_sizes_its_shared_memory_and_tma(examples):
    example = examples["gemm_sm90a_ws_bf16"]
    for tile_n, stages in ((256, 4), (224, 4), (192, 4), (64, 8), (128, 6)):
        kernel_ = getattr(example, f"gemm_tn_128x{tile_n}")
        build(kernel_)
        # The stages of A and B, two 64-row C boxes a consumer warpgroup,
        # two mbarriers a stage.
        assert kernel_.dynamic_smem == stages * (128 + tile_n) * 64 * 2 + \
            2 * 2 * 64 * 64 * 2 + 2 * stages * 8
        # Each CTA loads a half of B's rows and multicasts it.
        assert example.tma_b(tile_n).tma_box() == ([64, tile_n // 2], 128)
    assert example.tma_c(256).tma_box() == ([64, 64], 128)
    assert example.tma_c(224).tma_box() == ([32, 64], 64)


def test_without_a_gpu_the_examples_compile_and_say_why(examples, capsys):
    try:
        runtime.device_name()
        pytest.skip("a GPU is here: the GPU test runs them")
    except runtime.NoGpuError:
        pass
    assert examples["gemm_sm80"].main() == 0
    assert "not run: " in capsys.readouterr().out
    with pytest.raises(runtime.NoGpuError):
        runtime.TmaDescriptor(None, [64, 128], 128)


@requires_gpu
def test_builder_examples_run_on_the_gpu(examples, monkeypatch, capsys):
    torch = pytest.importorskip("torch")
    monkeypatch.setenv("CUTE_MLIR_CHECK_ONLY", "1")
    assert examples["gemm_sm80"].main() == 0
    if torch.cuda.get_device_capability() == (9, 0):
        assert examples["gemm_sm90a"].main() == 0
        assert examples["gemm_sm90a_ws_bf16"].main() == 0
    assert "FAILED" not in capsys.readouterr().out
