// RUN: cute-opt %s -cute-decompose-boundaries -cute-expand-layouts -canonicalize -cse -split-input-file -verify-diagnostics | FileCheck %s

// Where a value leaves, its parts are what the tracer knows: the memref a
// tensor was made over (cast to the part type), its offset there (the
// pointer's offset plus the slice's) and its slots.
// CHECK-LABEL: func.func private @use(memref<?xf32>, index, index, memref<?xf32>, index)
// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[BUF:.*]]: memref<64xf32>, %[[M:.*]]: index, %[[LD:.*]]: index, %[[I:.*]]: index)
// CHECK: %[[CAST:.*]] = memref.cast %[[BUF]] : memref<64xf32> to memref<?xf32>
// CHECK: %[[COL:.*]] = arith.muli %[[I]], %[[LD]] : index
// CHECK: %[[OFF:.*]] = arith.addi %[[I]], %[[COL]] : index
// CHECK: call @use(%[[CAST]], %[[OFF]], %[[M]], %[[CAST]], %[[I]])
// CHECK-NOT: cute.
func.func private @use(!cute.tensor<f32, gmem, "(?):(1)">, !cute.ptr<f32, gmem, align<4>>)
func.func @split(%buf: memref<64xf32>, %m: index, %ld: index, %i: index) {
  %s = cute.make_shape %m : !cute.shape<"(?,4)">
  %d = cute.make_stride %ld : !cute.stride<"(1,?)">
  %l = cute.make_layout %s, %d : !cute.shape<"(?,4)">, !cute.stride<"(1,?)">
  %p = cute.ptr_of %buf : memref<64xf32> -> !cute.ptr<f32, gmem, align<16>>
  %q = cute.add_ptr %p, %i : !cute.ptr<f32, gmem, align<16>> -> !cute.ptr<f32, gmem, align<4>>
  %t = cute.make_tensor %q, %l : (!cute.ptr<f32, gmem, align<4>>, !cute.layout<"(?,4):(1,?)">) -> !cute.tensor<f32, gmem, "(?,4):(1,?)">
  %c = cute.make_coord %i : !cute.coord<"(_,?)">
  %row = cute.slice %t[%c] : !cute.tensor<f32, gmem, "(?,4):(1,?)">, !cute.coord<"(_,?)">
  func.call @use(%row, %q) : (!cute.tensor<f32, gmem, "(?):(1)">, !cute.ptr<f32, gmem, align<4>>) -> ()
  return
}

// -----

// A loop-carried layout: its slots are iter_args, the queries inside the
// loop read them.
// CHECK-LABEL: func.func @carried
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[M]], %[[B:.*]] = %[[N]]) -> (index, index)
// CHECK: scf.yield %[[B]], %[[A]] : index, index
// CHECK: %[[SIZE:.*]] = arith.muli %[[R]]#0, %[[R]]#1 : index
// CHECK: return %[[SIZE]]
func.func @carried(%m: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %l = cute.make_layout %s : !cute.shape<"(?,?)">
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %l) -> (!cute.layout<"(?,?):(1,?)">) {
    %sh = cute.shape %x : !cute.layout<"(?,?):(1,?)">
    %t = cute.get %x [1] : !cute.layout<"(?,?):(1,?)">
    %u = cute.get %x [0] : !cute.layout<"(?,?):(1,?)">
    %s2 = cute.make_layout %sh : !cute.shape<"(?,?)">
    %n1 = cute.size %t : !cute.layout<"?:?">
    %m1 = cute.size %u : !cute.layout<"?:1">
    %s3 = cute.make_shape %n1, %m1 : !cute.shape<"(?,?)">
    %swapped = cute.make_layout %s3 : !cute.shape<"(?,?)">
    scf.yield %swapped : !cute.layout<"(?,?):(1,?)">
  }
  %size = cute.size %r : !cute.layout<"(?,?):(1,?)">
  return %size : index
}

// -----

// Parts the tracer cannot find: a tensor that never crossed a converted
// boundary is still a block argument.
func.func @untraced(%t: !cute.tensor<f32, gmem, "?:1">) -> index {
  cf.br ^bb1(%t : !cute.tensor<f32, gmem, "?:1">)
^bb1(%u: !cute.tensor<f32, gmem, "?:1">):
  // expected-error @+2 {{'cute.to_parts' op cannot expand the `?` slots of '!cute.tensor<f32, gmem, "?:1">': it is a block argument}}
  // expected-error @+1 {{'cute.to_parts' op cannot find the memory of the tensor}}
  %p:3 = cute.to_parts %u : !cute.tensor<f32, gmem, "?:1"> -> memref<?xf32>, index, index
  return %p#2 : index
}
