"""examples/gemm-sm90a-ws-bf16.mlir with cute_mlir.builder: C (M,N) bf16 = A (M,K) B (N,K)^T, bf16
in, f32 accumulate. Warp-specialized, persistent: a block of three warpgroups per SM, in clusters
of two along M that share 256 x N blocks of C by stream-K. The producer's leader fills a
four-stage pipeline by TMA (B multicast, an N/2-row half from each CTA); two consumer warpgroups
run wgmmas on each stage, release it, add up split tiles (stream_k_fixup) and store each 128 x N
tile through shared memory by TMA (epilogue_store per_warpgroup: each warpgroup its own 64 rows
on a named barrier of its own). One function builds the example's seven kernels, N = 256, 224,
192, 160 (five stages, for GEMMs of one to four waves that the 192-wide units fill badly), 64
(eight stages, for small GEMMs), 128 (six stages, for GEMMs of one wave of its units) and the
64-wide one swapped (C's 64x128 tiles as their transposes, C^T = B A^T, for M <= 64), where
the IR spells each out.
Run: PYTHONPATH=python python3 <this file>
"""
from cute_mlir.builder import *
from cute_mlir.layout import ComposedLayout, Layout, Swizzle

SW128 = Swizzle(3, 3, 3)  # the 128-byte swizzle of K-major bf16 rows, as TMA and wgmma use it
TMA_A = tma_atom("load", bf16, smem=ComposedLayout(SW128, 0, Layout(((8, 16), 64), ((64, 512), 1))))
TMA_C = tma_atom("store", bf16, smem=ComposedLayout(SW128, 0, Layout((64, 64), (64, 1))))
TMA_C32 = tma_atom("store", bf16,
                   smem=ComposedLayout(Swizzle(2, 3, 3), 0, Layout((64, 32), (32, 1))))


def tma_c(tile_n):
    """C's atom: a consumer warpgroup's 64 rows in 64x64 boxes, or 64x32 where 64 does not
    divide the tile (224 = 7 x 32, 160 = 5 x 32)."""
    return TMA_C if tile_n % 64 == 0 else TMA_C32


