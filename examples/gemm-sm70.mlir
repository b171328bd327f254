// A GEMM with Volta's quadpair HMMA, in the shape of the CuTe tutorial's
// SM70 example (0t_mma_atom.md): SM70_8x8x4_F32F16F16F32 atoms, four
// quadpairs in a 2x2 N-major layout, and the tutorial's M permutation
// (4,4,2):(1,8,4), making one warp's TiledMMA a 32x32x4 tile. Here the atom
// is the TN one, for the problem of the other examples: C = A * B^T with A
// (M,K) and B (N,K) in f16, both K-major, and C (M,N) row-major in f32.
//
// Each one-warp block computes a 64x64 tile of C (2x2 TiledMMA tiles; 128
// accumulators per thread). Its 64x8 k-tiles of A and B go through shared
// memory with 8-byte copies (sm_70 has no cp.async), and from there into the
// quadpairs' fragments through the TiledMMA's own partitions.
//
// Launch (@launch below): grid (M/64, N/64), block (32); M and N multiples
// of 64, K of 8 (no predication). Shared memory: 2 KiB.
//
// CUDA 13's ptxas has no sm_70, so for sm_70 this stops at PTX text; mma.m8n8k4
// needs PTX ISA 6.4, above sm_70's default:
//   cute-opt examples/gemm-sm70.mlir --cute-to-ptx="chip=sm_70 features=+ptx64" \
//     | cute-opt --cute-write-ptx="dir=out"
// Later chips still run m8n8k4, so the same file runs on an H100:
//   cute-run examples/gemm-sm70.mlir examples/gemm-host.mlir --chip=sm_90a

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM70_8x8x4_F32F16F16F32_TN, "(2,2,1):(2,1,0)", permutation = "((4,4,2):(1,8,4),32,4)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U64", f16>, threads = "(16,2):(2,1)", values = "(1,4)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn(%A: memref<?xf16, 1>, %B: memref<?xf16, 1>, %C: memref<?xf32, 1>,
                    %m: index, %n: index, %k: index)
      workgroup(%smemA: memref<512xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64},
                %smemB: memref<512xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %ktiles = arith.divui %k, %c8 : index

    // The full tensors: A (M,K) and B (N,K) K-major, C (M,N) row-major.
    %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %dA = cute.make_stride %k : !cute.stride<"(?{div=4},1)">
    %lA = cute.make_layout %shA, %dA : !cute.shape<"(?,?)">, !cute.stride<"(?{div=4},1)">
    %mA = cute.make_tensor %A, %lA : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=4},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=4},1)">
    %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
    %lB = cute.make_layout %shB, %dA : !cute.shape<"(?,?)">, !cute.stride<"(?{div=4},1)">
    %mB = cute.make_tensor %B, %lB : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=4},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=4},1)">
    %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %dC = cute.make_stride %n : !cute.stride<"(?,1)">
    %lC = cute.make_layout %shC, %dC : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
    %mC = cute.make_tensor %C, %lC : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f32, gmem, "(?,?):(?,1)">

    // This block's tiles: 64x8 k-tiles of A and B, a 64x64 tile of C.
    %tileAB = cute.static : !cute.tile<"(64,8)">
    %tileC = cute.static : !cute.tile<"(64,64)">
    %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
    %gA = cute.local_tile %mA, %tileAB, %cA : !cute.tensor<f16, gmem, "(?,?):(?{div=4},1)">, !cute.tile<"(64,8)">, !cute.coord<"(?,_)">
    %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
    %gB = cute.local_tile %mB, %tileAB, %cB : !cute.tensor<f16, gmem, "(?,?):(?{div=4},1)">, !cute.tile<"(64,8)">, !cute.coord<"(?,_)">
    %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %gC = cute.local_tile %mC, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(?,1)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">

    // One 64x8 K-major k-tile of each in shared memory.
    %ls = cute.static : !cute.layout<"(64,8):(8,1)">
    %sA = cute.make_tensor %smemA, %ls : (memref<512xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<f16, smem, "(64,8):(8,1)">
    %sB = cute.make_tensor %smemB, %ls : (memref<512xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<f16, smem, "(64,8):(8,1)">

    // Global to shared: 8 bytes (4 values of a row) per thread and copy.
    %tAgA = cute_nvgpu.partition_s #g2s, %gA, %tid : !cute.tensor<f16, gmem, "(64,8,?):(?{div=4},1,8)">, index
    %tAsA = cute_nvgpu.partition_d #g2s, %sA, %tid : !cute.tensor<f16, smem, "(64,8):(8,1)">, index
    %tBgB = cute_nvgpu.partition_s #g2s, %gB, %tid : !cute.tensor<f16, gmem, "(64,8,?):(?{div=4},1,8)">, index
    %tBsB = cute_nvgpu.partition_d #g2s, %sB, %tid : !cute.tensor<f16, smem, "(64,8):(8,1)">, index

    // The quadpairs' view: shared-memory partitions and register fragments.
    %tCsA = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "(64,8):(8,1)">, index
    %tCrA = cute.make_fragment like %tCsA : (!cute.tensor<f16, smem, "(4,(2,2),2):(1,(32,256),4)">) -> !cute.tensor<f16, rmem, "(4,(2,2),2):(1,(8,16),4)">
    %tCsB = cute_nvgpu.partition_b #tm, %sB, %tid : !cute.tensor<f16, smem, "(64,8):(8,1)">, index
    %tCrB = cute.make_fragment like %tCsB : (!cute.tensor<f16, smem, "(4,4,2):(1,128,4)">) -> !cute.tensor<f16, rmem, "(4,4,2):(1,8,4)">
    %tCgC = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, "(64,64):(?,1)">, index
    %tCrC = cute.make_fragment like %tCgC : (!cute.tensor<f32, gmem, "((2,2,2),(2,2),4):((1,?{div=2},4),(?{div=4},?{div=32}),16)">) -> !cute.tensor<f32, rmem, "((2,2,2),(2,2),4):((1,2,4),(8,16),32)">
    cute.fill %tCrC, %zero : !cute.tensor<f32, rmem, "((2,2,2),(2,2),4):((1,2,4),(8,16),32)">, f32

    scf.for %kt = %c0 to %ktiles step %c1 {
      %ck = cute.make_coord %kt : !cute.coord<"(_,_,_,?)">
      %gAk = cute.slice %tAgA[%ck] : !cute.tensor<f16, gmem, "((4,1),4,1,?):((1,0),?{div=64},0,8)">, !cute.coord<"(_,_,_,?)">
      cute_nvgpu.copy #g2s, %gAk, %tAsA : !cute.tensor<f16, gmem, "((4,1),4,1):((1,0),?{div=64},0)">, !cute.tensor<f16, smem, "((4,1),4,1):((1,0),128,0)">
      %gBk = cute.slice %tBgB[%ck] : !cute.tensor<f16, gmem, "((4,1),4,1,?):((1,0),?{div=64},0,8)">, !cute.coord<"(_,_,_,?)">
      cute_nvgpu.copy #g2s, %gBk, %tBsB : !cute.tensor<f16, gmem, "((4,1),4,1):((1,0),?{div=64},0)">, !cute.tensor<f16, smem, "((4,1),4,1):((1,0),128,0)">
      gpu.barrier
      cute.copy %tCsA, %tCrA : !cute.tensor<f16, smem, "(4,(2,2),2):(1,(32,256),4)">, !cute.tensor<f16, rmem, "(4,(2,2),2):(1,(8,16),4)">
      cute.copy %tCsB, %tCrB : !cute.tensor<f16, smem, "(4,4,2):(1,128,4)">, !cute.tensor<f16, rmem, "(4,4,2):(1,8,4)">
      cute_nvgpu.gemm #tm, %tCrA, %tCrB, %tCrC : !cute.tensor<f16, rmem, "(4,(2,2),2):(1,(8,16),4)">, !cute.tensor<f16, rmem, "(4,4,2):(1,8,4)">, !cute.tensor<f32, rmem, "((2,2,2),(2,2),4):((1,2,4),(8,16),32)">
      gpu.barrier
    }
    cute.copy %tCrC, %tCgC : !cute.tensor<f32, rmem, "((2,2,2),(2,2),4):((1,2,4),(8,16),32)">, !cute.tensor<f32, gmem, "((2,2,2),(2,2),4):((1,?{div=2},4),(?{div=4},?{div=32}),16)">
    gpu.return
  }
}

// C (m,n) = A (m,k) * B (n,k)^T: one warp per 64x64 tile.
func.func @launch(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                  %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %gx = arith.divui %m, %c64 : index
  %gy = arith.divui %n, %c64 : index
  %gA = memref.memory_space_cast %A : memref<?xf16> to memref<?xf16, 1>
  %gB = memref.memory_space_cast %B : memref<?xf16> to memref<?xf16, 1>
  %gC = memref.memory_space_cast %C : memref<?xf32> to memref<?xf32, 1>
  gpu.launch_func @kernels::@gemm_tn blocks in (%gx, %gy, %c1)
      threads in (%c32, %c1, %c1)
      args(%gA : memref<?xf16, 1>, %gB : memref<?xf16, 1>, %gC : memref<?xf32, 1>,
           %m : index, %n : index, %k : index)
  return
}
}
