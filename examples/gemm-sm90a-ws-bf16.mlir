// A warp-specialized, persistent GEMM for sm_90a written with the
// cute_nvgpu pipeline, warp-role, tile-scheduling and epilogue ops:
// C = A * B^T with A (M,K) and B (N,K) in bf16, both K-major ("TN"), and
// C (M,N) row-major in bf16, accumulated in f32: gemm-sm90a-ws.mlir in
// bf16.
//
// Seven kernels of one design, on tiles of six widths and one swapped, and
// a @launch that picks one by the shape, as cuBLAS's heuristics pick a
// kernel:
//  - @gemm_tn_128x256 on 128x256 tiles, described below;
//  - @gemm_tn_128x224 and @gemm_tn_128x192, the same on 128x224 and
//    128x192 tiles: more units, which fill the waves better where the
//    256-wide ones leave the last one part-empty (224: 1792^3, 2560^3,
//    3328^3, 2560x4096, 8192x8192x2048; 192: 2304^3, 3072^3, 1536x4096),
//    3-23% faster there on an H100;
//  - @gemm_tn_128x64, the same on 128x64 tiles with eight stages, for
//    GEMMs too small to fill the chip with the wide tiles (1024^3,
//    256x4096x4096): up to 1.5x as fast there on an H200;
//  - @gemm_tn_128x128, the same on 128x128 tiles with six stages, for
//    GEMMs whose 256x128 units fill one wave where the wider tiles' fewer
//    units leave stream-K to split them (512x4096x4096, 1024x2048,
//    2048x1024): up to 1.37x as fast there on an H200;
//  - @gemm_tn_128x160, the same on 128x160 tiles with five stages, for
//    GEMMs of one to four waves that the 192-wide units fill badly
//    (1536^3: 60 units of 256x160 for 66 clusters, 48 of 256x192):
//    1.06x (bf16) and 1.11x (f16) as fast at the median on an H200 where
//    @launch takes it;
//  - @gemm_tn_64x128_swapped, the 128x64 kernel on C's transpose (C^T =
//    B A^T: B's rows fill wgmma's M, A's its N), for GEMMs with M <= 64,
//    whose 128-row tiles of A would be mostly past M: 2-3.8x as fast
//    there on an H200.
//
// The grid has one block per SM, in clusters of two CTAs along M. The
// clusters share 256x256 blocks of C (units of work, numbered in
// cute_nvgpu.tile_coord's grouped order) by cute_nvgpu.stream_k_schedule:
// whole units while every cluster has one, then the k-tiles of the last
// units in equal ranges where that saves enough, so that no cluster idles
// through a partial last wave (with fewer units than clusters, split-K, or
// where A and B outgrow L2, ranges of a simple fraction of a unit, which
// start together). A cluster's CTAs take a unit's two 128x256
// tiles, which share their 256 rows of B. Each CTA has three warpgroups
// (384 threads) split by cute_nvgpu.warp_specialize:
//  - warpgroup 0, the producer, keeps 40 registers a thread; one of its
//    threads walks the k-tiles, acquires a stage of the pipeline and issues
//    the TMA loads of A's 128x64 box and of its 128x64 half of B's 256x64,
//    which it multicasts into the stage of both CTAs. The pipeline adds up
//    the bytes the stage expects from the copies (A, and both halves of
//    B), and since each CTA's loads write into both, a stage is refilled
//    only when the consumers of both CTAs have released it.
//  - warpgroups 1 and 2, the consumers, take 232 registers a thread for the
//    accumulators: a TiledMMA of two SM90_64x256x16_F32BF16BF16_SS wgmmas
//    along M, one per warpgroup. Each waits for a stage, multiplies it
//    (the first k-tile with accumulate false, so no zero-fill), keeps one
//    wgmma group in flight and releases the stage the previous group read,
//    in both CTAs of the cluster.
//    A tile split among clusters is added up by cute_nvgpu.stream_k_fixup
//    (the other pieces' f32 sums, through `partials` in global memory),
//    and stored by the cluster that ran its first k-tile.
//    Then cute_nvgpu.epilogue_store per_warpgroup: each consumer warpgroup
//    writes its 64 rows of the tile to shared memory a 64x64 box (64x32
//    for the 128x224 kernel) at a time (two 8 KiB stages of its own),
//    rounded to bf16, and TMA stores each box; the stores run on while the
//    consumers start the next tile. The two warpgroups' epilogues share no
//    barrier, so neither waits for the other's (0.2-1.1% faster than one
//    256-thread epilogue of 128-row boxes on an H100).
// Four stages of 48 KiB in the 128-byte swizzle, the epilogue's 32 KiB
// (224 KiB of dynamic shared memory, one block per SM). The pipeline
// states run on from tile to tile, so while the consumers store a tile the
// producer already loads the next one's first stages. No kernel code
// computes a stage, a phase or a byte count: the pipeline states carry them
// through the loops.
//
// Launch: @launch below, or @launch_128x256 / _128x224 / _128x192 /
// _128x160 / _128x64 / _128x128 / _64x128_swapped for one kernel. Clusters
// of (2, 1, 1), grid (2 * (SMs / 2)), block (384), 229440 (213056 for
// 128x224, 196672 for 128x192, 217168 for 128x160, 229504 for 128x64 and
// 64x128_swapped, 229472 for 128x128) bytes
// of dynamic shared memory; `partials` of a tile of f32 a block and `flags`
// of one i32 a block, zero (each launch leaves them zero); any M, N a
// multiple of 8 (C's rows start 16 bytes apart, as TMA needs), K a
// multiple of 8.
//
//   cute-opt examples/gemm-sm90a-ws-bf16.mlir --cute-to-ptx="chip=sm_90a" \
//     | cute-opt --cute-write-ptx="dir=out"

