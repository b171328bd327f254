// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/k.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/k.sm_90a.ptx -o %t/kernels.cubin

// epilogue_store's store flag reaches the TMA stores as a predicate
// register set by `setp` from an i32, so the PTX assembles even where the
// flag is a constant (given to the store's inline PTX as an i1 it printed
// as `@-1`, which ptxas rejects): a run-time flag, a true and a false one.

// CHECK-LABEL: .entry store_flag(
// CHECK: begin inline asm
// CHECK-NEXT: setp.ne.b32 %[[P:p[0-9]+]], %{{r[0-9]+}}, 0;
// CHECK: @%[[P]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// CHECK-LABEL: .entry store_true(
// CHECK-NOT: @-1
// CHECK: begin inline asm
// CHECK-NEXT: setp.ne.b32 %[[Q:p[0-9]+]], %{{r[0-9]+}}, 0;
// CHECK: @%[[Q]] cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// CHECK-LABEL: .entry store_false(
// CHECK-NOT: @0
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
#st = #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @store_flag(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index, %store: i1)
      workgroup(%buf : memref<4096xf16, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid if %store : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_true(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index)
      workgroup(%buf : memref<4096xf16, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %true = arith.constant true
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid if %true : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_false(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index)
      workgroup(%buf : memref<4096xf16, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %false = arith.cmpi ne, %c0, %c0 : index
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid if %false : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
}
