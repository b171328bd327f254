// RUN: cute-opt %s -cute-expand-layouts -split-input-file -verify-diagnostics | FileCheck %s

// The arithmetic of a query over slots filled by index values.
// cosize of (?M,8):(1,?M) = (M-1)*1 + 7*M + 1 = 8*M.
// CHECK-LABEL: func @cosize_of_compact
// CHECK-SAME: (%[[M:.*]]: index)
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[R:.*]] = arith.muli %[[M]], %[[C8]] : index
// CHECK: return %[[R]]
// CHECK-NOT: cute.
func.func @cosize_of_compact(%m: index) -> index {
  %s = cute.make_shape %m : !cute.shape<"(?,8)">
  %l = cute.make_layout %s : !cute.shape<"(?,8)">
  %n = cute.cosize %l : !cute.layout<"(?,8):(1,?)">
  return %n : index
}

// -----

// crd2idx through a dynamic stride: i + j * ld.
// CHECK-LABEL: func @crd2idx
// CHECK-SAME: (%[[LD:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[JLD:.*]] = arith.muli %[[J]], %[[LD]] : index
// CHECK: %[[R:.*]] = arith.addi %[[I]], %[[JLD]] : index
// CHECK: return %[[R]]
func.func @crd2idx(%ld: index, %i: index, %j: index) -> index {
  %d = cute.make_stride %ld : !cute.stride<"(1,?)">
  %s = cute.make_shape : !cute.shape<"(128,64)">
  %l = cute.make_layout %s, %d : !cute.shape<"(128,64)">, !cute.stride<"(1,?)">
  %c = cute.make_coord %i, %j : !cute.coord<"(?,?)">
  %x = cute.crd2idx %c, %l : !cute.coord<"(?,?)">, !cute.layout<"(128,64):(1,?)">
  return %x : index
}

// -----

// The number of 128x64 tiles of an MxN matrix, through zipped_divide.
// CHECK-LABEL: func @tile_count
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[TM:.*]] = arith.ceildivui %[[M]], %[[C128]] : index
// CHECK-DAG: %[[TN:.*]] = arith.ceildivui %[[N]], %[[C64]] : index
// CHECK: %[[R:.*]] = arith.muli %[[TM]], %[[TN]] : index
// CHECK: return %[[R]]
func.func @tile_count(%m: index, %n: index) -> index {
  %s = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %l = cute.make_layout %s : !cute.shape<"(?,?)">
  %t = cute.static : !cute.tile<"(128,64)">
  %z = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">
  %rest = cute.get %z [1] : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  %count = cute.size %rest : !cute.layout<"(?,?):(128,?{div=64})">
  return %count : index
}

// -----

// Where a slot's value cannot be traced, the pass says so.
func.func @block_argument(%l: !cute.layout<"(4,?):(1,4)">) -> index {
  // expected-error @below {{'cute.size' op cannot expand the `?` slots of '!cute.layout<"(4,?):(1,4)">': it is a block argument}}
  %n = cute.size %l : !cute.layout<"(4,?):(1,4)">
  return %n : index
}

// -----

// A cute value that escapes to a non-cute op is an error.
func.func @escapes(%m: index) -> !cute.shape<"(?,8)"> {
  // expected-error @below {{'cute.make_shape' op cannot be expanded: its value is used by 'func.return', which is not a cute query}}
  %s = cute.make_shape %m : !cute.shape<"(?,8)">
  return %s : !cute.shape<"(?,8)">
}

// -----

// Memory accesses belong to cute-lower-to-scf: this pass never drops them.
func.func @store(%t: !cute.tensor<f32, rmem, "4:1">, %v: f32) {
  %c = cute.make_coord : !cute.coord<"1">
  // expected-error @below {{'cute.store' op has run-time effects: lower it with cute-lower-to-scf}}
  cute.store %v, %t[%c] : f32, !cute.tensor<f32, rmem, "4:1">, !cute.coord<"1">
  return
}