#tm256 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x256x16_F32BF16BF16_SS, "(2,1,1)">
#tm192 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x192x16_F32BF16BF16_SS, "(2,1,1)">
#tm64 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32BF16BF16_SS, "(2,1,1)">
#tm128 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32BF16BF16_SS, "(2,1,1)">
#tm224 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x224x16_F32BF16BF16_SS, "(2,1,1)">
#tm160 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x160x16_F32BF16BF16_SS, "(2,1,1)">
// The TMA atoms are written from shared-memory layouts, as CuTe's
// make_tma_copy takes them: one stage of A and of B (the box and its
// 128-byte swizzle follow; B's multicast to the 2 CTAs of a cluster splits
// its rows in halves, one per CTA: 128 of 256, 112 of 224, 96 of 192, 32
// of 64) and a box of C (64 columns, or 32 for the 128x224 kernel).
#tmaA = #cute_nvgpu.tma_atom<load, bf16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
#tmaB256 = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>
#tmaB192 = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,24),64):((64,512),1)", multicast = 2>
#tmaB64 = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,8),64):((64,512),1)", multicast = 2>
#tmaB128 = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)", multicast = 2>
#tmaB224 = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,28),64):((64,512),1)", multicast = 2>
#tmaB160 = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,20),64):((64,512),1)", multicast = 2>
#tmaC = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<3,3,3> o 0 o (64,64):(64,1)">
#tmaC32 = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<2,3,3> o 0 o (64,32):(32,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn_128x256(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
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
    // (32 KiB each), the epilogue's C boxes (two of 8 KiB for each consumer
    // warpgroup), then the pipeline's eight mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 65536 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32768xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    // A's and B's bytes, (m + n) k 2: with no full wave, whether they fit
    // in L2 decides how the k-tiles are shared.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of A and 256x64 tiles of B, K-major in the
    // 128-byte swizzle (Sw<3,3,3> over rows of 64 values), as TMA writes
    // them and wgmma reads them.
    %lsA = cute.static : !cute.layout<"((8,16),64,4):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<32768xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,4):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,32),64,4):((64,512),1,16384)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<65536xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,32),64,4):((64,512),1,16384)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,32),64,4):((64,512),1,16384)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      // Coordinates of A (M,K) and B (N,K): TMA copies boxes by coordinate.
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(128,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 256 rows: the one it loads and multicasts.
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
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,32),64,4):((64,512),1,16384)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=16384} o ((8,32),64):((64,512),1)">, !cute.tile<"(128,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB256, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
            scf.yield %next : !cute_nvgpu.pipeline_state<4>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<4>
        }
        // The peer's consumers are done with this CTA's stages before it
        // exits.
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      // The consumers' thread index in the TiledMMA (0 .. 255).
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,256)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">

        // Mainloop: wait for k-tile kt's stage, multiply it (the item's
        // first k-tile without accumulating), let the previous wgmma group retire
        // and release the stage it read.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,32),64,4):((64,512),1,16384)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm256, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm256, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=16384} o ((8,32),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm256, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=16384} o ((256,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>
        }
        // The last group retires; its stage goes back to the producer,
        // which is already filling stages for the next tile.
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
        }

        // A piece of a split tile: the pieces' sums meet in the CTA that
        // ran the tile's first k-tile, which stores it.
        %store = cute_nvgpu.stream_k_fixup #tm256, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        // Epilogue: each warpgroup's accumulators go to its 64 rows of C
        // (per_warpgroup: its half of %smemC, named barrier 2 + its index),
        // in bf16, through shared memory, a 64x64 box at a time, stored by
        // TMA while the next tile's mainloop runs.
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,256)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm256, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,256):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<4>
      }
      // The last TMA stores finish reading shared memory before it goes.
      cute_nvgpu.epilogue_store_tail #tm256, %ctid per_warpgroup
    }
    gpu.return
  }

  // 128x192 tiles: SM90_64x192x16 wgmmas (96 accumulators a thread), 96-row
  // halves of B, four stages of 40 KiB, the epilogue's 32 KiB and the
  // pipeline's eight mbarriers: 196672 bytes of dynamic shared memory.
  gpu.func @gemm_tn_128x192(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
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

    // Dynamic shared memory: four stages of A (16 KiB each), four of B
    // (24 KiB each), the epilogue's C boxes (two of 8 KiB for each consumer
    // warpgroup), then the pipeline's eight mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 65536 : index
    %offC = arith.constant 163840 : index
    %offBars = arith.constant 196608 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32768xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<49152xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of A and 192x64 tiles of B, K-major in the
    // 128-byte swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),64,4):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<32768xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,4):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,24),64,4):((64,512),1,12288)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<49152xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,24),64,4):((64,512),1,12288)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,24),64,4):((64,512),1,12288)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(96,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 192 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x256.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(96,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(96,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,24),64,4):((64,512),1,12288)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=12288} o ((8,24),64):((64,512),1)">, !cute.tile<"(96,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB192, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(96,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=6144} o (96,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
            scf.yield %next : !cute_nvgpu.pipeline_state<4>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<4>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,192)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">

        // Mainloop, fixup and epilogue as in @gemm_tn_128x256.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,24),64,4):((64,512),1,12288)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm192, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm192, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=12288} o ((8,24),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm192, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=12288} o ((192,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
        }

        %store = cute_nvgpu.stream_k_fixup #tm192, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,192)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm192, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,24),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,192):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<4>
      }
      cute_nvgpu.epilogue_store_tail #tm192, %ctid per_warpgroup
    }
    gpu.return
  }

  // 128x224 tiles: SM90_64x224x16 wgmmas (112 accumulators a thread),
  // 112-row halves of B multicast, four stages of 44 KiB, C in 128x32
  // boxes (224 columns are seven of 32, not of 64: four 8 KiB stages in
  // the same 32 KiB) and the pipeline's eight mbarriers: 213056 bytes of
  // dynamic shared memory.
  gpu.func @gemm_tn_128x224(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c224 = arith.constant 224 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      nvvm.prefetch tensormap, %descA : !llvm.ptr
      nvvm.prefetch tensormap, %descB : !llvm.ptr
      nvvm.prefetch tensormap, %descC : !llvm.ptr
    }
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c224 : index
    // Clusters of two CTAs along M walk 256x224 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksM = arith.ceildivui %tilesM, %c2 : index
    %units = arith.muli %blocksM, %tilesN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id x

    // Dynamic shared memory: four stages of A (16 KiB each), four of B
    // (28 KiB each), the epilogue's C boxes (two of 8 KiB for each consumer
    // warpgroup), then the pipeline's eight mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 65536 : index
    %offC = arith.constant 180224 : index
    %offBars = arith.constant 212992 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32768xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<57344xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of A and 224x64 tiles of B, K-major in the
    // 128-byte swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),64,4):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<32768xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,4):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,28),64,4):((64,512),1,14336)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<57344xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,28),64,4):((64,512),1,14336)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,28),64,4):((64,512),1,14336)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(112,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 224 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x256.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(112,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(112,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,28),64,4):((64,512),1,14336)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=14336} o ((8,28),64):((64,512),1)">, !cute.tile<"(112,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB224, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(112,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=7168} o (112,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
            scf.yield %next : !cute_nvgpu.pipeline_state<4>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<4>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,224)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,28),1,1):((1,2,4),0,0)">

        // Mainloop, fixup and epilogue as in @gemm_tn_128x256.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,28),64,4):((64,512),1,14336)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm224, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm224, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=14336} o ((8,28),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm224, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=14336} o ((224,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,28),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
        }

        %store = cute_nvgpu.stream_k_fixup #tm224, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,28),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,224)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm224, #tmaC32, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,28),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,224):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<4>
      }
      cute_nvgpu.epilogue_store_tail #tm224, %ctid per_warpgroup
    }
    gpu.return
  }

  // 128x160 tiles, for GEMMs of one to four waves that the 192-wide
  // units fill badly (1536^3, 1280x4096, 4096x1280): SM90_64x160x16
  // wgmmas (80 accumulators a thread), 80-row halves of B multicast, five
  // stages of 36 KiB, C in 128x32 boxes (five of 32) as in
  // @gemm_tn_128x224, and the pipeline's ten mbarriers: 217168 bytes of
  // dynamic shared memory.
  gpu.func @gemm_tn_128x160(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c160 = arith.constant 160 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
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

    // Dynamic shared memory: five stages of A (16 KiB each), five of B
    // (20 KiB each), the epilogue's 32 KiB of C boxes, then the pipeline's
    // ten mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 81920 : index
    %offC = arith.constant 184320 : index
    %offBars = arith.constant 217088 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<40960xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<51200xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<10xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<10xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<5>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of A and 160x64 tiles of B, K-major in the
    // 128-byte swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),64,5):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<40960xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,5):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,5):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,20),64,5):((64,512),1,10240)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<51200xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,20),64,5):((64,512),1,10240)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,20),64,5):((64,512),1,10240)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(80,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 160 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<5>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<5>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x256.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(80,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<5>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<5>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,5):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(80,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,20),64,5):((64,512),1,10240)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=10240} o ((8,20),64):((64,512),1)">, !cute.tile<"(80,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB160, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(80,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=5120} o (80,64):(64,1)">, !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<5>
            scf.yield %next : !cute_nvgpu.pipeline_state<5>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<5>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,160)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<5>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<5>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">

        // Mainloop, fixup and epilogue as in @gemm_tn_128x256.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<5>, !cute_nvgpu.pipeline_state<5>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<5>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,5):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,20),64,5):((64,512),1,10240)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm160, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm160, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=10240} o ((8,20),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm160, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=10240} o ((160,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<5>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<5>, !cute_nvgpu.pipeline_state<5>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<5>, !cute_nvgpu.pipeline_state<5>
        }

        %store = cute_nvgpu.stream_k_fixup #tm160, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,160)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm160, #tmaC32, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,20),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,160):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<5>
      }
      cute_nvgpu.epilogue_store_tail #tm160, %ctid per_warpgroup
    }
    gpu.return
  }

  // 128x64 tiles, for GEMMs too small to fill the chip with wider ones:
  // SM90_64x64x16 wgmmas (32 accumulators a thread), 32-row halves of B,
  // eight stages of 24 KiB (short k-loops start on more loads in flight),
  // the epilogue's 32 KiB and the pipeline's sixteen mbarriers: 229504
  // bytes of dynamic shared memory.
  gpu.func @gemm_tn_128x64(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
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

    // Dynamic shared memory: eight stages of A (16 KiB each), eight of B
    // (8 KiB each), the epilogue's C boxes (two of 8 KiB for each consumer
    // warpgroup), then the pipeline's sixteen mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 131072 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32768xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<16xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<8>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of A and 64x64 tiles of B, K-major in the
    // 128-byte swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),64,8):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<65536xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,8):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,8):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,8),64,8):((64,512),1,4096)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<32768xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,8),64,8):((64,512),1,4096)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,8),64,8):((64,512),1,4096)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(32,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 64 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<8>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x256.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<8>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,8):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,8),64,8):((64,512),1,4096)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((8,8),64):((64,512),1)">, !cute.tile<"(32,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB64, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=2048} o (32,64):(64,1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
            scf.yield %next : !cute_nvgpu.pipeline_state<8>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<8>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,64)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<8>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">

        // Mainloop, fixup and epilogue as in @gemm_tn_128x256.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<8>, !cute_nvgpu.pipeline_state<8>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,8):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,8),64,8):((64,512),1,4096)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm64, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm64, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((8,8),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm64, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<8>, !cute_nvgpu.pipeline_state<8>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
        }

        %store = cute_nvgpu.stream_k_fixup #tm64, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm64, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<8>
      }
      cute_nvgpu.epilogue_store_tail #tm64, %ctid per_warpgroup
    }
    gpu.return
  }

  // 128x128 tiles, for GEMMs whose 256x128 units fill at most one wave,
  // where the wider tiles' fewer units leave clusters to stream-K:
  // SM90_64x128x16 wgmmas (64 accumulators a thread), 64-row halves of B,
  // six stages of 32 KiB, the epilogue's 32 KiB and the pipeline's twelve
  // mbarriers: 229472 bytes of dynamic shared memory.
  gpu.func @gemm_tn_128x128(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                            %m: index, %n: index, %k: index,
                            %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
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

    // Dynamic shared memory: six stages of A (16 KiB each), six of B
    // (16 KiB each), the epilogue's C boxes (two of 8 KiB for each consumer
    // warpgroup), then the pipeline's twelve mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 98304 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<49152xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<49152xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<12xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<12xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<6>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of A and 128x64 tiles of B, K-major in the
    // 128-byte swizzle.
    %lsA = cute.static : !cute.layout<"((8,16),64,6):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<49152xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,6):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,6):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,16),64,6):((64,512),1,8192)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<49152xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,6):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,6):((64,512),1,8192)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(64,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 128 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<6>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<6>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x256.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
          %tn2 = arith.muli %tn, %c2 : index
          %half = arith.addi %tn2, %rank : index
          %cB = cute.make_coord %half : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<6>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<6>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,6):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,6):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute.tile<"(64,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB128, %descB, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o (64,64):(64,1)">, !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<6>
            scf.yield %next : !cute_nvgpu.pipeline_state<6>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<6>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(128,128)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<6>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<6>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">

        // Mainloop, fixup and epilogue as in @gemm_tn_128x256.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<6>, !cute_nvgpu.pipeline_state<6>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<6>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,6):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,6):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm128, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm128, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm128, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((128,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<6>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<6>, !cute_nvgpu.pipeline_state<6>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<6>, !cute_nvgpu.pipeline_state<6>
        }

        %store = cute_nvgpu.stream_k_fixup #tm128, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm128, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<6>
      }
      cute_nvgpu.epilogue_store_tail #tm128, %ctid per_warpgroup
    }
    gpu.return
  }

  // C's 64x128 tiles computed as their transposes, for GEMMs with few rows
  // of C (M <= 64: a small batch of tokens): C^T = B A^T, whose operands
  // are as K-major as A and B, so B's rows fill wgmma's M and A's few rows
  // its N, instead of 128-row tiles of A that are mostly past M. The
  // 128x64 kernel with the operands' roles swapped (the TiledMMA's A is B,
  // its B is A, clusters of two CTAs along C's columns share A's rows) and
  // an epilogue_store `transposed` (one 16-bit store a value, 32 a
  // thread). On an H200 it ran 16x4096x4096 at 0.80x cuBLAS (the 128x64
  // kernel: 0.39x), 64x4096x14336 at 0.97x (0.41x), 16x28672x8192 at 0.84x
  // (the 128x224 kernel: 0.59x).
  gpu.func @gemm_tn_64x128_swapped(%descA: !llvm.ptr, %descB: !llvm.ptr,
                                    %descC: !llvm.ptr,
                                    %m: index, %n: index, %k: index,
                                    %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
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

    // Dynamic shared memory: eight stages of the TiledMMA's A (B's 128x64
    // k-tiles, 16 KiB each), eight of its B (A's 64x64 ones, 8 KiB each),
    // the epilogue's C boxes (two of 8 KiB for each consumer warpgroup),
    // then the pipeline's sixteen mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 131072 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32768xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<16xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<8>
    // Whole units, then the last ones' k-tiles, while the peers initialize.
    %mn = arith.addi %m, %n : index
    %mnk = arith.muli %mn, %k : index
    %operandBytes = arith.muli %mnk, %c2 : index
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters operand_bytes %operandBytes
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster

    // The stages: 128x64 tiles of B and 64x64 tiles of A, K-major in the
    // 128-byte swizzle, as the TiledMMA's A and B.
    %lsA = cute.static : !cute.layout<"((8,16),64,8):((64,512),1,8192)">
    %sA = cute.make_tensor %smemA, %lsA : (memref<65536xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),64,8):((64,512),1,8192)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,8):((64,512),1,8192)">
    %lsB = cute.static : !cute.layout<"((8,8),64,8):((64,512),1,4096)">
    %sB = cute.make_tensor %smemB, %lsB : (memref<32768xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,8),64,8):((64,512),1,4096)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,8),64,8):((64,512),1,4096)">

    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      // The TiledMMA's A is B (N,K), its B is A (M,K).
      %shA = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idA = cute.make_identity_tensor %shA : !cute.shape<"(?,?)">
      %tileA = cute.static : !cute.tile<"(128,64)">
      %shB = cute.make_shape %m, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(32,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of A's 64 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<8>
        %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
          %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
          // A's tile row clamped as in @gemm_tn_128x256.
          %tmLast = arith.subi %tilesM, %c1 : index
          %tmA = arith.minui %tm, %tmLast : index
          %cA = cute.make_coord %tmA : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,_)">
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
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<8>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,8):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaA, %descB, %gAk, %sAs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,8),64,8):((64,512),1,4096)">, !cute.coord<"(_,_,?)">
            %sBh = cute.local_tile %sBs, %tileB, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((8,8),64):((64,512),1)">, !cute.tile<"(32,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaB64, %descA, %gBk, %sBh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=2048} o (32,64):(64,1)">, !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
            %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
            scf.yield %next : !cute_nvgpu.pipeline_state<8>
          }
          scf.yield %end : !cute_nvgpu.pipeline_state<8>
        }
        cute_nvgpu.pipeline_producer_tail %pipe, %last : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %ctid = arith.subi %tid, %c128 : index
      %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
      %tileC = cute.static : !cute.tile<"(64,128)">
      %idC = cute.make_identity_tensor %shC : !cute.shape<"(?,?)">
      %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<8>
      %last = scf.for %i = %c0 to %items step %c1 iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<8>) {
        %w, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
        %hasK = arith.cmpi ugt, %kEnd, %kBegin : index
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
        %cC = cute.make_coord %tn, %tm : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">

        // Mainloop and fixup as in @gemm_tn_128x256; the epilogue stores
        // the TiledMMA's 128x64 tile as C's 64x128 one, transposed.
        %end:2 = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<8>, !cute_nvgpu.pipeline_state<8>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<8>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,8):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,8),64,8):((64,512),1,4096)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm64, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm64, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((8,8),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %kBegin : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm64, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          scf.if %accumulate {
            cute_nvgpu.pipeline_consumer_release %pipe, %prev : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
          }
          %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<8>
          scf.yield %next, %st : !cute_nvgpu.pipeline_state<8>, !cute_nvgpu.pipeline_state<8>
        }
        nvvm.wgmma.wait.group.sync.aligned 0
        scf.if %hasK {
          cute_nvgpu.pipeline_consumer_release %pipe, %end#1 : !cute_nvgpu.pipeline<8>, !cute_nvgpu.pipeline_state<8>
        }

        %store = cute_nvgpu.stream_k_fixup #tm64, %sk, %cluster, %i, %tCrC, %partials, %flags, %ctid cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,128)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm64, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid if %store per_warpgroup transposed {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<8>
      }
      cute_nvgpu.epilogue_store_tail #tm64, %ctid per_warpgroup
    }
    gpu.return
  }
}

