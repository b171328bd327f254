// RUN: cute-opt %s -cute-lower-to-scf -canonicalize -split-input-file | FileCheck %s

// A load at (i, j) of a column-major tensor with leading dimension ld.
// CHECK-LABEL: func @load
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>, %[[LD:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[JLD:.*]] = arith.muli %[[J]], %[[LD]] : index
// CHECK: %[[IDX:.*]] = arith.addi %[[I]], %[[JLD]] : index
// CHECK: %[[V:.*]] = memref.load %[[BUF]][%[[IDX]]] : memref<?xf32>
// CHECK: return %[[V]]
// CHECK-NOT: cute.
func.func @load(%buf: memref<?xf32>, %ld: index, %i: index, %j: index) -> f32 {
  %d = cute.make_stride %ld : !cute.stride<"(1,?)">
  %s = cute.make_shape : !cute.shape<"(8,8)">
  %l = cute.make_layout %s, %d : !cute.shape<"(8,8)">, !cute.stride<"(1,?)">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"(8,8):(1,?)">) -> !cute.tensor<f32, gmem, "(8,8):(1,?)">
  %c = cute.make_coord %i, %j : !cute.coord<"(?,?)">
  %v = cute.load %t[%c] : !cute.tensor<f32, gmem, "(8,8):(1,?)">, !cute.coord<"(?,?)"> -> f32
  return %v : f32
}

// -----

// A copy of a strided 4-element column into a fragment and back out: one
// loop each way through a stack allocation of cosize 4.
// CHECK-LABEL: func @copy
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>, %[[OUT:.*]]: memref<?xf32>)
// CHECK: %[[FRAG:.*]] = memref.alloca() : memref<4xf32>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[SRC:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK:   %[[V:.*]] = memref.load %[[BUF]][%[[SRC]]]
// CHECK:   memref.store %[[V]], %[[FRAG]][%[[K]]]
// CHECK: scf.for %[[K2:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[W:.*]] = memref.load %[[FRAG]][%[[K2]]]
// CHECK:   memref.store %[[W]], %[[OUT]][%[[K2]]]
func.func @copy(%buf: memref<?xf32>, %out: memref<?xf32>) {
  %l = cute.static : !cute.layout<"4:3">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"4:3">) -> !cute.tensor<f32, gmem, "4:3">
  %f = cute.make_fragment : !cute.tensor<f32, rmem, "4:1">
  cute.copy %t, %f : !cute.tensor<f32, gmem, "4:3">, !cute.tensor<f32, rmem, "4:1">
  %l1 = cute.static : !cute.layout<"4:1">
  %o = cute.make_tensor %out, %l1 : (memref<?xf32>, !cute.layout<"4:1">) -> !cute.tensor<f32, gmem, "4:1">
  cute.copy %f, %o : !cute.tensor<f32, rmem, "4:1">, !cute.tensor<f32, gmem, "4:1">
  return
}

// -----

// A tile of a tensor viewed as a strided memref: the tile's offset and the
// dynamic leading dimension become the reinterpret_cast's operands.
// CHECK-LABEL: func @view
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>, %[[LD:.*]]: index, %[[BM:.*]]: index)
// CHECK: %[[OFF:.*]] = arith.muli %[[BM]], %{{.*}} : index
// CHECK: memref.reinterpret_cast %[[BUF]] to offset: [%[[OFF]]], sizes: [4, 8], strides: [1, %[[LD]]] : memref<?xf32> to memref<4x8xf32, strided<[1, ?], offset: ?>>
func.func @view(%buf: memref<?xf32>, %ld: index, %bm: index) -> memref<4x8xf32, strided<[1, ?], offset: ?>> {
  %s = cute.make_shape %ld : !cute.shape<"(?,8)">
  %l = cute.make_layout %s : !cute.shape<"(?,8)">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"(?,8):(1,?)">) -> !cute.tensor<f32, gmem, "(?,8):(1,?)">
  %tile = cute.static : !cute.tile<"(4,8)">
  %c = cute.make_coord %bm : !cute.coord<"(?,0)">
  %blk = cute.local_tile %t, %tile, %c : !cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(4,8)">, !cute.coord<"(?,0)">
  %m = cute.to_memref %blk : !cute.tensor<f32, gmem, "(4,8):(1,?)"> -> memref<4x8xf32, strided<[1, ?], offset: ?>>
  return %m : memref<4x8xf32, strided<[1, ?], offset: ?>>
}

// -----

