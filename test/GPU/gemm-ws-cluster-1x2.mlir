// REQUIRES: ptxas
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -canonicalize -cse | FileCheck %s --check-prefix=NVVM
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/gemm.cubin > %t/ptxas.log 2>&1
// RUN: FileCheck %s --input-file=%t/ptxas.log --check-prefix=PTXAS
// (on a GPU, Integration/GPU/gemm-ws-cluster-1x2.test checks its numbers)
//
// The warp-specialized bf16 GEMM of examples/gemm-sm90a-ws-bf16.mlir in
// clusters of 1x2 CTAs (along N) instead of 2x1: the two CTAs of a cluster
// take tiles (m, 2n) and (m, 2n + 1), which share A's 128 rows, so each
// loads one 64-row half of A's k-tile box and multicasts it to both, and
// loads its own 256x64 box of B. The pipeline (cluster [1, 2]) counts both
// halves of A in a stage's bytes and releases each stage to both CTAs;
// cute_nvgpu.tile_coord walks the clusters' 1x2 blocks of tiles.
//
// Launch (@launch below): clusters of (1, 2, 1), grid (min(SMs / 2, units
// of work), 2, 1), block (384), 229440 bytes of dynamic shared memory; C
// bf16, any M, N a multiple of 8, K a multiple of 8.

// A stage expects A's two 64x64 halves (8 KiB each, each multicast by one
// CTA of the cluster) and B's 256x64 box: 48 KiB. A's copy offsets this
// CTA's half by its rank along y and multicasts to both CTAs; B's is a
// plain load. A consumer warp releases a stage to the CTAs of its cluster
// that share its x (both) or its y (itself), by mapa.
// NVVM-LABEL: gpu.func @gemm_tn
// NVVM: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c49152_i32
// NVVM: arith.muli %cluster_block_id_y, %c4096 : index
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, {{.*}} multicast_mask = %c3_i16
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg1, %{{[0-9]+}}, box[%{{[0-9]+}}, %{{[0-9]+}}] : !llvm.ptr<7>, !llvm.ptr
// NVVM: nvvm.mapa
// NVVM-LABEL: func.func @launch
// NVVM: call @cuteMultiprocessorCount()
// NVVM: gpu.launch_func @kernels::@gemm_tn clusters in (%c1, %c2, %c1) blocks in (%{{.*}}, %c2, %c1)
//
// PTXAS: Compiling entry function 'gemm_tn' for 'sm_90a'
// PTXAS-NOT: wgmma.mma_async instructions are serialized
// PTXAS-NOT: is injected
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x256x16_F32BF16BF16_SS, "(2,1,1)">
// The TMA atoms are written from shared-memory layouts, as CuTe's
// make_tma_copy takes them: one stage of A and of B (the box and its
// 128-byte swizzle follow; A's multicast to the 2 CTAs of a cluster splits
// its rows in halves, one per CTA) and one box of C.
#tmaA = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)", multicast = 2>
#tmaB = #cute_nvgpu.tma_atom<load, bf16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)">
#tmaC = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<3,3,3> o 0 o (128,64):(64,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_tn(%descA: !llvm.ptr, %descB: !llvm.ptr, %descC: !llvm.ptr,
                    %m: index, %n: index, %k: index)
      kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %tid = gpu.thread_id x
    %ktiles = arith.ceildivui %k, %c64 : index
    %tilesM = arith.ceildivui %m, %c128 : index
    %tilesN = arith.ceildivui %n, %c256 : index
    // Clusters of two CTAs along M walk 256x256 blocks of C.
    %c2 = arith.constant 2 : index
    %blocksN = arith.ceildivui %tilesN, %c2 : index
    %units = arith.muli %tilesM, %blocksN : index
    %cluster = gpu.cluster_id x
    %clusters = gpu.cluster_dim x
    %rank = gpu.cluster_block_id y

    // Dynamic shared memory: four stages of A (16 KiB each), four of B
    // (32 KiB each), two of the epilogue's C boxes (16 KiB each), then the
    // pipeline's eight mbarriers.
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %offB = arith.constant 65536 : index
    %offC = arith.constant 196608 : index
    %offBars = arith.constant 229376 : index
    %smemA = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32768xbf16, #gpu.address_space<workgroup>>
    %smemB = memref.view %dyn[%offB][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<65536xbf16, #gpu.address_space<workgroup>>
    %smemC = memref.view %dyn[%offC][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%offBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
    // The consumers' 256 threads release stages.
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [1, 2] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>

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
      %tileA = cute.static : !cute.tile<"(64,64)">
      %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
      %idB = cute.make_identity_tensor %shB : !cute.shape<"(?,?)">
      %tileB = cute.static : !cute.tile<"(256,64)">
      %both = arith.constant 3 : i16
      // This CTA's half of B's 256 rows: the one it loads and multicasts.
      %cHalf = cute.make_coord %rank : !cute.coord<"(?,0)">
      %leader = arith.cmpi eq, %tid, %c0 : index
      scf.if %leader {
        %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
        %last = scf.for %w = %cluster to %units step %clusters iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
          %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [1, 2]
          %tm2 = arith.muli %tm, %c2 : index
          %half = arith.addi %tm2, %rank : index
          %cA = cute.make_coord %half : !cute.coord<"(?,_)">
          %gA = cute.local_tile %idA, %tileA, %cA : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,_)">
          %cB = cute.make_coord %tn : !cute.coord<"(?,_)">
          %gB = cute.local_tile %idB, %tileB, %cB : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(256,64)">, !cute.coord<"(?,_)">
          %end = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%st = %tileStart) -> (!cute_nvgpu.pipeline_state<4>) {
            cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
            %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
            %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
            %gAk = cute.slice %gA[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
            %sAh = cute.local_tile %sAs, %tileA, %cHalf : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, !cute.tile<"(64,64)">, !cute.coord<"(?,0)">
            cute_nvgpu.tma_copy #tmaA, %descA, %gAk, %sAh pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o (64,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
            %gBk = cute.slice %gB[%ck] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64,?):(1,16777216,1073741824)">, !cute.coord<"(_,_,?)">
            %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,32),64,4):((64,512),1,16384)">, !cute.coord<"(_,_,?)">
            cute_nvgpu.tma_copy #tmaB, %descB, %gBk, %sBs pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=16384} o ((8,32),64):((64,512),1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
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
      %hasK = arith.cmpi ugt, %ktiles, %c0 : index
      %last = scf.for %w = %cluster to %units step %clusters iter_args(%tileStart = %start) -> (!cute_nvgpu.pipeline_state<4>) {
        %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [1, 2]
        %cC = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
        %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">

        // Mainloop: wait for k-tile kt's stage, multiply it (the first
        // k-tile without accumulating), let the previous wgmma group retire
        // and release the stage it read.
        %end:2 = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%st = %tileStart, %prev = %tileStart) -> (!cute_nvgpu.pipeline_state<4>, !cute_nvgpu.pipeline_state<4>) {
          cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
          %stage = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<4>
          %cs = cute.make_coord %stage : !cute.coord<"(_,_,?)">
          %sAs = cute.slice %sA[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),64,4):((64,512),1,8192)">, !cute.coord<"(_,_,?)">
          %sBs = cute.slice %sB[%cs] : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,32),64,4):((64,512),1,16384)">, !cute.coord<"(_,_,?)">
          %tCsA = cute_nvgpu.partition_a #tm, %sAs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
          %tCsB = cute_nvgpu.partition_b #tm, %sBs, %ctid : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=16384} o ((8,32),64):((64,512),1)">, index
          %accumulate = arith.cmpi ne, %kt, %c0 : index
          nvvm.wgmma.fence.aligned
          cute_nvgpu.gemm #tm, %tCsA, %tCsB, %tCrC accumulate %accumulate : !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=16384} o ((256,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">
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

        // Epilogue: the accumulators go to C in bf16 through shared memory,
        // a 128x64 box at a time, stored by TMA while the next tile's
        // mainloop runs.
        %iC = cute.local_tile %idC, %tileC, %cC : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,256)">, !cute.coord<"(?,?)">
        cute_nvgpu.epilogue_store #tm, #tmaC, %descC, %tCrC, %iC, %smemC, %ctid : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,256):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
        scf.yield %end#0 : !cute_nvgpu.pipeline_state<4>
      }
      // The last TMA stores finish reading shared memory before it goes.
      cute_nvgpu.epilogue_store_tail #tm, %ctid
    }
    gpu.return
  }
}

