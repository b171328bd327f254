// A warp-specialized, persistent fp8 GEMM for sm_90a, the fp8 form of
// gemm-sm90a-ws-bf16.mlir: C = scale * A * B^T with A (M,K) and B (N,K) in
// e4m3 (f8E4M3FN), both K-major ("TN"), accumulated in f32, and C (M,N)
// row-major in bf16; `scale` is the product of A's and B's per-tensor
// scales (torch._scaled_mm's scale_a * scale_b).
//
// Six kernels of one design, on tiles of five widths and one swapped, and
// a @launch that picks one by the shape of C, as cuBLAS's heuristics pick
// a kernel:
//  - @gemm_tn_128x192 on 128x192 tiles, with stream-K, the faster mainloop;
//  - @gemm_tn_128x256 on 128x256 tiles, data-parallel, for shapes whose
//    256-wide units fill whole waves (2048^3, 4096^3), where the 192-wide
//    tiles leave part of the last wave to stream-K's fixups;
//  - @gemm_tn_128x64, the 128x192 one on 128x64 tiles with eight stages,
//    for GEMMs too small to fill the chip with the wider tiles (1024^3,
//    256x4096x4096): 1.2-1.4x as fast there on an H200;
//  - @gemm_tn_128x128, the same on 128x128 tiles with six stages, for
//    GEMMs whose 256x128 units fill one wave where the wider tiles' fewer
//    units leave stream-K to split them (512x4096x4096, 1024x2048):
//    1.16-1.23x as fast there on an H200;
//  - @gemm_tn_128x160, the same on 128x160 tiles with five stages, for
//    GEMMs of one to four waves that the 192-wide units fill badly
//    (1536^3, 2560x2048x8192): 1.08x as fast at the median of 40 such
//    shapes on an H200;
//  - @gemm_tn_64x128_swapped, the 128x64 kernel on C's transpose (C^T =
//    B A^T: B's rows fill wgmma's M, A's its N), for GEMMs with M <= 64,
//    whose 128-row tiles of A would be mostly past M.
//
// fp8 wgmma accumulates with fewer mantissa bits than f32, which piles up
// error over a long K. So every 128 of K the wgmmas run into temporary
// accumulators, from zero, and once they retire the temporaries are added
// into the f32 accumulators: the sum is promoted every 128 of K, as
// CUTLASS's (mma_promotion_interval) and DeepGEMM's fp8 kernels do.
//
// As in the bf16 kernel, one block per SM, in clusters of two along M,
// walks blocks of C in cute_nvgpu.tile_coord's grouped order (a CTA takes
// one of the block's two tiles, which share B) with a producer warpgroup
// and two consumer warpgroups split by cute_nvgpu.warp_specialize. The
// producer loads each k-tile's 128x128 box of A and its half of B's rows,
// which it multicasts to both CTAs. The k-tiles are 128 deep: one row is
// 128 bytes, the 128-byte swizzle's width (Sw<3,4,3> over one-byte
// elements). cute_nvgpu.epilogue_store scales the accumulators (`scale`)
// and stores C in 128x64 bf16 boxes.
//
// Launch: @launch below, or @launch_128x192 / @launch_128x256 /
// @launch_128x64 / @launch_128x128 / @launch_128x160 /
// @launch_64x128_swapped for one kernel.
// Clusters of (2, 1, 1), block (384); any M, N a multiple of 8 (C's rows
// start 16 bytes apart, as TMA needs), K a multiple of 16.
//
//   cute-opt examples/gemm-sm90a-ws-fp8.mlir --cute-to-ptx="chip=sm_90a" \
//     | cute-opt --cute-write-ptx="dir=out"

