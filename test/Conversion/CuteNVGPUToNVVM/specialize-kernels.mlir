// RUN: cute-opt %s -split-input-file --cute-specialize-kernels -verify-diagnostics | FileCheck %s

// A kernel's cute.known_value arguments and known launch sizes become
// constants; the arguments stay, so launches pass what they passed before.

// CHECK-LABEL: gpu.func @gemm
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<?xf32>, %[[M:[a-z0-9_]+]]: index {cute.known_value = 2048 : index}, %[[N:[a-z0-9_]+]]: index, %[[K:[a-z0-9_]+]]: i32 {cute.known_value = 64 : i32})
// CHECK-NEXT: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: memref.store %{{.*}}, %[[A]][%[[C2048]]]
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[N]]]
// CHECK-NEXT: arith.index_cast %[[C64]]
// CHECK: %[[C384:.*]] = arith.constant 384 : index
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[C384]]]
// CHECK-NEXT: %[[C132:.*]] = arith.constant 132 : index
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[C132]]]
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[C1]]]
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[C2]]]
// CHECK-NEXT: %[[C66:.*]] = arith.constant 66 : index
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[C66]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm(%a: memref<?xf32>, %m: index {cute.known_value = 2048 : index},
                   %n: index, %k: i32 {cute.known_value = 64 : i32}) kernel
        attributes {known_block_size = array<i32: 384, 1, 1>,
                    known_grid_size = array<i32: 132, 1, 1>,
                    known_cluster_size = array<i32: 2, 1, 1>} {
      %f = arith.constant 1.0 : f32
      memref.store %f, %a[%m] : memref<?xf32>
      memref.store %f, %a[%n] : memref<?xf32>
      %ki = arith.index_cast %k : i32 to index
      memref.store %f, %a[%ki] : memref<?xf32>
      %bx = gpu.block_dim x
      memref.store %f, %a[%bx] : memref<?xf32>
      %gx = gpu.grid_dim x
      memref.store %f, %a[%gx] : memref<?xf32>
      %gy = gpu.grid_dim y
      memref.store %f, %a[%gy] : memref<?xf32>
      %cb = gpu.cluster_dim_blocks x
      memref.store %f, %a[%cb] : memref<?xf32>
      %cx = gpu.cluster_dim x
      memref.store %f, %a[%cx] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Without known sizes the queries stay; a function that is not a kernel is
// left alone.
// CHECK-LABEL: gpu.func @unknown
// CHECK: gpu.block_dim x
// CHECK: arith.constant 132 : index
// CHECK: gpu.cluster_dim x
// CHECK-LABEL: gpu.func @helper
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: index
// CHECK-NEXT: gpu.return %[[M]] : index
gpu.module @kernels {
  gpu.func @unknown(%a: memref<?xindex>) kernel attributes {known_grid_size = array<i32: 132, 1, 1>} {
    %bx = gpu.block_dim x
    memref.store %bx, %a[%bx] : memref<?xindex>
    %gx = gpu.grid_dim x
    memref.store %gx, %a[%gx] : memref<?xindex>
    // The grid is known, its clusters are not.
    %cx = gpu.cluster_dim x
    memref.store %cx, %a[%cx] : memref<?xindex>
    gpu.return
  }
  gpu.func @helper(%m: index {cute.known_value = 7 : index}) -> index {
    gpu.return %m : index
  }
}

// -----

// A host launch that passes a specialized kernel a value computed at run time
// asserts first that it is the value the kernel was compiled for, one
// cf.assert per value; constants are cute-nvgpu-check-launches' to check,
// and arguments and sizes the kernel was not compiled for are not guarded.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<?xf32>, %[[M:[a-z0-9_]+]]: index, %[[K:[a-z0-9_]+]]: i32, %[[BX:[a-z0-9_]+]]: index, %[[GX:[a-z0-9_]+]]: index, %[[CX:[a-z0-9_]+]]: index)
// CHECK: arith.constant 64 : i32
// CHECK-NEXT: %[[C384:.*]] = arith.constant 384 : index
// CHECK-NEXT: %[[B:.*]] = arith.cmpi eq, %[[BX]], %[[C384]] : index
// CHECK-NEXT: cf.assert %[[B]], "@gemm was launched with a block x (known_block_size) other than 384"
// CHECK-NEXT: %[[C132:.*]] = arith.constant 132 : index
// CHECK-NEXT: %[[G:.*]] = arith.cmpi eq, %[[GX]], %[[C132]] : index
// CHECK-NEXT: cf.assert %[[G]], "@gemm was launched with a grid x (known_grid_size) other than 132"
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[CL:.*]] = arith.cmpi eq, %[[CX]], %[[C2]] : index
// CHECK-NEXT: cf.assert %[[CL]], "@gemm was launched with a cluster x (known_cluster_size) other than 2"
// CHECK-NEXT: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK-NEXT: %[[AM:.*]] = arith.cmpi eq, %[[M]], %[[C2048]] : index
// CHECK-NEXT: cf.assert %[[AM]], "@gemm was launched with an argument #1 (cute.known_value) other than 2048"
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: %[[AK:.*]] = arith.cmpi eq, %[[K]], %[[C64]] : i32
// CHECK-NEXT: cf.assert %[[AK]], "@gemm was launched with an argument #3 (cute.known_value) other than 64"
// CHECK-NEXT: gpu.launch_func @kernels::@gemm clusters in (%[[CX]],
// CHECK-NOT: cf.assert
// CHECK: gpu.launch_func @kernels::@gemm clusters in (%{{.*}}) blocks
// CHECK-NOT: cf.assert
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm(%a: memref<?xf32>, %m: index {cute.known_value = 2048 : index},
                   %n: index, %k: i32 {cute.known_value = 64 : i32}) kernel
        attributes {known_block_size = array<i32: 384, 1, 1>,
                    known_grid_size = array<i32: 132, 1, 1>,
                    known_cluster_size = array<i32: 2, 1, 1>} {
      gpu.return
    }
  }
  func.func @host(%a: memref<?xf32>, %m: index, %k: i32, %bx: index,
                  %gx: index, %cx: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c132 = arith.constant 132 : index
    %c384 = arith.constant 384 : index
    %c2048 = arith.constant 2048 : index
    %c64 = arith.constant 64 : i32
    // %n (#2) is not known: the launch passes what it likes.
    gpu.launch_func @kernels::@gemm clusters in (%cx, %c1, %c1)
        blocks in (%gx, %c1, %c1) threads in (%bx, %c1, %c1)
        args(%a : memref<?xf32>, %m : index, %m : index, %k : i32)
    gpu.launch_func @kernels::@gemm clusters in (%c2, %c1, %c1)
        blocks in (%c132, %c1, %c1) threads in (%c384, %c1, %c1)
        args(%a : memref<?xf32>, %c2048 : index, %m : index, %c64 : i32)
    return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op argument #0 of type 'f32' has cute.known_value = 1.000000e+00 : f32, but it must be an integer attribute of the argument's type (an integer or index argument)}}
  gpu.func @float(%x: f32 {cute.known_value = 1.0 : f32}) kernel {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op argument #1 of type 'index' has cute.known_value = 2048 : i32, but it must be an integer attribute of the argument's type}}
  gpu.func @mismatch(%a: i32, %m: index {cute.known_value = 2048 : i32}) kernel {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op known_grid_size [133, 1, 1] is not a whole number of known_cluster_size [2, 1, 1] clusters}}
  gpu.func @ragged_clusters() kernel attributes {known_grid_size = array<i32: 133, 1, 1>,
                                                 known_cluster_size = array<i32: 2, 1, 1>} {
    gpu.return
  }
}

// -----

// A cluster of no CTAs would divide the grid by zero.
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op known_grid_size [132, 1, 1] is not a whole number of known_cluster_size [0, 1, 1] clusters}}
  gpu.func @empty_clusters() kernel attributes {known_grid_size = array<i32: 132, 1, 1>,
                                                known_cluster_size = array<i32: 0, 1, 1>} {
    %c = gpu.cluster_dim x
    gpu.return
  }
}
