// A GEMM for sm_80 written in the cute dialects: C = A * B^T with A (M,K) and
// B (N,K) in f16, both K-major ("TN"), and C (M,N) row-major in f32.
//
// Each 256-thread block computes a 128x256 tile of C. Its k-tiles of A
// (128x64) and B (256x64) stream through a three-stage ring of swizzled
// shared memory with cp.async (16 bytes per thread and row, one commit group
// per k-tile); the stages it writes and reads are pipeline states carried
// through the loops (cute_nvgpu.pipeline_state / _advance / _stage), so no
// code computes a stage. A 2x4-warp TiledMMA of SM80_16x8x16_F32F16F16F32_TN
// (64x64 of C a warp) accumulates in registers, register-pipelined as in
// CuTe's sm80 mainloop: ldmatrix.x4 loads k-block kb+1's fragments while the
// MMAs of k-block kb run (one cute_nvgpu.gemm per k-block), and the next
// k-tile's first k-block is loaded right after the barrier that lands it.
// The swizzle Sw<3,3,3> keeps both the 16-byte cp.async stores and
// ldmatrix's 8 rows of 16 bytes free of bank conflicts. The 128x256 tile
// (CUTLASS's largest sm80 tile) reads 25% fewer bytes of A and B from L2 per
// MMA than 128x128 tiles do.
//
// Partial tiles are predicated with identity tensors, as in CuTe: each
// cp.async of 8 elements is guarded by its first element's (row, k) being
// inside (M, K) and zero-fills otherwise, so the MMAs see zeros past the
// edges; on C's edge each element is stored only inside (M, N). A tile
// inside C (with N even, so rows start 8 bytes apart) stores its pairs of
// values unpredicated, 8 bytes at a time, through a TiledCopy of
// UniversalCopy_U64 over the MMA's C fragment.
//
// Launch (@launch below): grid (ceil(M/128), ceil(N/256)), block (256), 144
// KiB of dynamic shared memory (one block per SM); any M and N, K a multiple
// of 8 (16-byte aligned rows); A and B start 16-byte aligned and C 8-byte
// aligned, as allocations are.
//
//   cute-opt examples/gemm-sm80.mlir --cute-to-ptx="chip=sm_80" \
//     | cute-opt --cute-write-ptx="dir=out"

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,4,1)", permutation = "(32,64,16)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
#s2rA = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
#s2rB = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "B">
#r2g = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U64", f32>, mma = #tm, operand = "C">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn(%A: memref<?xf16, 1>, %B: memref<?xf16, 1>, %C: memref<?xf32, 1>,
                    %m: index, %n: index, %k: index)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    // Dynamic shared memory: three stages of A (48 KiB), then three of B (96 KiB).
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 49152 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<24576xf16, #gpu.address_space<workgroup>>
    %lsA = cute.static : !cute.layout<"((8,16),64,3):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<24576xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,3):((64,512),1,8192)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<49152xf16, #gpu.address_space<workgroup>>
    %lsB = cute.static : !cute.layout<"((8,32),64,3):((64,512),1,16384)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<49152xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,32),64,3):((64,512),1,16384)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64,3):((64,512),1,16384)">
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %ktiles = arith.ceildivui %k, %c64 : index

    // The full tensors: A (M,K) and B (N,K) K-major, C (M,N) row-major.
    %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
    %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %dK = cute.make_stride %k : !cute.stride<"(?{div=8},1)">
    %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">
    %mA = cute.make_tensor %A, %lA : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">
    %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">
    %mB = cute.make_tensor %B, %lB : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">
    %dC = cute.make_stride %n : !cute.stride<"(?,1)">
    %lC = cute.make_layout %shC, %dC : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
    %mC = cute.make_tensor %C, %lC : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f32, gmem, "(?,?):(?,1)">

    // This block's tiles: 128x64 k-tiles of A, 256x64 k-tiles of B, a
    // 128x256 tile of C, and the same tiles of identity tensors (each element's (row, column)
    // in A, B or C, compared with the extents to predicate partial tiles).
    %tileA = cute.static : !cute.tile<"(128,64)">
    %tileB = cute.static : !cute.tile<"(256,64)">
    %tileC = cute.static : !cute.tile<"(128,256)">
    %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
    %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
    %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
    %gA = cute.local_tile %mA, %tileA, %cA : !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
    %iA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
    %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
    %gB = cute.local_tile %mB, %tileB, %cB : !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">, !cute.tile<"(256,64)">, !cute.coord<"(?,_)">
    %iB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(256,64)">, !cute.coord<"(?,_)">
    %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
    %gC = cute.local_tile %mC, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(?,1)">, !cute.tile<"(128,256)">, !cute.coord<"(?,?)">
    %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,256)">, !cute.coord<"(?,?)">

    // Global to shared: cp.async of 16 bytes per thread and row, four rows
    // of A and eight of B a thread; one predicate per row.
    %tAgA = cute_nvgpu.partition_s #g2s, %gA, %tid : !cute.tensor<f16, gmem, "(128,64,?):(?{div=8},1,64)">, index
    %tAsA = cute_nvgpu.partition_d #g2s, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, index
    %tBgB = cute_nvgpu.partition_s #g2s, %gB, %tid : !cute.tensor<f16, gmem, "(256,64,?):(?{div=8},1,64)">, index
    %tBsB = cute_nvgpu.partition_d #g2s, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64,3):((64,512),1,16384)">, index
    %tAcA = cute_nvgpu.partition_s #g2s, %iA, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, index
    %tBcB = cute_nvgpu.partition_s #g2s, %iB, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64,?):(1,16777216,1073741824)">, index
    %pA = cute.make_fragment : !cute.tensor<i1, rmem, "(4,1):(1,0)">
    %pB = cute.make_fragment : !cute.tensor<i1, rmem, "(8,1):(1,0)">

    // The MMA's view: register fragments for all four k-blocks of a k-tile
    // (mode 2), the accumulators, and ldmatrix's partitions of the stages.
    %st0 = cute.static : !cute.coord<"(_,_,0)">
    %sA0 = cute.slice %sA[%st0] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,0)">
    %tCsA = cute_nvgpu.partition_a #tm, %sA0, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">, index
    %tCrA = cute.make_fragment like %tCsA : (!cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((2,2,2),4,4):((1,512,8),2048,16)">) -> !cute.tensor<f16, rmem, "((2,2,2),4,4):((1,2,4),32,8)">
    %sB0 = cute.slice %sB[%st0] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64,3):((64,512),1,16384)">, !cute.coord<"(_,_,0)">
    %tCsB = cute_nvgpu.partition_b #tm, %sB0, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)">, index
    %tCrB = cute.make_fragment like %tCsB : (!cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((2,2),8,4):((1,8),2048,16)">) -> !cute.tensor<f16, rmem, "((2,2),8,4):((1,2),16,4)">
    %tCgC = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, "(128,256):(?,1)">, index
    %tCrC = cute.make_fragment like %tCgC : (!cute.tensor<f32, gmem, "((2,2),4,8):((1,?{div=8}),?{div=32},32)">) -> !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">
    cute.fill %tCrC, %zero : !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">, f32
    %tXsA = cute_nvgpu.partition_s #s2rA, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, index
    %tXrA = cute_nvgpu.retile #s2rA, %tCrA : !cute.tensor<f16, rmem, "((2,2,2),4,4):((1,2,4),32,8)">
    %tXsB = cute_nvgpu.partition_s #s2rB, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64,3):((64,512),1,16384)">, index
    %tXrB = cute_nvgpu.retile #s2rB, %tCrB : !cute.tensor<f16, rmem, "((2,2),8,4):((1,2),16,4)">

    // Prologue (unrolled, as CuTe's): k-tiles 0 and 1 in flight, one
    // cp.async group each, into the stages a producer state walks.
    %wstart = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<3>
    %wloop = scf.for %s = %c0 to %c2 step %c1 iter_args(%w = %wstart) -> (!cute_nvgpu.pipeline_state<3>) {
      %valid = arith.cmpi ult, %s, %ktiles : index
      scf.if %valid {
        %stage = cute_nvgpu.pipeline_stage %w : !cute_nvgpu.pipeline_state<3>
        %ckA = cute.make_coord %s : !cute.coord<"(_,_,_,?)">
        %cAk = cute.slice %tAcA[%ckA] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1,?):((16777216,0),32,0,1073741824)">, !cute.coord<"(_,_,_,?)">
        scf.for %row = %c0 to %c4 step %c1 {
          %v = arith.muli %row, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %cAk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shA : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %row : !cute.coord<"?">
          cute.store %in, %pA[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %ckB = cute.make_coord %s : !cute.coord<"(_,_,_,?)">
        %cBk = cute.slice %tBcB[%ckB] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),8,1,?):((16777216,0),32,0,1073741824)">, !cute.coord<"(_,_,_,?)">
        scf.for %row = %c0 to %c8 step %c1 {
          %v = arith.muli %row, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %cBk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),8,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shB : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %row : !cute.coord<"?">
          cute.store %in, %pB[%cr] : i1, !cute.tensor<i1, rmem, "(8,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %gAk = cute.slice %tAgA[%ckA] : !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,64)">, !cute.coord<"(_,_,_,?)">
        %csA = cute.make_coord %stage : !cute.coord<"(_,_,_,?)">
        %sAk = cute.slice %tAsA[%csA] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),2048,0,8192)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gAk, %sAk if %pA : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1):((1,0),2048,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
        %gBk = cute.slice %tBgB[%ckB] : !cute.tensor<f16, gmem, "((8,1),8,1,?):((1,0),?{div=256},0,64)">, !cute.coord<"(_,_,_,?)">
        %csB = cute.make_coord %stage : !cute.coord<"(_,_,_,?)">
        %sBk = cute.slice %tBsB[%csB] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),8,1,3):((1,0),2048,0,16384)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gBk, %sBk if %pB : !cute.tensor<f16, gmem, "((8,1),8,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),8,1):((1,0),2048,0)">, !cute.tensor<i1, rmem, "(8,1):(1,0)">
      }
      nvvm.cp.async.commit.group
      %wnext = cute_nvgpu.pipeline_advance %w : !cute_nvgpu.pipeline_state<3>
      scf.yield %wnext : !cute_nvgpu.pipeline_state<3>
    } {cute.fragment_loop}

    // k-tile 0 lands; its first k-block goes to registers.
    nvvm.cp.async.wait.group 1
    gpu.barrier
    %rstart = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<3>
    %r0 = cute_nvgpu.pipeline_stage %rstart : !cute_nvgpu.pipeline_state<3>
    %s0p = cute.make_coord %r0 : !cute.coord<"(_,_,0,?)">
    %x0sAp = cute.slice %tXsA[%s0p] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,4,3):((1,0),2048,16,8192)">, !cute.coord<"(_,_,0,?)">
    %k0p = cute.static : !cute.coord<"(_,_,0)">
    %x0rAp = cute.slice %tXrA[%k0p] : !cute.tensor<f16, rmem, "((8,1),4,4):((1,0),32,8)">, !cute.coord<"(_,_,0)">
    cute_nvgpu.copy #s2rA, %x0sAp, %x0rAp : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4):((1,0),2048)">, !cute.tensor<f16, rmem, "((8,1),4):((1,0),32)">
    %x0sBp = cute.slice %tXsB[%s0p] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,4,3):((1,0),4096,16,16384)">, !cute.coord<"(_,_,0,?)">
    %x0rBp = cute.slice %tXrB[%k0p] : !cute.tensor<f16, rmem, "(((4,2),1),4,4):(((1,16),0),32,4)">, !cute.coord<"(_,_,0)">
    cute_nvgpu.copy #s2rB, %x0sBp, %x0rBp : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4):((1,0),4096)">, !cute.tensor<f16, rmem, "(((4,2),1),4):(((1,16),0),32)">

    // Mainloop: prefetch k-tile kt+2 into the stage kt-1 used, multiply
    // k-tile kt a k-block at a time while ldmatrix loads the next, and
    // before its last k-block wait for k-tile kt+1 and load its first.
    %end:2 = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%w = %wloop, %r = %rstart) -> (!cute_nvgpu.pipeline_state<3>, !cute_nvgpu.pipeline_state<3>) {
      %ahead = arith.addi %kt, %c2 : index
      %valid = arith.cmpi ult, %ahead, %ktiles : index
      scf.if %valid {
        %next = arith.addi %kt, %c2 : index
        %stage = cute_nvgpu.pipeline_stage %w : !cute_nvgpu.pipeline_state<3>
        %ckA = cute.make_coord %next : !cute.coord<"(_,_,_,?)">
        %cAk = cute.slice %tAcA[%ckA] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1,?):((16777216,0),32,0,1073741824)">, !cute.coord<"(_,_,_,?)">
        scf.for %row = %c0 to %c4 step %c1 {
          %v = arith.muli %row, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %cAk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shA : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %row : !cute.coord<"?">
          cute.store %in, %pA[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %ckB = cute.make_coord %next : !cute.coord<"(_,_,_,?)">
        %cBk = cute.slice %tBcB[%ckB] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),8,1,?):((16777216,0),32,0,1073741824)">, !cute.coord<"(_,_,_,?)">
        scf.for %row = %c0 to %c8 step %c1 {
          %v = arith.muli %row, %c8 : index
          %cv = cute.make_coord %v : !cute.coord<"?">
          %crd = cute.load %cBk[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),8,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
          %in = cute.elem_less %crd, %shB : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
          %cr = cute.make_coord %row : !cute.coord<"?">
          cute.store %in, %pB[%cr] : i1, !cute.tensor<i1, rmem, "(8,1):(1,0)">, !cute.coord<"?">
        } {cute.fragment_loop}
        %gAk = cute.slice %tAgA[%ckA] : !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,64)">, !cute.coord<"(_,_,_,?)">
        %csA = cute.make_coord %stage : !cute.coord<"(_,_,_,?)">
        %sAk = cute.slice %tAsA[%csA] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),2048,0,8192)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gAk, %sAk if %pA : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1):((1,0),2048,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
        %gBk = cute.slice %tBgB[%ckB] : !cute.tensor<f16, gmem, "((8,1),8,1,?):((1,0),?{div=256},0,64)">, !cute.coord<"(_,_,_,?)">
        %csB = cute.make_coord %stage : !cute.coord<"(_,_,_,?)">
        %sBk = cute.slice %tBsB[%csB] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),8,1,3):((1,0),2048,0,16384)">, !cute.coord<"(_,_,_,?)">
        cute_nvgpu.copy #g2s, %gBk, %sBk if %pB : !cute.tensor<f16, gmem, "((8,1),8,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),8,1):((1,0),2048,0)">, !cute.tensor<i1, rmem, "(8,1):(1,0)">
      }
      nvvm.cp.async.commit.group
      %rs = cute_nvgpu.pipeline_stage %r : !cute_nvgpu.pipeline_state<3>
      scf.for %kb = %c0 to %c3 step %c1 {
        %kn = arith.addi %kb, %c1 : index
        %sn = cute.make_coord %kn, %rs : !cute.coord<"(_,_,?,?)">
        %xsA = cute.slice %tXsA[%sn] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,4,3):((1,0),2048,16,8192)">, !cute.coord<"(_,_,?,?)">
        %rn = cute.make_coord %kn : !cute.coord<"(_,_,?)">
        %xrA = cute.slice %tXrA[%rn] : !cute.tensor<f16, rmem, "((8,1),4,4):((1,0),32,8)">, !cute.coord<"(_,_,?)">
        cute_nvgpu.copy #s2rA, %xsA, %xrA : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4):((1,0),2048)">, !cute.tensor<f16, rmem, "((8,1),4):((1,0),32)">
        %xsB = cute.slice %tXsB[%sn] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,4,3):((1,0),4096,16,16384)">, !cute.coord<"(_,_,?,?)">
        %xrB = cute.slice %tXrB[%rn] : !cute.tensor<f16, rmem, "(((4,2),1),4,4):(((1,16),0),32,4)">, !cute.coord<"(_,_,?)">
        cute_nvgpu.copy #s2rB, %xsB, %xrB : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4):((1,0),4096)">, !cute.tensor<f16, rmem, "(((4,2),1),4):(((1,16),0),32)">
        %ck = cute.make_coord %kb : !cute.coord<"(_,_,?)">
        %fA = cute.slice %tCrA[%ck] : !cute.tensor<f16, rmem, "((2,2,2),4,4):((1,2,4),32,8)">, !cute.coord<"(_,_,?)">
        %fB = cute.slice %tCrB[%ck] : !cute.tensor<f16, rmem, "((2,2),8,4):((1,2),16,4)">, !cute.coord<"(_,_,?)">
        cute_nvgpu.gemm #tm, %fA, %fB, %tCrC : !cute.tensor<f16, rmem, "((2,2,2),4):((1,2,4),32)">, !cute.tensor<f16, rmem, "((2,2),8):((1,2),16)">, !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">
      } {cute.fragment_loop}
      %rnext = cute_nvgpu.pipeline_advance %r : !cute_nvgpu.pipeline_state<3>
      nvvm.cp.async.wait.group 1
      gpu.barrier
      %rn0 = cute_nvgpu.pipeline_stage %rnext : !cute_nvgpu.pipeline_state<3>
      %s0 = cute.make_coord %rn0 : !cute.coord<"(_,_,0,?)">
      %x0sA = cute.slice %tXsA[%s0] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,4,3):((1,0),2048,16,8192)">, !cute.coord<"(_,_,0,?)">
      %k0 = cute.static : !cute.coord<"(_,_,0)">
      %x0rA = cute.slice %tXrA[%k0] : !cute.tensor<f16, rmem, "((8,1),4,4):((1,0),32,8)">, !cute.coord<"(_,_,0)">
      cute_nvgpu.copy #s2rA, %x0sA, %x0rA : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4):((1,0),2048)">, !cute.tensor<f16, rmem, "((8,1),4):((1,0),32)">
      %x0sB = cute.slice %tXsB[%s0] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,4,3):((1,0),4096,16,16384)">, !cute.coord<"(_,_,0,?)">
      %x0rB = cute.slice %tXrB[%k0] : !cute.tensor<f16, rmem, "(((4,2),1),4,4):(((1,16),0),32,4)">, !cute.coord<"(_,_,0)">
      cute_nvgpu.copy #s2rB, %x0sB, %x0rB : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4):((1,0),4096)">, !cute.tensor<f16, rmem, "(((4,2),1),4):(((1,16),0),32)">
      %k3 = cute.static : !cute.coord<"(_,_,3)">
      %fA = cute.slice %tCrA[%k3] : !cute.tensor<f16, rmem, "((2,2,2),4,4):((1,2,4),32,8)">, !cute.coord<"(_,_,3)">
      %fB = cute.slice %tCrB[%k3] : !cute.tensor<f16, rmem, "((2,2),8,4):((1,2),16,4)">, !cute.coord<"(_,_,3)">
      cute_nvgpu.gemm #tm, %fA, %fB, %tCrC : !cute.tensor<f16, rmem, "((2,2,2),4):((1,2,4),32)">, !cute.tensor<f16, rmem, "((2,2),8):((1,2),16)">, !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">
      %wnext = cute_nvgpu.pipeline_advance %w : !cute_nvgpu.pipeline_state<3>
      scf.yield %wnext, %rnext : !cute_nvgpu.pipeline_state<3>, !cute_nvgpu.pipeline_state<3>
    }
    nvvm.cp.async.wait.group 0

    // Epilogue: C straight from the accumulators. A tile inside C, with N
    // even, stores each pair of a thread's values (8 bytes of a row at an
    // even column) with one 64-bit store (UniversalCopy_U64); a tile on
    // C's edge, or odd N, stores each value where it exists.
    %bm1 = arith.addi %bm, %c1 : index
    %endM = arith.muli %bm1, %c128 : index
    %insideM = arith.cmpi ule, %endM, %m : index
    %bn1 = arith.addi %bn, %c1 : index
    %endN = arith.muli %bn1, %c256 : index
    %insideN = arith.cmpi ule, %endN, %n : index
    %inside = arith.andi %insideM, %insideN : i1
    %nOdd = arith.remui %n, %c2 : index
    %nEven = arith.cmpi eq, %nOdd, %c0 : index
    %vector = arith.andi %inside, %nEven : i1
    scf.if %vector {
      %dC2 = cute.make_stride %n : !cute.stride<"(?{div=2},1)">
      %lC2 = cute.make_layout %shC, %dC2 : !cute.shape<"(?,?)">, !cute.stride<"(?{div=2},1)">
      %mC2 = cute.make_tensor %C, %lC2 : (memref<?xf32, 1>, !cute.layout<"(?,?):(?{div=2},1)">) -> !cute.tensor<f32, gmem, "(?,?):(?{div=2},1)">
      %gC2 = cute.local_tile %mC2, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(?{div=2},1)">, !cute.tile<"(128,256)">, !cute.coord<"(?,?)">
      %tXgC = cute_nvgpu.partition_d #r2g, %gC2, %tid : !cute.tensor<f32, gmem, "(128,256):(?{div=2},1)">, index
      %tXrC = cute_nvgpu.retile #r2g, %tCrC : !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">
      cute_nvgpu.copy #r2g, %tXrC, %tXgC : !cute.tensor<f32, rmem, "((2,(2,2)),4,4):((1,(2,16)),4,32)">, !cute.tensor<f32, gmem, "((2,(2,2)),4,4):((1,(?{div=16},32)),?{div=64},64)">
    } else {
      %tCcC = cute_nvgpu.partition_c #tm, %iC, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,256):(1,16777216)">, index
      %pC = cute.make_fragment : !cute.tensor<i1, rmem, "((2,2),4,8):((1,2),4,16)">
      scf.for %i = %c0 to %c128 step %c1 {
        %ci = cute.make_coord %i : !cute.coord<"?">
        %crd = cute.load %tCcC[%ci] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((2,2),4,8):((16777216,8),32,536870912)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
        %in = cute.elem_less %crd, %shC : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
        cute.store %in, %pC[%ci] : i1, !cute.tensor<i1, rmem, "((2,2),4,8):((1,2),4,16)">, !cute.coord<"?">
      } {cute.fragment_loop}
      cute.copy %tCrC, %tCgC if %pC : !cute.tensor<f32, rmem, "((2,2),4,8):((1,2),4,16)">, !cute.tensor<f32, gmem, "((2,2),4,8):((1,?{div=8}),?{div=32},32)">, !cute.tensor<i1, rmem, "((2,2),4,8):((1,2),4,16)">
    }
    gpu.return
  }
}

// C (m,n) = A (m,k) * B (n,k)^T: one block per (partial) 128x256 tile, with
// 144 KiB of dynamic shared memory.
func.func @launch(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                  %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %smem = arith.constant 147456 : i32
  %gx = arith.ceildivui %m, %c128 : index
  %gy = arith.ceildivui %n, %c256 : index
  %gA = memref.memory_space_cast %A : memref<?xf16> to memref<?xf16, 1>
  %gB = memref.memory_space_cast %B : memref<?xf16> to memref<?xf16, 1>
  %gC = memref.memory_space_cast %C : memref<?xf32> to memref<?xf32, 1>
  gpu.launch_func @kernels::@gemm_tn blocks in (%gx, %gy, %c1)
      threads in (%c256, %c1, %c1) dynamic_shared_memory_size %smem
      args(%gA : memref<?xf16, 1>, %gB : memref<?xf16, 1>, %gC : memref<?xf32, 1>,
           %m : index, %n : index, %k : index)
  return
}
}
