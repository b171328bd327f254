// REQUIRES: cuda-sm90a
// RUN: cute-run %s --chip=sm_90a --no-cache | FileCheck %s

// Bulk (non-tensor) copies checked element by element on the GPU. Each of 3
// CTAs loads its 1024-float tile of a 4096-float buffer into shared memory
// with one cp.async.bulk completing on an mbarrier; its 128 threads then
// scale the tile in shared memory by 2 - 0.5 * CTA, and thread 0 stores it
// back with one bulk store into a NaN-poisoned buffer (after
// fence.proxy.async, which orders the threads' writes before the async
// proxy reads them). Expected: out = A * (2 - 0.5 * tile) on tiles 0-2, and
// the fourth tile, which no CTA stores, still NaN.

// CHECK: mismatches 0

#load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
#store = #cute_nvgpu.bulk_copy<store, f32, bytes = 4096>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @scale(%in: memref<?xf32, 1>, %out: memref<?xf32, 1>, %n: index)
      workgroup(%smem: memref<1024xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64},
                %bars: memref<1xi64, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c1024 = arith.constant 1024 : index
    %bytes = arith.constant 4096 : index
    %two = arith.constant 2.0 : f32
    %half = arith.constant 0.5 : f32
    %tid = gpu.thread_id x
    %cta = gpu.block_id x
    %leader = arith.cmpi eq, %tid, %c0 : index
    %shn = cute.make_shape %n : !cute.shape<"?">
    %ln = cute.make_layout %shn : !cute.shape<"?">
    %mIn = cute.make_tensor %in, %ln : (memref<?xf32, 1>, !cute.layout<"?:1">) -> !cute.tensor<f32, gmem, "?:1">
    %mOut = cute.make_tensor %out, %ln : (memref<?xf32, 1>, !cute.layout<"?:1">) -> !cute.tensor<f32, gmem, "?:1">
    %tile = cute.static : !cute.tile<"1024">
    %c = cute.make_coord %cta : !cute.coord<"?">
    %gIn = cute.local_tile %mIn, %tile, %c : !cute.tensor<f32, gmem, "?:1">, !cute.tile<"1024">, !cute.coord<"?">
    %gOut = cute.local_tile %mOut, %tile, %c : !cute.tensor<f32, gmem, "?:1">, !cute.tile<"1024">, !cute.coord<"?">
    %ls = cute.static : !cute.layout<"1024:1">
    %s = cute.make_tensor %smem, %ls : (memref<1024xf32, #gpu.address_space<workgroup>>, !cute.layout<"1024:1">) -> !cute.tensor<f32, smem, "1024:1">
    scf.if %leader {
      cute_nvgpu.mbarrier_init %bars[%c0], %c1 : memref<1xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.if %leader {
      cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
      cute_nvgpu.bulk_copy #load, %gIn, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "(1024):(1)">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
    }
    cute_nvgpu.mbarrier_wait %bars[%c0], %c0 : memref<1xi64, #gpu.address_space<workgroup>>
    %ctaI = arith.index_cast %cta : index to i32
    %ctaF = arith.sitofp %ctaI : i32 to f32
    %dec = arith.mulf %ctaF, %half : f32
    %factor = arith.subf %two, %dec : f32
    scf.for %i = %tid to %c1024 step %c128 {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %s[%ci] : !cute.tensor<f32, smem, "1024:1">, !cute.coord<"?"> -> f32
      %w = arith.mulf %v, %factor : f32
      cute.store %w, %s[%ci] : f32, !cute.tensor<f32, smem, "1024:1">, !cute.coord<"?">
    }
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      cute_nvgpu.bulk_copy #store, %s, %gOut : !cute.tensor<f32, smem, "1024:1">, !cute.tensor<f32, gmem, "(1024):(1)">
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
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %c3072 = arith.constant 3072 : index
  %c997 = arith.constant 997 : index
  %n = arith.constant 4096 : index
  %nan = arith.constant 0x7FC00000 : f32
  %two = arith.constant 2.0 : f32
  %half = arith.constant 0.5 : f32
  // A[i] = (i mod 997) + 1: never zero, and the tiles differ.
  %hA = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = arith.remui %i, %c997 : index
    %r1 = arith.addi %r, %c1 : index
    %ri = arith.index_cast %r1 : index to i32
    %f = arith.uitofp %ri : i32 to f32
    memref.store %f, %hA[%i] : memref<?xf32>
  }
  %dA = gpu.alloc (%n) : memref<?xf32>
  gpu.memcpy %dA, %hA : memref<?xf32>, memref<?xf32>
  %dOut = gpu.alloc (%n) : memref<?xf32>
  gpu.memset %dOut, %nan : memref<?xf32>, f32
  %gA = memref.memory_space_cast %dA : memref<?xf32> to memref<?xf32, 1>
  %gOut = memref.memory_space_cast %dOut : memref<?xf32> to memref<?xf32, 1>
  gpu.launch_func @kernels::@scale blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%gA : memref<?xf32, 1>, %gOut : memref<?xf32, 1>, %n : index)
  %hOut = memref.alloc(%n) : memref<?xf32>
  gpu.memcpy %hOut, %dOut : memref<?xf32>, memref<?xf32>

  %bad = scf.for %i = %c0 to %n step %c1 iter_args(%b = %c0) -> (index) {
    %got = memref.load %hOut[%i] : memref<?xf32>
    %a = memref.load %hA[%i] : memref<?xf32>
    %t = arith.divui %i, %c1024 : index
    %ti = arith.index_cast %t : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    %dec = arith.mulf %tf, %half : f32
    %factor = arith.subf %two, %dec : f32
    %expect = arith.mulf %a, %factor : f32
    %isExpected = arith.cmpf oeq, %got, %expect : f32
    %isNaN = arith.cmpf uno, %got, %got : f32
    %stored = arith.cmpi ult, %i, %c3072 : index
    %ok = arith.select %stored, %isExpected, %isNaN : i1
    %one = arith.select %ok, %c0, %c1 : index
    %b1 = arith.addi %b, %one : index
    scf.yield %b1 : index
  }
  %badI = arith.index_cast %bad : index to i64
  vector.print str "mismatches "
  vector.print %badI : i64
  %rc = arith.index_cast %bad : index to i32
  return %rc : i32
}
}
