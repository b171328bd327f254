// RUN: cute-opt %s --cute-nvgpu-lower-pipelines -canonicalize -cse -split-input-file | FileCheck %s

// A pipeline across a 2x1 cluster whose producer loads its own A box and
// half of B, multicast to both CTAs: each stage's full barrier expects A's
// 16 KiB and both halves of B (2 x 16 KiB) = 49152 bytes; each empty
// barrier counts the releases of 8 consumer warps from each of the 2 CTAs
// (16). Peers must see the barriers initialized, so a fence and a cluster
// barrier replace the block barrier (its arrive relaxed: the fence releases
// the barriers). The tail waits on the empty barrier of
// each of the 4 stages, one round on from the final state, without arriving.

// CHECK-LABEL: func @producer
// CHECK-SAME: (%[[BARS:[a-z0-9]+]]: memref<8xi64, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[BYTES:.*]] = arith.constant 49152 : index
// CHECK-DAG: %[[RELEASES:.*]] = arith.constant 16 : index
// CHECK: scf.if
// CHECK-NEXT: scf.for %[[S:.*]] =
// CHECK-NEXT: cute_nvgpu.mbarrier_init %[[BARS]][%[[S]]], %{{.*}}
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[S]]
// CHECK-NEXT: cute_nvgpu.mbarrier_init %[[BARS]][%[[E]]], %[[RELEASES]]
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NOT: gpu.barrier
// CHECK: %[[END:.*]] = scf.for
// CHECK: cute_nvgpu.mbarrier_arrive %[[BARS]][%[[STAGE:.*]]] expect_tx %[[BYTES]]
// CHECK-NEXT: cute_nvgpu.tma_copy #{{.*}} barrier %[[BARS]][%[[STAGE]]] :
// CHECK-NEXT: cute_nvgpu.tma_copy #{{.*}} barrier %[[BARS]][%[[STAGE]]] multicast %{{.*}} :
// CHECK: scf.yield
// CHECK-COUNT-4: cute_nvgpu.mbarrier_wait %[[BARS]]
// CHECK-NOT: mbarrier_arrive
// CHECK: return
#tmaA = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
#mcB = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 128], swizzle = 128, multicast = 2>

func.func @producer(%bars: memref<8xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %n: index, %mask: i16,
                    %gA: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                    %sA: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">,
                    %gB: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                    %sB: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
  %end = scf.for %k = %c0 to %n step %c1 iter_args(%st = %start) -> (!cute_nvgpu.pipeline_state<4>) {
    cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #tmaA, %d, %gA, %sA pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #mcB, %d, %gB, %sB pipeline %pipe[%st] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
    scf.yield %next : !cute_nvgpu.pipeline_state<4>
  }
  cute_nvgpu.pipeline_producer_tail %pipe, %end : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
  return
}

// -----

// In a 2x2 cluster a consumer releases to its cluster row and column: the
// 3 CTAs whose loads write into its stages, lane r of each warp to CTA r
// (rank x + 2 * y). 4 warps x 3 CTAs = 12 releases per empty barrier.
// CHECK-LABEL: func @consumer
// CHECK-SAME: (%[[BARS:[a-z0-9]+]]: memref<4xi64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: cute_nvgpu.mbarrier_init %[[BARS]][%{{.*}}], %[[C12]]
// CHECK: nvvm.bar.warp.sync
// CHECK-NEXT: %[[LANE:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK-NEXT: %[[PEER:.*]] = arith.index_castui %[[LANE]] : i32 to index
// CHECK-NEXT: %[[PX:.*]] = arith.remui %[[PEER]], %[[C2]] : index
// CHECK-NEXT: %[[PY:.*]] = arith.divui %[[PEER]], %[[C2]] : index
// CHECK-NEXT: %[[X:.*]] = gpu.cluster_block_id x
// CHECK-NEXT: %[[Y:.*]] = gpu.cluster_block_id y
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[PEER]], %[[C4]] : index
// CHECK-DAG: %[[SAMEY:.*]] = arith.cmpi eq, %[[PY]], %[[Y]] : index
// CHECK-DAG: %[[SAMEX:.*]] = arith.cmpi eq, %[[PX]], %[[X]] : index
// CHECK: %[[LINE:.*]] = arith.ori %[[SAMEX]], %[[SAMEY]] : i1
// CHECK-NEXT: %[[SIGNAL:.*]] = arith.andi %[[IN]], %[[LINE]] : i1
// CHECK-NEXT: scf.if %[[SIGNAL]] {
// CHECK-NEXT: cute_nvgpu.mbarrier_arrive %[[BARS]][%[[C2]]] cta %[[PEER]] :
func.func @consumer(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 2] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

// The cluster barrier's wait goes before the pipeline's first use, in the
// block of pipeline_create: what comes between (here a division) overlaps
// the peers' initialization.
// CHECK-LABEL: func @deferred_wait
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: %[[Q:.*]] = arith.divui
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: scf.if
// CHECK: cute_nvgpu.mbarrier_wait
// CHECK: memref.store %[[Q]]
func.func @deferred_wait(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %a: index, %b: index, %p: i1, %out: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %q = arith.divui %a, %b : index
  scf.if %p {
    %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  }
  memref.store %q, %out[%c0] : memref<1xindex>
  return
}

// -----

// Two cluster pipelines: the first one's wait comes before the second one's
// arrive (a cluster barrier's arrives and waits alternate), the second's
// before their first use.
// CHECK-LABEL: func @two_pipelines
// CHECK: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NOT: nvvm.cluster
// CHECK: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: %[[Q:.*]] = arith.divui
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NOT: nvvm.cluster
// CHECK: return
func.func @two_pipelines(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %bars2: memref<4xi64, #gpu.address_space<workgroup>>, %a: index, %b: index, %out: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %pipe2 = cute_nvgpu.pipeline_create %bars2 consumers 128 cluster [2, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %q = arith.divui %a, %b : index
  %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_wait %pipe2, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  memref.store %q, %out[%c0] : memref<1xindex>
  return
}

// -----

// A cluster pipeline that nothing uses still waits, at the end of its block,
// after what follows the create.
// CHECK-LABEL: func @unused_pipeline
// CHECK: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: arith.divui
// CHECK-NEXT: memref.store
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: return
func.func @unused_pipeline(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %a: index, %b: index, %out: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %q = arith.divui %a, %b : index
  memref.store %q, %out[%c0] : memref<1xindex>
  return
}
