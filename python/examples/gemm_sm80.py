"""examples/gemm-sm80.mlir with cute_mlir.builder: C (M,N) f32 = A (M,K) B (N,K)^T, f16.
A 256-thread block computes a 128x256 tile of C: cp.async streams 128x64 k-tiles of A and 256x64
of B through three Sw<3,3,3>-swizzled shared-memory stages (144 KiB of dynamic shared memory),
pipeline states carry the stages, ldmatrix loads the next k-block's fragments while a 2x4-warp
SM80_16x8x16 TiledMMA multiplies this one, and identity tensors predicate partial tiles; tiles
inside C store their accumulators 8 bytes at a time.
Run: PYTHONPATH=python python3 <this file>
"""
from cute_mlir.builder import *
from cute_mlir.layout import ComposedLayout, Layout, Swizzle

TM = tiled_mma("SM80_16x8x16_F32F16F16F32_TN", (2, 4, 1), permutation=(32, 64, 16))
G2S = tiled_copy(copy_atom("SM80_CP_ASYNC_CACHEGLOBAL_U128", f16),
                 threads=Layout((32, 8), (8, 1)), values=(1, 8))
S2R_A, S2R_B = (tiled_copy(copy_atom("SM75_U32x4_LDSM_N", f16), mma=TM, operand=x)
                for x in "AB")
R2G = tiled_copy(copy_atom("UniversalCopy_U64", f32), mma=TM, operand="C")  # pairs of C
SMEM_A = ComposedLayout(Swizzle(3, 3, 3), 0, Layout(((8, 16), 64, 3), ((64, 512), 1, 8192)))
SMEM_B = ComposedLayout(Swizzle(3, 3, 3), 0, Layout(((8, 32), 64, 3), ((64, 512), 1, 16384)))


@kernel(block=256)
def gemm_tn(A: memref(f16), B: memref(f16), C: memref(f32), m: index, n: index, k: index):
    smem = dynamic_shared()
    sA = make_tensor(smem.alloc(f16, 3 * 128 * 64, align=128), SMEM_A)
    sB = make_tensor(smem.alloc(f16, 3 * 256 * 64, align=128), SMEM_B)
    tid, bm, bn = thread_idx(), block_idx("x"), block_idx("y")
    ktiles = ceil_div(k, 64)
    shA, shB, shC = make_shape(m, k), make_shape(n, k), make_shape(m, n)
    dK = make_stride(assume(k, divby=8), 1)
    mA, mB = make_tensor(A, make_layout(shA, dK)), make_tensor(B, make_layout(shB, dK))
    mC = make_tensor(C, make_layout(shC, make_stride(n, 1)))
    gA, iA = (local_tile(t, (128, 64), (bm, None)) for t in (mA, make_identity_tensor(shA)))
    gB, iB = (local_tile(t, (256, 64), (bn, None)) for t in (mB, make_identity_tensor(shB)))
    gC, iC = (local_tile(t, (128, 256), (bm, bn)) for t in (mC, make_identity_tensor(shC)))
    # cp.async: each thread copies rows of 8 elements, one predicate per row.
    tAgA, tAsA = partition_s(G2S, gA, tid), partition_d(G2S, sA, tid)
    tBgB, tBsB = partition_s(G2S, gB, tid), partition_d(G2S, sB, tid)
    tAcA, tBcB = partition_s(G2S, iA, tid), partition_s(G2S, iB, tid)
    pA, pB = make_fragment((4, 1), i1), make_fragment((8, 1), i1)
    # The MMA's fragments (all four k-blocks), filled from shared memory by ldmatrix.
    tCrA = make_fragment_like(partition_a(TM, sA[None, None, 0], tid))
    tCrB = make_fragment_like(partition_b(TM, sB[None, None, 0], tid))
    tCgC = partition_c(TM, gC, tid)
    tCrC = make_fragment_like(tCgC)
    fill(tCrC, 0.0)
    tXsA, tXrA = partition_s(S2R_A, sA, tid), retile(S2R_A, tCrA)
    tXsB, tXrB = partition_s(S2R_B, sB, tid), retile(S2R_B, tCrB)

    def load_tile(kt, stage):  # k-tile kt of A and B into a stage, predicated
        for tXcX, pX, shX, rows in ((tAcA, pA, shA, 4), (tBcB, pB, shB, 8)):
            cX = tXcX[None, None, None, kt]
            for r in range_(rows, unroll=True):
                pX[r] = elem_less(cX[r * 8], shX)
        copy(G2S, tAgA[None, None, None, kt], tAsA[None, None, None, stage], pred=pA)
        copy(G2S, tBgB[None, None, None, kt], tBsB[None, None, None, stage], pred=pB)

    def load_k_block(kb, stage):  # ldmatrix: k-block kb of a stage into the fragments
        copy(S2R_A, tXsA[None, None, kb, stage], tXrA[None, None, kb])
        copy(S2R_B, tXsB[None, None, kb, stage], tXrB[None, None, kb])

    prologue = range_(2, init=[pipeline_state(3, "producer")], unroll=True)
    for s, (write,) in prologue:  # unrolled: k-tiles 0 and 1 in flight
        with if_(s < ktiles):
            load_tile(s, pipeline_stage(write))
        cp_async_commit_group()
        yield_(pipeline_advance(write))
    cp_async_wait_group(1)
    barrier()
    read = pipeline_state(3, "consumer")
    load_k_block(0, pipeline_stage(read))
    mainloop = range_(ktiles, init=[prologue.results[0], read])
    for kt, (write, read) in mainloop:
        with if_(kt + 2 < ktiles):  # prefetch k-tile kt+2 into the stage kt-1 used
            load_tile(kt + 2, pipeline_stage(write))
        cp_async_commit_group()
        stage = pipeline_stage(read)
        for kb in range_(3, unroll=True):  # load k-block kb+1 while multiplying kb
            load_k_block(kb + 1, stage)
            gemm(TM, tCrA[None, None, kb], tCrB[None, None, kb], tCrC)
        # The last k-block: k-tile kt+1 lands, its first k-block loads.
        next_read = pipeline_advance(read)
        cp_async_wait_group(1)
        barrier()
        load_k_block(0, pipeline_stage(next_read))
        gemm(TM, tCrA[None, None, 3], tCrB[None, None, 3], tCrC)
        yield_(pipeline_advance(write), next_read)
    cp_async_wait_group(0)
    # Epilogue: a tile inside C (N even) stores pairs 8 bytes at a time; else by value.
    inside = ((bm + 1) * 128 <= m) & ((bn + 1) * 256 <= n)
    with if_(inside & (n % 2 == 0)):
        mC2 = make_tensor(C, make_layout(shC, make_stride(assume(n, divby=2), 1)))
        tXgC = partition_d(R2G, local_tile(mC2, (128, 256), (bm, bn)), tid)
        copy(R2G, retile(R2G, tCrC), tXgC)
    with else_():
        tCcC, pC = partition_c(TM, iC, tid), make_fragment(tCrC.layout, i1)
        for i in range_(size(pC), unroll=True):
            pC[i] = elem_less(tCcC[i], shC)
        copy(tCrC, tCgC, pred=pC)


def main():
    import gemm_check

    def launcher(f, a, b, c, m, n, k):
        return lambda: f["gemm_tn"](a, b, c, m, n, k, grid=((m + 127) // 128, (n + 255) // 256),
                                    smem=gemm_tn.dynamic_smem)
    return gemm_check.run("gemm_sm80", build(gemm_tn).compile(chip="sm_80"), launcher)


if __name__ == "__main__":
    raise SystemExit(main())
