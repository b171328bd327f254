// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --canonicalize --cse | FileCheck %s --check-prefix=NVVM
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/kernels.sm_90a.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// TMA atoms whose tile is wider than the 128-byte swizzle: a 128x128 bf16
// k-tile, CuTe's two K-major SW128 atoms one after the other
// (((8,16),(64,2)):((64,512),(1,8192))), is two 64x128 boxes. One tma_copy
// issues an instruction a box: the second 64 columns further along TMA's
// innermost dimension (k + 64) and a whole box (16 KiB) further in shared
// memory; the mbarrier expects both boxes' 32 KiB. A multicast to two CTAs
// shares each box's 128 rows: a CTA's share is 64 rows of each box, the
// boxes still a whole box (16 KiB) apart. The descriptor's box is one box:
// (64, 128).

// NVVM-LABEL: gpu.func @load
// NVVM: nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %c32768_i32
// NVVM: %[[DST:.*]] = llvm.getelementptr {{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, bf16
// NVVM: %[[CLUSTER0:.*]] = llvm.addrspacecast %[[DST]] : !llvm.ptr<3> to !llvm.ptr<7>
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[CLUSTER0]], %arg0, %[[BAR]], box[%[[K:[0-9]+]], %[[M:[0-9]+]]] : !llvm.ptr<7>, !llvm.ptr
// NVVM: %[[K64:.*]] = arith.addi %[[K]], %c64_i32 : i32
// NVVM: %[[DST1:.*]] = llvm.getelementptr %[[DST]][16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// NVVM: %[[CLUSTER1:.*]] = llvm.addrspacecast %[[DST1]] : !llvm.ptr<3> to !llvm.ptr<7>
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[CLUSTER1]], %arg0, %[[BAR]], box[%[[K64]], %[[M]]] : !llvm.ptr<7>, !llvm.ptr
// NVVM-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global

// NVVM-LABEL: gpu.func @multicast
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, %{{.*}}, box[%[[MK:[0-9]+]], %{{[0-9]+}}] multicast_mask = %arg5
// NVVM: %[[MK64:.*]] = arith.addi %[[MK]], %c64_i32 : i32
// NVVM: llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, %{{.*}}, box[%[[MK64]], %{{.*}}] multicast_mask = %arg5

// NVVM-LABEL: gpu.func @store
// NVVM: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[SRC:.*]], box[%[[SK:[0-9]+]], %[[SM:[0-9]+]]] : !llvm.ptr, <3>
// NVVM: %[[SK64:.*]] = arith.addi %[[SK]], %c64_i32 : i32
// NVVM: %[[SRC1:.*]] = llvm.getelementptr %[[SRC]][16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// NVVM: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[SRC1]], box[%[[SK64]], %[[SM]]] : !llvm.ptr, <3>

// NVVM-LABEL: func.func @descriptor
// NVVM: call @cuteTmaDescriptorCreate(%{{.*}}, %c9_i64, %c2_i64, %c128_i64, %{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c64_i64, %c128_i64, %c1_i64, %c1_i64, %c1_i64)

// PTX-LABEL: .entry load(
// PTX: mov.b32 %r[[BYTES:[0-9]+]], 32768;
// PTX: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, %r[[BYTES]];
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX-LABEL: .entry multicast(
// PTX-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// PTX-LABEL: .entry store(
// PTX-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

#ld = #cute_nvgpu.tma_atom<load, bf16, smem = "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
#mc = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))", multicast = 2>
#st = #cute_nvgpu.tma_atom<store, bf16, smem = "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
module attributes {gpu.container_module} {
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @load(%desc: !llvm.ptr, %m: index, %k: index, %bm: index, %kt: index)
      workgroup(%smem: memref<16384xbf16, #gpu.address_space<workgroup>>,
                %bars: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 32768 : index
    %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(128,128)">
    %c = cute.make_coord %bm, %kt : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"((8,16),(64,2)):((64,512),(1,8192))">
    %s = cute.make_tensor %smem, %ls : (memref<16384xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),(64,2)):((64,512),(1,8192))">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
    cute_nvgpu.mbarrier_init %bars[%c0], %c1 : memref<1xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.tma_copy #ld, %desc, %g, %s barrier %bars[%c0] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, memref<1xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_wait %bars[%c0], %kt : memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @multicast(%desc: !llvm.ptr, %n: index, %k: index, %bn: index, %kt: index, %mask: i16)
      workgroup(%smem: memref<16384xbf16, #gpu.address_space<workgroup>>,
                %bars: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %rank = gpu.cluster_block_id x
    %sh = cute.make_shape %n, %k : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(64,128)">
    %c = cute.make_coord %bn, %kt : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,128)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"((8,16),(64,2)):((64,512),(1,8192))">
    %s = cute.make_tensor %smem, %ls : (memref<16384xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),(64,2)):((64,512),(1,8192))">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
    %half = cute.static : !cute.tile<"(64,128)">
    %ch = cute.make_coord %rank : !cute.coord<"(?,0)">
    %sh2 = cute.local_tile %s, %half, %ch : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, !cute.tile<"(64,128)">, !cute.coord<"(?,0)">
    cute_nvgpu.tma_copy #mc, %desc, %g, %sh2 barrier %bars[%c0] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=4096} o (64,(64,2)):(64,(1,8192))">, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store(%desc: !llvm.ptr, %m: index, %n: index, %bm: index, %bn: index)
      workgroup(%smem: memref<16384xbf16, #gpu.address_space<workgroup>>) kernel {
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %tile = cute.static : !cute.tile<"(128,128)">
    %c = cute.make_coord %bm, %bn : !cute.coord<"(?,?)">
    %g = cute.local_tile %id, %tile, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,128)">, !cute.coord<"(?,?)">
    %ls = cute.static : !cute.layout<"((8,16),(64,2)):((64,512),(1,8192))">
    %s = cute.make_tensor %smem, %ls : (memref<16384xbf16, #gpu.address_space<workgroup>>, !cute.layout<"((8,16),(64,2)):((64,512),(1,8192))">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
    cute_nvgpu.tma_copy #st, %desc, %s, %g : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">
    nvvm.cp.async.bulk.commit.group
    nvvm.cp.async.bulk.wait_group 0
    gpu.return
  }
}
func.func @descriptor(%buf: memref<?xbf16>, %m: index, %k: index) -> !llvm.ptr {
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %t = cute.make_tensor %buf, %l : (memref<?xbf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<bf16, gmem, "(?,?):(?,1)">
  %d = cute_nvgpu.make_tma_descriptor #ld, %t : !cute.tensor<bf16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  return %d : !llvm.ptr
}
}