def tma_b(tile_n):
    """B's atom: one stage of tile_n rows, each CTA of the pair loading and multicasting half."""
    return tma_atom("load_multicast", bf16, multicast=2,
                    smem=ComposedLayout(SW128, 0, Layout(((8, tile_n // 8), 64), ((64, 512), 1))))


def gemm_tn(tile_n, stages=4, swapped=False):
    """The kernel on 128 x tile_n tiles of C (tile_n 256, 224, 192, 160, 128 or 64) with `stages`
    pipeline stages: gemm_tn_128x<tile_n>. Swapped, the same on C's transpose: the TiledMMA's
    128 x tile_n tile is C's tile_n x 128 one, its A is B and its B is A (gemm_tn_64x128_swapped,
    for tile_n 64)."""
    TM = tiled_mma(f"SM90_64x{tile_n}x16_F32BF16BF16_SS", (2, 1, 1))
    half, TMA_B = tile_n // 2, tma_b(tile_n)  # the rows of B each CTA loads and multicasts
    name = f"gemm_tn_{tile_n}x128_swapped" if swapped else f"gemm_tn_128x{tile_n}"

    @kernel(block=384, name=name)
    def body(descA: llvm_ptr, descB: llvm_ptr, descC: llvm_ptr,
             m: index, n: index, k: index, partials: memref(f32), flags: memref(i32)):
        tid, ktiles = thread_idx(), ceil_div(k, 64)
        with if_(tid == 0):  # fetch the TMA descriptors while the barriers initialize
            prefetch_tma_descriptor(descA, descB, descC)
        # The TiledMMA's rows and columns: C's, or swapped C's columns and rows.
        rows, cols = (n, m) if swapped else (m, n)
        tiles_m, tiles_n = ceil_div(rows, 128), ceil_div(cols, tile_n)
        units = ceil_div(tiles_m, 2) * tiles_n  # 256 x tile_n blocks of C, one per cluster
        cluster, clusters, rank = cluster_idx(), cluster_dim(), cluster_block_idx()
        smem = dynamic_shared()  # stages of A and B, two C boxes a warpgroup, the mbarriers
        smemA = smem.alloc(bf16, stages * 128 * 64)
        smemB = smem.alloc(bf16, stages * tile_n * 64)
        smemC = smem.alloc(bf16, 64 * 64 * 4)
        bars = smem.alloc(i64, 2 * stages)
        pipe = pipeline_create(bars, 256, cluster=(2, 1))  # the consumers' 256 threads release
        # Whole units, then the last ones' k-tiles, while the peers initialize;
        # with no full wave, whether A and B fit in L2 decides how.
        sk = stream_k_schedule(units, ktiles, clusters, operand_bytes=(m + n) * k * 2)
        items = stream_k_work_count(sk, cluster)
        sA = make_tensor(smemA, ComposedLayout(SW128, 0, Layout(((8, 16), 64, stages),
                                                                ((64, 512), 1, 8192))))
        sB = make_tensor(smemB, ComposedLayout(SW128, 0, Layout(((8, tile_n // 8), 64, stages),
                                                                ((64, 512), 1, tile_n * 64))))
        ws = warp_specialize(producer=(1, 40), consumer=(2, 232))
        with ws.producer():
            idA = make_identity_tensor(make_shape(rows, k))  # the TiledMMA's A and B
            idB = make_identity_tensor(make_shape(cols, k))
            mmaA, mmaB = (descB, descA) if swapped else (descA, descB)
            both = const(3, i16)  # B's half goes to both CTAs of the cluster
            with if_(tid == 0):
                tiles = range_(items, init=[pipeline_state(stages, "producer")])
                for i, (tile_start,) in tiles:
                    w, k_begin, k_end = stream_k_work(sk, cluster, i)
                    tm, tn = tile_coord(w, tiles_m, tiles_n, group=8, cluster=(2, 1))
                    # A tile wholly past C's last row (odd tiles_m) loads the last row of
                    # tiles: TMA is slow to fill a box all out of bounds.
                    gA = local_tile(idA, (128, 64), (min_(tm, tiles_m - 1), None))
                    b_row = tn * 2 + rank  # this CTA's half
                    if swapped:  # a half wholly past A's last row loads the last one with rows
                        b_row = min_(b_row, ceil_div(cols, half) - 1)
                    gB = local_tile(idB, (half, 64), (b_row, None))
                    k_tiles = range_(k_begin, k_end, init=[tile_start])
                    for kt, (st,) in k_tiles:  # acquire a stage, TMA k-tile kt into it
                        pipeline_producer_acquire(pipe, st)
                        stage = pipeline_stage(st)
                        tma_copy(TMA_A, mmaA, gA[None, None, kt], sA[None, None, stage],
                                 pipeline=pipe, state=st)
                        sBh = local_tile(sB[None, None, stage], (half, 64), (rank, 0))
                        tma_copy(TMA_B, mmaB, gB[None, None, kt], sBh, pipeline=pipe, state=st,
                                 multicast=both)
                        yield_(pipeline_advance(st))
                    yield_(k_tiles.results[0])
                pipeline_producer_tail(pipe, tiles.results[0])  # the peer is done with our stages
        with ws.consumer():
            ctid = tid - 128  # the consumers' thread index in the TiledMMA
            shC = make_shape(m, n)
            idC, start = make_identity_tensor(shC), pipeline_state(stages, "consumer")
            tiles = range_(items, init=[start])
            for i, (tile_start,) in tiles:
                w, k_begin, k_end = stream_k_work(sk, cluster, i)
                has_k = k_end > k_begin
                tm, tn = tile_coord(w, tiles_m, tiles_n, group=8, cluster=(2, 1))
                tCrC = make_fragment(Layout(((2, 2, tile_n // 8), 1, 1), ((1, 2, 4), 0, 0)), f32)
                k_tiles = range_(k_begin, k_end, init=[tile_start, tile_start])
                for kt, (st, prev) in k_tiles:  # wait, multiply, release the stage before
                    pipeline_consumer_wait(pipe, st)
                    stage = pipeline_stage(st)
                    tCsA = partition_a(TM, sA[None, None, stage], ctid)
                    tCsB = partition_b(TM, sB[None, None, stage], ctid)
                    accumulate = kt != k_begin  # the first k-tile overwrites the accumulators
                    wgmma_fence()
                    gemm(TM, tCsA, tCsB, tCrC, accumulate=accumulate)
                    wgmma_commit_group()
                    wgmma_wait_group(1)
                    with if_(accumulate):
                        pipeline_consumer_release(pipe, prev)
                    yield_(pipeline_advance(st), st)
                wgmma_wait_group(0)
                with if_(has_k):
                    pipeline_consumer_release(pipe, k_tiles.results[1])
                store = stream_k_fixup(TM, sk, cluster, i, tCrC, partials, flags, ctid,
                                       cluster=(2, 1))
                # Each warpgroup stores its 64 rows with its half of smemC and named barrier
                # 2 + its index: neither waits for the other's epilogue.
                iC = (local_tile(idC, (tile_n, 128), (tn, tm)) if swapped
                      else local_tile(idC, (128, tile_n), (tm, tn)))
                epilogue_store(TM, tma_c(tile_n), descC, tCrC, iC, smemC, ctid, barrier_id=2,
                               store=store, per_warpgroup=True, transposed=swapped)
                yield_(k_tiles.results[0])
            # The last stores finish reading shared memory before it goes.
            epilogue_store_tail(TM, ctid, per_warpgroup=True)
    return body


gemm_tn_128x256, gemm_tn_128x192, gemm_tn_128x224 = gemm_tn(256), gemm_tn(192), gemm_tn(224)
gemm_tn_128x160 = gemm_tn(160, stages=5)
gemm_tn_128x64 = gemm_tn(64, stages=8)
gemm_tn_128x128 = gemm_tn(128, stages=6)
gemm_tn_64x128_swapped = gemm_tn(64, stages=8, swapped=True)


def main():
    import gemm_check
    from cute_mlir import runtime

    def launcher(kernel_, tile_n):
        swapped = kernel_.name.endswith("_swapped")  # A's descriptor has B's boxes, B's A's

        def launch(f, a, b, c, m, n, k):
            import torch
            atoms = (tma_b(tile_n), TMA_A) if swapped else (TMA_A, tma_b(tile_n))
            da, db, dc = (runtime.tma_descriptor(t, atom) for t, atom in
                          ((a, atoms[0]), (b, atoms[1]), (c, tma_c(tile_n))))
            grid = 2 * (runtime.multiprocessor_count() // 2)  # stream-K uses every SM
            partials = torch.empty(grid * 128 * tile_n, device="cuda", dtype=torch.float32)
            flags = torch.zeros(grid, device="cuda", dtype=torch.int32)  # launches leave them 0
            return lambda: f[kernel_.name](da, db, dc, m, n, k, partials, flags, grid=grid,
                                           cluster=(2, 1, 1), smem=kernel_.dynamic_smem)
        return launch
    # TMA: N a multiple of 8; M, N ragged. (1000, 1024, 8192): units split among the clusters.
    # (40, 3000, 4104): M <= 64, ragged, for the swapped kernel.
    shapes = [(1000, 3000, 520), (129, 264, 72), (128, 128, 64), (2048, 1536, 4104),
              (1000, 1024, 8192), (40, 3000, 4104)]
    kernels = ((gemm_tn_128x256, 256), (gemm_tn_128x192, 192), (gemm_tn_128x224, 224),
               (gemm_tn_128x160, 160), (gemm_tn_128x64, 64), (gemm_tn_128x128, 128),
               (gemm_tn_64x128_swapped, 64))
    compiled = build(*(k for k, _ in kernels)).compile(chip="sm_90a")
    failed = sum(gemm_check.run(f"gemm_sm90a_ws_bf16 {k.name}", compiled, launcher(k, tile_n),
                                dtype="bfloat16", out_dtype="bfloat16", checked=shapes)
                 for k, tile_n in kernels)
    # The first three kernels compiled for one problem each and this GPU's grid as well (M,
    # N, K and the cluster count folded in), each checked at its problem.
    try:
        grid = 2 * (runtime.multiprocessor_count() // 2)
    except runtime.NoGpuError:
        return failed
    for (m, n, k), (kernel_, tile_n) in zip([(1000, 3000, 520), (1000, 1024, 8192),
                                             (2048, 1536, 4104)], kernels):
        special = kernel_.specialize(m=m, n=n, k=k, grid=grid, cluster=(2, 1, 1))
        failed += gemm_check.run(special.name, build(special).compile(chip="sm_90a"),
                                 launcher(special, tile_n), dtype="bfloat16",
                                 out_dtype="bfloat16", checked=[(m, n, k)], timed=[])
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