// C (m,n) = A (m,k) * B (n,k)^T: a TMA descriptor per operand (the boxes are a
// 64x64 half of A's k-tile, a 256x64 k-tile of B, and C's epilogue box), then
// clusters of 1x2 blocks, as many as the device's SMs hold, or fewer where
// there are fewer units of work: the grid's x is the clusters, its y the two
// CTAs of each.
func.func @launch(%A: memref<?xbf16>, %B: memref<?xbf16>, %C: memref<?xbf16>,
                  %m: index, %n: index, %k: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
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
  %descB = cute_nvgpu.make_tma_descriptor #tmaB, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %tm = arith.ceildivui %m, %c128 : index
  %tn = arith.ceildivui %n, %c256 : index
  // Whole clusters of two along N.
  %tn2 = arith.ceildivui %tn, %c2 : index
  %units = arith.muli %tm, %tn2 : index
  %sms = cute_nvgpu.multiprocessor_count
  %fit = arith.divui %sms, %c2 : index
  %clusters = arith.minui %units, %fit : index
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dN = cute.make_stride %n : !cute.stride<"(?,1)">
  %lC = cute.make_layout %shC, %dN : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tC = cute.make_tensor %C, %lC : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descC = cute_nvgpu.make_tma_descriptor #tmaC, %tC : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  gpu.launch_func @kernels::@gemm_tn clusters in (%c1, %c2, %c1) blocks in (%clusters, %c2, %c1)
      threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %descC : !llvm.ptr,
           %m : index, %n : index, %k : index)
  // The launch is synchronous: the kernel is done with the descriptors.
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descC : !llvm.ptr
  return
}
}
