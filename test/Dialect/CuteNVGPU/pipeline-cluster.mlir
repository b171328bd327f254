// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// Round trip of the cluster forms: a pipeline across a 2x1 cluster whose
// producer multicasts half of B into both CTAs and ends with
// pipeline_producer_tail, a peer CTA's mbarrier arrival, and the tile of a
// cluster's block.

#mc = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 128], swizzle = 128, multicast = 2>

module attributes {gpu.container_module} {
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  // CHECK-LABEL: gpu.func @producer
  gpu.func @producer(%bars: memref<8xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %n: index, %mask: i16,
                     %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                     %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: %[[PIPE:.*]] = cute_nvgpu.pipeline_create %{{.*}} consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
    // CHECK: %[[END:.*]] = scf.for
    %end = scf.for %k = %c0 to %n step %c1 iter_args(%st = %start) -> (!cute_nvgpu.pipeline_state<4>) {
      cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      // CHECK: cute_nvgpu.tma_copy #{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} pipeline %[[PIPE]][%{{.*}}] multicast %{{.*}} :
      cute_nvgpu.tma_copy #mc, %d, %g, %s pipeline %pipe[%st] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
      %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
      scf.yield %next : !cute_nvgpu.pipeline_state<4>
    }
    // CHECK: cute_nvgpu.pipeline_producer_tail %[[PIPE]], %[[END]] : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.pipeline_producer_tail %pipe, %end : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    // CHECK: cute_nvgpu.mbarrier_arrive %{{.*}}[%{{.*}}] cta %{{.*}} : memref<8xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%c0] cta %c1 : memref<8xi64, #gpu.address_space<workgroup>>
    // CHECK: cute_nvgpu.mbarrier_arrive %{{.*}}[%{{.*}}] expect_tx %{{.*}} cta %{{.*}} : memref<8xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %n cta %c1 : memref<8xi64, #gpu.address_space<workgroup>>
    gpu.return
  }

  // Constant masks of the cluster's CTAs: both CTAs of the pipeline's 2x1
  // cluster, and CTA 1 of a kernel compiled for clusters of (2, 1, 1).
  // CHECK-LABEL: gpu.func @constant_masks
  // CHECK: cute_nvgpu.tma_copy {{.*}} pipeline {{.*}} multicast %{{.*}} :
  // CHECK: cute_nvgpu.tma_copy {{.*}} barrier {{.*}} multicast %{{.*}} :
  gpu.func @constant_masks(%bars: memref<8xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %i: index,
                           %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                           %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %both = arith.constant 3 : i16
    %second = arith.constant 2 : i16
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #mc, %d, %g, %s pipeline %pipe[%st] multicast %both : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #mc, %d, %g, %s barrier %bars[%i] multicast %second : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<8xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
}

// CHECK-LABEL: func @cluster_tile
// CHECK: cute_nvgpu.tile_coord %{{.*}}, %{{.*}}, %{{.*}} group 8 cluster [2, 1]
// CHECK: cute_nvgpu.tile_coord %{{.*}}, %{{.*}}, %{{.*}} group 1 cluster [1, 2]
func.func @cluster_tile(%w: index, %tm: index, %tn: index) -> (index, index, index, index) {
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [2, 1]
  %m2, %n2 = cute_nvgpu.tile_coord %w, %tm, %tn group 1 cluster [1, 2]
  return %m, %n, %m2, %n2 : index, index, index, index
}
