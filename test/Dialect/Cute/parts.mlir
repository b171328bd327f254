// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s -canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @tensor_parts
// CHECK: %[[T:.*]] = cute.from_parts %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (memref<?xf16, 1>, index, index, index, index) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
// CHECK: cute.to_parts %[[T]] : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> memref<?xf16, 1>, index, index, index, index
// Splitting what was just rebuilt gives back the parts.
// FOLD-LABEL: func.func @tensor_parts
// FOLD-SAME: (%[[M:.*]]: memref<?xf16, 1>, %[[O:.*]]: index, %[[R:.*]]: index, %[[C:.*]]: index, %[[LD:.*]]: index)
// FOLD-NEXT: return %[[M]], %[[O]], %[[R]], %[[C]], %[[LD]]
func.func @tensor_parts(%m: memref<?xf16, 1>, %off: index, %r: index, %c: index, %ld: index)
    -> (memref<?xf16, 1>, index, index, index, index) {
  %t = cute.from_parts %m, %off, %r, %c, %ld : (memref<?xf16, 1>, index, index, index, index) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %p:5 = cute.to_parts %t : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> memref<?xf16, 1>, index, index, index, index
  return %p#0, %p#1, %p#2, %p#3, %p#4 : memref<?xf16, 1>, index, index, index, index
}

// A static layout has no parts; a swizzled tensor's dynamic offset is last.
// CHECK-LABEL: func.func @other_parts
// CHECK: cute.from_parts : () -> !cute.layout<"(4,8):(1,4)">
// CHECK: cute.to_parts %{{.*}} : !cute.layout<"(4,8):(1,4)">{{$}}
// CHECK: cute.from_parts %{{.*}}, %{{.*}}, %{{.*}} : (memref<?xf16, 3>, index, index) -> !cute.tensor<f16, smem, "Sw<3,3,3> o ? o (8,64):(64,1)">
// CHECK: cute.from_parts %{{.*}}, %{{.*}} : (memref<?xf32>, index) -> !cute.ptr<f32, rmem, align<4>>
func.func @other_parts(%s: memref<?xf16, 3>, %p: memref<?xf32>, %i: index) {
  %l = cute.from_parts : () -> !cute.layout<"(4,8):(1,4)">
  cute.to_parts %l : !cute.layout<"(4,8):(1,4)">
  %t = cute.from_parts %s, %i, %i : (memref<?xf16, 3>, index, index) -> !cute.tensor<f16, smem, "Sw<3,3,3> o ? o (8,64):(64,1)">
  %q = cute.from_parts %p, %i : (memref<?xf32>, index) -> !cute.ptr<f32, rmem, align<4>>
  return
}