#tm192 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x192x32_F32E4M3E4M3_SS, "(2,1,1)">
#tm64 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x32_F32E4M3E4M3_SS, "(2,1,1)">
#tm128 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x32_F32E4M3E4M3_SS, "(2,1,1)">
#tm256 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x32_F32E4M3E4M3_SS, "(2,1,1)">
#tm160 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x160x32_F32E4M3E4M3_SS, "(2,1,1)">
// The TMA atoms are written from shared-memory layouts, as CuTe's
// make_tma_copy takes them: one stage of A and of B (the box and its
// 128-byte swizzle follow; B's multicast to the 2 CTAs of a cluster splits
// its rows in halves, one per CTA: 96 of 192, 128 of 256, 32 of 64) and
// one box of C.
#tmaA = #cute_nvgpu.tma_atom<load, f8E4M3FN, smem = "Sw<3,4,3> o 0 o ((8,16),128):((128,1024),1)">
#tmaB192 = #cute_nvgpu.tma_atom<load_multicast, f8E4M3FN, smem = "Sw<3,4,3> o 0 o ((8,24),128):((128,1024),1)", multicast = 2>
#tmaB64 = #cute_nvgpu.tma_atom<load_multicast, f8E4M3FN, smem = "Sw<3,4,3> o 0 o ((8,8),128):((128,1024),1)", multicast = 2>
#tmaB128 = #cute_nvgpu.tma_atom<load_multicast, f8E4M3FN, smem = "Sw<3,4,3> o 0 o ((8,16),128):((128,1024),1)", multicast = 2>
#tmaB256 = #cute_nvgpu.tma_atom<load_multicast, f8E4M3FN, smem = "Sw<3,4,3> o 0 o ((8,32),128):((128,1024),1)", multicast = 2>
#tmaB160 = #cute_nvgpu.tma_atom<load_multicast, f8E4M3FN, smem = "Sw<3,4,3> o 0 o ((8,20),128):((128,1024),1)", multicast = 2>
#tmaC = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<3,3,3> o 0 o (128,64):(64,1)">
#tmaC32 = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<2,3,3> o 0 o (64,32):(32,1)">
#tmaCT = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<3,3,3> o 0 o (64,64):(64,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  // 128x192 tiles: each k-tile's four SM90_64x192x32_F32E4M3E4M3_SS wgmmas a
  // warpgroup run into a 64x192 temporary, which needs a second 64x192
  // accumulator a thread (192 registers): so the tiles are 192 wide, not
  // 256, and the consumers take 240 registers, the producer 24. Stream-K
  // shares the last tiles' k-tiles among the clusters and stream_k_fixup adds
  // up the split tiles' f32 sums. The epilogue's buffer holds the whole
  // 128x192 tile (three 16 KiB stages): the threads write all three boxes,
  // then TMA stores them, with two barriers a tile instead of two a box
  // (0.2-2.3% faster than two stages on an H100, except at 2048^3). Four
  // stages of 40 KiB, the epilogue's 48 KiB and the pipeline's eight
  // mbarriers: 213056 bytes of dynamic shared memory, one block per SM.
  gpu.func @gemm_tn_128x192(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index, %scale: f32,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c128 : index
    // A TMA descriptor's first use waits for it to be fetched: fetch them
    // now, while the barriers initialize (CUTLASS's prefetch_tma_descriptor).
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c192 : index
    // Clusters of two CTAs along M walk 256x192 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x
    // Whole units, then the last ones' k-tiles shared among the clusters:
    // here, not between the pipeline's arrive and wait as in the bf16
    // kernel, which measured 1% slower at 4096x14336x4096 for fp8.
    // A's and B's bytes, (m + n) k: with no full wave, whether they fit
    // in L2 decides how the k-tiles are shared.
    %mn = arith.addi %m, %n : index
    %operandBytes = arith.muli %mn, %k : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // Dynamic shared memory: four stages of A (16 KiB each), four of B
    // (24 KiB each), three of the epilogue's C boxes (16 KiB each), then the
    // pipeline's eight mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 65536 : index
    %offC = arith.constant 163840 : index
    %offBars = arith.constant 212992 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<98304xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<24576xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>

    // The stages: 128x128 tiles of A and 192x128 tiles of B, K-major in
    // the 128-byte swizzle (Sw<3,4,3> over rows of 128 one-byte values), as
    // TMA writes them and wgmma reads them.
    %lsA = cute.static : !cute.layout<"((8,16),128,4):((128,1024),1,16384)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,4):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,4):((128,1024),1,16384)">
    %lsB = cute.static : !cute.layout<"((8,24),128,4):((128,1024),1,24576)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<98304xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,24),128,4):((128,1024),1,24576)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,24),128,4):((128,1024),1,24576)">

    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
      // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,128)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(96,128)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 192 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A CTA whose tile lies wholly past C's last row (with clusters of
          // two, where tiles_m is odd) loads the last row of tiles instead:
          // TMA is slow to fill a box that is all out of bounds, and it holds
          // back the cluster's multicast. What it computes is clipped away.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(96,128)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,4):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(96,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,24),128,4):((128,1024),1,24576)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=24576} o ((8,24),128):((128,1024),1)">, !cute.tile<"(96,128)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB192, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(96,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=12288} o (96,128):(128,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
            scf.yield %next : !cute_nvgpu.pipeline_state<4>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<4>
        }
        // The peer's consumers are done with this CTA's stages before it
        // exits.
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      }
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
      // The consumers' thread index in the TiledMMA (0 .. 255).
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,192)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
      %false = arith.constant false
      %zeros = arith.constant dense<0.0> : vector<96xf32>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">
        %tCrT = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC : vector<96xf32>, !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">

        // Mainloop: wait for k-tile kt's stage and multiply it into the
        // temporary accumulators, from zero (its first k-block does not
        // accumulate). Once its wgmmas retire, release the stage and add the
        // temporaries into the accumulators in f32: fp8 wgmma accumulates
        // with fewer mantissa bits than f32, so the sum is promoted every
        // k-tile (K = 128), as CUTLASS's and DeepGEMM's fp8 kernels do.
        %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,4):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,24),128,4):((128,1024),1,24576)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm192, %sAs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm192, %sBs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=24576} o ((8,24),128):((128,1024),1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm192, %tCsA, %tCsB, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=24576} o ((192,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %acc = cute.load_vector %tCrC : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)"> -> vector<96xf32>
          %part = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)"> -> vector<96xf32>
          %sum = arith.addf %acc, %part : vector<96xf32>
          cute.store_vector %sum, %tCrC : vector<96xf32>, !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
          scf.yield %next : !cute_nvgpu.pipeline_state<4>
        }

        // A piece of a split tile: the pieces' f32 sums meet in the CTA that
        // ran the tile's first k-tile, which stores it.
        %store = cute_nvgpu.stream_k_fixup #tm192, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        // Epilogue: C = scale * (A B^T) (the product of A's and B's
        // per-tensor scales) goes to C in bf16 through shared memory, a
        // 128x64 box at a time, stored by TMA while the next tile's mainloop
        // runs.
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,192)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm192, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store scale %scale : f32 : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,192):(1,16777216)">, memref<24576xbf16, #gpu.address_space<workgroup>>
        scf.yield %end : !cute_nvgpu.pipeline_state<4>
      }
      // The last TMA stores finish reading shared memory before it goes.
      cute_nvgpu.epilogue_store_tail #tm192, %ctid
    }
    gpu.return
  }

  // 128x256 tiles: each consumer warpgroup holds two 64x128 f32 accumulators
  // (one per half of the tile's 256 columns) and one 64x128 temporary. Per
  // k-tile, for each half in turn, four SM90_64x128x32_F32E4M3E4M3_SS wgmmas
  // fill the temporary from zero, and once they retire it is added into that
  // half's accumulators. Two waits a k-tile instead of one, but a quarter
  // fewer tiles. The epilogue stores each 128x128 half in two 128x64 boxes
  // (two 16 KiB stages). Four stages of 48 KiB, the epilogue's 32 KiB and the
  // pipeline's eight mbarriers: 229440 bytes, one block per SM.
  gpu.func @gemm_tn_128x256(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index, %scale: f32)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c128 : index
    // A TMA descriptor's first use waits for it to be fetched: fetch them
    // now, while the barriers initialize (CUTLASS's prefetch_tma_descriptor).
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c256 : index
    // Clusters of two CTAs along M walk 256x256 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x

    // Dynamic shared memory: four stages of A (16 KiB each), four of B
    // (32 KiB each), two of the epilogue's C boxes (16 KiB each), then the
    // pipeline's eight mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 65536 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<131072xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>

    // The stages: 128x128 tiles of A and 256x128 tiles of B, K-major in
    // the 128-byte swizzle (Sw<3,4,3> over rows of 128 one-byte values), as
    // TMA writes them and wgmma reads them.
    %lsA = cute.static : !cute.layout<"((8,16),128,4):((128,1024),1,16384)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,4):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,4):((128,1024),1,16384)">
    %lsB = cute.static : !cute.layout<"((8,32),128,4):((128,1024),1,32768)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<131072xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,32),128,4):((128,1024),1,32768)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,32),128,4):((128,1024),1,32768)">

    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
      // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,128)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(128,128)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 256 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
        %last = scf.for %w = %cluster to %units step %clusters iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x192.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,4):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,32),128,4):((128,1024),1,32768)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=32768} o ((8,32),128):((128,1024),1)">, !cute.tile<"(128,128)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB256, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o (128,128):(128,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
            scf.yield %next : !cute_nvgpu.pipeline_state<4>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<4>
        }
        // The peer's consumers are done with this CTA's stages before it
        // exits.
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      }
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
      // The consumers' thread index in the TiledMMA (0 .. 255).
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileH = cute.static : !cute.tile<"(128,128)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
      %false = arith.constant false
      %zeros = arith.constant dense<0.0> : vector<64xf32>
      // B's two 128-row halves of a stage, as the TiledMMA's N tiles.
      %h0 = cute.static : !cute.coord<"(0,0)">
      %h1 = cute.static : !cute.coord<"(1,0)">
      %last = scf.for %w = %cluster to %units step %clusters iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %tCrC0 = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
        %tCrC1 = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
        %tCrT = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC0 : vector<64xf32>, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC1 : vector<64xf32>, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">

        // Mainloop: wait for k-tile kt's stage; for each half of the tile's
        // 256 columns, multiply it into the temporary accumulators, from
        // zero (the first k-block does not accumulate), and once those
        // wgmmas retire add the temporaries into that half's accumulators
        // in f32. fp8 wgmma accumulates with fewer mantissa bits than f32,
        // so the sum is promoted every k-tile (K = 128), as CUTLASS's and
        // DeepGEMM's fp8 kernels do; one 64x128 temporary serves both
        // halves, so a 128x256 tile fits the registers. While one
        // warpgroup adds, the other's wgmmas keep the tensor cores busy.
        %end = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,4):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,32),128,4):((128,1024),1,32768)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm256, %sAs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          %sB0 = cute.local_tile %sBs, %tileH, %h0 : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=32768} o ((8,32),128):((128,1024),1)">, !cute.tile<"(128,128)">, !cute.coord<"(0,0)">
          %tCsB0 = cute_nvgpu.partition_b #tm256, %sB0, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=32768} o (128,128):(128,1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm256, %tCsA, %tCsB0, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=32768} o ((128,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          %acc0 = cute.load_vector %tCrC0 : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<64xf32>
          %part0 = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<64xf32>
          %sum0 = arith.addf %acc0, %part0 : vector<64xf32>
          cute.store_vector %sum0, %tCrC0 : vector<64xf32>, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          %sB1 = cute.local_tile %sBs, %tileH, %h1 : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=32768} o ((8,32),128):((128,1024),1)">, !cute.tile<"(128,128)">, !cute.coord<"(1,0)">
          %tCsB1 = cute_nvgpu.partition_b #tm256, %sB1, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o (128,128):(128,1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm256, %tCsA, %tCsB1, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((128,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %acc1 = cute.load_vector %tCrC1 : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<64xf32>
          %part1 = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<64xf32>
          %sum1 = arith.addf %acc1, %part1 : vector<64xf32>
          cute.store_vector %sum1, %tCrC1 : vector<64xf32>, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
          scf.yield %next : !cute_nvgpu.pipeline_state<4>
        }

        // Epilogue: C = scale * (A B^T) (the product of A's and B's
        // per-tensor scales) goes to C in bf16 through shared memory, each
        // 128x128 half a 128x64 box at a time, stored by TMA while the
        // next tile's mainloop runs.
        %tn2 = arith.muli %tn, %c2 : index
        %tn21 = arith.addi %tn2, %c1 : index
        %cC0 = cute.make_coord %tm, %tn2 : !cute.coord<"(?,?)">
        %iC0 = cute.local_tile %idC, %tileH, %cC0 : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm256, #tmaC, %descC, %tCrC0, %iC0, %smemC, %ctid scale %scale : f32 : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        %cC1 = cute.make_coord %tm, %tn21 : !cute.coord<"(?,?)">
        %iC1 = cute.local_tile %idC, %tileH, %cC1 : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm256, #tmaC, %descC, %tCrC1, %iC1, %smemC, %ctid scale %scale : f32 : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end : !cute_nvgpu.pipeline_state<4>
      }
      // The last TMA stores finish reading shared memory before it goes.
      cute_nvgpu.epilogue_store_tail #tm256, %ctid
    }
    gpu.return
  }

  // 128x64 tiles, for GEMMs too small to fill the chip with wider ones:
  // SM90_64x64x32_F32E4M3E4M3_SS wgmmas into a 64x64 temporary (32
  // accumulators a thread, and 32 for the sums), 32-row halves of B
  // multicast, eight stages of 24 KiB (short k-loops start on more loads in
  // flight), two 16 KiB stages of the epilogue's 128x64 C box and the
  // pipeline's sixteen mbarriers: 229504 bytes of dynamic shared memory.
  gpu.func @gemm_tn_128x64(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index, %scale: f32,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c128 : index
    // A TMA descriptor's first use waits for it to be fetched: fetch them
    // now, while the barriers initialize (CUTLASS's prefetch_tma_descriptor).
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c64 : index
    // Clusters of two CTAs along M walk 256x64 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x
    // Whole units, then the last ones' k-tiles shared among the clusters,
    // scheduled here as in the 128x192 kernel.
    %mn = arith.addi %m, %n : index
    %operandBytes = arith.muli %mn, %k : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // Dynamic shared memory: eight stages of A (16 KiB each), eight of B
    // (8 KiB each), two of the epilogue's C box (16 KiB each), then the
    // pipeline's sixteen mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 131072 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<131072xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<16xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<8>

    // The stages: 128x128 tiles of A and 64x128 tiles of B, K-major in
    // the 128-byte swizzle (Sw<3,4,3> over rows of 128 one-byte values), as
    // TMA writes them and wgmma reads them.
    %lsA = cute.static : !cute.layout<"((8,16),128,8):((128,1024),1,16384)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<131072xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,8):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,8):((128,1024),1,16384)">
    %lsB = cute.static : !cute.layout<"((8,8),128,8):((128,1024),1,8192)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,8),128,8):((128,1024),1,8192)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,8),128,8):((128,1024),1,8192)">

    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
      // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,128)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(32,128)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 64 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<8>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x192.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,128)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<8>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,8):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,8),128,8):((128,1024),1,8192)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((8,8),128):((128,1024),1)">, !cute.tile<"(32,128)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB64, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=4096} o (32,128):(128,1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
            scf.yield %next : !cute_nvgpu.pipeline_state<8>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<8>
        }
        // The peer's consumers are done with this CTA's stages before it
        // exits.
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
      }
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
      // The consumers' thread index in the TiledMMA (0 .. 255).
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,64)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<8>
      %false = arith.constant false
      %zeros = arith.constant dense<0.0> : vector<32xf32>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
        %tCrT = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC : vector<32xf32>, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">

        // Mainloop: wait for k-tile kt's stage and multiply it into the
        // temporary accumulators, from zero (its first k-block does not
        // accumulate). Once its wgmmas retire, release the stage and add the
        // temporaries into the accumulators in f32: fp8 wgmma accumulates
        // with fewer mantissa bits than f32, so the sum is promoted every
        // k-tile (K = 128), as CUTLASS's and DeepGEMM's fp8 kernels do.
        %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<8>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,8):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,8),128,8):((128,1024),1,8192)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm64, %sAs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm64, %sBs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((8,8),128):((128,1024),1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm64, %tCsA, %tCsB, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          %acc = cute.load_vector %tCrC : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)"> -> vector<32xf32>
          %part = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)"> -> vector<32xf32>
          %sum = arith.addf %acc, %part : vector<32xf32>
          cute.store_vector %sum, %tCrC : vector<32xf32>, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
          scf.yield %next : !cute_nvgpu.pipeline_state<8>
        }

        // A piece of a split tile: the pieces' f32 sums meet in the CTA that
        // ran the tile's first k-tile, which stores it.
        %store = cute_nvgpu.stream_k_fixup #tm64, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        // Epilogue: C = scale * (A B^T) (the product of A's and B's
        // per-tensor scales) goes to C in bf16 through shared memory, a
        // 128x64 box at a time, stored by TMA while the next tile's mainloop
        // runs.
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm64, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store scale %scale : f32 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end : !cute_nvgpu.pipeline_state<8>
      }
      // The last TMA stores finish reading shared memory before it goes.
      cute_nvgpu.epilogue_store_tail #tm64, %ctid
    }
    gpu.return
  }

  // 128x128 tiles, for GEMMs whose 256x128 units fill at most one wave,
  // where the wider tiles' fewer units leave clusters to stream-K:
  // SM90_64x128x32_F32E4M3E4M3_SS wgmmas into a 64x128 temporary (64
  // accumulators a thread, and 64 for the sums), 64-row halves of B
  // multicast, six stages of 32 KiB, two 16 KiB stages of the epilogue's
  // 128x64 C box and the pipeline's twelve mbarriers: 229472 bytes of
  // dynamic shared memory.
  gpu.func @gemm_tn_128x128(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index, %scale: f32,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c128 : index
    // Fetch the TMA descriptors while the barriers initialize.
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c128 : index
    // Clusters of two CTAs along M walk 256x128 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x
    // Whole units, then the last ones' k-tiles shared among the clusters,
    // scheduled here as in the 128x192 kernel.
    %mn = arith.addi %m, %n : index
    %operandBytes = arith.muli %mn, %k : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // Dynamic shared memory: six stages of A (16 KiB each), six of B (16
    // KiB each), two of the epilogue's C box (16 KiB each), then the
    // pipeline's twelve mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 98304 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<98304xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<98304xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<12xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<12xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<6>

    // The stages: 128x128 tiles of A and of B, K-major in the 128-byte
    // swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),128,6):((128,1024),1,16384)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<98304xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,6):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,6):((128,1024),1,16384)">
    %lsB = cute.static : !cute.layout<"((8,16),128,6):((128,1024),1,16384)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<98304xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,6):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,6):((128,1024),1,16384)">

    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
      // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,128)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(64,128)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 128 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<6>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<6>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x192.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,128)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<6>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<6>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,6):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,6):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute.tile<"(64,128)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB128, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o (64,128):(128,1)">, !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<6>
            scf.yield %next : !cute_nvgpu.pipeline_state<6>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<6>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
      }
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
      // The consumers' thread index in the TiledMMA (0 .. 255).
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,128)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<6>
      %false = arith.constant false
      %zeros = arith.constant dense<0.0> : vector<64xf32>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<6>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
        %tCrT = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC : vector<64xf32>, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">

        // Mainloop, promotion every k-tile, fixup and epilogue as in
        // @gemm_tn_128x64.
        %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<6>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<6>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,6):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,6):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm128, %sAs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm128, %sBs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm128, %tCsA, %tCsB, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((128,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
          %acc = cute.load_vector %tCrC : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<64xf32>
          %part = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)"> -> vector<64xf32>
          %sum = arith.addf %acc, %part : vector<64xf32>
          cute.store_vector %sum, %tCrC : vector<64xf32>, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<6>
          scf.yield %next : !cute_nvgpu.pipeline_state<6>
        }

        %store = cute_nvgpu.stream_k_fixup #tm128, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm128, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store scale %scale : f32 : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end : !cute_nvgpu.pipeline_state<6>
      }
      cute_nvgpu.epilogue_store_tail #tm128, %ctid
    }
    gpu.return
  }

  // 128x160 tiles, for GEMMs of one to four waves that the 192-wide units
  // fill badly: the 128x192 kernel's design with SM90_64x160x32 wgmmas into
  // a 64x160 temporary (160 registers of accumulators a thread), five stages
  // of 36 KiB (80-row halves of B multicast), and the bf16 example's
  // 128x160 epilogue: each consumer warpgroup stores its 64 rows in 64x32
  // boxes (160 is five boxes of 32; 64-byte swizzle) from its own 16 KiB,
  // on named barriers 2 and 3. 217168 bytes of dynamic shared memory.
  gpu.func @gemm_tn_128x160(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index, %scale: f32,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c160 = arith.constant 160 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c128 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c160 : index
    // Clusters of two CTAs along M walk 256x160 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x
    // Whole units, then the last ones' k-tiles shared among the clusters.
    %mn = arith.addi %m, %n : index
    %operandBytes = arith.muli %mn, %k : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // Dynamic shared memory: five stages of A (16 KiB each), five of B
    // (20 KiB each), the epilogue's 32 KiB of C boxes, then the pipeline's
    // ten mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 81920 : index
    %offC = arith.constant 184320 : index
    %offBars = arith.constant 217088 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<81920xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<102400xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<10xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<10xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<5>

    // The stages: 128x128 tiles of A and 160x128 tiles of B, K-major in
    // the 128-byte swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),128,5):((128,1024),1,16384)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<81920xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,5):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,5):((128,1024),1,16384)">
    %lsB = cute.static : !cute.layout<"((8,20),128,5):((128,1024),1,20480)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<102400xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,20),128,5):((128,1024),1,20480)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,20),128,5):((128,1024),1,20480)">

    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
      // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,128)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(80,128)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 160 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<5>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<5>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x192.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(80,128)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<5>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<5>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,5):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(80,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,20),128,5):((128,1024),1,20480)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=20480} o ((8,20),128):((128,1024),1)">, !cute.tile<"(80,128)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB160, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(80,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=10240} o (80,128):(128,1)">, !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<5>
            scf.yield %next : !cute_nvgpu.pipeline_state<5>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<5>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
      }
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,160)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<5>
      %false = arith.constant false
      %zeros = arith.constant dense<0.0> : vector<80xf32>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<5>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">
        %tCrT = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC : vector<80xf32>, !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">

        // Mainloop, promotion every k-tile and fixup as in @gemm_tn_128x192.
        %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<5>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<5>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,5):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,20),128,5):((128,1024),1,20480)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm160, %sAs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm160, %sBs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=20480} o ((8,20),128):((128,1024),1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm160, %tCsA, %tCsB, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=20480} o ((160,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
          %acc = cute.load_vector %tCrC : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)"> -> vector<80xf32>
          %part = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)"> -> vector<80xf32>
          %sum = arith.addf %acc, %part : vector<80xf32>
          cute.store_vector %sum, %tCrC : vector<80xf32>, !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<5>
          scf.yield %next : !cute_nvgpu.pipeline_state<5>
        }

        %store = cute_nvgpu.stream_k_fixup #tm160, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        // Each warpgroup stores its own 64 rows of scale * (A B^T).
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,160)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm160, #tmaC32, %descC, %tCrC, %iC, %smemC, %ctid if %store scale %scale : f32 per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,160):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end : !cute_nvgpu.pipeline_state<5>
      }
      cute_nvgpu.epilogue_store_tail #tm160, %ctid per_warpgroup
    }
    gpu.return
  }

  // C's 64x128 tiles computed as their transposes, for GEMMs with few rows
  // of C (M <= 64): C^T = B A^T, whose fp8 operands are as K-major as A and
  // B (as wgmma needs them), so B's rows fill wgmma's M and A's few rows
  // its N. The 128x64 kernel with the operands' roles swapped and an
  // epilogue_store `transposed` (one bf16 store a value, 32 a thread).
  gpu.func @gemm_tn_64x128_swapped(%descA: !llvm.ptr, %descB: !llvm.ptr,
                                    %descC: !llvm.ptr,
                                    %m: index, %n: index, %k: index, %scale: f32,
                                    %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c128 : index
    // A TMA descriptor's first use waits for it to be fetched: fetch them
    // now, while the barriers initialize (CUTLASS's prefetch_tma_descriptor).
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    // The TiledMMA's rows are C's columns (B's rows), its columns C's rows
    // (A's rows): tilesM 128-column tiles of C by tilesN 64-row ones.
    %tilesM = arith.ceildivui %n, %c128 : index
    %tilesN = arith.ceildivui %m, %c64 : index
    // Clusters of two CTAs along C's columns walk 64x256 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x
    // Whole units, then the last ones' k-tiles shared among the clusters,
    // scheduled here as in the 128x192 kernel.
    %mn = arith.addi %m, %n : index
    %operandBytes = arith.muli %mn, %k : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // Dynamic shared memory: eight stages of the TiledMMA's A (B's 128x128
    // k-tiles, 16 KiB each), eight of its B (A's 64x128 ones, 8 KiB each),
    // the epilogue's C boxes (two of 8 KiB for each consumer warpgroup),
    // then the pipeline's sixteen mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 131072 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<131072xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<16xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<8>

    // The stages: 128x128 tiles of B and 64x128 tiles of A, K-major in
    // the 128-byte swizzle (Sw<3,4,3> over rows of 128 one-byte values), as
    // TMA writes them and wgmma reads them.
    %lsA = cute.static : !cute.layout<"((8,16),128,8):((128,1024),1,16384)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<131072xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),128,8):((128,1024),1,16384)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,8):((128,1024),1,16384)">
    %lsB = cute.static : !cute.layout<"((8,8),128,8):((128,1024),1,8192)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<65536xf8E4M3FN, #gpu.address_space<workgroup>>, !cute.layout<"((8,8),128,8):((128,1024),1,8192)">) -> !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,8),128,8):((128,1024),1,8192)">

    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
      // Coordinates of the TiledMMA's A, B (N,K), and its B, A (M,K).
      %shA = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,128)">
      %shB = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(32,128)">
      %both = arith.constant 3 : i16
      // This CTA's half of A's 64 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<8>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x192.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          // A half wholly past A's last row (M <= 32) loads the last half
          // with rows instead, as @gemm_tn_128x256 clamps A's tile row:
          // TMA is slow to fill a box all out of bounds, and the multicast
          // waits for it. The rows it brings meet columns of C past M.
          %c32 = arith.constant 32 : index
          %halves = arith.ceildivui %m, %c32 : index
          %halfLast = arith.subi %halves, %c1 : index
          %halfA = arith.minui %half, %halfLast : index
          %cB = cute.make_coord %halfA : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,128)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<8>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,8):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descB, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,128,?):(1,16777216,2147483648)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,8),128,8):((128,1024),1,8192)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((8,8),128):((128,1024),1)">, !cute.tile<"(32,128)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB64, %descA, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,128):(1,16777216)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=4096} o (32,128):(128,1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
            scf.yield %next : !cute_nvgpu.pipeline_state<8>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<8>
        }
        // The peer's consumers are done with this CTA's stages before it
        // exits.
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
      }
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
      // The consumers' thread index in the TiledMMA (0 .. 255).
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(64,128)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<8>
      %false = arith.constant false
      %zeros = arith.constant dense<0.0> : vector<32xf32>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tn, %tm : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
        %tCrT = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
        cute.store_vector %zeros, %tCrC : vector<32xf32>, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">

        // Mainloop: wait for k-tile kt's stage and multiply it into the
        // temporary accumulators, from zero (its first k-block does not
        // accumulate). Once its wgmmas retire, release the stage and add the
        // temporaries into the accumulators in f32: fp8 wgmma accumulates
        // with fewer mantissa bits than f32, so the sum is promoted every
        // k-tile (K = 128), as CUTLASS's and DeepGEMM's fp8 kernels do.
        %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<8>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,16),128,8):((128,1024),1,16384)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o 0 o ((8,8),128,8):((128,1024),1,8192)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm64, %sAs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=16384} o ((8,16),128):((128,1024),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm64, %sBs, %ctid : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((8,8),128):((128,1024),1)">, index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm64, %tCsA, %tCsB, %tCrT accumulate %false : !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f8E4M3FN, smem, "Sw<3,4,3> o ?{div=8192} o ((64,32),1,4):((128,1),0,32)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 0
          cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          %acc = cute.load_vector %tCrC : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)"> -> vector<32xf32>
          %part = cute.load_vector %tCrT : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)"> -> vector<32xf32>
          %sum = arith.addf %acc, %part : vector<32xf32>
          cute.store_vector %sum, %tCrC : vector<32xf32>, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
          scf.yield %next : !cute_nvgpu.pipeline_state<8>
        }

        // A piece of a split tile: the pieces' f32 sums meet in the CTA that
        // ran the tile's first k-tile, which stores it.
        %store = cute_nvgpu.stream_k_fixup #tm64, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        // Epilogue: C = scale * (A B^T) goes to C in bf16, the TiledMMA's
        // 128x64 tile as C's 64x128 one, transposed: each warpgroup its 64
        // columns of C in a 64x64 box (barrier 2 or 3).
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,128)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm64, #tmaCT, %descC, %tCrC, %iC, %smemC, %ctid if %store scale %scale : f32 per_warpgroup transposed {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end : !cute_nvgpu.pipeline_state<8>
      }
      // The last TMA stores finish reading shared memory before it goes.
      cute_nvgpu.epilogue_store_tail #tm64, %ctid per_warpgroup
    }
    gpu.return
  }
}

