// A GEMM for sm_90a written in the cute dialects: C = A * B^T with A (M,K) and
// B (N,K) in f16, both K-major ("TN"), and C (M,N) row-major in f32.
//
// Each block is one warpgroup (128 threads) computing a 128x128 tile of C
// with the wgmma SM90_64x128x16_F32F16F16_SS: two 64x128 wgmmas along M per
// k-step, A and B read straight from shared memory through matrix
// descriptors that convert-cute-nvgpu-to-nvvm derives from the tiles'
// layouts. The k-tiles (128x32) stream through a three-stage ring of shared
// memory in wgmma's canonical K-major 64-byte swizzle, filled by cp.async.
//
// Not yet the issue's sm_90a GEMM: TMA loads completing on mbarriers and a
// producer/consumer pipeline replace the cp.async stages there.
//
// Launch: grid (M/128, N/128), block (128); M and N multiples of 128, K a
// multiple of 32. Shared memory: 48 KiB.
//
//   cute-opt examples/gemm-sm90a.mlir --cute-to-ptx="chip=sm_90a" \
//     | cute-opt --cute-write-ptx="dir=out"

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32F16F16_SS, "(1,1,1)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn(%A: memref<?xf16, 1>, %B: memref<?xf16, 1>, %C: memref<?xf32, 1>,
                    %m: index, %n: index, %k: index)
      workgroup(%smemA: memref<12288xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %smemB: memref<12288xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %ktiles = arith.divui %k, %c32 : index

    // The full tensors: A (M,K) and B (N,K) K-major, C (M,N) row-major.
    %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %dA = cute.make_stride %k : !cute.stride<"(?{div=8},1)">
    %lA = cute.make_layout %shA, %dA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">) -> !cute.layout<"(?,?):(?{div=8},1)">
    %mA = cute.make_tensor %A, %lA : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">
    %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
    %lB = cute.make_layout %shB, %dA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">) -> !cute.layout<"(?,?):(?{div=8},1)">
    %mB = cute.make_tensor %B, %lB : (memref<?xf16, 1>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">
    %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %dC = cute.make_stride %n : !cute.stride<"(?,1)">
    %lC = cute.make_layout %shC, %dC : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
    %mC = cute.make_tensor %C, %lC : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f32, gmem, "(?,?):(?,1)">

    // This block's tiles: 128x32 k-tiles of A and B, a 128x128 tile of C.
    %tileAB = cute.static : !cute.tile<"(128,32)">
    %tileC = cute.static : !cute.tile<"(128,128)">
    %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
    %gA = cute.local_tile %mA, %tileAB, %cA : (!cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">, !cute.tile<"(128,32)">, !cute.coord<"(?,_)">) -> !cute.tensor<f16, gmem, "(128,32,?):(?{div=8},1,32)">
    %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
    %gB = cute.local_tile %mB, %tileAB, %cB : (!cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">, !cute.tile<"(128,32)">, !cute.coord<"(?,_)">) -> !cute.tensor<f16, gmem, "(128,32,?):(?{div=8},1,32)">
    %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %gC = cute.local_tile %mC, %tileC, %cC : (!cute.tensor<f32, gmem, "(?,?):(?,1)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">) -> !cute.tensor<f32, gmem, "(128,128):(?,1)">

    // Three stages of 128x32 tiles in shared memory, in wgmma's canonical
    // K-major 64-byte swizzle (Sw<2,3,3> over rows of 32 values).
    %ls = cute.static : !cute.layout<"((8,16),32,3):((32,256),1,4096)">
    %sA = cute.make_tensor %smemA, %ls : (memref<12288xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),32,3):((32,256),1,4096)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">
    %sB = cute.make_tensor %smemB, %ls : (memref<12288xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),32,3):((32,256),1,4096)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">

    // Global to shared: cp.async of 16 bytes per thread and row.
    %tAgA = cute_nvgpu.partition_s #g2s, %gA, %tid : (!cute.tensor<f16, gmem, "(128,32,?):(?{div=8},1,32)">, index) -> !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">
    %tAsA = cute_nvgpu.partition_d #g2s, %sA, %tid : (!cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, index) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">
    %tBgB = cute_nvgpu.partition_s #g2s, %gB, %tid : (!cute.tensor<f16, gmem, "(128,32,?):(?{div=8},1,32)">, index) -> !cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">
    %tBsB = cute_nvgpu.partition_d #g2s, %sB, %tid : (!cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, index) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">

    // The accumulators: one warpgroup, two 64x128 wgmma tiles along M.
    %tCgC = cute_nvgpu.partition_c #tm, %gC, %tid : (!cute.tensor<f32, gmem, "(128,128):(?,1)">, index) -> !cute.tensor<f32, gmem, "((2,2,16),2,1):((1,?{div=8},8),?{div=64},0)">
    %tCrC = cute.make_fragment like %tCgC : (!cute.tensor<f32, gmem, "((2,2,16),2,1):((1,?{div=8},8),?{div=64},0)">) -> !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
    cute.fill %tCrC, %zero : !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">, f32

    // Prologue: k-tiles 0 and 1 in flight, one cp.async group each.
    scf.for %s = %c0 to %c2 step %c1 {
      %valid = arith.cmpi ult, %s, %ktiles : index
      scf.if %valid {
        %ck = cute.make_coord %s : !cute.coord<"(_,_,_,?)">
        %gAk = cute.slice %tAgA[%ck] : (!cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">
        %sAk = cute.slice %tAsA[%ck] : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
        cute_nvgpu.copy #g2s, %gAk, %sAk : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
        %gBk = cute.slice %tBgB[%ck] : (!cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">
        %sBk = cute.slice %tBsB[%ck] : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
        cute_nvgpu.copy #g2s, %gBk, %sBk : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
      }
      nvvm.cp.async.commit.group
    }

    // Mainloop: wait for k-tile kt and make it visible to the tensor cores'
    // async proxy, prefetch kt+2 into the stage kt-1 used (its wgmmas are
    // done: each iteration waits for its own), then multiply the stage of kt.
    scf.for %kt = %c0 to %ktiles step %c1 {
      nvvm.cp.async.wait.group 1
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      %next = arith.addi %kt, %c2 : index
      %valid = arith.cmpi ult, %next, %ktiles : index
      scf.if %valid {
        %ng = cute.make_coord %next : !cute.coord<"(_,_,_,?)">
        %ns = arith.remui %next, %c3 : index
        %nsc = cute.make_coord %ns : !cute.coord<"(_,_,_,?)">
        %gAk = cute.slice %tAgA[%ng] : (!cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">
        %sAk = cute.slice %tAsA[%nsc] : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
        cute_nvgpu.copy #g2s, %gAk, %sAk : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
        %gBk = cute.slice %tBgB[%ng] : (!cute.tensor<f16, gmem, "((8,1),4,1,?):((1,0),?{div=256},0,32)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">
        %sBk = cute.slice %tBsB[%nsc] : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1,3):((1,0),1024,0,4096)">, !cute.coord<"(_,_,_,?)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
        cute_nvgpu.copy #g2s, %gBk, %sBk : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=256},0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
      }
      nvvm.cp.async.commit.group
      %stage = arith.remui %kt, %c3 : index
      %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
      %sAs = cute.slice %sA[%cs] : (!cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, !cute.coord<"(_,_,?)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((8,16),32):((32,256),1)">
      %sBs = cute.slice %sB[%cs] : (!cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32,3):((32,256),1,4096)">, !cute.coord<"(_,_,?)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((8,16),32):((32,256),1)">
      %tCsA = cute_nvgpu.partition_a #tm, %sAs, %tid : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((8,16),32):((32,256),1)">, index) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((64,16),2,2):((32,1),2048,16)">
      %tCsB = cute_nvgpu.partition_b #tm, %sBs, %tid : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((8,16),32):((32,256),1)">, index) -> !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((128,16),1,2):((32,1),0,16)">
      nvvm.wgmma.fence.aligned
      cute_nvgpu.gemm #tm, %tCsA, %tCsB, %tCrC : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((64,16),2,2):((32,1),2048,16)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=4096} o ((128,16),1,2):((32,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 0
    }
    nvvm.cp.async.wait.group 0

    // Epilogue: C straight from the accumulators.
    cute.copy %tCrC, %tCgC : !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">, !cute.tensor<f32, gmem, "((2,2,16),2,1):((1,?{div=8},8),?{div=64},0)">
    gpu.return
  }
}
}
