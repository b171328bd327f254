// The CuTe tutorial's block-partitioned SGEMM (sgemm_1) written with cute ops
// (local_tile, local_partition, copy, gemm over gmem / smem / rmem tensors),
// lowered by cute-lower-to-scf and run on the CPU with mlir-runner. Thread
// blocks and threads are loops; the two thread loops inside the k loop stand
// for the two phases around __syncthreads().
//
// Every element of C is compared with a plain-loop reference (the first
// number printed: mismatches, must be 0); the second number is C's checksum,
// computed independently (Python, same fill formulas).
//
// RUN: cute-opt %s -cute-lower-to-scf -convert-scf-to-cf -convert-vector-to-llvm \
// RUN:   -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// Static layouts, 32x16x8.
// CHECK: {{^}}0{{$}}
// CHECK-NEXT: {{^}}-3{{$}}
// Dynamic layouts, 48x32x12.
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}-39{{$}}
// Dynamic layouts, 16x64x8.
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}-56{{$}}

// The CuTe tutorial's block-partitioned SGEMM (sgemm_1), written with cute
// ops and run on the CPU: thread blocks and threads are loops.
// C(M,N) += A(M,K) * B(N,K), all column-major ("NT"); bM = bN = 16, bK = 4,
// 32 threads: tA = tB = tC = (8,4):(1,8).
func.func @sgemm(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                 %m: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // Full tensors.
  %shA = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %dA = cute.make_stride %m : !cute.stride<"(1,?)">
  %lA = cute.make_layout %shA, %dA : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %mA = cute.make_tensor %A, %lA : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">
  %shB = cute.make_shape %n, %k : !cute.shape<"(?,?)">
  %dB = cute.make_stride %n : !cute.stride<"(1,?)">
  %lB = cute.make_layout %shB, %dB : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %mB = cute.make_tensor %B, %lB : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">
  %shC = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %dC = cute.make_stride %m : !cute.stride<"(1,?)">
  %lC = cute.make_layout %shC, %dC : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %mC = cute.make_tensor %C, %lC : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">

  %tileAB = cute.static : !cute.tile<"(16,4)">
  %tileC = cute.static : !cute.tile<"(16,16)">
  %threads = cute.static : !cute.layout<"(8,4):(1,8)">

  // The grid of thread blocks and the number of k-tiles.
  %gridC = cute.zipped_divide %lC, %tileC : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(16,16)">
  %gm = cute.get %gridC [1, 0] : !cute.layout<"((16,16),(?,?)):((1,?),(16,?{div=16}))">
  %gn = cute.get %gridC [1, 1] : !cute.layout<"((16,16),(?,?)):((1,?),(16,?{div=16}))">
  %bms = cute.size %gm : !cute.layout<"?:16">
  %bns = cute.size %gn : !cute.layout<"?:?{div=16}">
  %gridA = cute.zipped_divide %lA, %tileAB : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(16,4)">
  %gk = cute.get %gridA [1, 1] : !cute.layout<"((16,4),(?,?)):((1,?),(16,?{div=4}))">
  %kts = cute.size %gk : !cute.layout<"?:?{div=4}">

  scf.for %bm = %c0 to %bms step %c1 {
    scf.for %bn = %c0 to %bns step %c1 {
      %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
      %gA = cute.local_tile %mA, %tileAB, %cA : !cute.tensor<f32, gmem, "(?,?):(1,?)">, !cute.tile<"(16,4)">, !cute.coord<"(?,_)">
      %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
      %gB = cute.local_tile %mB, %tileAB, %cB : !cute.tensor<f32, gmem, "(?,?):(1,?)">, !cute.tile<"(16,4)">, !cute.coord<"(?,_)">
      %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
      %gC = cute.local_tile %mC, %tileC, %cC : !cute.tensor<f32, gmem, "(?,?):(1,?)">, !cute.tile<"(16,16)">, !cute.coord<"(?,?)">
      %sA = cute.make_fragment : !cute.tensor<f32, smem, "(16,4):(1,16)">
      %sB = cute.make_fragment : !cute.tensor<f32, smem, "(16,4):(1,16)">
      scf.for %kt = %c0 to %kts step %c1 {
        %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
        %gAk = cute.slice %gA[%ck] : !cute.tensor<f32, gmem, "(16,4,?):(1,?,?{div=4})">, !cute.coord<"(_,_,?)">
        %gBk = cute.slice %gB[%ck] : !cute.tensor<f32, gmem, "(16,4,?):(1,?,?{div=4})">, !cute.coord<"(_,_,?)">
        // Every thread copies its part of the A and B tiles to shared memory.
        scf.for %tid = %c0 to %c32 step %c1 {
          %tAgA = cute.local_partition %gAk, %threads, %tid : !cute.tensor<f32, gmem, "(16,4):(1,?)">, !cute.layout<"(8,4):(1,8)">, index
          %tAsA = cute.local_partition %sA, %threads, %tid : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          cute.copy %tAgA, %tAsA : !cute.tensor<f32, gmem, "(2,1):(8,0)">, !cute.tensor<f32, smem, "(2,1):(8,0)">
          %tBgB = cute.local_partition %gBk, %threads, %tid : !cute.tensor<f32, gmem, "(16,4):(1,?)">, !cute.layout<"(8,4):(1,8)">, index
          %tBsB = cute.local_partition %sB, %threads, %tid : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          cute.copy %tBgB, %tBsB : !cute.tensor<f32, gmem, "(2,1):(8,0)">, !cute.tensor<f32, smem, "(2,1):(8,0)">
        }
        // Every thread accumulates its part of C from shared memory.
        scf.for %tid = %c0 to %c32 step %c1 {
          %tCsA = cute.local_partition %sA, %threads, %tid {projection = array<i1: true, false>} : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          %tCsB = cute.local_partition %sB, %threads, %tid {projection = array<i1: false, true>} : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          %tCgC = cute.local_partition %gC, %threads, %tid : !cute.tensor<f32, gmem, "(16,16):(1,?)">, !cute.layout<"(8,4):(1,8)">, index
          cute.gemm %tCsA, %tCsB, %tCgC : !cute.tensor<f32, smem, "(2,4):(8,16)">, !cute.tensor<f32, smem, "(4,4):(4,16)">, !cute.tensor<f32, gmem, "(2,4):(8,?{div=4})">
        }
      }
    }
  }
  return
}

