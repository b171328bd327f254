"""examples/gemm-sm80.mlir with cute_mlir.builder: C (M,N) f32 = A (M,K) B (N,K)^T, f16.
A 128-thread block computes a 128x128 tile of C: cp.async streams 128x32 k-tiles through three
Sw<2,3,3>-swizzled shared-memory stages, ldmatrix feeds a 2x2-warp SM80_16x8x16 TiledMMA, and
identity tensors predicate partial tiles. Run: PYTHONPATH=python python3 <this file>
"""
from cute_mlir.builder import *
from cute_mlir.layout import ComposedLayout, Layout, Swizzle

TM = tiled_mma("SM80_16x8x16_F32F16F16F32_TN", (2, 2, 1), permutation=(32, 32, 16))
G2S = tiled_copy(copy_atom("SM80_CP_ASYNC_CACHEGLOBAL_U128", f16),
                 threads=Layout((32, 4), (4, 1)), values=(1, 8))
S2R_A, S2R_B = (tiled_copy(copy_atom("SM75_U32x4_LDSM_N", f16), mma=TM, operand=x)
                for x in "AB")
SMEM = ComposedLayout(Swizzle(2, 3, 3), 0, Layout(((8, 16), 32, 3), ((32, 256), 1, 4096)))


@kernel(block=128)
def gemm_tn(A: memref(f16), B: memref(f16), C: memref(f32), m: index, n: index, k: index):
    sA = make_tensor(shared_buffer(f16, 12288, align=128), SMEM)
    sB = make_tensor(shared_buffer(f16, 12288, align=128), SMEM)
    tid, bm, bn = thread_idx(), block_idx("x"), block_idx("y")
    ktiles = ceil_div(k, 32)
    shA, shB, shC = make_shape(m, k), make_shape(n, k), make_shape(m, n)
    dK = make_stride(assume(k, divby=8), 1)
    mA, mB = make_tensor(A, make_layout(shA, dK)), make_tensor(B, make_layout(shB, dK))
    mC = make_tensor(C, make_layout(shC, make_stride(n, 1)))
    gA, iA = (local_tile(t, (128, 32), (bm, None)) for t in (mA, make_identity_tensor(shA)))
    gB, iB = (local_tile(t, (128, 32), (bn, None)) for t in (mB, make_identity_tensor(shB)))
    gC, iC = (local_tile(t, (128, 128), (bm, bn)) for t in (mC, make_identity_tensor(shC)))
    # cp.async: each thread copies rows of 8 elements, one predicate per row.
    tAgA, tAsA = partition_s(G2S, gA, tid), partition_d(G2S, sA, tid)
    tBgB, tBsB = partition_s(G2S, gB, tid), partition_d(G2S, sB, tid)
    tAcA, tBcB = partition_s(G2S, iA, tid), partition_s(G2S, iB, tid)
    pA, pB = make_fragment((4, 1), i1), make_fragment((4, 1), i1)
    # The MMA's fragments, filled from shared memory by ldmatrix.
    tCrA = make_fragment_like(partition_a(TM, sA[None, None, 0], tid))
    tCrB = make_fragment_like(partition_b(TM, sB[None, None, 0], tid))
    tCgC = partition_c(TM, gC, tid)
    tCrC = make_fragment_like(tCgC)
    fill(tCrC, 0.0)
    tXsA, tXrA = partition_s(S2R_A, sA, tid), retile(S2R_A, tCrA)
    tXsB, tXrB = partition_s(S2R_B, sB, tid), retile(S2R_B, tCrB)

    def load_tile(kt, stage):  # k-tile kt of A and B into a stage, predicated
        for tXcX, pX, shX in ((tAcA, pA, shA), (tBcB, pB, shB)):
            cX = tXcX[None, None, None, kt]
            for r in range_(4, unroll=True):
                pX[r] = elem_less(cX[r * 8], shX)
        copy(G2S, tAgA[None, None, None, kt], tAsA[None, None, None, stage], pred=pA)
        copy(G2S, tBgB[None, None, None, kt], tBsB[None, None, None, stage], pred=pB)

    for s in range_(2):  # prologue: k-tiles 0 and 1 in flight
        with if_(s < ktiles):
            load_tile(s, s)
        cp_async_commit_group()
    for kt in range_(ktiles):  # wait for kt, prefetch kt+2, multiply kt
        cp_async_wait_group(1)
        barrier()
        with if_(kt + 2 < ktiles):
            load_tile(kt + 2, (kt + 2) % 3)
        cp_async_commit_group()
        stage = kt % 3
        copy(S2R_A, tXsA[None, None, None, stage], tXrA)
        copy(S2R_B, tXsB[None, None, None, stage], tXrB)
        gemm(TM, tCrA, tCrB, tCrC)
    cp_async_wait_group(0)
    # Epilogue: C from the accumulators, where it exists.
    tCcC, pC = partition_c(TM, iC, tid), make_fragment(tCrC.layout, i1)
    for i in range_(size(pC), unroll=True):
        pC[i] = elem_less(tCcC[i], shC)
    copy(tCrC, tCgC, pred=pC)


def main():
    import gemm_check

    def launcher(f, a, b, c, m, n, k):
        return lambda: f["gemm_tn"](a, b, c, m, n, k, grid=((m + 127) // 128, (n + 127) // 128))
    return gemm_check.run("gemm_sm80", build(gemm_tn).compile(chip="sm_80"), launcher)


if __name__ == "__main__":
    raise SystemExit(main())
