// REQUIRES: cuda-sm90a
// RUN: cute-run %s --chip=sm_90a --no-cache | FileCheck %s

// Multicast TMA in a cluster, checked element by element on the GPU. The
// grid is 3 clusters of 2 CTAs; cluster c needs the 64x64 f16 tile c of a
// 192x64 matrix in the shared memory of both its CTAs. Each CTA loads only
// its half (32 rows, a 32x64 box with the 128-byte swizzle) and multicasts it
// to both CTAs (mask 0b11), into the same offset of each one's shared memory,
// completing on the mbarrier at the same offset in each. So each CTA's
// mbarrier expects the whole tile's 8192 bytes, half of which its peer sends.
// Before any multicast, the cluster barrier makes both CTAs' mbarriers
// initialized (fence.mbarrier_init); a second one at the end keeps either
// CTA's shared memory alive until the whole cluster is done with it. Every thread then
// reads the full tile through Sw<3,3,3> o (64,64):(64,1) and writes it out
// row-major to the CTA's own output tile (NaN-poisoned). Expected: block b's
// output is tile b / 2 of A.

// CHECK: rank mismatches 0
// CHECK-NEXT: tile mismatches 0

#mc = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 32], swizzle = 128, multicast = 2>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @broadcast(%desc: !llvm.ptr, %out: memref<?xf16, 1>, %ranks: memref<?xi32, 1>,
                      %m: index, %k: index)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %bytes = arith.constant 8192 : index
    %both = arith.constant 3 : i16
    %tid = gpu.thread_id x
    %block = gpu.block_id x
    %cluster = gpu.cluster_id x
    %rank = gpu.cluster_block_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    // 8 KiB of tile, then the mbarrier, in dynamic shared memory (1024-byte
    // aligned, as the swizzle needs).
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %tileBuf = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4096xf16, #gpu.address_space<workgroup>>
    %halfOff = arith.muli %rank, %c4096 : index
    %halfBuf = memref.view %dyn[%halfOff][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2048xf16, #gpu.address_space<workgroup>>
    %bars = memref.view %dyn[%c8192][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>

    // This CTA's half: rows 64 * cluster + 32 * rank of A.
    %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %halfTile = cute.static : !cute.tile<"(32,64)">
    %row2 = arith.addi %cluster, %cluster : index
    %halfRow = arith.addi %row2, %rank : index
    %hc = cute.make_coord %halfRow, %c0 : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %halfTile, %hc : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,64)">, !cute.coord<"(?,?)">
    %lh = cute.static : !cute.layout<"(32,64):(64,1)">
    %sHalf = cute.make_tensor %halfBuf, %lh : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">
    %lt = cute.static : !cute.layout<"(64,64):(64,1)">
    %sTile = cute.make_tensor %tileBuf, %lt : (memref<4096xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">

    scf.if %leader {
      cute_nvgpu.mbarrier_init %bars[%c0], %c1 : memref<1xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    nvvm.cluster.arrive {aligned}
    nvvm.cluster.wait {aligned}
    scf.if %leader {
      cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
      cute_nvgpu.tma_copy #mc, %desc, %g, %sHalf barrier %bars[%c0] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, memref<1xi64, #gpu.address_space<workgroup>>
      %r32 = arith.index_cast %rank : index to i32
      memref.store %r32, %ranks[%block] : memref<?xi32, 1>
    }
    cute_nvgpu.mbarrier_wait %bars[%c0], %c0 : memref<1xi64, #gpu.address_space<workgroup>>

    %base = arith.muli %block, %c4096 : index
    scf.for %i = %tid to %c4096 step %c128 {
      %row = arith.divui %i, %c64 : index
      %col = arith.remui %i, %c64 : index
      %ci = cute.make_coord %row, %col : !cute.coord<"(?,?)">
      %v = cute.load %sTile[%ci] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, !cute.coord<"(?,?)"> -> f16
      %at = arith.addi %base, %i : index
      memref.store %v, %out[%at] : memref<?xf16, 1>
    }
    nvvm.cluster.arrive {aligned}
    nvvm.cluster.wait {aligned}
    gpu.return
  }
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c128 = arith.constant 128 : index
  %c1999 = arith.constant 1999 : index
  %c4096 = arith.constant 4096 : index
  %c24576 = arith.constant 24576 : index
  %smemBytes = arith.constant 8200 : i32
  %m = arith.constant 192 : index
  %k = arith.constant 64 : index
  %mk = arith.muli %m, %k : index
  %nan = arith.constant 0x7E00 : f16
  %minus1 = arith.constant -1 : i32
  // A[i] = (i mod 1999) + 1: exact in f16, never zero.
  %hA = memref.alloc(%mk) : memref<?xf16>
  scf.for %i = %c0 to %mk step %c1 {
    %r = arith.remui %i, %c1999 : index
    %r1 = arith.addi %r, %c1 : index
    %ri = arith.index_cast %r1 : index to i32
    %f = arith.uitofp %ri : i32 to f16
    memref.store %f, %hA[%i] : memref<?xf16>
  }
  %dA = gpu.alloc (%mk) : memref<?xf16>
  gpu.memcpy %dA, %hA : memref<?xf16>, memref<?xf16>
  %dOut = gpu.alloc (%c24576) : memref<?xf16>
  gpu.memset %dOut, %nan : memref<?xf16>, f16
  %dRanks = gpu.alloc (%c6) : memref<?xi32>
  gpu.memset %dRanks, %minus1 : memref<?xi32>, i32
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %dA, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %desc = cute_nvgpu.make_tma_descriptor #mc, %tA : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %gOut = memref.memory_space_cast %dOut : memref<?xf16> to memref<?xf16, 1>
  %gRanks = memref.memory_space_cast %dRanks : memref<?xi32> to memref<?xi32, 1>
  gpu.launch_func @kernels::@broadcast clusters in (%c2, %c1, %c1) blocks in (%c6, %c1, %c1) threads in (%c128, %c1, %c1)
      dynamic_shared_memory_size %smemBytes
      args(%desc : !llvm.ptr, %gOut : memref<?xf16, 1>, %gRanks : memref<?xi32, 1>, %m : index, %k : index)
  %hOut = memref.alloc(%c24576) : memref<?xf16>
  gpu.memcpy %hOut, %dOut : memref<?xf16>, memref<?xf16>
  %hRanks = memref.alloc(%c6) : memref<?xi32>
  gpu.memcpy %hRanks, %dRanks : memref<?xi32>, memref<?xi32>
  cute_nvgpu.destroy_tma_descriptor %desc : !llvm.ptr

  // Block b is rank b mod 2 of its cluster.
  %rankBad = scf.for %b = %c0 to %c6 step %c1 iter_args(%n = %c0) -> (index) {
    %got = memref.load %hRanks[%b] : memref<?xi32>
    %want = arith.remui %b, %c2 : index
    %wantI = arith.index_cast %want : index to i32
    %ne = arith.cmpi ne, %got, %wantI : i32
    %one = arith.select %ne, %c1, %c0 : index
    %n1 = arith.addi %n, %one : index
    scf.yield %n1 : index
  }
  // Block b holds tile b / 2 of A: A[(b / 2) * 4096 + i].
  %bad = scf.for %i = %c0 to %c24576 step %c1 iter_args(%b = %c0) -> (index) {
    %block = arith.divui %i, %c4096 : index
    %within = arith.remui %i, %c4096 : index
    %tile = arith.divui %block, %c2 : index
    %tileBase = arith.muli %tile, %c4096 : index
    %at = arith.addi %tileBase, %within : index
    %a = memref.load %hA[%at] : memref<?xf16>
    %got = memref.load %hOut[%i] : memref<?xf16>
    %ne = arith.cmpf une, %got, %a : f16
    %one = arith.select %ne, %c1, %c0 : index
    %b1 = arith.addi %b, %one : index
    scf.yield %b1 : index
  }
  %rankBadI = arith.index_cast %rankBad : index to i64
  vector.print str "rank mismatches "
  vector.print %rankBadI : i64
  %badI = arith.index_cast %bad : index to i64
  vector.print str "tile mismatches "
  vector.print %badI : i64
  %total = arith.addi %bad, %rankBad : index
  %rc = arith.index_cast %total : index to i32
  return %rc : i32
}
}