// The CuTe tutorial's block-partitioned SGEMM (sgemm_1), written with cute
// ops and run on the CPU: thread blocks and threads are loops.
// C(M,N) += A(M,K) * B(N,K), all column-major ("NT"); bM = bN = 16, bK = 4,
// 32 threads: tA = tB = tC = (8,4):(1,8).
func.func @sgemm_static(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                 %m: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  // Full tensors.
  %lA = cute.static : !cute.layout<"(32,8):(1,32)">
  %mA = cute.make_tensor %A, %lA : (memref<?xf32>, !cute.layout<"(32,8):(1,32)">) -> !cute.tensor<f32, gmem, "(32,8):(1,32)">
  %lB = cute.static : !cute.layout<"(16,8):(1,16)">
  %mB = cute.make_tensor %B, %lB : (memref<?xf32>, !cute.layout<"(16,8):(1,16)">) -> !cute.tensor<f32, gmem, "(16,8):(1,16)">
  %lC = cute.static : !cute.layout<"(32,16):(1,32)">
  %mC = cute.make_tensor %C, %lC : (memref<?xf32>, !cute.layout<"(32,16):(1,32)">) -> !cute.tensor<f32, gmem, "(32,16):(1,32)">

  %tileAB = cute.static : !cute.tile<"(16,4)">
  %tileC = cute.static : !cute.tile<"(16,16)">
  %threads = cute.static : !cute.layout<"(8,4):(1,8)">

  // The grid of thread blocks and the number of k-tiles.
  %gridC = cute.zipped_divide %lC, %tileC : !cute.layout<"(32,16):(1,32)">, !cute.tile<"(16,16)">
  %gm = cute.get %gridC [1, 0] : !cute.layout<"((16,16),(2,1)):((1,32),(16,0))">
  %gn = cute.get %gridC [1, 1] : !cute.layout<"((16,16),(2,1)):((1,32),(16,0))">
  %bms = cute.size %gm : !cute.layout<"2:16">
  %bns = cute.size %gn : !cute.layout<"1:0">
  %gridA = cute.zipped_divide %lA, %tileAB : !cute.layout<"(32,8):(1,32)">, !cute.tile<"(16,4)">
  %gk = cute.get %gridA [1, 1] : !cute.layout<"((16,4),(2,2)):((1,32),(16,128))">
  %kts = cute.size %gk : !cute.layout<"2:128">

  scf.for %bm = %c0 to %bms step %c1 {
    scf.for %bn = %c0 to %bns step %c1 {
      %cA = cute.make_coord %bm : !cute.coord<"(?,_)">
      %gA = cute.local_tile %mA, %tileAB, %cA : !cute.tensor<f32, gmem, "(32,8):(1,32)">, !cute.tile<"(16,4)">, !cute.coord<"(?,_)">
      %cB = cute.make_coord %bn : !cute.coord<"(?,_)">
      %gB = cute.local_tile %mB, %tileAB, %cB : !cute.tensor<f32, gmem, "(16,8):(1,16)">, !cute.tile<"(16,4)">, !cute.coord<"(?,_)">
      %cC = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
      %gC = cute.local_tile %mC, %tileC, %cC : !cute.tensor<f32, gmem, "(32,16):(1,32)">, !cute.tile<"(16,16)">, !cute.coord<"(?,?)">
      %sA = cute.make_fragment : !cute.tensor<f32, smem, "(16,4):(1,16)">
      %sB = cute.make_fragment : !cute.tensor<f32, smem, "(16,4):(1,16)">
      scf.for %kt = %c0 to %kts step %c1 {
        %ck = cute.make_coord %kt : !cute.coord<"(_,_,?)">
        %gAk = cute.slice %gA[%ck] : !cute.tensor<f32, gmem, "(16,4,2):(1,32,128)">, !cute.coord<"(_,_,?)">
        %gBk = cute.slice %gB[%ck] : !cute.tensor<f32, gmem, "(16,4,2):(1,16,64)">, !cute.coord<"(_,_,?)">
        // Every thread copies its part of the A and B tiles to shared memory.
        scf.for %tid = %c0 to %c32 step %c1 {
          %tAgA = cute.local_partition %gAk, %threads, %tid : !cute.tensor<f32, gmem, "(16,4):(1,32)">, !cute.layout<"(8,4):(1,8)">, index
          %tAsA = cute.local_partition %sA, %threads, %tid : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          cute.copy %tAgA, %tAsA : !cute.tensor<f32, gmem, "(2,1):(8,0)">, !cute.tensor<f32, smem, "(2,1):(8,0)">
          %tBgB = cute.local_partition %gBk, %threads, %tid : !cute.tensor<f32, gmem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          %tBsB = cute.local_partition %sB, %threads, %tid : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          cute.copy %tBgB, %tBsB : !cute.tensor<f32, gmem, "(2,1):(8,0)">, !cute.tensor<f32, smem, "(2,1):(8,0)">
        }
        // Every thread accumulates its part of C from shared memory.
        scf.for %tid = %c0 to %c32 step %c1 {
          %tCsA = cute.local_partition %sA, %threads, %tid {projection = array<i1: true, false>} : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          %tCsB = cute.local_partition %sB, %threads, %tid {projection = array<i1: false, true>} : !cute.tensor<f32, smem, "(16,4):(1,16)">, !cute.layout<"(8,4):(1,8)">, index
          %tCgC = cute.local_partition %gC, %threads, %tid : !cute.tensor<f32, gmem, "(16,16):(1,32)">, !cute.layout<"(8,4):(1,8)">, index
          cute.gemm %tCsA, %tCsB, %tCgC : !cute.tensor<f32, smem, "(2,4):(8,16)">, !cute.tensor<f32, smem, "(4,4):(4,16)">, !cute.tensor<f32, gmem, "(2,4):(8,128)">
        }
      }
    }
  }
  return
}

