// RUN: not cute-opt %s --split-input-file --cute-to-ptx="chip=sm_90a" 2>&1 | FileCheck %s
// RUN: not cute-opt %s --split-input-file --cute-to-llvm="chip=sm_90a" 2>&1 | FileCheck %s
// RUN: not cute-opt %s --split-input-file --cute-to-llvm="chip=sm_90a" 2>/dev/null | FileCheck %s --check-prefix=HOST

// The ops that run on the GPU only (named barriers, mbarriers, TMA, tensor
// cores, a CTA's place in its cluster) must be inside a gpu.module: in host
// code they were lowered to thread indices and barriers that the host
// cannot run, and the pipelines exited 0.

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
func.func @host(%units: index, %ktiles: index, %workers: index, %worker: index, %tid: index,
                %partials: memref<?xf32>, %flags: memref<?xi32>) -> i1 {
  %c0 = arith.constant 0 : index
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers
  %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  // CHECK: :[[@LINE+1]]:12: error: 'cute_nvgpu.stream_k_fixup' op is a device op and must be inside a GPU kernel (a gpu.func of a gpu.module), not in host code
  %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %c0, %acc, %partials, %flags, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return %store : i1
}

// -----

func.func @pipeline_on_the_host(%bars: memref<8xi64, #gpu.address_space<workgroup>>) {
  // CHECK: :[[@LINE+1]]:11: error: 'cute_nvgpu.pipeline_create' op is a device op and must be inside a GPU kernel
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
  cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
  return
}

// -----

func.func @cluster_tile_on_the_host(%w: index, %m: index, %n: index) -> (index, index) {
  // CHECK: :[[@LINE+1]]:14: error: 'cute_nvgpu.tile_coord' op is a device op and must be inside a GPU kernel
  %tm, %tn = cute_nvgpu.tile_coord %w, %m, %n group 8 cluster [2, 1]
  return %tm, %tn : index, index
}

// -----

#sm80 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">
func.func @mma_sync_on_the_host(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">,
                                %b: !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">,
                                %c: !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">) {
  // CHECK: :[[@LINE+1]]:3: error: 'cute_nvgpu.gemm' op is a device op and must be inside a GPU kernel
  cute_nvgpu.gemm #sm80, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
  return
}

// -----

// The schedule and tile coordinates without a cluster are arithmetic, which
// the host runs too.
// HOST-LABEL: llvm.func @schedule_on_the_host
func.func @schedule_on_the_host(%units: index, %ktiles: index, %workers: index, %w: index) -> (index, index, index) {
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers
  %count = cute_nvgpu.stream_k_work_count %sk, %w
  %tm, %tn = cute_nvgpu.tile_coord %w, %units, %ktiles group 8
  return %count, %tm, %tn : index, index, index
}