// C (m,n) = A (m,k) * B (n,k)^T by the kernel that suits the shape. A
// kernel of 128xN tiles runs its units (a cluster's 256xN blocks of C) on
// the W clusters (SMs / 2) in ceil(units / W) waves, each N / 256 of a
// 128x256 wave's time: @launch runs the kernel whose waves take the least
// time (in 32-column steps, 8, 7, 6 and 5 a wave), the wider one on a
// tie, the 128x160 one only where its units fill at most four waves (with
// more, its extra operand traffic per FLOP, 1.2 times the 256-wide tile's,
// costs more than its waves save: 8192x8192x4096 ran 5% slower on it than
// on the 128x224 kernel on an H200); but the 128x256 one where K >= 8192
// and its units fill at most two waves: there stream-K splits deep units,
// A and B outgrow L2, and the narrower tiles' extra operand traffic costs
// more than their waves save.
// Timed side by side on an H100 at 13 shapes from 1792^3 to 8192^3, the
// kernel this picks was the fastest of the three at 12 (bf16) and 11
// (f16 -> f32), else within 2.1% of it; 0.5 to 21% faster than the
// 128x256 kernel where it picks another.
// Before all that, the 128x64 kernel takes GEMMs too small for the wide
// tiles to fill the chip, where its 256x64 units fit in one wave (with K
// >= 4096 only for M <= 512); then the 128x128 kernel those whose 256x128
// units fit in one wave: its whole units leave no k-range to split, where
// the wider kernels' fewer units do. Timed on an H200 (bf16) at 143 shapes
// (M 128 to 1536, N 1024 to 8192, K 1024 to 4096), the 128x64 kernel was
// 3-52% faster than the wide kernels at every shape of one wave and slower
// at every shape of more than two waves; at K = 8192 and 16384, 1-76%
// faster at one wave with M <= 512 and 7-18% slower with M = 768 and 1024.
// Timed beside the kernel picked before it existed at 98 shapes (M 128 to
// 2048, N 1024 to 8192, K 1024 to 8192), the 128x128 kernel ran the 31
// that it now takes 1.14x as fast (median; from 0.93x at 768x2048x4096 to
// 1.37x at 2048x1024x4096), in bf16 and in f16 -> f32 alike; 6-14% faster
// than the 128x64 kernel at the shapes it took from it (two waves of
// 256x64 units with K <= 1024; one wave with K >= 4096 and M > 512).
// First of all, GEMMs with M <= 64 run on the swapped kernel, whose tiles
// hold 64 rows of C instead of 256 a cluster: timed beside the kernel
// picked before it existed on an H200 at 12 shapes (M 1 to 64, N 512 to
// 28672, K 1024 to 16384), 1.0x (48x1024x1024) to 3.8x (32x4096x16384)
// as fast, 2.0x at the median; 0.74-0.97x cuBLAS. So do GEMMs with M <= 128
// whose 64x256 units (two rows of them) number 16 to half a wave (H200):
// with fewer units (N = 1024) the 128x64 kernel splits deep K better
// (0.88-1.21x);
// with more, where A and B outgrow L2, stream-K's ranges of 3/4 of a unit
// read each column of B twice from memory (80x6144x8192: 0.77x beside the
// 128x128 kernel), though whole units were 1.02-1.22x faster at N = 7168
// and 8192. At the 36 shapes it takes of two samples (M 72 to 128, N 2048
// and 4096, K 1024 to 16384; then M 80 to 120, N 2560 and 3072, K 2048
// and 8192): 1.15x at the median (0.95-1.86x) in bf16, 1.05x (0.95-1.68x)
// in fp8.
func.func @launch(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                  %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c160 = arith.constant 160 : index
  %c192 = arith.constant 192 : index
  %c224 = arith.constant 224 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c8192 = arith.constant 8192 : index
  %tm = arith.ceildivui %m, %c128 : index
  %tm2 = arith.ceildivui %tm, %c2 : index
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %tn256 = arith.ceildivui %n, %c256 : index
  %units256 = arith.muli %tm2, %tn256 : index
  %waves256 = arith.ceildivui %units256, %clusters : index
  %time256 = arith.muli %waves256, %c8 : index
  %tn224 = arith.ceildivui %n, %c224 : index
  %units224 = arith.muli %tm2, %tn224 : index
  %waves224 = arith.ceildivui %units224, %clusters : index
  %time224 = arith.muli %waves224, %c7 : index
  %tn192 = arith.ceildivui %n, %c192 : index
  %units192 = arith.muli %tm2, %tn192 : index
  %waves192 = arith.ceildivui %units192, %clusters : index
  %time192 = arith.muli %waves192, %c6 : index
  %tn160 = arith.ceildivui %n, %c160 : index
  %units160 = arith.muli %tm2, %tn160 : index
  %waves160 = arith.ceildivui %units160, %clusters : index
  %time160 = arith.muli %waves160, %c5 : index
  %tn64 = arith.ceildivui %n, %c64 : index
  %units64 = arith.muli %tm2, %tn64 : index
  %oneWave64 = arith.cmpi ule, %units64, %clusters : index
  %shallow64 = arith.cmpi ult, %k, %c4096 : index
  %fewRows = arith.cmpi ule, %tm2, %c2 : index
  %deep64 = arith.ori %shallow64, %fewRows : i1
  %use64 = arith.andi %oneWave64, %deep64 : i1
  %tn128 = arith.ceildivui %n, %c128 : index
  %units128 = arith.muli %tm2, %tn128 : index
  %use128 = arith.cmpi ule, %units128, %clusters : index
  %twoWaves = arith.muli %clusters, %c2 : index
  %shallowK = arith.cmpi ult, %k, %c8192 : index
  %manyUnits = arith.cmpi ugt, %units256, %twoWaves : index
  %shallow = arith.ori %shallowK, %manyUnits : i1
  %clusters9 = arith.muli %clusters, %c9 : index
  %waves224m1 = arith.subi %waves224, %c1 : index
  %before224 = arith.muli %waves224m1, %clusters : index
  %last224 = arith.subi %units224, %before224 : index
  %last224x10 = arith.muli %last224, %c10 : index
  %full224 = arith.cmpi uge, %last224x10, %clusters9 : index
  %filled224 = arith.ori %shallow, %full224 : i1
  %waves192m1 = arith.subi %waves192, %c1 : index
  %before192 = arith.muli %waves192m1, %clusters : index
  %last192 = arith.subi %units192, %before192 : index
  %last192x10 = arith.muli %last192, %c10 : index
  %full192 = arith.cmpi uge, %last192x10, %clusters9 : index
  %filled192 = arith.ori %shallow, %full192 : i1
  %waves160m1 = arith.subi %waves160, %c1 : index
  %before160 = arith.muli %waves160m1, %clusters : index
  %last160 = arith.subi %units160, %before160 : index
  %last160x10 = arith.muli %last160, %c10 : index
  %full160 = arith.cmpi uge, %last160x10, %clusters9 : index
  %filled160 = arith.ori %shallow, %full160 : i1
  %beats256 = arith.cmpi ult, %time224, %time256 : index
  %ties192 = arith.cmpi ule, %time224, %time192 : index
  %best224 = arith.andi %beats256, %ties192 : i1
  %use224 = arith.andi %best224, %filled224 : i1
  %under256 = arith.cmpi ult, %time192, %time256 : index
  %under224 = arith.cmpi ult, %time192, %time224 : index
  %best192 = arith.andi %under256, %under224 : i1
  %use192 = arith.andi %best192, %filled192 : i1
  %below256 = arith.cmpi ult, %time160, %time256 : index
  %below224 = arith.cmpi ult, %time160, %time224 : index
  %below192 = arith.cmpi ult, %time160, %time192 : index
  %below = arith.andi %below256, %below224 : i1
  %best160 = arith.andi %below, %below192 : i1
  %fourWaves = arith.muli %clusters, %c4 : index
  %fewWaves160 = arith.cmpi ule, %units160, %fourWaves : index
  %few160 = arith.andi %best160, %fewWaves160 : i1
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
    func.call @launch_64x128_swapped(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
  } else {
    scf.if %use64 {
      func.call @launch_128x64(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
    } else {
      scf.if %use128 {
        func.call @launch_128x128(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
      } else {
        scf.if %use160 {
          func.call @launch_128x160(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
        } else {
          scf.if %use224 {
            func.call @launch_128x224(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
          } else {
            scf.if %use192 {
              func.call @launch_128x192(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
            } else {
              func.call @launch_128x256(%A, %B, %C, %m, %n, %k) : (memref<?xbf16>, memref<?xbf16>, memref<?xbf16>, index, index, index) -> ()
            }
          }
        }
      }
    }
  }
  return
}

// C (m,n) = A (m,k) * B (n,k)^T: a TMA descriptor per operand (the boxes are a
// 128x64 k-tile of A and a 128x64 half of B's, and C's epilogue box), then
// clusters of two blocks, one block per SM: as many clusters as the device's
// SMs hold (cute_nvgpu.multiprocessor_count; 66 on an H100 SXM or H200), even
// where there are fewer units of work, whose k-tiles stream-K then shares out.
// Any grid of resident blocks computes C; this one fills the chip.
func.func @launch_128x256(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229440 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB256, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x256 tile of f32 partial sums and a flag a
  // block, the flags zero.
  %tileElems = arith.constant 32768 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_128x256 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

// As @launch_128x256, for the 128x192 kernel.
func.func @launch_128x192(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 196672 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB192, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
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
           %m : index, %n : index, %k : index,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

// As @launch_128x256, for the 128x160 kernel.
func.func @launch_128x160(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 217168 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB160, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
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
           %m : index, %n : index, %k : index,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

// As @launch_128x256, for the 128x224 kernel.
func.func @launch_128x224(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 213056 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB224, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC32, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  // Stream-K's workspace: a 128x224 tile of f32 partial sums and a flag a
  // block, the flags zero.
  %tileElems = arith.constant 28672 : index
  %partialElems = arith.muli %grid, %tileElems : index
  %partials = gpu.alloc (%partialElems) : memref<?xf32>
  %flags = gpu.alloc (%grid) : memref<?xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %flags, %zero : memref<?xi32>, i32
  %gPartials = memref.memory_space_cast %partials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %flags : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@gemm_tn_128x224 clusters in (%c2, %c1, %c1) blocks in (%grid, %c1, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

func.func @launch_128x64(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                          %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229504 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB64, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
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
           %m : index, %n : index, %k : index,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.dealloc %partials : memref<?xf32>
  gpu.dealloc %flags : memref<?xi32>
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}

func.func @launch_128x128(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                           %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229472 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaA, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaB128, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
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
           %m : index, %n : index, %k : index,
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
func.func @launch_64x128_swapped(%A: memref<?xbf16>, %B: memref<?xbf16>,
                                 %C: memref<?xbf16>, %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c384 = arith.constant 384 : index
  %smem = arith.constant 229504 : i32
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dK = cute.make_stride %k : !cute.stride<"(?,1)">
  %lA = cute.make_layout %shA, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %A, %lA : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #tmaB64, %tA : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %lB = cute.make_layout %shB, %dK : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tB = cute.make_tensor %B, %lB : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #tmaA, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %sms = cute_nvgpu.multiprocessor_count
  %clusters = arith.divui %sms, %c2 : index
  %grid = arith.muli %clusters, %c2 : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
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
           %m : index, %n : index, %k : index,
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
