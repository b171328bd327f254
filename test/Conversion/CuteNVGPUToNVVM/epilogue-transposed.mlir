// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -canonicalize -cse | FileCheck %s

// epilogue_store `transposed` of one 64x64 wgmma tile (128 threads, 32 f32
// values each) as f16, C's 64x64 tile in two boxes of 32 rows and 64
// columns (128-byte swizzle). The TiledMMA's tile is C's transposed:
// thread t's first value sits at the TiledMMA's row (t/4)%8 + 16(t/32),
// column 2(t%4) (its offset `first` in the column-major 64x64 tile), so at
// C's row first / 64, column first % 64, byte (64 row + column) * 2 of a
// box. Its other values go out one at a time: the next column of the
// TiledMMA is C's next row (+128 bytes), 8 rows down C's 8 columns right
// (+16), 8 columns right 8 rows down (+1024); values 16 to 31 are C's rows
// 32 to 63, the second box, in the second stage (+4096 bytes). Thread 0
// stores the boxes at C's (column, row) = (origin n, origin m + 32 box).

// CHECK-LABEL: gpu.func @store_transposed
// CHECK: %[[ROW:.*]] = arith.remui %[[FIRST:.*]], %c64 : index
// CHECK-NEXT: %[[COL:.*]] = arith.divui %[[FIRST]], %c64 : index
// CHECK-NEXT: %[[CROW:.*]] = arith.muli %[[COL]], %c64 : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[CROW]], %[[ROW]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[AT]], %c2 : index
// CHECK-NOT: nvvm.stmatrix
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT: arith.index_cast %[[OFF]] : index to i64
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: arith.addi %[[OFF]], %c128 : index
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: arith.addi %[[OFF]], %c16 : index
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: arith.addi %[[OFF]], %c144 : index
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: arith.addi %[[OFF]], %c1024 : index
// CHECK: arith.addi %[[OFF]], %c4096 : index
// CHECK-COUNT-16: llvm.store %{{.*}} : f16, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[ORIGIN_N:.*]] : index to i32
// CHECK-NEXT: %[[M:.*]] = arith.index_cast %[[ORIGIN_M:.*]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %{{.*}}, box[%[[N]], %[[M]]]
// CHECK: %[[M32:.*]] = arith.addi %[[ORIGIN_M]], %c32 : index
// CHECK-NEXT: %[[M2:.*]] = arith.index_cast %[[M32]] : index to i32
// CHECK: llvm.getelementptr %{{.*}}[4096]
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %{{.*}}, box[%[[N]], %[[M2]]]

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
#st = #cute_nvgpu.tma_atom<store, f16, box = [64, 32], swizzle = 128>
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @store_transposed(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<4096xf16, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid transposed : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
}
