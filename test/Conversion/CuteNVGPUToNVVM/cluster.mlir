// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file | FileCheck %s

// The cluster forms of the mbarrier and scheduling ops, lowered.

// An arrival on a peer CTA's barrier maps the address into the peer's
// shared memory (mapa) and arrives there, at the default (CTA) scope as
// CUTLASS's ClusterBarrier does.
// CHECK-LABEL: func @peer_arrival
// CHECK: %[[PEER:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %{{.*}}, %[[PEER]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: nvvm.mbarrier.arrive %[[REMOTE]] : !llvm.ptr<7>
// CHECK: %[[REMOTE2:.*]] = nvvm.mapa
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[REMOTE2]], %{{.*}} : !llvm.ptr<7>, i32
func.func @peer_arrival(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %peer: index, %bytes: index) {
  cute_nvgpu.mbarrier_arrive %bars[%i] cta %peer : memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.mbarrier_arrive %bars[%i] expect_tx %bytes cta %peer : memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// With a cluster, a work index stands for a cluster's block of tiles: the
// grouped order runs over ceil(tiles / cluster) and each CTA takes its
// tile of the block from its position in the cluster.
// CHECK-LABEL: func @cluster_tile
// CHECK-SAME: (%[[W:.*]]: index, %[[TM:.*]]: index, %[[TN:.*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[BM:.*]] = arith.ceildivui %[[TM]], %[[C2]] : index
// CHECK: arith.muli %{{.*}}, %[[TN]] : index
// CHECK: arith.subi %[[BM]], %{{.*}} : index
// CHECK: %[[M:.*]] = arith.addi
// CHECK: %[[N:.*]] = arith.divui
// CHECK: %[[M2:.*]] = arith.muli %[[M]], %{{.*}} : index
// CHECK: %[[X:.*]] = gpu.cluster_block_id x
// CHECK: %[[MX:.*]] = arith.addi %[[M2]], %[[X]] : index
// CHECK: return %[[MX]], %[[N]]
func.func @cluster_tile(%w: index, %tm: index, %tn: index) -> (index, index) {
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [2, 1]
  return %m, %n : index, index
}
