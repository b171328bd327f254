// The CPU twin of test/Integration/GPU/tensor-arguments.mlir: cute tensors
// as function arguments and results, scf.for iter_args and scf.if results,
// lowered by -cute-decompose-boundaries and -cute-lower-to-scf and checked
// element by element. The "threads" are an scf.for over t < T = 96, each
// walking the rows t, t + T, ... with the two sources as iter_args swapped
// every step (its k-th row comes from A when k is even, from B when odd); an
// scf.if picks D or a scratch tensor; a function returns the two row slices
// it computes, another writes 2 * x + 1. Expected: D(i,j) = 2 * (k even ? A
// : B)(i,j) + 1 with k = i / T; D's padding and the scratch still NaN.
//
// RUN: cute-opt %s -cute-decompose-boundaries -cute-lower-to-scf \
// RUN:   -convert-scf-to-cf -convert-vector-to-llvm -finalize-memref-to-llvm \
// RUN:   -convert-arith-to-llvm -convert-cf-to-llvm -convert-func-to-llvm \
// RUN:   -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// CHECK: mismatches 0

!row = !cute.tensor<f32, gmem, "(?,?):(?,1)">
!col = !cute.tensor<f32, gmem, "(?,?):(1,?)">
!x = !cute.tensor<f32, gmem, "(?):(1)">
!y = !cute.tensor<f32, gmem, "(?):(?)">

func.func @rows_at(%a: !row, %d: !col, %i: index) -> (!x, !y) {
  %c = cute.make_coord %i : !cute.coord<"(?,_)">
  %src = cute.slice %a[%c] : !row, !cute.coord<"(?,_)">
  %dst = cute.slice %d[%c] : !col, !cute.coord<"(?,_)">
  return %src, %dst : !x, !y
}

func.func @scale_row(%x: !x, %y: !y) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %l = cute.get_layout %x : !x
  %n = cute.size %l : !cute.layout<"(?):(1)">
  scf.for %j = %c0 to %n step %c1 {
    %c = cute.make_coord %j : !cute.coord<"?">
    %v = cute.load %x[%c] : !x, !cute.coord<"?"> -> f32
    %w = arith.mulf %v, %two : f32
    %z = arith.addf %w, %one : f32
    cute.store %z, %y[%c] : f32, !y, !cute.coord<"?">
  }
  return
}

func.func @thread(%a: !row, %b: !row, %d: !col, %scratch: !col, %useD: i1,
                  %t: index, %all: index) {
  %out = scf.if %useD -> !col {
    scf.yield %d : !col
  } else {
    scf.yield %scratch : !col
  }
  %la = cute.get_layout %a : !row
  %rows = cute.get %la [0] : !cute.layout<"(?,?):(?,1)">
  %m = cute.size %rows : !cute.layout<"?:?">
  %last:2 = scf.for %i = %t to %m step %all iter_args(%x = %a, %y = %b) -> (!row, !row) {
    %src, %dst = func.call @rows_at(%x, %out, %i) : (!row, !col, index) -> (!x, !y)
    func.call @scale_row(%src, %dst) : (!x, !y) -> ()
    scf.yield %y, %x : !row, !row
  }
  return
}

func.func @launch(%a: !row, %b: !row, %d: !col, %scratch: !col) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %all = arith.constant 96 : index
  %true = arith.constant true
  scf.for %t = %c0 to %all step %c1 {
    func.call @thread(%a, %b, %d, %scratch, %true, %t, %all) : (!row, !row, !col, !col, i1, index, index) -> ()
  }
  return
}

func.func @fill(%h: memref<?xf32>, %size: index, %shift: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c97 = arith.constant 97 : index
  scf.for %i = %c0 to %size step %c1 {
    %s = arith.addi %i, %shift : index
    %r = arith.remui %s, %c97 : index
    %r1 = arith.addi %r, %c1 : index
    %ri = arith.index_cast %r1 : index to i32
    %f = arith.uitofp %ri : i32 to f32
    memref.store %f, %h[%i] : memref<?xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c96 = arith.constant 96 : index
  %m = arith.constant 200 : index
  %n = arith.constant 37 : index
  %lda = arith.constant 41 : index
  %ldd = arith.constant 203 : index
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %sizeA = arith.muli %m, %lda : index
  %sizeD = arith.muli %n, %ldd : index
  %hA = memref.alloc(%sizeA) : memref<?xf32>
  %hB = memref.alloc(%sizeA) : memref<?xf32>
  %hD = memref.alloc(%sizeD) : memref<?xf32>
  %hS = memref.alloc(%sizeD) : memref<?xf32>
  func.call @fill(%hA, %sizeA, %c0) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%hB, %sizeA, %c96) : (memref<?xf32>, index, index) -> ()
  scf.for %e = %c0 to %sizeD step %c1 {
    memref.store %nan, %hD[%e] : memref<?xf32>
    memref.store %nan, %hS[%e] : memref<?xf32>
  }

  %s = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %sa = cute.make_stride %lda : !cute.stride<"(?,1)">
  %la = cute.make_layout %s, %sa : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %sd = cute.make_stride %ldd : !cute.stride<"(1,?)">
  %ld = cute.make_layout %s, %sd : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %tA = cute.make_tensor %hA, %la : (memref<?xf32>, !cute.layout<"(?,?):(?,1)">) -> !row
  %tB = cute.make_tensor %hB, %la : (memref<?xf32>, !cute.layout<"(?,?):(?,1)">) -> !row
  %tD = cute.make_tensor %hD, %ld : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !col
  %tS = cute.make_tensor %hS, %ld : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !col
  func.call @launch(%tA, %tB, %tD, %tS) : (!row, !row, !col, !col) -> ()

  %bad = scf.for %e = %c0 to %sizeD step %c1 iter_args(%acc = %c0) -> (index) {
    %j = arith.divui %e, %ldd : index
    %i = arith.remui %e, %ldd : index
    %got = memref.load %hD[%e] : memref<?xf32>
    %inRows = arith.cmpi ult, %i, %m : index
    %k = arith.divui %i, %c96 : index
    %parity = arith.remui %k, %c2 : index
    %fromA = arith.cmpi eq, %parity, %c0 : index
    %iSafe = arith.select %inRows, %i, %c0 : index
    %rowOff = arith.muli %iSafe, %lda : index
    %at = arith.addi %rowOff, %j : index
    %va = memref.load %hA[%at] : memref<?xf32>
    %vb = memref.load %hB[%at] : memref<?xf32>
    %v = arith.select %fromA, %va, %vb : f32
    %w = arith.mulf %v, %two : f32
    %expect = arith.addf %w, %one : f32
    %isExpected = arith.cmpf oeq, %got, %expect : f32
    %isNaN = arith.cmpf uno, %got, %got : f32
    %ok = arith.select %inRows, %isExpected, %isNaN : i1
    %scratch = memref.load %hS[%e] : memref<?xf32>
    %scratchNaN = arith.cmpf uno, %scratch, %scratch : f32
    %both = arith.andi %ok, %scratchNaN : i1
    %miss = arith.select %both, %c0, %c1 : index
    %acc1 = arith.addi %acc, %miss : index
    scf.yield %acc1 : index
  }
  %badI = arith.index_cast %bad : index to i64
  vector.print str "mismatches "
  vector.print %badI : i64
  return
}
