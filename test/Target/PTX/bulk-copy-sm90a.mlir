// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --canonicalize --cse | FileCheck %s --check-prefix=NVVM
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/kernels.sm_90a.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// Bulk (non-tensor) copies on sm_90a: one cp.async.bulk of the atom's bytes
// from the first element of each side. A load writes shared::cluster and
// completes on the mbarrier; a store completes in the bulk async group. The
// global side is tile %blk of 512 f16 (1024 bytes) of a row; the shared side
// is stage 1 of a two-stage buffer.

// NVVM-LABEL: gpu.func @load
// NVVM: %[[TILE:.*]] = arith.muli %arg2, %c512 : index
// NVVM: %[[GOFF:.*]] = arith.index_cast %[[TILE]] : index to i64
// NVVM: %[[GAT:.*]] = llvm.add %{{.*}}, %[[GOFF]] : i64
// NVVM: %[[SRC:.*]] = llvm.getelementptr %{{.*}}[%[[GAT]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// NVVM: %[[SAT:.*]] = llvm.add %{{.*}}, %c512_i64 : i64
// NVVM: %[[DST:.*]] = llvm.getelementptr %{{.*}}[%[[SAT]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// NVVM: %[[BAT:.*]] = llvm.add %{{.*}}, %c1_i64 : i64
// NVVM: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[%[[BAT]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
// NVVM: %[[CLUSTER:.*]] = llvm.addrspacecast %[[DST]] : !llvm.ptr<3> to !llvm.ptr<7>
// NVVM: nvvm.cp.async.bulk.shared.cluster.global %[[CLUSTER]], %[[SRC]], %[[BAR]], %[[BYTES:.*]] : !llvm.ptr<7>, <1>

// NVVM-LABEL: gpu.func @store
// NVVM: %[[BYTES:.*]] = llvm.mlir.constant(1024 : i32) : i32
// NVVM: %[[SAT:.*]] = llvm.add %{{.*}}, %c512_i64 : i64
// NVVM: %[[SRC:.*]] = llvm.getelementptr %{{.*}}[%[[SAT]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// NVVM: %[[DST:.*]] = llvm.getelementptr {{.*}} : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// NVVM: nvvm.cp.async.bulk.global.shared.cta %[[DST]], %[[SRC]], %[[BYTES]] : <1>, <3>

// PTX-LABEL: .entry load
// PTX: mov.b32 %[[BYTES:r[0-9]+]], 1024;
// PTX: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], %[[BYTES]], [__wg_load_1+8];
// PTX-LABEL: .entry store
// PTX: mov.b32 %[[BYTES:r[0-9]+]], 1024;
// PTX: cp.async.bulk.global.shared::cta.bulk_group [%rd{{[0-9]+}}], [__wg_store_0+1024], %[[BYTES]];

#ld = #cute_nvgpu.bulk_copy<load, f16, bytes = 1024>
#st = #cute_nvgpu.bulk_copy<store, f16, bytes = 1024>
module attributes {gpu.container_module} {
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @load(%gm: memref<?xf16, 1>, %n: index, %blk: index)
      workgroup(%sm: memref<1024xf16, #gpu.address_space<workgroup>>,
                %bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %shape = cute.make_shape %n : !cute.shape<"?">
    %lg = cute.make_layout %shape : !cute.shape<"?">
    %g = cute.make_tensor %gm, %lg : (memref<?xf16, 1>, !cute.layout<"?:1">) -> !cute.tensor<f16, gmem, "?:1">
    %ls = cute.static : !cute.layout<"1024:1">
    %s = cute.make_tensor %sm, %ls : (memref<1024xf16, #gpu.address_space<workgroup>>, !cute.layout<"1024:1">) -> !cute.tensor<f16, smem, "1024:1">
    %tile = cute.static : !cute.tile<"512">
    %cg = cute.make_coord %blk : !cute.coord<"?">
    %cs = cute.make_coord %c1 : !cute.coord<"?">
    %gt = cute.local_tile %g, %tile, %cg : !cute.tensor<f16, gmem, "?:1">, !cute.tile<"512">, !cute.coord<"?">
    %st = cute.local_tile %s, %tile, %cs : !cute.tensor<f16, smem, "1024:1">, !cute.tile<"512">, !cute.coord<"?">
    cute_nvgpu.bulk_copy #ld, %gt, %st barrier %bars[%c1] : !cute.tensor<f16, gmem, "(512):(1)">, !cute.tensor<f16, smem, "(512):(1)">, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store(%gm: memref<?xf16, 1>, %n: index, %blk: index)
      workgroup(%sm: memref<1024xf16, #gpu.address_space<workgroup>>,
                %bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %shape = cute.make_shape %n : !cute.shape<"?">
    %lg = cute.make_layout %shape : !cute.shape<"?">
    %g = cute.make_tensor %gm, %lg : (memref<?xf16, 1>, !cute.layout<"?:1">) -> !cute.tensor<f16, gmem, "?:1">
    %ls = cute.static : !cute.layout<"1024:1">
    %s = cute.make_tensor %sm, %ls : (memref<1024xf16, #gpu.address_space<workgroup>>, !cute.layout<"1024:1">) -> !cute.tensor<f16, smem, "1024:1">
    %tile = cute.static : !cute.tile<"512">
    %cg = cute.make_coord %blk : !cute.coord<"?">
    %cs = cute.make_coord %c1 : !cute.coord<"?">
    %gt = cute.local_tile %g, %tile, %cg : !cute.tensor<f16, gmem, "?:1">, !cute.tile<"512">, !cute.coord<"?">
    %st = cute.local_tile %s, %tile, %cs : !cute.tensor<f16, smem, "1024:1">, !cute.tile<"512">, !cute.coord<"?">
    cute_nvgpu.bulk_copy #st, %st, %gt : !cute.tensor<f16, smem, "(512):(1)">, !cute.tensor<f16, gmem, "(512):(1)">
    nvvm.cp.async.bulk.commit.group
    nvvm.cp.async.bulk.wait_group 0
    gpu.return
  }
}
}
