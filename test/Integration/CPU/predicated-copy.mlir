// A local_tile copy of an MxN matrix through register fragments, predicated
// with an identity tensor (cute.make_identity_tensor, cute.elem_less,
// cute.copy ... if %pred) so that the partial tiles at the edges touch
// nothing outside the matrix. Run on the CPU with mlir-runner.
//
// Every element of the copy is compared with the source (first number:
// mismatches) and a poisoned guard region past the matrix must stay intact
// (second number: damaged guard elements). Without the predicates the
// 10x7 and 13x13 cases damage 12 and 42 guard elements.
//
// RUN: cute-opt %s -cute-lower-to-scf -convert-scf-to-cf -convert-vector-to-llvm \
// RUN:   -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// 10x7 (partial tiles in both modes), 8x4 (whole tiles), 13x13.
// CHECK: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}

/// Copy the MxN matrix A into B tile by tile (4x4 tiles) through a register
/// fragment, predicated with an identity tensor so that the partial tiles at
/// the edges touch nothing outside the matrix.
func.func @tiled_copy(%A: memref<?xf32>, %B: memref<?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %shape = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %stride = cute.make_stride %m : !cute.stride<"(1,?)">
  %l = cute.make_layout %shape, %stride : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %mA = cute.make_tensor %A, %l : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">
  %mB = cute.make_tensor %B, %l : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">
  %id = cute.make_identity_tensor %shape : !cute.shape<"(?,?)">
  %tile = cute.static : !cute.tile<"(4,4)">
  %grid = cute.zipped_divide %l, %tile : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(4,4)">
  %gm = cute.get %grid [1, 0] : !cute.layout<"((4,4),(?,?)):((1,?),(4,?{div=4}))">
  %gn = cute.get %grid [1, 1] : !cute.layout<"((4,4),(?,?)):((1,?),(4,?{div=4}))">
  %tms = cute.size %gm : !cute.layout<"?:4">
  %tns = cute.size %gn : !cute.layout<"?:?{div=4}">
  scf.for %bm = %c0 to %tms step %c1 {
    scf.for %bn = %c0 to %tns step %c1 {
      %c = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
      %gA = cute.local_tile %mA, %tile, %c : !cute.tensor<f32, gmem, "(?,?):(1,?)">, !cute.tile<"(4,4)">, !cute.coord<"(?,?)">
      %gB = cute.local_tile %mB, %tile, %c : !cute.tensor<f32, gmem, "(?,?):(1,?)">, !cute.tile<"(4,4)">, !cute.coord<"(?,?)">
      %cA = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(4,4)">, !cute.coord<"(?,?)">
      %pred = cute.make_fragment : !cute.tensor<i1, rmem, "(4,4):(1,4)">
      scf.for %i = %c0 to %c16 step %c1 {
        %ci = cute.make_coord %i : !cute.coord<"?">
        %crd = cute.load %cA[%ci] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
        %in = cute.elem_less %crd, %shape : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
        cute.store %in, %pred[%ci] : i1, !cute.tensor<i1, rmem, "(4,4):(1,4)">, !cute.coord<"?">
      }
      %frag = cute.make_fragment : !cute.tensor<f32, rmem, "(4,4):(1,4)">
      cute.copy %gA, %frag if %pred : !cute.tensor<f32, gmem, "(4,4):(1,?)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">, !cute.tensor<i1, rmem, "(4,4):(1,4)">
      cute.copy %frag, %gB if %pred : !cute.tensor<f32, rmem, "(4,4):(1,4)">, !cute.tensor<f32, gmem, "(4,4):(1,?)">, !cute.tensor<i1, rmem, "(4,4):(1,4)">
    }
  }
  return
}

/// Copy an MxN matrix and check every element; B has a guard of 64 elements
/// past the matrix, poisoned with -1, that the copy must leave alone. Prints
/// the number of wrong elements and the number of damaged guard elements.
func.func @check(%m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %poison = arith.constant -1.0 : f32
  %size = arith.muli %m, %n : index
  %total = arith.addi %size, %c64 : index
  %A = memref.alloc(%total) : memref<?xf32>
  %B = memref.alloc(%total) : memref<?xf32>
  scf.for %i = %c0 to %total step %c1 {
    %w = arith.index_cast %i : index to i64
    %f = arith.sitofp %w : i64 to f32
    memref.store %f, %A[%i] : memref<?xf32>
    memref.store %poison, %B[%i] : memref<?xf32>
  }
  func.call @tiled_copy(%A, %B, %m, %n) : (memref<?xf32>, memref<?xf32>, index, index) -> ()
  %bad = scf.for %i = %c0 to %size step %c1 iter_args(%nb = %c0) -> (index) {
    %x = memref.load %A[%i] : memref<?xf32>
    %y = memref.load %B[%i] : memref<?xf32>
    %ne = arith.cmpf une, %x, %y : f32
    %inc = arith.select %ne, %c1, %c0 : index
    %nb2 = arith.addi %nb, %inc : index
    scf.yield %nb2 : index
  }
  %damaged = scf.for %i = %size to %total step %c1 iter_args(%nd = %c0) -> (index) {
    %y = memref.load %B[%i] : memref<?xf32>
    %ne = arith.cmpf une, %y, %poison : f32
    %inc = arith.select %ne, %c1, %c0 : index
    %nd2 = arith.addi %nd, %inc : index
    scf.yield %nd2 : index
  }
  vector.print %bad : index
  vector.print %damaged : index
  memref.dealloc %A : memref<?xf32>
  memref.dealloc %B : memref<?xf32>
  return
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  func.call @check(%c10, %c7) : (index, index) -> ()
  func.call @check(%c8, %c4) : (index, index) -> ()
  func.call @check(%c13, %c13) : (index, index) -> ()
  return
}
