// REQUIRES: cuda-sm90a
// RUN: cute-run %s --chip=sm_90a --no-cache | FileCheck %s

// A TMA atom whose tile is wider than its swizzle, checked element by element
// on the GPU. The tile is 32 rows of 128 f16 values under the 128-byte
// swizzle: two 32x64 boxes one after the other in shared memory
// (Sw<3,3,3> o (32,(64,2)):(64,(1,2048)), as CuTe's tile_to_shape lays out
// two SW128 atoms along K), which one tma_copy loads with two instructions
// (the second 64 columns further, 4 KiB further in shared memory),
// completing on one mbarrier that expects both boxes' 8192 bytes. The
// tensor is 100x200: tile (3, 1) - rows 96..127, columns 128..255 - has 4
// rows inside, all 64 columns of its first box and 8 of its second; tile
// (1, 0) is inside. Every thread reads its share of the tile through the
// swizzled tensor and writes it out row-major, and thread 0 stores the tile
// back with a TMA store (two instructions) into a NaN-poisoned copy.
// Expected: each tile holds A inside the tensor and zeros outside; the
// stores write exactly the tiles' parts inside and leave the rest NaN.

// CHECK: tile (3, 1) mismatches 0
// CHECK-NEXT: tile (1, 0) mismatches 0
// CHECK-NEXT: store mismatches 0

#ld = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (32,(64,2)):(64,(1,2048))">
#st = #cute_nvgpu.tma_atom<store, f16, smem = "Sw<3,3,3> o 0 o (32,(64,2)):(64,(1,2048))">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @roundtrip(%descA: !llvm.ptr, %descB: !llvm.ptr, %out: memref<?xf16, 1>,
                      %m: index, %k: index, %bm: index, %bk: index)
      workgroup(%smem: memref<4096xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %bars: memref<1xi64, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    %bytes = arith.constant 8192 : index
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(32,128)">
    %c = cute.make_coord %bm, %bk : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,128)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"(32,(64,2)):(64,(1,2048))">
    %s = cute.make_tensor %smem, %ls : (memref<4096xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,(64,2)):(64,(1,2048))">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,(64,2)):(64,(1,2048))">
    %lo = cute.static : !cute.layout<"(32,128):(128,1)">
    %o = cute.make_tensor %out, %lo : (memref<?xf16, 1>, !cute.layout<"(32,128):(128,1)">) -> !cute.tensor<f16, gmem, "(32,128):(128,1)">
    scf.if %leader {
      cute_nvgpu.mbarrier_init %bars[%c0], %c1 : memref<1xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.if %leader {
      cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
      cute_nvgpu.tma_copy #ld, %descA, %g, %s barrier %bars[%c0] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,128):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,(64,2)):(64,(1,2048))">, memref<1xi64, #gpu.address_space<workgroup>>
    }
    cute_nvgpu.mbarrier_wait %bars[%c0], %c0 : memref<1xi64, #gpu.address_space<workgroup>>
    scf.for %i = %tid to %c4096 step %c128 {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %s[%ci] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,(64,2)):(64,(1,2048))">, !cute.coord<"?"> -> f16
      cute.store %v, %o[%ci] : f16, !cute.tensor<f16, gmem, "(32,128):(128,1)">, !cute.coord<"?">
    }
    scf.if %leader {
      cute_nvgpu.tma_copy #st, %descB, %s, %g : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,(64,2)):(64,(1,2048))">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,128):(1,16777216)">
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
    }
    gpu.return
  }
}