// C (m,n) = scale * A (m,k) * B (n,k)^T by whichever kernel suits the shape.
// The 128x256 kernel runs whole 256x256 units a cluster, as many at once as
// the device has clusters (66 on an H100 SXM or H200): it is chosen where
// those waves leave at most a tenth of the clusters idle and there are at
// most four of them (2048^3: 64 units, one wave; 4096^3: 256 units, 3.9
// waves). Elsewhere the 128x192 kernel's single wait a k-tile and stream-K
// win: 3072^3 (144 units, a third wave 18% full), 8192^3 (15.5 waves). On
// an H100 this picked the faster of the two at each of ten shapes from
// 2048^3 to 8192^3 (bench/gemm_bench.py, which picks the same way for
// gemm-sm90a-ws-fp8, times both).
// Before those, the 128x64 kernel takes GEMMs too small for either to fill
// the chip, where its 256x64 units fit in one wave (with K >= 8192, 64
// k-tiles, only for M <= 512); then the 128x128 kernel those whose 256x128
// units fit in one wave, as in gemm-sm90a-ws-bf16.mlir. Timed on an H200
// at 118 shapes (M 128 to 1536, N 1024 to 8192, K 1024 to 8192), the
// 128x64 kernel was 3-44% faster than the wide kernels at every shape of
// one wave and slower at most shapes of more than two. Timed beside the
// kernel picked before it existed at 98 shapes (M 128 to 2048, N 1024 to
// 8192, K 1024 to 16384), the 128x128 kernel ran the 28 that it now takes
// 1.16x as fast (median; from 0.91x at 768x2048x8192 and 0.93x at
// 1280x1024x8192 to 1.23x at 1024x2048x4096 and 2048x1024x4096); 6-10%
// faster than the 128x64 kernel at the shapes it took from it (two waves
// of 256x64 units with K <= 1024; one wave with K >= 8192 and M > 512).
// Where neither the small kernels nor the 128x256 one take a GEMM, the
// 128x160 kernel takes it from the 128x192 one where its units' whole
// waves take less time (a wave of 160-wide tiles 5 steps, of 192-wide ones
// 6), in at most four waves, and with K >= 8192 only where its last wave
// is nine tenths full: with 64 k-tiles or more, stream-K shares the
// 192-wide kernel's part-empty last wave well. On an H200, 24 shapes such
// a rule without the K limit would take: 1.01-1.12x as fast as the 128x192
// kernel at 17, the same at 4, 0.94-0.96x at the 3 with K = 8192 and the
// last wave two thirds full (3072x2304x8192, 4608x1536x8192,
// 6400x1024x8192), which the limit leaves to the 128x192 kernel. At 40 of
// the 417 shapes whose pick the rule changes in a grid of M, N 768..6656
// and K 1024..8192: 1.08x at the median (0.97-1.19x). Beyond four waves
// it gained at some shapes and lost at others (5120x2560x1024 0.93 ->
// 0.98x cuBLAS, 3584x5120x1024 1.02 -> 0.95x, 8192x11776x4096 1.02 ->
// 0.96x), so there the 128x192 kernel stays.
// First of all, GEMMs with M <= 64 run on the swapped kernel, whose tiles
// hold 64 rows of C instead of 256 a cluster, and so do GEMMs with M <= 128
// whose 64x256 units number 16 to half a wave (as in the bf16 example; fp8
// at the same 36 shapes on an H200: 1.05x at the median, 0.95-1.68x).
func.func @launch(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xbf16>,
                  %m: index, %n: index, %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c160 = arith.constant 160 : index
  %c192 = arith.constant 192 : index
  %c256 = arith.constant 256 : index
  %c8192 = arith.constant 8192 : index
  %tm = arith.ceildivui %m, %c128 : index
  %tm2 = arith.ceildivui %tm, %c2 : index
  %tn = arith.ceildivui %n, %c256 : index
  %units = arith.muli %tm2, %tn : index
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %tn64 = arith.ceildivui %n, %c64 : index
  %units64 = arith.muli %tm2, %tn64 : index
  %oneWave64 = arith.cmpi ule, %units64, %clusters : index
  %shallowK = arith.cmpi ult, %k, %c8192 : index
  %fewRows = arith.cmpi ule, %tm2, %c2 : index
  %deep64 = arith.ori %shallowK, %fewRows : i1
  %use64 = arith.andi %oneWave64, %deep64 : i1
  %tn128 = arith.ceildivui %n, %c128 : index
  %units128 = arith.muli %tm2, %tn128 : index
  %use128 = arith.cmpi ule, %units128, %clusters : index
  %waves = arith.ceildivui %units, %clusters : index
  %fewWaves = arith.cmpi ule, %waves, %c4 : index
  %units10 = arith.muli %units, %c10 : index
  %slots = arith.muli %waves, %clusters : index
  %slots9 = arith.muli %slots, %c9 : index
  %full = arith.cmpi uge, %units10, %slots9 : index
  %wide = arith.andi %fewWaves, %full : i1
  %tn160 = arith.ceildivui %n, %c160 : index
  %units160 = arith.muli %tm2, %tn160 : index
  %waves160 = arith.ceildivui %units160, %clusters : index
  %time160 = arith.muli %waves160, %c5 : index
  %tn192 = arith.ceildivui %n, %c192 : index
  %units192 = arith.muli %tm2, %tn192 : index
  %waves192 = arith.ceildivui %units192, %clusters : index
  %time192 = arith.muli %waves192, %c6 : index
  %faster160 = arith.cmpi ult, %time160, %time192 : index
  %fewWaves160 = arith.cmpi ule, %waves160, %c4 : index
  %waves160m1 = arith.subi %waves160, %c1 : index
  %before160 = arith.muli %waves160m1, %clusters : index
  %last160 = arith.subi %units160, %before160 : index
  %last160x10 = arith.muli %last160, %c10 : index
  %clusters9 = arith.muli %clusters, %c9 : index
  %full160 = arith.cmpi uge, %last160x10, %clusters9 : index
  %filled160 = arith.ori %shallowK, %full160 : i1
  %few160 = arith.andi %faster160, %fewWaves160 : i1
  %use160 = arith.andi %few160, %filled160 : i1
  // The swapped kernel where M <= 64, and where M <= 128 and its 64x256
  // units fill at most half a wave and number 16 or more.
  %c16 = arith.constant 16 : index
  %rows64 = arith.cmpi ule, %m, %c64 : index
  %rows128 = arith.cmpi ule, %m, %c128 : index
  %tmS = arith.ceildivui %m, %c64 : index
  %tnS = arith.ceildivui %n, %c256 : index
  %unitsS = arith.muli %tmS, %tnS : index
  %unitsS2 = arith.muli %unitsS, %c2 : index
  %oneWaveS = arith.cmpi ule, %unitsS2, %clusters : index
  %enoughS = arith.cmpi uge, %unitsS, %c16 : index
  %fitS = arith.andi %oneWaveS, %enoughS : i1
  %midS = arith.andi %rows128, %fitS : i1
  %useSwapped = arith.ori %rows64, %midS : i1
  scf.if %useSwapped {
    func.call @launch_64x128_swapped(%A, %B, %C, %m, %n, %k, %scale) : (memref<?xf8E4M3FN>, memref<?xf8E4M3FN>, memref<?xbf16>, index, index, index, f32) -> ()
  } else {
    scf.if %use64 {
      func.call @launch_128x64(%A, %B, %C, %m, %n, %k, %scale) : (memref<?xf8E4M3FN>, memref<?xf8E4M3FN>, memref<?xbf16>, index, index, index, f32) -> ()
    } else {
      scf.if %use128 {
        func.call @launch_128x128(%A, %B, %C, %m, %n, %k, %scale) : (memref<?xf8E4M3FN>, memref<?xf8E4M3FN>, memref<?xbf16>, index, index, index, f32) -> ()
      } else {
        scf.if %wide {
          func.call @launch_128x256(%A, %B, %C, %m, %n, %k, %scale) : (memref<?xf8E4M3FN>, memref<?xf8E4M3FN>, memref<?xbf16>, index, index, index, f32) -> ()
        } else {
          scf.if %use160 {
            func.call @launch_128x160(%A, %B, %C, %m, %n, %k, %scale) : (memref<?xf8E4M3FN>, memref<?xf8E4M3FN>, memref<?xbf16>, index, index, index, f32) -> ()
          } else {
            func.call @launch_128x192(%A, %B, %C, %m, %n, %k, %scale) : (memref<?xf8E4M3FN>, memref<?xf8E4M3FN>, memref<?xbf16>, index, index, index, f32) -> ()
          }
        }
      }
    }
  }
  return
}

