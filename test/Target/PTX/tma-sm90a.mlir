// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --canonicalize --cse | FileCheck %s --check-prefix=NVVM
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/kernels.sm_90a.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// TMA on sm_90a: a load of a 128x64 f16 box (128-byte swizzle) completing on
// an mbarrier, a multicast load, a store and a reduce-add of a 64x32 f32 box,
// and the host-side descriptor. The box's coordinate is the first element of
// the coordinate tile, reversed into TMA's innermost-first order: (k, m).

// NVVM: func.func private @cuteTmaDescriptorDestroy(!llvm.ptr)
// NVVM-LABEL: func.func private @cuteTmaDescriptorCreate(!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> !llvm.ptr

// NVVM-LABEL: gpu.func @load
// NVVM: %[[BAR:.*]] = llvm.getelementptr {{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// NVVM: nvvm.mbarrier.init %[[BAR]], %c1_i32 : !llvm.ptr<3>, i32
// NVVM: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %c16384_i32 : !llvm.ptr<3>, i32
// The coordinate tile packs (m, k) as m + k * 2^24: each mode's part comes
// out of its own terms (k's k-tile times 64, never a 64-bit product by 2^30).
// NVVM: %[[M0:.*]] = arith.muli %arg3, %c128 : index
// NVVM: %[[MD:.*]] = arith.remui %[[M0]], %c16777216 : index
// NVVM: %[[M:.*]] = arith.index_cast %[[MD]] : index to i32
// NVVM: %[[MC:.*]] = arith.divui %[[M0]], %c16777216 : index
// NVVM: %[[K0:.*]] = arith.muli %arg4, %c64 : index
// NVVM: %[[KD:.*]] = arith.addi %[[MC]], %[[K0]] : index
// NVVM: %[[KR:.*]] = arith.remui %[[KD]], %c16777216 : index
// NVVM: %[[K:.*]] = arith.index_cast %[[KR]] : index to i32
// NVVM: %[[DST:.*]] = llvm.getelementptr {{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// NVVM: %[[CLUSTER:.*]] = llvm.addrspacecast %[[DST]] : !llvm.ptr<3> to !llvm.ptr<7>
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[CLUSTER]], %arg0, %[[BAR]], box[%[[K]], %[[M]]] : !llvm.ptr<7>, !llvm.ptr
// NVVM: %[[PHASE:.*]] = arith.index_cast %arg4 : index to i32
// NVVM: %[[PARITY:.*]] = arith.andi %[[PHASE]], %c1_i32 : i32
// NVVM: nvvm.mbarrier.try_wait.parity %[[BAR]], %[[PARITY]], %c10000000_i32

// NVVM-LABEL: gpu.func @store
// NVVM: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[SRC:.*]], box[%{{.*}}, %{{.*}}] : !llvm.ptr, <3>
// NVVM: nvvm.cp.async.bulk.tensor.reduce %arg0, %[[SRC]], box[%{{.*}}, %{{.*}}] {redKind = #nvvm.tma_redux_kind<add>}

// NVVM-LABEL: gpu.func @multicast
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %arg5
// NVVM: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>

// The host passes the base, FLOAT16 (6), rank 2, a 128-byte swizzle, the
// extents (k, m), strides (1, k) and the box (64, 128), innermost first.
// NVVM-LABEL: func.func @descriptor
// NVVM: %[[BASE:.*]] = llvm.inttoptr
// NVVM: %[[K:.*]] = arith.index_cast %arg2 : index to i64
// NVVM: %[[M:.*]] = arith.index_cast %arg1 : index to i64
// NVVM: call @cuteTmaDescriptorCreate(%[[BASE]], %c6_i64, %c2_i64, %c128_i64, %[[K]], %[[M]], %c1_i64, %c1_i64, %c1_i64, %c1_i64, %[[K]], %c1_i64, %c1_i64, %c1_i64, %c64_i64, %c128_i64, %c1_i64, %c1_i64, %c1_i64)
// NVVM-LABEL: func.func @destroy
// NVVM: call @cuteTmaDescriptorDestroy(%arg0) : (!llvm.ptr) -> ()

// PTX: mbarrier.init.shared.b64
// PTX: mbarrier.arrive.expect_tx.shared.b64
// PTX: cvta.to.shared::cluster.u64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}, {{[{]}}%r{{[0-9]+}}, %r{{[0-9]+}}{{[}]}}], [{{.*}}];
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// PTX: cp.async.bulk.commit_group
// PTX: cp.async.bulk.wait_group 0
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster

#ld = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
#mc = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 128], swizzle = 128, multicast = 2>
#st = #cute_nvgpu.tma_atom<store, f32, box = [32, 64]>
#red = #cute_nvgpu.tma_atom<reduce_add, f32, box = [32, 64]>
module attributes {gpu.container_module} {
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @load(%desc: !llvm.ptr, %m: index, %k: index, %bm: index, %kt: index)
      workgroup(%smem: memref<8192xf16, #gpu.address_space<workgroup>>,
                %bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 16384 : index
    %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(128,64)">
    %c = cute.make_coord %bm, %kt : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"(128,64):(64,1)">
    %s = cute.make_tensor %smem, %ls : (memref<8192xf16, #gpu.address_space<workgroup>>, !cute.layout<"(128,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">
    cute_nvgpu.mbarrier_init %bars[%c0], %c1 : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.tma_copy #ld, %desc, %g, %s barrier %bars[%c0] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_wait %bars[%c0], %kt : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store(%desc: !llvm.ptr, %m: index, %n: index, %bm: index, %bn: index)
      workgroup(%smem: memref<2048xf32, #gpu.address_space<workgroup>>) kernel {
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(64,32)">
    %c = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,32)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"(64,32):(32,1)">
    %s = cute.make_tensor %smem, %ls : (memref<2048xf32, #gpu.address_space<workgroup>>, !cute.layout<"(64,32):(32,1)">) -> !cute.tensor<f32, smem, "(64,32):(32,1)">
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    cute_nvgpu.tma_copy #st, %desc, %s, %g : !cute.tensor<f32, smem, "(64,32):(32,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,32):(1,16777216)">
    cute_nvgpu.tma_copy #red, %desc, %s, %g : !cute.tensor<f32, smem, "(64,32):(32,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,32):(1,16777216)">
    nvvm.cp.async.bulk.commit.group
    nvvm.cp.async.bulk.wait_group 0
    gpu.return
  }
  gpu.func @multicast(%desc: !llvm.ptr, %m: index, %k: index, %bm: index, %kt: index, %mask: i16)
      workgroup(%smem: memref<8192xf16, #gpu.address_space<workgroup>>,
                %bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(128,64)">
    %c = cute.make_coord %bm, %kt : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"(128,64):(64,1)">
    %s = cute.make_tensor %smem, %ls : (memref<8192xf16, #gpu.address_space<workgroup>>, !cute.layout<"(128,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">
    cute_nvgpu.tma_copy #mc, %desc, %g, %s barrier %bars[%c1] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%c1] : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
func.func @descriptor(%buf: memref<?xf16>, %m: index, %k: index) -> !llvm.ptr {
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %t = cute.make_tensor %buf, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  %d = cute_nvgpu.make_tma_descriptor #ld, %t : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  return %d : !llvm.ptr
}
func.func @destroy(%d: !llvm.ptr) {
  cute_nvgpu.destroy_tma_descriptor %d : !llvm.ptr
  return
}
}
