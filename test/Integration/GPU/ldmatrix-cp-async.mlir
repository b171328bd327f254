// REQUIRES: cuda-sm80
// RUN: cute-run %s --chip=sm_80 --no-cache | FileCheck %s

// cp.async and ldmatrix checked element by element on the GPU, with the
// tiled copies of examples/gemm-sm80.mlir. A 128x32 f16 tile whose rows
// from m = 100 on are outside the tensor goes into the swizzled shared
// memory Sw<2,3,3> o ((8,16),32):((32,256),1) through predicated 16-byte
// cp.async (zero-filling the outside rows), then through ldmatrix.x4 into
// the TiledMMA's A fragments and, read again, into its B fragments. Each
// thread writes its fragments out through the MMA's own partitions of two
// NaN-poisoned row-major tiles. Expected: both equal A in rows < 100, zero
// below, though A's memory holds nonzero values there too.

// CHECK: A fragments: mismatches 0
// CHECK-NEXT: B fragments: mismatches 0

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
#s2rA = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
#s2rB = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "B">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @stage(%A: memref<4096xf16, 1>, %OA: memref<4096xf16, 1>, %OB: memref<4096xf16, 1>, %m: index)
      workgroup(%smem: memref<4096xf16, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %lg = cute.static : !cute.layout<"(128,32):(32,1)">
    %gA = cute.make_tensor %A, %lg : (memref<4096xf16, 1>, !cute.layout<"(128,32):(32,1)">) -> !cute.tensor<f16, gmem, "(128,32):(32,1)">
    %gOA = cute.make_tensor %OA, %lg : (memref<4096xf16, 1>, !cute.layout<"(128,32):(32,1)">) -> !cute.tensor<f16, gmem, "(128,32):(32,1)">
    %gOB = cute.make_tensor %OB, %lg : (memref<4096xf16, 1>, !cute.layout<"(128,32):(32,1)">) -> !cute.tensor<f16, gmem, "(128,32):(32,1)">
    %sh = cute.make_shape %m, %c32 : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(128,32)">
    %origin = cute.make_coord %c0, %c0 : !cute.coord<"(?,?)">
    %iA = cute.local_tile %id, %tile, %origin : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,32)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"((8,16),32):((32,256),1)">
    %sA = cute.make_tensor %smem, %ls : (memref<4096xf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),32):((32,256),1)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32):((32,256),1)">
    %tAgA = cute_nvgpu.partition_s #g2s, %gA, %tid : !cute.tensor<f16, gmem, "(128,32):(32,1)">, index
    %tAsA = cute_nvgpu.partition_d #g2s, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32):((32,256),1)">, index
    %tAcA = cute_nvgpu.partition_s #g2s, %iA, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,32):(1,16777216)">, index
    %p = cute.make_fragment : !cute.tensor<i1, rmem, "(4,1):(1,0)">
    scf.for %r = %c0 to %c4 step %c1 {
      %v = arith.muli %r, %c8 : index
      %cv = cute.make_coord %v : !cute.coord<"?">
      %crd = cute.load %tAcA[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),4,1):((16777216,0),32,0)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
      %in = cute.elem_less %crd, %sh : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
      %cr = cute.make_coord %r : !cute.coord<"?">
      cute.store %in, %p[%cr] : i1, !cute.tensor<i1, rmem, "(4,1):(1,0)">, !cute.coord<"?">
    } {cute.fragment_loop}
    cute_nvgpu.copy #g2s, %tAgA, %tAsA if %p : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),1024,0)">, !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.barrier
    %tCsA = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32):((32,256),1)">, index
    %tCrA = cute.make_fragment like %tCsA : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=2} o ((2,2,2),4,2):((1,256,8),1024,16)">) -> !cute.tensor<f16, rmem, "((2,2,2),4,2):((1,2,4),16,8)">
    %tXsA = cute_nvgpu.partition_s #s2rA, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32):((32,256),1)">, index
    %tXrA = cute_nvgpu.retile #s2rA, %tCrA : !cute.tensor<f16, rmem, "((2,2,2),4,2):((1,2,4),16,8)">
    cute_nvgpu.copy #s2rA, %tXsA, %tXrA : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,2):((1,0),1024,16)">, !cute.tensor<f16, rmem, "((8,1),4,2):((1,0),16,8)">
    %tCgOA = cute_nvgpu.partition_a #tm, %gOA, %tid : !cute.tensor<f16, gmem, "(128,32):(32,1)">, index
    cute.copy %tCrA, %tCgOA : !cute.tensor<f16, rmem, "((2,2,2),4,2):((1,2,4),16,8)">, !cute.tensor<f16, gmem, "((2,2,2),4,2):((1,256,8),1024,16)">
    %tCsB = cute_nvgpu.partition_b #tm, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32):((32,256),1)">, index
    %tCrB = cute.make_fragment like %tCsB : (!cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=2} o ((2,2),8,2):((1,8),512,16)">) -> !cute.tensor<f16, rmem, "((2,2),8,2):((1,2),8,4)">
    %tXsB = cute_nvgpu.partition_s #s2rB, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),32):((32,256),1)">, index
    %tXrB = cute_nvgpu.retile #s2rB, %tCrB : !cute.tensor<f16, rmem, "((2,2),8,2):((1,2),8,4)">
    cute_nvgpu.copy #s2rB, %tXsB, %tXrB : !cute.tensor<f16, smem, "Sw<2,3,3> o ?{div=8} o ((8,1),4,2):((1,0),1024,16)">, !cute.tensor<f16, rmem, "(((4,2),1),4,2):(((1,8),0),16,4)">
    %tCgOB = cute_nvgpu.partition_b #tm, %gOB, %tid : !cute.tensor<f16, gmem, "(128,32):(32,1)">, index
    cute.copy %tCrB, %tCgOB : !cute.tensor<f16, rmem, "((2,2),8,2):((1,2),8,4)">, !cute.tensor<f16, gmem, "((2,2),8,2):((1,8),512,16)">
    gpu.return
  }
}

