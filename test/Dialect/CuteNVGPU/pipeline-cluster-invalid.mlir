// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @cluster_of_three_extents(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a cluster is [X, Y], CTAs along M and N, got 3 extents}}
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

func.func @cluster_too_large(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4, 4]}}
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [4, 4] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

func.func @cluster_of_no_ctas(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [0, 2]}}
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [0, 2] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

// The extents are bounded before they are multiplied: 2^32 x 2^32 is 0 in
// 64 bits, and passed as a cluster of no CTAs.
func.func @cluster_overflow(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4294967296, 4294967296]}}
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [4294967296, 4294967296] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

// 2^62 x 4 wraps around to 0 too, one extent within the limit.
func.func @cluster_overflow_one_extent(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4611686018427387904, 4]}}
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [4611686018427387904, 4] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  gpu.func @cluster_on_sm80(%bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel {
    // expected-error @+1 {{a pipeline across a cluster needs sm_90 or newer, but the target is sm_80}}
    %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
    gpu.return
  }
}

// -----

gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  gpu.func @peer_arrival_on_sm80(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    // expected-error @+1 {{an mbarrier arrival in a peer CTA needs sm_90 or newer, but the target is sm_80}}
    cute_nvgpu.mbarrier_arrive %bars[%i] cta %i : memref<4xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A multicast to two CTAs fits a cluster row or column of two only.
func.func @multicast_without_cluster(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %mask: i16,
                                     %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %sm: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<2>
  // expected-error @+1 {{a multicast load into a pipeline goes to a row or a column of the pipeline's cluster (1x1), but the atom multicasts to 2 CTAs: create the pipeline with `cluster [X, Y]`}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 2>, %d, %g, %sm pipeline %pipe[%st] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @multicast_across_the_cluster_shape(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %mask: i16,
                                              %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %sm: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [4, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<2>
  // expected-error @+1 {{goes to a row or a column of the pipeline's cluster (4x1), but the atom multicasts to 2 CTAs}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 2>, %d, %g, %sm pipeline %pipe[%st] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @tail_of_another_pipeline(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<3>
  // expected-error @+1 {{the state walks a pipeline of 3 stages, but the pipeline has 2}}
  cute_nvgpu.pipeline_producer_tail %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<3>
  return
}

// -----

func.func @tile_cluster_too_large(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4, 4]}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [4, 4]
  return
}

// -----

func.func @tile_cluster_of_one_extent(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{a cluster is [X, Y], CTAs along M and N, got 1 extents}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [2]
  return
}

// -----

// A constant multicast mask names CTAs of the cluster: -1 (0xffff) in a
// pipeline's cluster of 2 CTAs names 14 CTAs that are not there.
func.func @multicast_mask_past_the_cluster(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr,
                                           %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %sm: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">) {
  %mask = arith.constant -1 : i16
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<2>
  // expected-error @+1 {{the multicast mask 0xffff names CTA ranks up to 15, but the pipeline's cluster has 2 CTAs (bits 0..1)}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 2>, %d, %g, %sm pipeline %pipe[%st] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @multicast_mask_of_no_ctas(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr,
                                     %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %sm: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">) {
  %mask = arith.constant 0 : i16
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [1, 2] : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<2>
  // expected-error @+1 {{the multicast mask is 0, which writes the box to no CTA: set a bit for each CTA of the cluster that receives it}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 2>, %d, %g, %sm pipeline %pipe[%st] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

// Without a pipeline, the kernel's known cluster size bounds the mask: bit
// 2 of 0x5 is a third CTA of a cluster of (2, 1, 1).
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @multicast_mask_past_the_kernels_cluster(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %d: !llvm.ptr,
                                                    %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %sm: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">) kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %mask = arith.constant 5 : i16
    // expected-error @+1 {{the multicast mask 0x5 names CTA ranks up to 2, but the kernel's cluster has 2 CTAs (bits 0..1)}}
    cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 2>, %d, %g, %sm barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