/// Fill `buf` (n elements) with small integers: ((i * a) % p) - o, exact in f32.
func.func @fill(%buf: memref<?xf32>, %n: index, %a: index, %p: index, %o: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.muli %i, %a : index
    %y = arith.remsi %x, %p : index
    %z = arith.subi %y, %o : index
    %w = arith.index_cast %z : index to i64
    %f = arith.sitofp %w : i64 to f32
    memref.store %f, %buf[%i] : memref<?xf32>
  }
  return
}

/// The reference: C(m,n) += A(m,k) * B(n,k) with plain loops, no cute.
func.func @reference(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>,
                     %m: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      scf.for %l = %c0 to %k step %c1 {
        %lm = arith.muli %l, %m : index
        %ia = arith.addi %i, %lm : index
        %ln = arith.muli %l, %n : index
        %ib = arith.addi %j, %ln : index
        %jm = arith.muli %j, %m : index
        %ic = arith.addi %i, %jm : index
        %a = memref.load %A[%ia] : memref<?xf32>
        %b = memref.load %B[%ib] : memref<?xf32>
        %c = memref.load %C[%ic] : memref<?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        memref.store %s, %C[%ic] : memref<?xf32>
      }
    }
  }
  return
}

/// Run one SGEMM and the reference on the same inputs; print the number of
/// elements of C that differ (every element is compared) and C's checksum.
func.func @check(%static: i1, %m: index, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %sa = arith.muli %m, %k : index
  %sb = arith.muli %n, %k : index
  %sc = arith.muli %m, %n : index
  %A = memref.alloc(%sa) : memref<?xf32>
  %B = memref.alloc(%sb) : memref<?xf32>
  %C = memref.alloc(%sc) : memref<?xf32>
  %R = memref.alloc(%sc) : memref<?xf32>
  func.call @fill(%A, %sa, %c7, %c13, %c6) : (memref<?xf32>, index, index, index, index) -> ()
  func.call @fill(%B, %sb, %c5, %c11, %c5) : (memref<?xf32>, index, index, index, index) -> ()
  // C starts non-zero (C += A*B must keep it) and equal in both.
  func.call @fill(%C, %sc, %c3, %c7, %c3) : (memref<?xf32>, index, index, index, index) -> ()
  func.call @fill(%R, %sc, %c3, %c7, %c3) : (memref<?xf32>, index, index, index, index) -> ()
  scf.if %static {
    func.call @sgemm_static(%A, %B, %C, %m, %n, %k) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index, index, index) -> ()
  } else {
    func.call @sgemm(%A, %B, %C, %m, %n, %k) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index, index, index) -> ()
  }
  func.call @reference(%A, %B, %R, %m, %n, %k) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index, index, index) -> ()
  %zero = arith.constant 0.0 : f32
  %bad, %sum = scf.for %i = %c0 to %sc step %c1 iter_args(%nb = %c0, %acc = %zero) -> (index, f32) {
    %x = memref.load %C[%i] : memref<?xf32>
    %y = memref.load %R[%i] : memref<?xf32>
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %c1, %c0 : index
    %nb2 = arith.addi %nb, %inc : index
    %acc2 = arith.addf %acc, %x : f32
    scf.yield %nb2, %acc2 : index, f32
  }
  vector.print %bad : index
  vector.print %sum : f32
  memref.dealloc %A : memref<?xf32>
  memref.dealloc %B : memref<?xf32>
  memref.dealloc %C : memref<?xf32>
  memref.dealloc %R : memref<?xf32>
  return
}

func.func @main() {
  %true = arith.constant true
  %false = arith.constant false
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  // Static layouts: 32x16x8.
  func.call @check(%true, %c32, %c16, %c8) : (i1, index, index, index) -> ()
  // Dynamic layouts, two problem sizes.
  func.call @check(%false, %c48, %c32, %c12) : (i1, index, index, index) -> ()
  func.call @check(%false, %c16, %c64, %c8) : (i1, index, index, index) -> ()
  return
}
