// REQUIRES: cuda-sm90a, mlir-opt
// RUN: mlir-opt %s -gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:       --shared-libs=%cute_runtime --shared-libs=%mlir_c_runner_utils \
// RUN:       2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err

// libCuteRuntime.so as a drop-in for upstream's CUDA runtime wrappers: a
// host program written with upstream ops only, lowered by Debian's
// mlir-opt -gpu-lower-to-nvvm-pipeline and run by Debian's mlir-runner
// with our runtime in --shared-libs. It creates a TMA descriptor
// (mgpuTensorMapEncodeTiledMemref), launches a kernel in clusters of two
// (mgpuLaunchClusterKernel) whose blocks each load a 32x64 tile of f32
// with TMA and copy it out, checks every element and every block's rank in
// its cluster, then makes a launch the driver refuses (2048 threads a
// block): the runtime names the CUDA error on stderr, and the program goes
// on.

// CHECK: tma mismatches 0
// CHECK: rank mismatches 0
// CHECK: after the refused launch
// ERR: failed with 'CUDA_ERROR_INVALID_VALUE'

module attributes {gpu.container_module} {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c2048 = arith.constant 2048 : index
    %ctaBytes = arith.constant 8192 : index
    %poll = arith.constant 10000000 : index
    %rows = arith.constant 256 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    // A 256x64 matrix of f32, A[i][j] = 64 i + j.
    %hA = memref.alloc() : memref<256x64xf32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %ij = arith.muli %i, %c64 : index
        %v = arith.addi %ij, %j : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %hA[%i, %j] : memref<256x64xf32>
      }
    }
    // Allocations and copies in upstream's async form, which its pipeline
    // lowers (to the runtime's streams).
    %t0 = gpu.wait async
    %dA, %t1 = gpu.alloc async [%t0] () : memref<256x64xf32>
    %dOut, %t2 = gpu.alloc async [%t1] () : memref<256x64xf32>
    %dRank, %t3 = gpu.alloc async [%t2] () : memref<8xi32>
    %t4 = gpu.memcpy async [%t3] %dA, %hA : memref<256x64xf32>, memref<256x64xf32>
    gpu.wait [%t4]
    %unranked = memref.cast %dA : memref<256x64xf32> to memref<*xf32>
    %c32 = arith.constant 32 : index
    %desc = nvgpu.tma.create.descriptor %unranked box[%c32, %c64] : memref<*xf32> -> !nvgpu.tensormap.descriptor<tensor = memref<32x64xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
    // Clusters of 2 blocks: block b loads rows 32 b .. 32 b + 31 with TMA
    // into shared memory and copies them out, and writes its cluster rank.
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%nbx = %c8, %nby = %c1, %nbz = %c1)
               threads(%tx, %ty, %tz) in (%ntx = %c128, %nty = %c1, %ntz = %c1) {
      %tile = memref.get_global @tile : memref<32x64xf32, 3>
      %bar = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
      %leader = arith.cmpi eq, %tx, %c0 : index
      %phase0 = arith.constant false
      %row0 = arith.muli %bx, %c32 : index
      scf.if %leader {
        nvgpu.mbarrier.init %bar[%c0], %c1 : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.if %leader {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %ctaBytes : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %desc[%c0, %row0], %bar[%c0] to %tile : !nvgpu.tensormap.descriptor<tensor = memref<32x64xf32, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>, !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>> -> memref<32x64xf32, 3>
        %rank = gpu.cluster_block_id x
        %r = arith.index_cast %rank : index to i32
        memref.store %r, %dRank[%bx] : memref<8xi32>
      }
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase0, %poll : !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
      scf.for %e = %tx to %c2048 step %c128 {
        %i = arith.divui %e, %c64 : index
        %j = arith.remui %e, %c64 : index
        %v = memref.load %tile[%i, %j] : memref<32x64xf32, 3>
        %gi = arith.addi %i, %row0 : index
        memref.store %v, %dOut[%gi, %j] : memref<256x64xf32>
      }
      gpu.terminator
    }
    // Every element copied, every block at its rank in its cluster.
    %hOut = memref.alloc() : memref<256x64xf32>
    %hRank = memref.alloc() : memref<8xi32>
    %t5 = gpu.wait async
    %t6 = gpu.memcpy async [%t5] %hOut, %dOut : memref<256x64xf32>, memref<256x64xf32>
    %t7 = gpu.memcpy async [%t6] %hRank, %dRank : memref<8xi32>, memref<8xi32>
    gpu.wait [%t7]
    %bad = scf.for %i = %c0 to %rows step %c1 iter_args(%n = %zero) -> (i32) {
      %row = scf.for %j = %c0 to %c64 step %c1 iter_args(%m = %n) -> (i32) {
        %a = memref.load %hA[%i, %j] : memref<256x64xf32>
        %o = memref.load %hOut[%i, %j] : memref<256x64xf32>
        %ne = arith.cmpf une, %a, %o : f32
        %inc = arith.extui %ne : i1 to i32
        %m1 = arith.addi %m, %inc : i32
        scf.yield %m1 : i32
      }
      scf.yield %row : i32
    }
    vector.print str "tma mismatches "
    vector.print %bad : i32
    %badRank = scf.for %b = %c0 to %c8 step %c1 iter_args(%n = %zero) -> (i32) {
      %r = memref.load %hRank[%b] : memref<8xi32>
      %want = arith.remui %b, %c2 : index
      %wi = arith.index_cast %want : index to i32
      %ne = arith.cmpi ne, %r, %wi : i32
      %inc = arith.extui %ne : i1 to i32
      %n1 = arith.addi %n, %inc : i32
      scf.yield %n1 : i32
    }
    vector.print str "rank mismatches "
    vector.print %badRank : i32
    // A launch the driver refuses (2048 threads a block): the runtime names
    // the error and the program goes on.
    gpu.launch blocks(%bx, %by, %bz) in (%nbx = %c1, %nby = %c1, %nbz = %c1)
               threads(%tx, %ty, %tz) in (%ntx = %c2048, %nty = %c1, %ntz = %c1) {
      gpu.terminator
    }
    vector.print str "after the refused launch\n"
    return
  }
  memref.global "private" @tile : memref<32x64xf32, 3>
}