// A tensor over a pointer moved by n elements: n joins the address.
// CHECK-LABEL: func @through_a_pointer
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[I:.*]]: index)
// CHECK: %[[I8:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK: %[[A:.*]] = arith.addi %[[N]], %[[I8]] : index
// CHECK: %[[B:.*]] = arith.addi %[[A]], %{{.*}} : index
// CHECK: memref.load %[[BUF]][%[[B]]]
func.func @through_a_pointer(%buf: memref<?xf32>, %n: index, %i: index) -> f32 {
  %p = cute.ptr_of %buf : memref<?xf32> -> !cute.ptr<f32, gmem, align<16>>
  %q = cute.add_ptr %p, %n : !cute.ptr<f32, gmem, align<16>> -> !cute.ptr<f32, gmem, align<4>>
  %l = cute.static : !cute.layout<"(4,8):(8,1)">
  %t = cute.make_tensor %q, %l : (!cute.ptr<f32, gmem, align<4>>, !cute.layout<"(4,8):(8,1)">) -> !cute.tensor<f32, gmem, "(4,8):(8,1)">
  %c = cute.make_coord %i : !cute.coord<"(?,3)">
  %v = cute.load %t[%c] : !cute.tensor<f32, gmem, "(4,8):(8,1)">, !cute.coord<"(?,3)"> -> f32
  return %v : f32
}

// -----

// A contiguous tile is one vector load; a strided one is gathered element by
// element (canonicalization then forwards the gathered elements to the
// scatter).
// CHECK-LABEL: func @vectors
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK: %[[V:.*]] = vector.load %[[BUF]][%{{.*}}] : memref<?xf32>, vector<8xf32>
// CHECK: memref.load %[[BUF]]
// CHECK: %[[E1:.*]] = memref.load %[[BUF]][%[[C3]]]
// CHECK: memref.load %[[BUF]]
// CHECK: %[[E3:.*]] = memref.load %[[BUF]][%[[C9]]]
// CHECK: vector.store %[[V]], %[[BUF]][%{{.*}}] : memref<?xf32>, vector<8xf32>
// CHECK: memref.store
// CHECK: memref.store %[[E1]], %[[BUF]][%[[C3]]]
// CHECK: memref.store
// CHECK: memref.store %[[E3]], %[[BUF]][%[[C9]]]
func.func @vectors(%buf: memref<?xf32>) {
  %l = cute.static : !cute.layout<"(2,4):(1,2)">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"(2,4):(1,2)">) -> !cute.tensor<f32, gmem, "(2,4):(1,2)">
  %v = cute.load_vector %t : !cute.tensor<f32, gmem, "(2,4):(1,2)"> -> vector<8xf32>
  %ls = cute.static : !cute.layout<"4:3">
  %s = cute.make_tensor %buf, %ls : (memref<?xf32>, !cute.layout<"4:3">) -> !cute.tensor<f32, gmem, "4:3">
  %w = cute.load_vector %s : !cute.tensor<f32, gmem, "4:3"> -> vector<4xf32>
  cute.store_vector %v, %t : vector<8xf32>, !cute.tensor<f32, gmem, "(2,4):(1,2)">
  cute.store_vector %w, %s : vector<4xf32>, !cute.tensor<f32, gmem, "4:3">
  return
}

// -----

// A fill writes the value at every element of the (strided) tensor.
// CHECK-LABEL: func @fill
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>, %[[V:.*]]: f32)
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[AT:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK:   memref.store %[[V]], %[[BUF]][%[[AT]]]
func.func @fill(%buf: memref<?xf32>, %v: f32) {
  %l = cute.static : !cute.layout<"6:2">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"6:2">) -> !cute.tensor<f32, gmem, "6:2">
  cute.fill %t, %v : !cute.tensor<f32, gmem, "6:2">, f32
  return
}

// -----

// A predicated copy (CuTe's copy_if) of a register fragment to a strided
// global column: each element's predicate guards its load and store only.
// The addresses are computed before the guard, so once the loop unrolls
// they are straight-line code shared between elements.
// CHECK-LABEL: func @copy_if
// CHECK-SAME: (%[[OUT:.*]]: memref<?xf32>, %[[LD:.*]]: index)
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[DST:.*]] = arith.muli %[[K]], %[[LD]] : index
// CHECK:   %[[P:.*]] = memref.load %{{.*}}[%[[K]]] : memref<4xi1>
// CHECK:   scf.if %[[P]] {
// CHECK-NEXT: %[[V:.*]] = memref.load %{{.*}}[%[[K]]] : memref<4xf32>
// CHECK-NEXT: memref.store %[[V]], %[[OUT]][%[[DST]]]
// CHECK-NEXT: }
func.func @copy_if(%out: memref<?xf32>, %ld: index) {
  %d = cute.make_stride %ld : !cute.stride<"?">
  %s = cute.make_shape : !cute.shape<"4">
  %l = cute.make_layout %s, %d : !cute.shape<"4">, !cute.stride<"?">
  %t = cute.make_tensor %out, %l : (memref<?xf32>, !cute.layout<"4:?">) -> !cute.tensor<f32, gmem, "4:?">
  %f = cute.make_fragment : !cute.tensor<f32, rmem, "4:1">
  %p = cute.make_fragment : !cute.tensor<i1, rmem, "4:1">
  cute.copy %f, %t if %p : !cute.tensor<f32, rmem, "4:1">, !cute.tensor<f32, gmem, "4:?">, !cute.tensor<i1, rmem, "4:1">
  return
}
