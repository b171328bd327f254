// REQUIRES: cuda-sm90a
// RUN: cute-run %s --chip=sm_90a --no-cache | FileCheck %s

// TMA checked element by element on the GPU. A 32x64 box of a 100x72 f16
// tensor at tile (3, 1) - rows 96..127, columns 64..127, so only 4x8 of it
// is inside - is loaded with the 128-byte swizzle into shared memory,
// completing on an mbarrier; every thread then reads its share of the box
// through the swizzled tensor Sw<3,3,3> o (32,64):(64,1) and writes it out
// row-major, and thread 0 stores the box back with a TMA store into a
// NaN-poisoned copy. Expected: the box holds A inside the tensor and zeros
// outside; the store writes exactly the 4x8 inside and leaves the rest NaN.

// CHECK: box mismatches 0
// CHECK-NEXT: store mismatches 0

#ld = #cute_nvgpu.tma_atom<load, f16, box = [64, 32], swizzle = 128>
#st = #cute_nvgpu.tma_atom<store, f16, box = [64, 32], swizzle = 128>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @roundtrip(%descA: !llvm.ptr, %descB: !llvm.ptr, %out: memref<?xf16, 1>,
                      %m: index, %k: index, %bm: index, %bk: index)
      workgroup(%smem: memref<2048xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %bars: memref<1xi64, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c2048 = arith.constant 2048 : index
    %bytes = arith.constant 4096 : index
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(32,64)">
    %c = cute.make_coord %bm, %bk : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(32,64)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"(32,64):(64,1)">
    %s = cute.make_tensor %smem, %ls : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">
    %o = cute.make_tensor %out, %ls : (memref<?xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    scf.if %leader {
      cute_nvgpu.mbarrier_init %bars[%c0], %c1 : memref<1xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.if %leader {
      cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
      cute_nvgpu.tma_copy #ld, %descA, %g, %s barrier %bars[%c0] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, memref<1xi64, #gpu.address_space<workgroup>>
    }
    cute_nvgpu.mbarrier_wait %bars[%c0], %c0 : memref<1xi64, #gpu.address_space<workgroup>>
    scf.for %i = %tid to %c2048 step %c128 {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %s[%ci] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, !cute.coord<"?"> -> f16
      cute.store %v, %o[%ci] : f16, !cute.tensor<f16, gmem, "(32,64):(64,1)">, !cute.coord<"?">
    }
    scf.if %leader {
      cute_nvgpu.tma_copy #st, %descB, %s, %g : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0
    }
    gpu.return
  }
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
  %c2048 = arith.constant 2048 : index
  %m = arith.constant 100 : index
  %k = arith.constant 72 : index
  %mk = arith.muli %m, %k : index
  %nan = arith.constant 0x7E00 : f16
  %zero = arith.constant 0.0 : f16
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
  %dOut = gpu.alloc (%c2048) : memref<?xf16>
  gpu.memset %dOut, %nan : memref<?xf16>, f16
  // A and B (m,k) row-major: one layout, two tensors, two descriptors.
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %tA = cute.make_tensor %dA, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %descA = cute_nvgpu.make_tma_descriptor #ld, %tA : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %tB = cute.make_tensor %dB, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %descB = cute_nvgpu.make_tma_descriptor #st, %tB : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  %gOut = memref.memory_space_cast %dOut : memref<?xf16> to memref<?xf16, 1>
  gpu.launch_func @kernels::@roundtrip blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%descA : !llvm.ptr, %descB : !llvm.ptr, %gOut : memref<?xf16, 1>,
           %m : index, %k : index, %c3 : index, %c1 : index)
  %hOut = memref.alloc(%c2048) : memref<?xf16>
  gpu.memcpy %hOut, %dOut : memref<?xf16>, memref<?xf16>
  %hB = memref.alloc(%mk) : memref<?xf16>
  gpu.memcpy %hB, %dB : memref<?xf16>, memref<?xf16>
  cute_nvgpu.destroy_tma_descriptor %descA : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %descB : !llvm.ptr

  // The box: A inside the tensor, zero outside.
  %boxBad = scf.for %r = %c0 to %c32 step %c1 iter_args(%bad = %c0) -> (index) {
    %row = arith.addi %r, %c96 : index
    %rowIn = arith.cmpi ult, %row, %m : index
    %rowBad = scf.for %cc = %c0 to %c64 step %c1 iter_args(%b = %bad) -> (index) {
      %col = arith.addi %cc, %c64 : index
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
      %r64 = arith.muli %r, %c64 : index
      %o = arith.addi %r64, %cc : index
      %got = memref.load %hOut[%o] : memref<?xf16>
      %ne = arith.cmpf une, %got, %expect : f16
      %one = arith.select %ne, %c1, %c0 : index
      %b1 = arith.addi %b, %one : index
      scf.yield %b1 : index
    }
    scf.yield %rowBad : index
  }
  // The store: A inside the box, still NaN outside.
  %storeBad = scf.for %row = %c0 to %m step %c1 iter_args(%bad = %c0) -> (index) {
    %rowIn = arith.cmpi uge, %row, %c96 : index
    %rowBad = scf.for %col = %c0 to %k step %c1 iter_args(%b = %bad) -> (index) {
      %colIn = arith.cmpi uge, %col, %c64 : index
      %in = arith.andi %rowIn, %colIn : i1
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
  %boxI = arith.index_cast %boxBad : index to i64
  %storeI = arith.index_cast %storeBad : index to i64
  vector.print str "box mismatches "
  vector.print %boxI : i64
  vector.print str "store mismatches "
  vector.print %storeI : i64
  %total = arith.addi %boxBad, %storeBad : index
  %rc = arith.index_cast %total : index to i32
  return %rc : i32
}
}
