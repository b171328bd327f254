// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --canonicalize | FileCheck %s

// Loops over register fragments are unrolled, so that every fragment index
// is a constant and LLVM keeps the fragment in registers. A loop over memory
// that is not a fragment stays a loop.

// CHECK-LABEL: gpu.func @fragment_loops
// CHECK-SAME: (%[[OUT:.*]]: memref<64xf32, 1>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C17:.*]] = arith.constant 17 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FRAG:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: memref.store %[[ZERO]], %[[FRAG]][%[[C0]]]
// CHECK-NEXT: memref.store %[[ZERO]], %[[FRAG]][%[[C1]]]
// CHECK-NEXT: memref.store %[[ZERO]], %[[FRAG]][%[[C2]]]
// CHECK-NEXT: memref.store %[[ZERO]], %[[FRAG]][%[[C3]]]
// CHECK-NEXT: %[[V0:.*]] = memref.load %[[FRAG]][%[[C0]]]
// CHECK-NEXT: memref.store %[[V0]], %[[OUT]][%[[C0]]]
// CHECK-NEXT: %[[V1:.*]] = memref.load %[[FRAG]][%[[C1]]]
// CHECK-NEXT: memref.store %[[V1]], %[[OUT]][%[[C1]]]
// CHECK-NEXT: %[[V2:.*]] = memref.load %[[FRAG]][%[[C2]]]
// CHECK-NEXT: memref.store %[[V2]], %[[OUT]][%[[C16]]]
// CHECK-NEXT: %[[V3:.*]] = memref.load %[[FRAG]][%[[C3]]]
// CHECK-NEXT: memref.store %[[V3]], %[[OUT]][%[[C17]]]
// CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to
// CHECK-NEXT: memref.store %[[ZERO]], %[[OUT]][%[[I]]]

// A fragment made after a loop moves to the top of the function, where LLVM
// can promote it to registers; a user loop marked cute.fragment_loop that
// fills a fragment is unrolled too.
// CHECK-LABEL: gpu.func @fragment_after_loop
// CHECK-NOT: scf.for
// CHECK: %[[F:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: scf.for
// CHECK: %[[P:.*]] = memref.alloca() : memref<2xi1>
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: memref.store %{{.*}}, %[[P]][%[[C0:.*]]] : memref<2xi1>
// CHECK: memref.store %{{.*}}, %[[P]][%[[C1:.*]]] : memref<2xi1>
// CHECK: memref.load %[[P]][%[[C0]]]
// CHECK-NEXT: scf.if
// CHECK: memref.load %[[P]][%[[C1]]]
// CHECK-NEXT: scf.if
// CHECK: gpu.return
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @fragment_loops(%out: memref<64xf32, 1>) kernel {
    %zero = arith.constant 0.0 : f32
    %f = cute.make_fragment : !cute.tensor<f32, rmem, "(2,2):(1,2)">
    cute.fill %f, %zero : !cute.tensor<f32, rmem, "(2,2):(1,2)">, f32
    %l = cute.static : !cute.layout<"(2,2):(1,16)">
    %g = cute.make_tensor %out, %l : (memref<64xf32, 1>, !cute.layout<"(2,2):(1,16)">) -> !cute.tensor<f32, gmem, "(2,2):(1,16)">
    cute.copy %f, %g : !cute.tensor<f32, rmem, "(2,2):(1,2)">, !cute.tensor<f32, gmem, "(2,2):(1,16)">
    %all = cute.static : !cute.layout<"64:1">
    %whole = cute.make_tensor %out, %all : (memref<64xf32, 1>, !cute.layout<"64:1">) -> !cute.tensor<f32, gmem, "64:1">
    cute.fill %whole, %zero : !cute.tensor<f32, gmem, "64:1">, f32
    gpu.return
  }

  gpu.func @fragment_after_loop(%out: memref<64xf32, 1>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %out[%i] : memref<64xf32, 1>
    }
    %p = cute.make_fragment : !cute.tensor<i1, rmem, "2:1">
    scf.for %i = %c0 to %c2 step %c1 {
      %in = arith.cmpi ult, %i, %n : index
      %ci = cute.make_coord %i : !cute.coord<"?">
      cute.store %in, %p[%ci] : i1, !cute.tensor<i1, rmem, "2:1">, !cute.coord<"?">
    } {cute.fragment_loop}
    %l = cute.static : !cute.layout<"2:1">
    %g = cute.make_tensor %out, %l : (memref<64xf32, 1>, !cute.layout<"2:1">) -> !cute.tensor<f32, gmem, "2:1">
    %f = cute.make_fragment : !cute.tensor<f32, rmem, "2:1">
    cute.fill %f, %zero : !cute.tensor<f32, rmem, "2:1">, f32
    cute.copy %f, %g if %p : !cute.tensor<f32, rmem, "2:1">, !cute.tensor<f32, gmem, "2:1">, !cute.tensor<i1, rmem, "2:1">
    gpu.return
  }
}
}
