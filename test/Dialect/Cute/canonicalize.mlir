// RUN: cute-opt %s -canonicalize -split-input-file | FileCheck %s

// Every op whose result is static folds: cute values into cute.static, index
// queries into constants. The values are CuTe's documented results.

// CHECK-LABEL: func @static_chain
// CHECK-NOT: cute.make_shape
// CHECK-NOT: cute.logical_divide
// Size and cosize are both 64, one constant.
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[AT:.*]] = arith.constant 34 : index
// CHECK-DAG: %[[L:.*]] = cute.static : !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
// CHECK: return %[[L]], %[[C64]], %[[C64]], %[[AT]]
func.func @static_chain() -> (!cute.layout<"((2,4),(4,2)):((1,2),(16,8))">, index, index, index) {
  %s = cute.make_shape : !cute.shape<"(8,8)">
  %l = cute.make_layout %s : !cute.shape<"(8,8)">
  %t = cute.static : !cute.tile<"(2:1,4:2)">
  %d = cute.logical_divide %l, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2:1,4:2)">
  %n = cute.size %d : !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
  %c = cute.cosize %d : !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
  // Coordinate ((0,1),(2,0)): 1*2 + 2*16 = 34.
  %crd = cute.make_coord : !cute.coord<"((0,1),(2,0))">
  %x = cute.crd2idx %crd, %d : !cute.coord<"((0,1),(2,0))">, !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
  return %d, %n, %c, %x : !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">, index, index, index
}

// -----

// Queries whose answer does not depend on the dynamic slots fold too.
// CHECK-LABEL: func @static_answers_of_dynamic_layouts
// Rank and depth are both 2.
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[SIZE:.*]] = arith.constant 32 : index
// CHECK: return %[[C2]], %[[C2]], %[[SIZE]]
func.func @static_answers_of_dynamic_layouts(%l: !cute.layout<"(4,(2,4)):(?,(1,?))">) -> (index, index, index) {
  %r = cute.rank %l : !cute.layout<"(4,(2,4)):(?,(1,?))">
  %d = cute.depth %l : !cute.layout<"(4,(2,4)):(?,(1,?))">
  %n = cute.size %l : !cute.layout<"(4,(2,4)):(?,(1,?))">
  return %r, %d, %n : index, index, index
}

// -----

// A divisibility fact makes the result static.
// CHECK-LABEL: func @facts_fold
// CHECK: %[[L:.*]] = cute.static : !cute.layout<"16:1">
// CHECK: return %[[L]]
func.func @facts_fold(%a: !cute.layout<"(?{div=16},4):(1,?)">) -> !cute.layout<"16:1"> {
  %b = cute.static : !cute.layout<"16:1">
  %r = cute.composition %a, %b : !cute.layout<"(?{div=16},4):(1,?)">, !cute.layout<"16:1">
  return %r : !cute.layout<"16:1">
}

// -----

// Dynamic results stay.
// CHECK-LABEL: func @dynamic_stays
// CHECK: cute.size
func.func @dynamic_stays(%l: !cute.layout<"(4,?):(1,4)">) -> index {
  %n = cute.size %l : !cute.layout<"(4,?):(1,4)">
  return %n : index
}
