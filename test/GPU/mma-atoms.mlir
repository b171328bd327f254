// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a features=+ptx84" | cute-opt --cute-write-ptx="dir=%t" > /dev/null
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/atoms.cubin > %t/ptxas.log 2>&1
// RUN: grep -c '0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads' %t/ptxas.log | FileCheck %s
// CHECK: {{^}}11{{$}}
//
// bench/gpu_check.py --atoms runs these kernels on a GPU against a float64
// reference (see README, "Running on a GPU").
//
// One kernel per mma.sync atom, for checking on a GPU: 32 threads multiply
// an M x K row-major A by an N x K row-major B into an M x N row-major C
// (C += A * B^T). Each thread takes its values through the atom's own
// partition (so the TV layouts are checked too), runs the atom once and
// writes its part of C back.

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @f16_f32_k16(%A: memref<256xf16, 1>, %B: memref<128xf16, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,16):(16,1)">
    %lb = cute.static : !cute.layout<"(8,16):(16,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<256xf16, 1>, !cute.layout<"(16,16):(16,1)">) -> !cute.tensor<f16, gmem, "(16,16):(16,1)">
    %gB = cute.make_tensor %B, %lb : (memref<128xf16, 1>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<f16, gmem, "(8,16):(16,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f16, gmem, "(16,16):(16,1)">, index) -> !cute.tensor<f16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f16, gmem, "(8,16):(16,1)">, index) -> !cute.tensor<f16, gmem, "((2,2),1,1):((1,8),0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">) -> !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f16, gmem, "((2,2),1,1):((1,8),0,0)">) -> !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">, !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    cute.copy %tB, %fB : !cute.tensor<f16, gmem, "((2,2),1,1):((1,8),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @f16_f16_k8(%A: memref<128xf16, 1>, %B: memref<64xf16, 1>, %C: memref<128xf16, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,8):(8,1)">
    %lb = cute.static : !cute.layout<"(8,8):(8,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<128xf16, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f16, gmem, "(16,8):(8,1)">
    %gB = cute.make_tensor %B, %lb : (memref<64xf16, 1>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f16, gmem, "(8,8):(8,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf16, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f16, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F16F16F16F16_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f16, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F16F16F16F16_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f16, gmem, "(8,8):(8,1)">, index) -> !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F16F16F16F16_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f16, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">) -> !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tB, %fB : !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    cute.copy %tC, %fC : !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F16F16F16F16_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @bf16_k16(%A: memref<256xbf16, 1>, %B: memref<128xbf16, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,16):(16,1)">
    %lb = cute.static : !cute.layout<"(8,16):(16,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<256xbf16, 1>, !cute.layout<"(16,16):(16,1)">) -> !cute.tensor<bf16, gmem, "(16,16):(16,1)">
    %gB = cute.make_tensor %B, %lb : (memref<128xbf16, 1>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<bf16, gmem, "(8,16):(16,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32BF16BF16F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<bf16, gmem, "(16,16):(16,1)">, index) -> !cute.tensor<bf16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32BF16BF16F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<bf16, gmem, "(8,16):(16,1)">, index) -> !cute.tensor<bf16, gmem, "((2,2),1,1):((1,8),0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32BF16BF16F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<bf16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">) -> !cute.tensor<bf16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<bf16, gmem, "((2,2),1,1):((1,8),0,0)">) -> !cute.tensor<bf16, rmem, "((2,2),1,1):((1,2),0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<bf16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">, !cute.tensor<bf16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    cute.copy %tB, %fB : !cute.tensor<bf16, gmem, "((2,2),1,1):((1,8),0,0)">, !cute.tensor<bf16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32BF16BF16F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<bf16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<bf16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @tf32_k4(%A: memref<64xf32, 1>, %B: memref<32xf32, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,4):(4,1)">
    %lb = cute.static : !cute.layout<"(8,4):(4,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<64xf32, 1>, !cute.layout<"(16,4):(4,1)">) -> !cute.tensor<f32, gmem, "(16,4):(4,1)">
    %gB = cute.make_tensor %B, %lb : (memref<32xf32, 1>, !cute.layout<"(8,4):(4,1)">) -> !cute.tensor<f32, gmem, "(8,4):(4,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f32, gmem, "(16,4):(4,1)">, index) -> !cute.tensor<f32, gmem, "(2,1,1):(32,0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f32, gmem, "(8,4):(4,1)">, index) -> !cute.tensor<f32, gmem, "(1,1,1):(0,0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f32, gmem, "(2,1,1):(32,0,0)">) -> !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f32, gmem, "(1,1,1):(0,0,0)">) -> !cute.tensor<f32, rmem, "(1,1,1):(0,0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f32, gmem, "(2,1,1):(32,0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    cute.copy %tB, %fB : !cute.tensor<f32, gmem, "(1,1,1):(0,0,0)">, !cute.tensor<f32, rmem, "(1,1,1):(0,0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(1,1,1):(0,0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @tf32_k8(%A: memref<128xf32, 1>, %B: memref<64xf32, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,8):(8,1)">
    %lb = cute.static : !cute.layout<"(8,8):(8,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %gB = cute.make_tensor %B, %lb : (memref<64xf32, 1>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f32, gmem, "(8,8):(8,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F32TF32TF32F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((64,4),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F32TF32TF32F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f32, gmem, "(8,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "(2,1,1):(4,0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F32TF32TF32F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f32, gmem, "((2,2),1,1):((64,4),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f32, gmem, "(2,1,1):(4,0,0)">) -> !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f32, gmem, "((2,2),1,1):((64,4),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tB, %fB : !cute.tensor<f32, gmem, "(2,1,1):(4,0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F32TF32TF32F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @f64_k4(%A: memref<32xf64, 1>, %B: memref<32xf64, 1>, %C: memref<64xf64, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(8,4):(4,1)">
    %lb = cute.static : !cute.layout<"(8,4):(4,1)">
    %lc = cute.static : !cute.layout<"(8,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<32xf64, 1>, !cute.layout<"(8,4):(4,1)">) -> !cute.tensor<f64, gmem, "(8,4):(4,1)">
    %gB = cute.make_tensor %B, %lb : (memref<32xf64, 1>, !cute.layout<"(8,4):(4,1)">) -> !cute.tensor<f64, gmem, "(8,4):(4,1)">
    %gC = cute.make_tensor %C, %lc : (memref<64xf64, 1>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f64, gmem, "(8,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_8x8x4_F64F64F64F64_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f64, gmem, "(8,4):(4,1)">, index) -> !cute.tensor<f64, gmem, "(1,1,1):(0,0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_8x8x4_F64F64F64F64_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f64, gmem, "(8,4):(4,1)">, index) -> !cute.tensor<f64, gmem, "(1,1,1):(0,0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_8x8x4_F64F64F64F64_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f64, gmem, "(8,8):(8,1)">, index) -> !cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f64, gmem, "(1,1,1):(0,0,0)">) -> !cute.tensor<f64, rmem, "(1,1,1):(0,0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f64, gmem, "(1,1,1):(0,0,0)">) -> !cute.tensor<f64, rmem, "(1,1,1):(0,0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">) -> !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
    cute.copy %tA, %fA : !cute.tensor<f64, gmem, "(1,1,1):(0,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(0,0,0)">
    cute.copy %tB, %fB : !cute.tensor<f64, gmem, "(1,1,1):(0,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(0,0,0)">
    cute.copy %tC, %fC : !cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_8x8x4_F64F64F64F64_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f64, rmem, "(1,1,1):(0,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(0,0,0)">, !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
    cute.copy %fC, %tC : !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @s8_k32(%A: memref<512xi8, 1>, %B: memref<256xi8, 1>, %C: memref<128xi32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,32):(32,1)">
    %lb = cute.static : !cute.layout<"(8,32):(32,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<512xi8, 1>, !cute.layout<"(16,32):(32,1)">) -> !cute.tensor<i8, gmem, "(16,32):(32,1)">
    %gB = cute.make_tensor %B, %lb : (memref<256xi8, 1>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<i8, gmem, "(8,32):(32,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xi32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<i32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x32_S32S8S8S32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<i8, gmem, "(16,32):(32,1)">, index) -> !cute.tensor<i8, gmem, "((4,2,2),1,1):((1,256,16),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x32_S32S8S8S32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<i8, gmem, "(8,32):(32,1)">, index) -> !cute.tensor<i8, gmem, "((4,2),1,1):((1,16),0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x32_S32S8S8S32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<i32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<i8, gmem, "((4,2,2),1,1):((1,256,16),0,0)">) -> !cute.tensor<i8, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<i8, gmem, "((4,2),1,1):((1,16),0,0)">) -> !cute.tensor<i8, rmem, "((4,2),1,1):((1,4),0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<i8, gmem, "((4,2,2),1,1):((1,256,16),0,0)">, !cute.tensor<i8, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    cute.copy %tB, %fB : !cute.tensor<i8, gmem, "((4,2),1,1):((1,16),0,0)">, !cute.tensor<i8, rmem, "((4,2),1,1):((1,4),0,0)">
    cute.copy %tC, %fC : !cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x32_S32S8S8S32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<i8, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, !cute.tensor<i8, rmem, "((4,2),1,1):((1,4),0,0)">, !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @u8_k16(%A: memref<256xi8, 1>, %B: memref<128xi8, 1>, %C: memref<128xi32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,16):(16,1)">
    %lb = cute.static : !cute.layout<"(8,16):(16,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<256xi8, 1>, !cute.layout<"(16,16):(16,1)">) -> !cute.tensor<i8, gmem, "(16,16):(16,1)">
    %gB = cute.make_tensor %B, %lb : (memref<128xi8, 1>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<i8, gmem, "(8,16):(16,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xi32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<i32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_S32U8U8S32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<i8, gmem, "(16,16):(16,1)">, index) -> !cute.tensor<i8, gmem, "((4,2),1,1):((1,128),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_S32U8U8S32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<i8, gmem, "(8,16):(16,1)">, index) -> !cute.tensor<i8, gmem, "(4,1,1):(1,0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_S32U8U8S32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<i32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<i8, gmem, "((4,2),1,1):((1,128),0,0)">) -> !cute.tensor<i8, rmem, "((4,2),1,1):((1,4),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<i8, gmem, "(4,1,1):(1,0,0)">) -> !cute.tensor<i8, rmem, "(4,1,1):(1,0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<i8, gmem, "((4,2),1,1):((1,128),0,0)">, !cute.tensor<i8, rmem, "((4,2),1,1):((1,4),0,0)">
    cute.copy %tB, %fB : !cute.tensor<i8, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(4,1,1):(1,0,0)">
    cute.copy %tC, %fC : !cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_S32U8U8S32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<i8, rmem, "((4,2),1,1):((1,4),0,0)">, !cute.tensor<i8, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<i32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<i32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @sm75_f16_k8(%A: memref<128xf16, 1>, %B: memref<64xf16, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,8):(8,1)">
    %lb = cute.static : !cute.layout<"(8,8):(8,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<128xf16, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f16, gmem, "(16,8):(8,1)">
    %gB = cute.make_tensor %B, %lb : (memref<64xf16, 1>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f16, gmem, "(8,8):(8,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM75_16x8x8_F32F16F16F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f16, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM75_16x8x8_F32F16F16F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f16, gmem, "(8,8):(8,1)">, index) -> !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM75_16x8x8_F32F16F16F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">) -> !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f16, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tB, %fB : !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM75_16x8x8_F32F16F16F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @e4m3_k32(%A: memref<512xf8E4M3FN, 1>, %B: memref<256xf8E4M3FN, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,32):(32,1)">
    %lb = cute.static : !cute.layout<"(8,32):(32,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<512xf8E4M3FN, 1>, !cute.layout<"(16,32):(32,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(16,32):(32,1)">
    %gB = cute.make_tensor %B, %lb : (memref<256xf8E4M3FN, 1>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<f8E4M3FN, gmem, "(8,32):(32,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f8E4M3FN, gmem, "(16,32):(32,1)">, index) -> !cute.tensor<f8E4M3FN, gmem, "((4,2,2),1,1):((1,256,16),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f8E4M3FN, gmem, "(8,32):(32,1)">, index) -> !cute.tensor<f8E4M3FN, gmem, "((4,2),1,1):((1,16),0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f8E4M3FN, gmem, "((4,2,2),1,1):((1,256,16),0,0)">) -> !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f8E4M3FN, gmem, "((4,2),1,1):((1,16),0,0)">) -> !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f8E4M3FN, gmem, "((4,2,2),1,1):((1,256,16),0,0)">, !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    cute.copy %tB, %fB : !cute.tensor<f8E4M3FN, gmem, "((4,2),1,1):((1,16),0,0)">, !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
  gpu.func @e5m2_k32(%A: memref<512xf8E5M2, 1>, %B: memref<256xf8E5M2, 1>, %C: memref<128xf32, 1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(16,32):(32,1)">
    %lb = cute.static : !cute.layout<"(8,32):(32,1)">
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gA = cute.make_tensor %A, %la : (memref<512xf8E5M2, 1>, !cute.layout<"(16,32):(32,1)">) -> !cute.tensor<f8E5M2, gmem, "(16,32):(32,1)">
    %gB = cute.make_tensor %B, %lb : (memref<256xf8E5M2, 1>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<f8E5M2, gmem, "(8,32):(32,1)">
    %gC = cute.make_tensor %C, %lc : (memref<128xf32, 1>, !cute.layout<"(16,8):(8,1)">) -> !cute.tensor<f32, gmem, "(16,8):(8,1)">
    %tA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E5M2E5M2F32_TN, "(1,1,1)">, %gA, %tid : (!cute.tensor<f8E5M2, gmem, "(16,32):(32,1)">, index) -> !cute.tensor<f8E5M2, gmem, "((4,2,2),1,1):((1,256,16),0,0)">
    %tB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E5M2E5M2F32_TN, "(1,1,1)">, %gB, %tid : (!cute.tensor<f8E5M2, gmem, "(8,32):(32,1)">, index) -> !cute.tensor<f8E5M2, gmem, "((4,2),1,1):((1,16),0,0)">
    %tC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E5M2E5M2F32_TN, "(1,1,1)">, %gC, %tid : (!cute.tensor<f32, gmem, "(16,8):(8,1)">, index) -> !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    %fA = cute.make_fragment like %tA : (!cute.tensor<f8E5M2, gmem, "((4,2,2),1,1):((1,256,16),0,0)">) -> !cute.tensor<f8E5M2, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    %fB = cute.make_fragment like %tB : (!cute.tensor<f8E5M2, gmem, "((4,2),1,1):((1,16),0,0)">) -> !cute.tensor<f8E5M2, rmem, "((4,2),1,1):((1,4),0,0)">
    %fC = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tA, %fA : !cute.tensor<f8E5M2, gmem, "((4,2,2),1,1):((1,256,16),0,0)">, !cute.tensor<f8E5M2, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    cute.copy %tB, %fB : !cute.tensor<f8E5M2, gmem, "((4,2),1,1):((1,16),0,0)">, !cute.tensor<f8E5M2, rmem, "((4,2),1,1):((1,4),0,0)">
    cute.copy %tC, %fC : !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E5M2E5M2F32_TN, "(1,1,1)">, %fA, %fB, %fC : !cute.tensor<f8E5M2, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, !cute.tensor<f8E5M2, rmem, "((4,2),1,1):((1,4),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %fC, %tC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, gmem, "((2,2),1,1):((1,64),0,0)">
    gpu.return
  }
}
}
