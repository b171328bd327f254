// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_80" | cute-opt --cute-write-ptx="dir=%t" > /dev/null
// RUN: FileCheck %s --input-file=%t/kernels.sm_80.ptx

// memref.subview in a kernel: cute-to-ptx expands it into its source's
// metadata (expand-strided-metadata) before the conversion to NVVM, which
// lowers only that form; the translation to LLVM IR failed on the
// conversion's leftover casts, unlocated.

// Element (1, 1) of the 4x4 window at (2, 2) of an 8x8 tile is element 27,
// byte 108; element %tid of the window at 4 is 16 bytes on.
// CHECK-LABEL: .entry window(
// CHECK-DAG: ld.global.b32 {{.*}}+108];
// CHECK-DAG: ld.global.b32 {{.*}}+16];
// CHECK: st.global.b32
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @window(%tile: memref<8x8xf32, 1>, %a: memref<?xf32, 1>, %out: memref<?xf32, 1>, %n: index) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %w = memref.subview %tile[2, 2] [4, 4] [1, 1] : memref<8x8xf32, 1> to memref<4x4xf32, strided<[8, 1], offset: 18>, 1>
    %x = memref.load %w[%c1, %c1] : memref<4x4xf32, strided<[8, 1], offset: 18>, 1>
    %s = memref.subview %a[4] [%n] [1] : memref<?xf32, 1> to memref<?xf32, strided<[1], offset: 4>, 1>
    %y = memref.load %s[%tid] : memref<?xf32, strided<[1], offset: 4>, 1>
    %sum = arith.addf %x, %y : f32
    memref.store %sum, %out[%tid] : memref<?xf32, 1>
    gpu.return
  }
}
}