func.func @mismatches(%hA: memref<4096xf16>, %hO: memref<4096xf16>, %m: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f16
  %bad = scf.for %i = %c0 to %c4096 step %c1 iter_args(%b = %c0) -> (index) {
    %row = arith.divui %i, %c32 : index
    %in = arith.cmpi ult, %row, %m : index
    %a = memref.load %hA[%i] : memref<4096xf16>
    %expect = arith.select %in, %a, %zero : f16
    %got = memref.load %hO[%i] : memref<4096xf16>
    // une: a NaN left by the poison counts as a mismatch.
    %ne = arith.cmpf une, %got, %expect : f16
    %one = arith.select %ne, %c1, %c0 : index
    %b1 = arith.addi %b, %one : index
    scf.yield %b1 : index
  }
  return %bad : index
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c1999 = arith.constant 1999 : index
  %c4096 = arith.constant 4096 : index
  %m = arith.constant 100 : index
  %nan = arith.constant 0x7E00 : f16
  // A[i] = (i mod 1999) + 1: exact in f16, never zero.
  %hA = memref.alloc() : memref<4096xf16>
  scf.for %i = %c0 to %c4096 step %c1 {
    %r = arith.remui %i, %c1999 : index
    %r1 = arith.addi %r, %c1 : index
    %ri = arith.index_cast %r1 : index to i32
    %f = arith.uitofp %ri : i32 to f16
    memref.store %f, %hA[%i] : memref<4096xf16>
  }
  %dA = gpu.alloc () : memref<4096xf16>
  gpu.memcpy %dA, %hA : memref<4096xf16>, memref<4096xf16>
  %dOA = gpu.alloc () : memref<4096xf16>
  gpu.memset %dOA, %nan : memref<4096xf16>, f16
  %dOB = gpu.alloc () : memref<4096xf16>
  gpu.memset %dOB, %nan : memref<4096xf16>, f16
  %gA = memref.memory_space_cast %dA : memref<4096xf16> to memref<4096xf16, 1>
  %gOA = memref.memory_space_cast %dOA : memref<4096xf16> to memref<4096xf16, 1>
  %gOB = memref.memory_space_cast %dOB : memref<4096xf16> to memref<4096xf16, 1>
  gpu.launch_func @kernels::@stage blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%gA : memref<4096xf16, 1>, %gOA : memref<4096xf16, 1>, %gOB : memref<4096xf16, 1>, %m : index)
  %hOA = memref.alloc() : memref<4096xf16>
  gpu.memcpy %hOA, %dOA : memref<4096xf16>, memref<4096xf16>
  %hOB = memref.alloc() : memref<4096xf16>
  gpu.memcpy %hOB, %dOB : memref<4096xf16>, memref<4096xf16>
  %badA = func.call @mismatches(%hA, %hOA, %m) : (memref<4096xf16>, memref<4096xf16>, index) -> index
  %badB = func.call @mismatches(%hA, %hOB, %m) : (memref<4096xf16>, memref<4096xf16>, index) -> index
  %iA = arith.index_cast %badA : index to i64
  %iB = arith.index_cast %badB : index to i64
  vector.print str "A fragments: mismatches "
  vector.print %iA : i64
  vector.print str "B fragments: mismatches "
  vector.print %iB : i64
  %total = arith.addi %badA, %badB : index
  %rc = arith.index_cast %total : index to i32
  return %rc : i32
}
}
