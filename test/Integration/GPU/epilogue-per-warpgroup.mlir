// REQUIRES: cuda-sm90a
// RUN: cute-run %s --chip=sm_90a --no-cache | FileCheck %s

// epilogue_store per_warpgroup on the GPU, element by element, with no GEMM
// around it. A block of two warpgroups fills its accumulators by the PTX
// ISA's wgmma D fragment (m64nNk16, f32): value j of thread t of a
// warpgroup sits at row 16 (t / 32) + (t % 32) / 4 + 8 ((j / 2) % 2),
// column 2 (t % 4) + 8 (j / 4) + j % 2 of the warpgroup's 64x64 atom, with
// the value E(r, c) = (37 r + c) mod 256 of its place (r, c) in C (exact in
// bf16 and f32; a row or column shift below 256 changes it). Each
// warpgroup then stores its own part of the tile through its own slice of
// the buffer, on its own named barrier (3 and 4), and waits for its
// stores at the end (epilogue_store_tail per_warpgroup):
//  - @along_m: two warpgroups along M (a 128x64 tile), bf16 C through
//    stmatrix, a 64x64 box a warpgroup, two 8 KiB stages each;
//  - @along_n: two along N (a 64x128 tile), f32 C through 64-bit stores,
//    four 64x16 boxes a warpgroup, two 4 KiB stages each.
// Each kernel stores an inner tile and one that C's 200x200 cuts (rows or
// columns past 200 are clipped by TMA) into a NaN-poisoned C: every
// element of the two tiles inside C must be E(r, c), every other NaN.

// CHECK: along M (bf16) mismatches 0
// CHECK-NEXT: along N (f32) mismatches 0

#tmM = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">
#tmN = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,2,1)">
#stM = #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>
#stN = #cute_nvgpu.tma_atom<store, f32, box = [16, 64], swizzle = 64>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // E at value j of thread t's accumulators, by the wgmma fragment:
  // warpgroup w's atom at (rowW w, colW w) of the tile, the tile at
  // (originM, originN) of C.
  func.func @value(%tid: index, %j: index, %rowW: index, %colW: index,
                   %originM: index, %originN: index) -> f32 {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c37 = arith.constant 37 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %w = arith.divui %tid, %c128 : index
    %t = arith.remui %tid, %c128 : index
    %warp = arith.divui %t, %c32 : index
    %lane = arith.remui %t, %c32 : index
    %r16 = arith.muli %warp, %c16 : index
    %rl = arith.divui %lane, %c4 : index
    %half = arith.divui %j, %c2 : index
    %down = arith.remui %half, %c2 : index
    %down8 = arith.muli %down, %c8 : index
    %wr = arith.muli %w, %rowW : index
    %r1 = arith.addi %r16, %rl : index
    %r2 = arith.addi %r1, %down8 : index
    %r3 = arith.addi %r2, %wr : index
    %r = arith.addi %r3, %originM : index
    %cq = arith.remui %lane, %c4 : index
    %c2q = arith.muli %cq, %c2 : index
    %group = arith.divui %j, %c4 : index
    %right8 = arith.muli %group, %c8 : index
    %odd = arith.remui %j, %c2 : index
    %wc = arith.muli %w, %colW : index
    %cc1 = arith.addi %c2q, %right8 : index
    %cc2 = arith.addi %cc1, %odd : index
    %cc3 = arith.addi %cc2, %wc : index
    %c = arith.addi %cc3, %originN : index
    %r37 = arith.muli %r, %c37 : index
    %e = arith.addi %r37, %c : index
    %em = arith.remui %e, %c256 : index
    %ei = arith.index_cast %em : index to i32
    %v = arith.uitofp %ei : i32 to f32
    return %v : f32
  }

  gpu.func @along_m(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %buf = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xbf16, #gpu.address_space<workgroup>>
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %originM = arith.muli %tm, %c128 : index
    %originN = arith.muli %tn, %c64 : index
    scf.for %j = %c0 to %c32 step %c1 {
      %v = func.call @value(%tid, %j, %c64, %c0, %originM, %originN) : (index, index, index, index, index, index) -> f32
      %cj = cute.make_coord %j : !cute.coord<"?">
      cute.store %v, %acc[%cj] : f32, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.coord<"?">
    }
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(128,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tmM, #stM, %desc, %acc, %tile, %buf, %tid per_warpgroup {barrierId = 3 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
    cute_nvgpu.epilogue_store_tail #tmM, %tid per_warpgroup
    gpu.return
  }

  gpu.func @along_n(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %buf = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %originM = arith.muli %tm, %c64 : index
    %originN = arith.muli %tn, %c128 : index
    scf.for %j = %c0 to %c32 step %c1 {
      %v = func.call @value(%tid, %j, %c0, %c64, %originM, %originN) : (index, index, index, index, index, index) -> f32
      %cj = cute.make_coord %j : !cute.coord<"?">
      cute.store %v, %acc[%cj] : f32, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.coord<"?">
    }
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,128)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,128)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tmN, #stN, %desc, %acc, %tile, %buf, %tid per_warpgroup {barrierId = 3 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<4096xf32, #gpu.address_space<workgroup>>
    cute_nvgpu.epilogue_store_tail #tmN, %tid per_warpgroup
    gpu.return
  }
}

// E(r, c) = (37 r + c) mod 256.
func.func @expected(%r: index, %c: index) -> f32 {
  %c37 = arith.constant 37 : index
  %c256 = arith.constant 256 : index
  %r37 = arith.muli %r, %c37 : index
  %e = arith.addi %r37, %c : index
  %em = arith.remui %e, %c256 : index
  %ei = arith.index_cast %em : index to i32
  %v = arith.uitofp %ei : i32 to f32
  return %v : f32
}

