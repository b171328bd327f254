// A GEMM for sm_90a written in the cute dialects: C = A * B^T with A (M,K) and
// B (N,K) in f16, both K-major ("TN"), and C (M,N) row-major in f32.
//
// Each block is one warpgroup (128 threads) computing a 128x128 tile of C
// with the wgmma SM90_64x128x16_F32F16F16_SS: two 64x128 wgmmas along M per
// k-step, A and B read straight from shared memory through matrix
// descriptors that convert-cute-nvgpu-to-nvvm derives from the tiles'
// layouts. The k-tiles (128x64 of A and of B) stream through a three-stage
// ring of dynamic shared memory in wgmma's canonical K-major 128-byte
// swizzle, filled by TMA: thread 0 issues both boxes of a k-tile, and they
// complete on the stage's mbarrier, whose phase expects their 32 KiB.
//
// The mainloop waits for the stage of k-tile kt, multiplies it, and keeps
// that wgmma group in flight while the previous one retires; the stage the
// previous group read is then free, and thread 0 refills it with k-tile
// kt+2. TMA reads zeros outside (M, K) and (N, K), so partial tiles need no
// predicates on the loads; the epilogue stores only the C inside (M, N),
// and a tile inside C (N even) stores its pairs of values 8 bytes at a time
// through a TiledCopy of UniversalCopy_U64 over the wgmma's C fragment.
//
// Launch (@launch below): grid (ceil(M/128), ceil(N/128)), block (128),
// 96 KiB + 24 bytes of dynamic shared memory; any M and N, K a multiple of
// 8 (TMA's 16-byte strides); C starts 8-byte aligned, as allocations are.
//
//   cute-opt examples/gemm-sm90a.mlir --cute-to-ptx="chip=sm_90a" \
//     | cute-opt --cute-write-ptx="dir=out"

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32F16F16_SS, "(1,1,1)">
#r2g = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U64", f32>, mma = #tm, operand = "C">
// TMA fills one stage's tile: the box ([64, 128], innermost first) and the
// 128-byte swizzle come from the tile's shared-memory layout.
#tma = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn(%descA: !llvm.ptr, %descB: !llvm.ptr, %C: memref<?xf32, 1>,
                    %m: index, %n: index, %k: index)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cS1 = arith.constant 2 : index
    %cS = arith.constant 3 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %stageBytes = arith.constant 32768 : index
    %zero = arith.constant 0.0 : f32
    %tid = gpu.thread_id x
    %bm = gpu.block_id x
    %bn = gpu.block_id y
    %ktiles = arith.ceildivui %k, %c64 : index
    %leader = arith.cmpi eq, %tid, %c0 : index

    // Dynamic shared memory: three stages of A, three of B, three mbarriers.
    // At 96 KiB, two blocks fit on an SM, so one block's epilogue and
    // prologue overlap the other's mainloop (four stages, one block per SM,
    // was 10% slower at 8192^3 on an H200).
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 49152 : index
    %offBars = arith.constant 98304 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<24576xf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<24576xf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3xi64, #gpu.address_space<workgroup>>

    // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
    %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
    %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
    %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
    %tileAB = cute.static : !cute.tile<"(128,64)">
    %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
    %gA = cute.local_tile %idA, %tileAB, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
    %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
    %gB = cute.local_tile %idB, %tileAB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">

    // C (M,N) row-major, this block's 128x128 tile, and its coordinates.
    %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %dC = cute.make_stride %n : !cute.stride<"(?,1)">
    %lC = cute.make_layout %shC, %dC : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
    %mC = cute.make_tensor %C, %lC : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f32, gmem, "(?,?):(?,1)">
    %tileC = cute.static : !cute.tile<"(128,128)">
    %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %gC = cute.local_tile %mC, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(?,1)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
    %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
    %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">

    // Three stages of 128x64 tiles, K-major in the 128-byte swizzle
    // (Sw<3,3,3> over rows of 64 values): a stage is #tma's tile, the layout
    // TMA writes and wgmma reads.
    %ls = cute.static : !cute.layout<"((8,16),64,3):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %ls : (memref<24576xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,3):((64,512),1,8192)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">
    %sB = cute.make_tensor %smemB, %ls : (memref<24576xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,3):((64,512),1,8192)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">

    // The accumulators: one warpgroup, two 64x128 wgmma tiles along M.
    %tCgC = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, "(128,128):(?,1)">, index
    %tCrC = cute.make_fragment like %tCgC : (!cute.tensor<f32, gmem, "((2,2,16),2,1):((1,?{div=8},8),?{div=64},0)">) -> !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">

    // One mbarrier per stage, one arrival (the leader's expect_tx) a phase.
    scf.if %leader {
      scf.for %s = %c0 to %cS step %c1 {
        cute_nvgpu.mbarrier_init %bars[%s], %c1 : memref<3xi64, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier

    // Prologue: k-tiles 0..2 in flight.
    scf.if %leader {
      scf.for %s = %c0 to %cS step %c1 {
        %valid = arith.cmpi ult, %s, %ktiles : index
        scf.if %valid {
          cute_nvgpu.mbarrier_arrive %bars[%s] expect_tx %stageBytes : memref<3xi64, #gpu.address_space<workgroup>>
          %ck = cute.make_coord %s : !cute.coord<"(_,_,?)">
          %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%ck] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          cute_nvgpu.tma_copy #tma, %descA, %gAk, %sAs barrier %bars[%s] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, memref<3xi64, #gpu.address_space<workgroup>>
          %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%ck] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          cute_nvgpu.tma_copy #tma, %descB, %gBk, %sBs barrier %bars[%s] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, memref<3xi64, #gpu.address_space<workgroup>>
        }
      }
    }

    // Mainloop: wait for k-tile kt's stage (phase kt/3 of its mbarrier),
    // multiply it, and let the previous wgmma group retire; its stage is then
    // free and the leader refills it with k-tile kt+2.
    scf.for %kt = %c0 to %ktiles step %c1 {
      %stage = arith.remui %kt, %cS : index
      %round = arith.divui %kt, %cS : index
      cute_nvgpu.mbarrier_wait %bars[%stage], %round : memref<3xi64, #gpu.address_space<workgroup>>
      %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
      %sAs = cute.slice %sA[%cs] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
      %sBs = cute.slice %sB[%cs] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
      %tCsA = cute_nvgpu.partition_a #tm, %sAs, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
      %tCsB = cute_nvgpu.partition_b #tm, %sBs, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
      // The first k-tile overwrites the accumulators (scale-d = 0): no
      // zero-fill, so no register of a wgmma is written after the fence.
      %accumulate = arith.cmpi ne, %kt, %c0 : index
      nvvm.wgmma.fence.aligned
      cute_nvgpu.gemm #tm, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((64,16),2,4):((64,1),4096,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((128,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %next = arith.addi %kt, %cS1 : index
      %hasPrev = arith.cmpi uge, %kt, %c1 : index
      %inRange = arith.cmpi ult, %next, %ktiles : index
      %refill0 = arith.andi %hasPrev, %inRange : i1
      %refill = arith.andi %refill0, %leader : i1
      scf.if %refill {
        %ns = arith.remui %next, %cS : index
        cute_nvgpu.mbarrier_arrive %bars[%ns] expect_tx %stageBytes : memref<3xi64, #gpu.address_space<workgroup>>
        %nk = cute.make_coord %next : !cute.coord<"(_,_,?)">
        %nsc = cute.make_coord %ns : !cute.coord<"(_,_,?)">
        %gAk = cute.slice %gA[%nk] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
        %sAn = cute.slice %sA[%nsc] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
        cute_nvgpu.tma_copy #tma, %descA, %gAk, %sAn barrier %bars[%ns] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, memref<3xi64, #gpu.address_space<workgroup>>
        %gBk = cute.slice %gB[%nk] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
        %sBn = cute.slice %sB[%nsc] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64,3):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
        cute_nvgpu.tma_copy #tma, %descB, %gBk, %sBn barrier %bars[%ns] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, memref<3xi64, #gpu.address_space<workgroup>>
      }
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    // With no k-tile (K = 0), C is zero.
    %noK = arith.cmpi eq, %ktiles, %c0 : index
    scf.if %noK {
      cute.fill %tCrC, %zero : !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">, f32
    }

    // Epilogue: C straight from the accumulators. A tile inside C, with N
    // even, stores each pair of a thread's values (8 bytes of a row at an
    // even column) with one 64-bit store (UniversalCopy_U64); a tile on
    // C's edge, or odd N, stores each value where it exists.
    %c2 = arith.constant 2 : index
    %bm1 = arith.addi %bm, %c1 : index
    %endM = arith.muli %bm1, %c128 : index
    %insideM = arith.cmpi ule, %endM, %m : index
    %bn1 = arith.addi %bn, %c1 : index
    %endN = arith.muli %bn1, %c128 : index
    %insideN = arith.cmpi ule, %endN, %n : index
    %inside = arith.andi %insideM, %insideN : i1
    %nOdd = arith.remui %n, %c2 : index
    %nEven = arith.cmpi eq, %nOdd, %c0 : index
    %vector = arith.andi %inside, %nEven : i1
    scf.if %vector {
      %dC2 = cute.make_stride %n : !cute.stride<"(?{div=2},1)">
      %lC2 = cute.make_layout %shC, %dC2 : !cute.shape<"(?,?)">, !cute.stride<"(?{div=2},1)">
      %mC2 = cute.make_tensor %C, %lC2 : (memref<?xf32, 1>, !cute.layout<"(?,?):(?{div=2},1)">) -> !cute.tensor<f32, gmem, "(?,?):(?{div=2},1)">
      %gC2 = cute.local_tile %mC2, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(?{div=2},1)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
      %tXgC = cute_nvgpu.partition_d #r2g, %gC2, %tid : !cute.tensor<f32, gmem, "(128,128):(?{div=2},1)">, index
      %tXrC = cute_nvgpu.retile #r2g, %tCrC : !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
      cute_nvgpu.copy #r2g, %tXrC, %tXgC : !cute.tensor<f32, rmem, "((2,32),2,1):((1,2),64,0)">, !cute.tensor<f32, gmem, "((2,(2,16)),2,1):((1,(?{div=16},8)),?{div=128},0)">
    } else {
      %tCcC = cute_nvgpu.partition_c #tm, %iC, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, index
      %pC = cute.make_fragment : !cute.tensor<i1, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
      scf.for %i = %c0 to %c128 step %c1 {
        %ci = cute.make_coord %i : !cute.coord<"?">
        %crd = cute.load %tCcC[%ci] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((2,2,16),2,1):((16777216,8,134217728),64,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
        %in = cute.elem_less %crd, %shC : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
        cute.store %in, %pC[%ci] : i1, !cute.tensor<i1, rmem, "((2,2,16),2,1):((1,2,4),64,0)">, !cute.coord<"?">
      } {cute.fragment_loop}
      cute.copy %tCrC, %tCgC if %pC : !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">, !cute.tensor<f32, gmem, "((2,2,16),2,1):((1,?{div=8},8),?{div=64},0)">, !cute.tensor<i1, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
    }
    gpu.return
  }
}

// C (m,n) = A (m,k) * B (n,k)^T: a TMA descriptor for each operand (the
// box is one 128x64 k-tile), then one block per (partial) 128x128 tile.
func.func @launch(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                  %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %smem = arith.constant 98328 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tma, %tA : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tma, %tB : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %gx = arith.ceildivui %m, %c128 : index
  %gy = arith.ceildivui %n, %c128 : index
  %gC = memref.memory_space_cast %C : memref<?xf32> to memref<?xf32, 1>
  gpu.launch_func @kernels::@gemm_tn blocks in (%gx, %gy, %c1)
      threads in (%c128, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %gC : memref<?xf32, 1>,
           %m : index, %n : index, %k : index)
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  return
}
}
