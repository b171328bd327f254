"""examples/gemm-sm90a.mlir with cute_mlir.builder: C (M,N) f32 = A (M,K) B (N,K)^T, f16.
A warpgroup computes a 128x128 tile of C with SM90_64x128x16_F32F16F16_SS wgmmas on 128x64
k-tiles that TMA (descriptors made in Python) streams through three 128-byte-swizzled stages
of dynamic shared memory, completing on mbarriers. Run: PYTHONPATH=python python3 <this file>
"""
from cute_mlir.builder import *
from cute_mlir.layout import ComposedLayout, Layout, Swizzle

TM = tiled_mma("SM90_64x128x16_F32F16F16_SS")
R2G = tiled_copy(copy_atom("UniversalCopy_U64", f32), mma=TM, operand="C")  # pairs of C
SW128 = Swizzle(3, 3, 3)  # wgmma's K-major 128-byte swizzle, a TMA box per stage:
TMA = tma_atom("load", f16, smem=ComposedLayout(SW128, 0, Layout(((8, 16), 64), ((64, 512), 1))))
STAGES = ComposedLayout(SW128, 0, Layout(((8, 16), 64, 3), ((64, 512), 1, 8192)))


@kernel(block=128)
def gemm_tn(descA: llvm_ptr, descB: llvm_ptr, C: memref(f32), m: index, n: index, k: index):
    tid, bm, bn = thread_idx(), block_idx("x"), block_idx("y")
    ktiles, leader = ceil_div(k, 64), tid == 0
    smem = dynamic_shared()  # three stages of A, three of B, three mbarriers
    sA, sB = (make_tensor(smem.alloc(f16, 3 * 128 * 64), STAGES) for _ in "AB")
    bars = smem.alloc(i64, 3)
    shA, shB, shC = make_shape(m, k), make_shape(n, k), make_shape(m, n)
    gA, gB = (local_tile(make_identity_tensor(sh), (128, 64), (b, None))  # TMA takes coordinates
              for sh, b in ((shA, bm), (shB, bn)))
    mC = make_tensor(C, make_layout(shC, make_stride(n, 1)))
    gC, iC = (local_tile(t, (128, 128), (bm, bn)) for t in (mC, make_identity_tensor(shC)))
    tCgC = partition_c(TM, gC, tid)
    tCrC = make_fragment_like(tCgC)
    with if_(leader):
        for s in range_(3):
            mbarrier_init(bars, s, 1)
    barrier()

    def load_tile(kt, stage):  # the leader: k-tile kt of A and B into a stage
        mbarrier_arrive(bars, stage, expect_tx=2 * 128 * 64 * 2)
        tma_copy(TMA, descA, gA[None, None, kt], sA[None, None, stage], bars, stage)
        tma_copy(TMA, descB, gB[None, None, kt], sB[None, None, stage], bars, stage)

    with if_(leader):  # prologue: k-tiles 0..2 in flight
        for s in range_(3):
            with if_(s < ktiles):
                load_tile(s, s)
    for kt in range_(ktiles):  # wait for kt's stage, multiply, refill the previous one
        stage = kt % 3
        mbarrier_wait(bars, stage, kt // 3)
        tCsA = partition_a(TM, sA[None, None, stage], tid)
        tCsB = partition_b(TM, sB[None, None, stage], tid)
        wgmma_fence()  # the first k-tile overwrites the accumulators
        gemm(TM, tCsA, tCsB, tCrC, accumulate=kt != 0)
        wgmma_commit_group()
        wgmma_wait_group(1)
        nxt = kt + 2
        with if_((kt >= 1) & (nxt < ktiles) & leader):
            load_tile(nxt, nxt % 3)
    wgmma_wait_group(0)
    with if_(ktiles == 0):  # no k-tile: C is zero
        fill(tCrC, 0.0)
    # Epilogue: a tile inside C (N even) stores pairs 8 bytes at a time; else by value.
    inside = ((bm + 1) * 128 <= m) & ((bn + 1) * 128 <= n)
    with if_(inside & (n % 2 == 0)):
        mC2 = make_tensor(C, make_layout(shC, make_stride(assume(n, divby=2), 1)))
        tXgC = partition_d(R2G, local_tile(mC2, (128, 128), (bm, bn)), tid)
        copy(R2G, retile(R2G, tCrC), tXgC)
    with else_():
        tCcC, pC = partition_c(TM, iC, tid), make_fragment(tCrC.layout, i1)
        for i in range_(size(pC), unroll=True):
            pC[i] = elem_less(tCcC[i], shC)
        copy(tCrC, tCgC, pred=pC)


def main():
    import gemm_check
    from cute_mlir import runtime

    def launcher(f, a, b, c, m, n, k):
        da, db = runtime.tma_descriptor(a, TMA), runtime.tma_descriptor(b, TMA)
        return lambda: f["gemm_tn"](da, db, c, m, n, k, grid=((m + 127) // 128, (n + 127) // 128),
                                    smem=gemm_tn.dynamic_smem)
    return gemm_check.run("gemm_sm90a", build(gemm_tn).compile(chip="sm_90a"), launcher)


if __name__ == "__main__":
    raise SystemExit(main())