// Whether (r, c) lies in the tm-th x tn-th tile of TM x TN.
func.func @inTile(%r: index, %c: index, %tmSize: index, %tnSize: index,
                  %tm: index, %tn: index) -> i1 {
  %rt = arith.divui %r, %tmSize : index
  %ct = arith.divui %c, %tnSize : index
  %inR = arith.cmpi eq, %rt, %tm : index
  %inC = arith.cmpi eq, %ct, %tn : index
  %in = arith.andi %inR, %inC : i1
  return %in : i1
}

// The elements of C (n x n, f32 values) that are not E inside the two
// tiles and NaN outside them.
func.func @mismatches(%got: memref<?xf32>, %n: index, %tmSize: index,
                      %tnSize: index, %tm1: index, %tn1: index, %tm2: index,
                      %tn2: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bad = scf.for %r = %c0 to %n step %c1 iter_args(%b0 = %c0) -> (index) {
    %rowBad = scf.for %c = %c0 to %n step %c1 iter_args(%b = %b0) -> (index) {
      %in1 = func.call @inTile(%r, %c, %tmSize, %tnSize, %tm1, %tn1) : (index, index, index, index, index, index) -> i1
      %in2 = func.call @inTile(%r, %c, %tmSize, %tnSize, %tm2, %tn2) : (index, index, index, index, index, index) -> i1
      %in = arith.ori %in1, %in2 : i1
      %rn = arith.muli %r, %n : index
      %at = arith.addi %rn, %c : index
      %v = memref.load %got[%at] : memref<?xf32>
      %e = func.call @expected(%r, %c) : (index, index) -> f32
      %isE = arith.cmpf oeq, %v, %e : f32
      %isNaN = arith.cmpf uno, %v, %v : f32
      %ok = arith.select %in, %isE, %isNaN : i1
      %one = arith.select %ok, %c0, %c1 : index
      %b1 = arith.addi %b, %one : index
      scf.yield %b1 : index
    }
    scf.yield %rowBad : index
  }
  return %bad : index
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %n = arith.constant 200 : index
  %nn = arith.muli %n, %n : index
  %smemM = arith.constant 32768 : i32
  %smemN = arith.constant 16384 : i32
  %sh = cute.make_shape %n, %n : !cute.shape<"(?,?)">
  %st = cute.make_stride %n : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">

  // Along M, bf16: tiles (0, 1) inside and (1, 3), rows 128..199 and
  // columns 192..199 of it inside C.
  %nanB = arith.constant 0x7FC0 : bf16
  %dB = gpu.alloc (%nn) : memref<?xbf16>
  gpu.memset %dB, %nanB : memref<?xbf16>, bf16
  %tB = cute.make_tensor %dB, %l : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #stM, %tB : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  gpu.launch_func @kernels::@along_m blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
      dynamic_shared_memory_size %smemM
      args(%descB : !llvm.ptr, %n : index, %n : index, %c0 : index, %c1 : index)
  gpu.launch_func @kernels::@along_m blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
      dynamic_shared_memory_size %smemM
      args(%descB : !llvm.ptr, %n : index, %n : index, %c1 : index, %c3 : index)
  %hB = memref.alloc(%nn) : memref<?xbf16>
  gpu.memcpy %hB, %dB : memref<?xbf16>, memref<?xbf16>
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr
  %hB32 = memref.alloc(%nn) : memref<?xf32>
  scf.for %i = %c0 to %nn step %c1 {
    %v = memref.load %hB[%i] : memref<?xbf16>
    %w = arith.extf %v : bf16 to f32
    memref.store %w, %hB32[%i] : memref<?xf32>
  }
  %badM = func.call @mismatches(%hB32, %n, %c128, %c64, %c0, %c1, %c1, %c3) : (memref<?xf32>, index, index, index, index, index, index, index) -> index

  // Along N, f32: tiles (1, 0) inside and (3, 1), rows 192..199 and
  // columns 128..199 of it inside C.
  %nanF = arith.constant 0x7FC00000 : f32
  %dF = gpu.alloc (%nn) : memref<?xf32>
  gpu.memset %dF, %nanF : memref<?xf32>, f32
  %tF = cute.make_tensor %dF, %l : (memref<?xf32>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f32, gmem, "(?,?):(?,1)">
  %descF = cute_nvgpu.make_tma_descriptor #stN, %tF : !cute.tensor<f32, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  gpu.launch_func @kernels::@along_n blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
      dynamic_shared_memory_size %smemN
      args(%descF : !llvm.ptr, %n : index, %n : index, %c1 : index, %c0 : index)
  gpu.launch_func @kernels::@along_n blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
      dynamic_shared_memory_size %smemN
      args(%descF : !llvm.ptr, %n : index, %n : index, %c3 : index, %c1 : index)
  %hF = memref.alloc(%nn) : memref<?xf32>
  gpu.memcpy %hF, %dF : memref<?xf32>, memref<?xf32>
  cute_nvgpu.destroy_tma_descriptor %descF : !llvm.ptr
  %badN = func.call @mismatches(%hF, %n, %c64, %c128, %c1, %c0, %c3, %c1) : (memref<?xf32>, index, index, index, index, index, index, index) -> index

  %iM = arith.index_cast %badM : index to i64
  %iN = arith.index_cast %badN : index to i64
  vector.print str "along M (bf16) mismatches "
  vector.print %iM : i64
  vector.print str "along N (f32) mismatches "
  vector.print %iN : i64
  %total = arith.addi %badM, %badN : index
  %rc = arith.index_cast %total : index to i32
  return %rc : i32
}
}
