// A GEMM for sm_80 written in the cute dialects: C = A * B^T with A (M,K) and
// B (N,K) in f16, both K-major ("TN"), and C (M,N) row-major in f32.
//
// Each 128-thread block computes a 128x128 tile of C. Its k-tiles of A and B
// (128x32 each) stream through a three-stage ring of swizzled shared memory
// with cp.async (16 bytes per thread and row, one commit group per k-tile);
// ldmatrix.x4 loads the MMA fragments from it and a 2x2-warp TiledMMA of
// SM80_16x8x16_F32F16F16F32_TN accumulates in registers. The swizzle
// Sw<2,3,3> keeps both the 16-byte cp.async stores and ldmatrix's 8 rows of
// 16 bytes free of bank conflicts.
//
// Partial tiles are predicated with identity tensors, as in CuTe: each
// cp.async of 8 elements is guarded by its first element's (row, k) being
// inside (M, K) and zero-fills otherwise, so the MMAs see zeros past the
// edges; each element of C is stored only inside (M, N).
//
// Launch (@launch below): grid (ceil(M/128), ceil(N/128)), block (128); any M
// and N, K a multiple of 8 (16-byte aligned rows). Shared memory: 48 KiB.
//
//   cute-opt examples/gemm-sm80.mlir --cute-to-ptx="chip=sm_80" \
//     | cute-opt --cute-write-ptx="dir=out"

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
#s2rA = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
#s2rB = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "B">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn(%A: memref<?xf16, 1>, %B: memref<?xf16, 1>, %C: memref<?xf32, 1>,
                    %m: index, %n: index, %k: index)
      workgroup(%smemA: memref<12288xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64},
                %smemB: memref<12288xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %ktiles = arith.ceildivui %k, %c32 : index

    // The full tensors: A (M,K) and B (N,K) K-major, C (M,N) row-major.
    %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %dA = cute.make_stride %k : !cute.stride<"(?{div=8},1)">
    %lA = cute.make_layout %shA, %dA : !cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">
    %mA = cute.make_tensor %A, %lA : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">
    %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
    %lB = cute.make_layout %shB, %dA : !cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">
    %mB = cute.make_tensor %B, %lB : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">
    %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %dC = cute.make_stride %n : !cute.stride<"(?,1)">
    %lC = cute.make_layout %shC, %dC : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
    %mC = cute.make_tensor %C, %lC : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f32, gmem, "(?,?):(?,1)">

    // This block's tiles: 128x32 k-tiles of A and B, a 128x128 tile of C.
    %tileAB = cute.static : !cute.tile<"(128,32)">
    %tileC = cute.static : !cute.tile<"(128,128)">
    %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
    %gA = cute.local_tile %mA, %tileAB, %cA : !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">, !cute.tile<"(128,32)">, !cute.coord<"(?,_)">
    %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
    %gB = cute.local_tile %mB, %tileAB, %cB : !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">, !cute.tile<"(128,32)">, !cute.coord<"(?,_)">
    %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %gC = cute.local_tile %mC, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(?,1)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">

    // The same tiles of identity tensors: each element's (row, column) in
    // A, B or C, compared with the extents to predicate the partial tiles.
    %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
    %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
    %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
    %iA = cute.local_tile %idA, %tileAB, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,32)">, !cute.coord<"(?,_)">
    %iB = cute.local_tile %idB, %tileAB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,32)">, !cute.coord<"(?,_)">
    %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">

    // Three stages of swizzled 128x32 tiles in shared memory.
    %ls = cute.static : !cute.layout<"((8,16),32,3):((32,256),1,4096)">
    %sA = cute.make_tensor %smemA, %ls : (memref<12288xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),32,3):((32,256),1,4096)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">
    %sB = cute.make_tensor %smemB, %ls : (memref<12288xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),32,3):((32,256),1,4096)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">

    // Global to shared: cp.async of 16 bytes per thread and row.
    %tAgA = cute_nvgpu.partition_s #g2s, %gA, %tid : !cute.tensor<f16, gmem, "(128,32,?):(?{div=8},1,32)">, index
    %tAsA = cute_nvgpu.partition_d #g2s, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, index
    %tBgB = cute_nvgpu.partition_s #g2s, %gB, %tid : !cute.tensor<f16, gmem, "(128,32,?):(?{div=8},1,32)">, index
    %tBsB = cute_nvgpu.partition_d #g2s, %sB, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, index
    %tAcA = cute_nvgpu.partition_s #g2s, %iA, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,32,?):(1,16777216,536870912)">, index
    %tBcB = cute_nvgpu.partition_s #g2s, %iB, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,32,?):(1,16777216,536870912)">, index
    // One predicate per cp.async (row), from its first element's coordinate.
    %pA = cute.make_fragment : !cute.tensor<i1, rmem, "(4,1):(1,0)">
    %pB = cute.make_fragment : !cute.tensor<i1, rmem, "(4,1):(1,0)">

    // The MMA's view: shared-memory partitions, register fragments, ldmatrix.
    %st0 = cute.make_coord %c0 : !cute.coord<"(_,_,?)">
    %sA0 = cute.slice %sA[%st0] : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, !cute.coord<"(_,_,?)">
    %tCsA = cute_nvgpu.partition_a #tm, %sA0, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((8,16),32):((32,256),1)">, index
    %tCrA = cute.make_fragment like %tCsA : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=2} o ((2,2,2),4,2):((1,256,8),1024,16)">) -> !cute.tensor<f16, rmem, "((2,2,2),4,2):((1,2,4),16,8)">
    %sB0 = cute.slice %sB[%st0] : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, !cute.coord<"(_,_,?)">
    %tCsB = cute_nvgpu.partition_b #tm, %sB0, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((8,16),32):((32,256),1)">, index
    %tCrB = cute.make_fragment like %tCsB : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=2} o ((2,2),8,2):((1,8),512,16)">) -> !cute.tensor<f16, rmem, "((2,2),8,2):((1,2),8,4)">
    %tCgC = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, "(128,128):(?,1)">, index
    %tCrC = cute.make_fragment like %tCgC : (!cute.tensor<f32, gmem, "((2,2),4,8):((1,?{div=8}),?{div=32},16)">) -> !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">
    cute.fill %tCrC, %zero : !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">, f32

    // Shared to registers: ldmatrix into the MMA's fragments.
    %tXsA = cute_nvgpu.partition_s #s2rA, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, index
    %tXrA = cute_nvgpu.retile #s2rA, %tCrA : !cute.tensor<f16, rmem, "((2,2,2),4,2):((1,2,4),16,8)">
    %tXsB = cute_nvgpu.partition_s #s2rB, %sB, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, index
    %tXrB = cute_nvgpu.retile #s2rB, %tCrB : !cute.tensor<f16, rmem, "((2,2),8,2):((1,2),8,4)">

    // Prologue: k-tiles 0 and 1 in flight, one cp.async group each.
    scf.for %s = %c0 to %c2 step %c1 {
      %valid = arith.cmpi ult, %s, %ktiles : index
      scf.if %valid {
        %ck = cute.make_coord %s : !cute.coord<"(_,_,_,?)">
        %tAcAk = cute.slice %tAcA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1,?):((16777216,0),32,0,536870912)">, !cute.coord<"(_,_,_,?)">
        scf.for %r = %c0 to %c4 step %c1 {
          %v = arith.muli %r, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %tAcAk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shA : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %r : !cute.coord<"?">
          cute.store %in, %pA[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %tBcBk = cute.slice %tBcB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1,?):((16777216,0),32,0,536870912)">, !cute.coord<"(_,_,_,?)">
        scf.for %r = %c0 to %c4 step %c1 {
          %v = arith.muli %r, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %tBcBk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shB : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %r : !cute.coord<"?">
          cute.store %in, %pB[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %gAk = cute.slice %tAgA[%ck] : !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">
        %sAk = cute.slice %tAsA[%ck] : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gAk, %sAk if %pA : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
        %gBk = cute.slice %tBgB[%ck] : !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">
        %sBk = cute.slice %tBsB[%ck] : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gBk, %sBk if %pB : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
      }
      nvvm.cp.async.commit.group
    }

    // Mainloop: wait for k-tile kt, prefetch kt+2 into the stage kt-1 used,
    // then multiply the stage of kt.
    scf.for %kt = %c0 to %ktiles step %c1 {
      nvvm.cp.async.wait.group 1
      gpu.barrier
      %next = arith.addi %kt, %c2 : index
      %valid = arith.cmpi ult, %next, %ktiles : index
      scf.if %valid {
        %ng = cute.make_coord %next : !cute.coord<"(_,_,_,?)">
        %ns = arith.remui %next, %c3 : index
        %nsc = cute.make_coord %ns : !cute.coord<"(_,_,_,?)">
        %tAcAk = cute.slice %tAcA[%ng] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1,?):((16777216,0),32,0,536870912)">, !cute.coord<"(_,_,_,?)">
        scf.for %r = %c0 to %c4 step %c1 {
          %v = arith.muli %r, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %tAcAk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shA : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %r : !cute.coord<"?">
          cute.store %in, %pA[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %tBcBk = cute.slice %tBcB[%ng] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1,?):((16777216,0),32,0,536870912)">, !cute.coord<"(_,_,_,?)">
        scf.for %r = %c0 to %c4 step %c1 {
          %v = arith.muli %r, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %tBcBk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shB : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %r : !cute.coord<"?">
          cute.store %in, %pB[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %gAk = cute.slice %tAgA[%ng] : !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">
        %sAk = cute.slice %tAsA[%nsc] : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gAk, %sAk if %pA : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
        %gBk = cute.slice %tBgB[%ng] : !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">
        %sBk = cute.slice %tBsB[%nsc] : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gBk, %sBk if %pB : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
      }
      nvvm.cp.async.commit.group
      %stage = arith.remui %kt, %c3 : index
      %cs = cute.make_coord %stage : !cute.coord<"(_,_,_,?)">
      %xsA = cute.slice %tXsA[%cs] : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,2,3):((1,0),1024,16,4096)">, !cute.coord<"(_,_,_,?)">
      cute_nvgpu.copy #s2rA, %xsA, %tXrA : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,2):((1,0),1024,16)">, !cute.tensor<f16, rmem, "((8,1),4,2):((1,0),16,8)">
      %xsB = cute.slice %tXsB[%cs] : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,2,3):((1,0),1024,16,4096)">, !cute.coord<"(_,_,_,?)">
      cute_nvgpu.copy #s2rB, %xsB, %tXrB : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,2):((1,0),1024,16)">, !cute.tensor<f16, rmem, "(((4,2),1),4,2):(((1,8),0),16,4)">
      cute_nvgpu.gemm #tm, %tCrA, %tCrB, %tCrC : !cute.tensor<f16, rmem, "((2,2,2),4,2):((1,2,4),16,8)">, !cute.tensor<f16, rmem, "((2,2),8,2):((1,2),8,4)">, !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">
    }
    nvvm.cp.async.wait.group 0

    // Epilogue: C straight from the accumulators, where it exists.
    %tCcC = cute_nvgpu.partition_c #tm, %iC, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, index
    %pC = cute.make_fragment : !cute.tensor<i1, rmem, "((2,2),4,8):((1,2),4,16)">
    %c128 = arith.constant 128 : index
    scf.for %i = %c0 to %c128 step %c1 {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %crd = cute.load %tCcC[%ci] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((2,2),4,8):((16777216,8),32,268435456)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
      %in = cute.elem_less %crd, %shC : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
      cute.store %in, %pC[%ci] : i1, !cute.tensor<i1, rmem, "((2,2),4,8):((1,2),4,16)">, !cute.coord<"?">
    } {cute.fragment_loop}
    cute.copy %tCrC, %tCgC if %pC : !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">, !cute.tensor<f32, gmem, "((2,2),4,8):((1,?{div=8}),?{div=32},16)">, !cute.tensor<i1, rmem, "((2,2),4,8):((1,2),4,16)">
    gpu.return
  }
}

// C (m,n) = A (m,k) * B (n,k)^T: one block per (partial) 128x128 tile.
func.func @launch(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                  %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %gx = arith.ceildivui %m, %c128 : index
  %gy = arith.ceildivui %n, %c128 : index
  %gA = memref.memory_space_cast %A : memref<?xf16> to memref<?xf16, 1>
  %gB = memref.memory_space_cast %B : memref<?xf16> to memref<?xf16, 1>
  %gC = memref.memory_space_cast %C : memref<?xf32> to memref<?xf32, 1>
  gpu.launch_func @kernels::@gemm_tn blocks in (%gx, %gy, %c1)
      threads in (%c128, %c1, %c1)
      args(%gA : memref<?xf16, 1>, %gB : memref<?xf16, 1>, %gC : memref<?xf32, 1>,
           %m : index, %n : index, %k : index)
  return
}
}