// Mismatches of the tile at (bm, bk) read back in `out` (32x128 row-major)
// against A (m,k): A inside the tensor, zero outside.
func.func @tileMismatches(%hA: memref<?xf16>, %out: memref<?xf16>, %m: index,
                          %k: index, %bm: index, %bk: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f16
  %row0 = arith.muli %bm, %c32 : index
  %col0 = arith.muli %bk, %c128 : index
  %bad = scf.for %r = %c0 to %c32 step %c1 iter_args(%acc = %c0) -> (index) {
    %row = arith.addi %r, %row0 : index
    %rowIn = arith.cmpi ult, %row, %m : index
    %rowBad = scf.for %cc = %c0 to %c128 step %c1 iter_args(%b = %acc) -> (index) {
      %col = arith.addi %cc, %col0 : index
      %colIn = arith.cmpi ult, %col, %k : index
      %in = arith.andi %rowIn, %colIn : i1
      %expect = scf.if %in -> (f16) {
        %rk = arith.muli %row, %k : index
        %at = arith.addi %rk, %col : index
        %a = memref.load %hA[%at] : memref<?xf16>
        scf.yield %a : f16
      } else {
        scf.yield %zero : f16
      }
      %r128 = arith.muli %r, %c128 : index
      %o = arith.addi %r128, %cc : index
      %got = memref.load %out[%o] : memref<?xf16>
      %ne = arith.cmpf une, %got, %expect : f16
      %one = arith.select %ne, %c1, %c0 : index
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
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %c1999 = arith.constant 1999 : index
  %c4096 = arith.constant 4096 : index
  %m = arith.constant 100 : index
  %k = arith.constant 200 : index
  %mk = arith.muli %m, %k : index
  %nan = arith.constant 0x7E00 : f16
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
  %dB = gpu.alloc (%mk) : memref<?xf16>
  gpu.memset %dB, %nan : memref<?xf16>, f16
  %dOut1 = gpu.alloc (%c4096) : memref<?xf16>
  gpu.memset %dOut1, %nan : memref<?xf16>, f16
  %dOut2 = gpu.alloc (%c4096) : memref<?xf16>
  gpu.memset %dOut2, %nan : memref<?xf16>, f16
  // A and B (m,k) row-major: one layout, two tensors, two descriptors.
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %dA, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #ld, %tA : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %tB = cute.make_tensor %dB, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #st, %tB : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %gOut1 = memref.memory_space_cast %dOut1 : memref<?xf16> to memref<?xf16, 1>
  %gOut2 = memref.memory_space_cast %dOut2 : memref<?xf16> to memref<?xf16, 1>
  gpu.launch_func @kernels::@roundtrip blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %gOut1 : memref<?xf16, 1>,
           %m : index, %k : index, %c3 : index, %c1 : index)
  gpu.launch_func @kernels::@roundtrip blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %gOut2 : memref<?xf16, 1>,
           %m : index, %k : index, %c1 : index, %c0 : index)
  %hOut1 = memref.alloc(%c4096) : memref<?xf16>
  gpu.memcpy %hOut1, %dOut1 : memref<?xf16>, memref<?xf16>
  %hOut2 = memref.alloc(%c4096) : memref<?xf16>
  gpu.memcpy %hOut2, %dOut2 : memref<?xf16>, memref<?xf16>
  %hB = memref.alloc(%mk) : memref<?xf16>
  gpu.memcpy %hB, %dB : memref<?xf16>, memref<?xf16>
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr

  %bad1 = func.call @tileMismatches(%hA, %hOut1, %m, %k, %c3, %c1) : (memref<?xf16>, memref<?xf16>, index, index, index, index) -> index
  %bad2 = func.call @tileMismatches(%hA, %hOut2, %m, %k, %c1, %c0) : (memref<?xf16>, memref<?xf16>, index, index, index, index) -> index
  // The stores: A inside either tile (rows 96.., columns 128.. and rows
  // 32..63, columns 0..127), still NaN elsewhere.
  %storeBad = scf.for %row = %c0 to %m step %c1 iter_args(%bad = %c0) -> (index) {
    %rowIn1 = arith.cmpi uge, %row, %c96 : index
    %rowLo2 = arith.cmpi uge, %row, %c32 : index
    %rowHi2 = arith.cmpi ult, %row, %c64 : index
    %rowIn2 = arith.andi %rowLo2, %rowHi2 : i1
    %rowBad = scf.for %col = %c0 to %k step %c1 iter_args(%b = %bad) -> (index) {
      %colIn1 = arith.cmpi uge, %col, %c128 : index
      %colIn2 = arith.cmpi ult, %col, %c128 : index
      %in1 = arith.andi %rowIn1, %colIn1 : i1
      %in2 = arith.andi %rowIn2, %colIn2 : i1
      %in = arith.ori %in1, %in2 : i1
      %rk = arith.muli %row, %k : index
      %at = arith.addi %rk, %col : index
      %got = memref.load %hB[%at] : memref<?xf16>
      %a = memref.load %hA[%at] : memref<?xf16>
      %isA = arith.cmpf oeq, %got, %a : f16
      %isNaN = arith.cmpf uno, %got, %got : f16
      %ok = arith.select %in, %isA, %isNaN : i1
      %one = arith.select %ok, %c0, %c1 : index
      %b1 = arith.addi %b, %one : index
      scf.yield %b1 : index
    }
    scf.yield %rowBad : index
  }
  %i1 = arith.index_cast %bad1 : index to i64
  %i2 = arith.index_cast %bad2 : index to i64
  %storeI = arith.index_cast %storeBad : index to i64
  vector.print str "tile (3, 1) mismatches "
  vector.print %i1 : i64
  vector.print str "tile (1, 0) mismatches "
  vector.print %i2 : i64
  vector.print str "store mismatches "
  vector.print %storeI : i64
  %t1 = arith.addi %bad1, %bad2 : index
  %total = arith.addi %t1, %storeBad : index
  %rc = arith.index_cast %total : index to i32
  return %rc : i32
}
}