// C (m,n) = scale * A (m,k) * B (n,k)^T: a TMA descriptor per operand (the
// boxes are a 128x128 k-tile of A and a 96x128 half of B's, and C's epilogue
// box), then clusters of two blocks, one block per SM: as many clusters as
// the device's SMs hold (cute_nvgpu.multiprocessor_count; 66 on an H100 SXM or
// H200), even where there are fewer units of work, whose k-tiles stream-K
// then shares out. Any grid of resident blocks computes C; this one fills the
// chip.
func.func @launch_128x192(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 213056 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB192, %tB : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x192 tile of f32 partial sums and a flag a
  // block, the flags zero.
  %tileElems = arith.constant 24576 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_128x192 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index, %scale : f32,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

// C (m,n) = scale * A (m,k) * B (n,k)^T: a TMA descriptor per operand (the
// boxes are a 128x128 k-tile of A and a 128x128 half of B's, and C's epilogue
// box), then clusters of two blocks, one block per SM or per tile where there
// are fewer: as many clusters as the device's SMs hold
// (cute_nvgpu.multiprocessor_count; 66 on an H100 SXM or H200), or fewer where
// there are fewer units of work. Any grid computes C; this one fills the chip.
func.func @launch_128x256(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229440 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB256, %tB : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %tm = arith.ceildivui %m, %c128 : index
  %tn = arith.ceildivui %n, %c256 : index
  // Whole clusters of two along M.
  %tm2 = arith.ceildivui %tm, %c2 : index
  %units = arith.muli %tm2, %tn : index
  %sms = cute_nvgpu.multiprocessor_count
  %fit = arith.divui %sms, %c2 : index
  %clusters = arith.minui %units, %fit : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  gpu.launch_func @kernels::@gemm_tn_128x256 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index, %scale : f32)
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

func.func @launch_128x64(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229504 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB64, %tB : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x64 tile of f32 partial sums and a flag a
  // block, the flags zero.
  %tileElems = arith.constant 8192 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_128x64 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index, %scale : f32,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

func.func @launch_128x128(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xbf16>,
                           %m: index, %n: index, %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229472 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB128, %tB : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x128 tile of f32 partial sums and a flag a
  // block, the flags zero.
  %tileElems = arith.constant 16384 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_128x128 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index, %scale : f32,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

// As @launch_128x192, on the 128x160 kernel: B's boxes are 80-row halves
// and C's 64x32.
func.func @launch_128x160(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 217168 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB160, %tB : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC32, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x160 tile of f32 partial sums and a flag a
  // block, the flags zero.
  %tileElems = arith.constant 20480 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_128x160 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index, %scale : f32,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

// A's rows are the TiledMMA's B: its descriptor has the 32-row boxes that
// each CTA of a cluster multicasts, B's the 128-row ones.
func.func @launch_64x128_swapped(%A: memref<?xf8E4M3FN>, %B: memref<?xf8E4M3FN>,
                                 %C: memref<?xbf16>, %m: index, %n: index,
                                 %k: index, %scale: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229504 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaB64, %tA : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xf8E4M3FN>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaA, %tB : !cute.tensor<f8E4M3FN, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaCT, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x64 tile (of C^T) of f32 partial sums and a
  // flag a block, the flags zero.
  %tileElems = arith.constant 8192 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_64x128_swapped clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index, %scale : f32,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}
}
