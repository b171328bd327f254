// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -canonicalize -cse | FileCheck %s

// epilogue_store of one 64x64 wgmma tile (128 threads, 32 f32 values each)
// as f16 in 64x32 boxes (64-byte swizzle), two stages. Each thread's first
// value sits at row (t/4)%8 + 16(t/32), column 2(t%4) of the tile: its byte
// offset in a box is (32 row + column) * 2. Values go out in pairs (32-bit
// stores): the next pair 8 rows down (+512 bytes), then 8 columns right
// (+16); the second box's values (columns 32..63) land in the second stage
// (+4096). The 64-byte swizzle XORs address bits 7-8 into bits 4-5. Per box:
// thread 0 waits until TMA has read the stage (all groups at the first box,
// all but the last one after), a named barrier of the 128 threads, the
// stores, a proxy fence, a barrier, and thread 0 stores the box at
// (column, row) = (origin n + 32 box, origin m).

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
#st = #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @store(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<4096xf16, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
}

// CHECK-LABEL: gpu.func @store
// CHECK-DAG: %[[SHIFT:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(48 : i64) : i64
// CHECK: %[[TID:.*]] = gpu.thread_id  x
// CHECK: arith.divui %{{.*}}, %c32 : index
// CHECK-NEXT: arith.muli %{{.*}}, %c16 : index
// CHECK: %[[FIRST:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[ROW:.*]] = arith.remui %[[FIRST]], %c64 : index
// CHECK: %[[COL:.*]] = arith.divui %[[FIRST]], %c64 : index
// CHECK: %[[R32:.*]] = arith.muli %[[ROW]], %c32 : index
// CHECK: %[[RC:.*]] = arith.addi %[[R32]], %[[COL]] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[RC]], %c2 : index
// CHECK: %[[BASE:.*]] = llvm.getelementptr
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr<3> to i64
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[TID]], %c0 : index
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: %[[V:.*]] = vector.from_elements
// CHECK: %[[H:.*]] = arith.truncf %[[V]] : vector<2xf32> to vector<2xf16>
// CHECK: %[[O:.*]] = arith.index_cast %[[OFF]] : index to i64
// CHECK: %[[A:.*]] = llvm.add %[[ADDR]], %[[O]] : i64
// CHECK: %[[S:.*]] = llvm.lshr %[[A]], %[[SHIFT]] : i64
// CHECK: %[[B:.*]] = llvm.and %[[S]], %[[MASK]] : i64
// CHECK: %[[X:.*]] = llvm.xor %[[O]], %[[B]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[X]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %[[H]], %[[P]] {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK: arith.addi %[[OFF]], %c512 : index
// CHECK: arith.addi %[[OFF]], %c16 : index
// CHECK-COUNT-5: llvm.store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[BASE]], box[%{{.*}}, %{{.*}}]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1 {read}
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: arith.addi %[[OFF]], %c4096 : index
// CHECK-COUNT-8: llvm.store
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.barrier
// CHECK: %[[STAGE1:.*]] = llvm.getelementptr %[[BASE]][4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[STAGE1]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.cp.async.bulk
// CHECK: gpu.return
