// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_80" | cute-opt --cute-write-ptx="dir=%t" 2>&1 >/dev/null | FileCheck %s --check-prefix=WROTE
// RUN: FileCheck %s --input-file=%t/kernels.sm_80.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_80 %t/kernels.sm_80.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: FileCheck %s --input-file=%t/ptxas.log --check-prefix=PTXAS
// RUN: grep -c '0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads' %t/ptxas.log | FileCheck %s --check-prefix=ZERO-STACK
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// Each mma.sync family for sm_80, through the whole cute-to-ptx pipeline:
// fragments are filled from global memory, multiplied, and stored back, so
// nothing is dead. ptxas must accept the PTX, and every kernel keep its
// fragments in registers (no stack frame).

// ZERO-STACK: {{^}}9{{$}}
// WROTE: {{.*}}kernels.sm_80.ptx:0:0: remark: wrote kernels for sm_80
// WROTE-NOT: gpu.binary

// PTX-LABEL: .entry f16_f32_k16(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry f16_f16_k8(
// PTX: mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16
// PTX-LABEL: .entry bf16_k16(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-LABEL: .entry tf32_k4(
// PTX: mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32
// PTX-LABEL: .entry tf32_k8(
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-LABEL: .entry f64(
// PTX: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// PTX-LABEL: .entry s8_k32(
// PTX: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// PTX-LABEL: .entry u8_k16(
// PTX: mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32
// PTX-LABEL: .entry sm75_f16_k8(
// PTX: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
// PTXAS-DAG: Compiling entry function 'f16_f32_k16'
// PTXAS-DAG: Compiling entry function 'f16_f16_k8'
// PTXAS-DAG: Compiling entry function 'bf16_k16'
// PTXAS-DAG: Compiling entry function 'tf32_k4'
// PTXAS-DAG: Compiling entry function 'tf32_k8'
// PTXAS-DAG: Compiling entry function 'f64'
// PTXAS-DAG: Compiling entry function 's8_k32'
// PTXAS-DAG: Compiling entry function 'u8_k16'
// PTXAS-DAG: Compiling entry function 'sm75_f16_k8'

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @f16_f32_k16(%A: memref<8xf16, 1>, %B: memref<4xf16, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(8,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<8xf16, 1>, !cute.layout<"(8,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(8,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<4xf16, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f16, gmem, "(8,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @f16_f16_k8(%A: memref<4xf16, 1>, %B: memref<2xf16, 1>, %C: memref<4xf16, 1>) kernel {
    %la = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(2,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<4xf16, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<2xf16, 1>, !cute.layout<"(2,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf16, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F16F16F16F16_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @bf16_k16(%A: memref<8xbf16, 1>, %B: memref<4xbf16, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(8,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<8xbf16, 1>, !cute.layout<"(8,1,1):(1,0,0)">) -> !cute.tensor<bf16, gmem, "(8,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<4xbf16, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<bf16, gmem, "(4,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<bf16, rmem, "(8,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<bf16, rmem, "(4,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<bf16, gmem, "(8,1,1):(1,0,0)">, !cute.tensor<bf16, rmem, "(8,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<bf16, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<bf16, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32BF16BF16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<bf16, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<bf16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @tf32_k4(%A: memref<2xf32, 1>, %B: memref<1xf32, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(2,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(1,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<2xf32, 1>, !cute.layout<"(2,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(2,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<1xf32, 1>, !cute.layout<"(1,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(1,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f32, rmem, "(1,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f32, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f32, gmem, "(1,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(1,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(1,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @tf32_k8(%A: memref<4xf32, 1>, %B: memref<2xf32, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(2,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<2xf32, 1>, !cute.layout<"(2,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(2,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f32, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F32TF32TF32F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @f64(%A: memref<1xf64, 1>, %B: memref<1xf64, 1>, %C: memref<2xf64, 1>) kernel {
    %la = cute.static : !cute.layout<"(1,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(1,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(2,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<1xf64, 1>, !cute.layout<"(1,1,1):(1,0,0)">) -> !cute.tensor<f64, gmem, "(1,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<1xf64, 1>, !cute.layout<"(1,1,1):(1,0,0)">) -> !cute.tensor<f64, gmem, "(1,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<2xf64, 1>, !cute.layout<"(2,1,1):(1,0,0)">) -> !cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f64, gmem, "(1,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f64, gmem, "(1,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_8x8x4_F64F64F64F64_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f64, gmem, "(2,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @s8_k32(%A: memref<16xi8, 1>, %B: memref<8xi8, 1>, %C: memref<4xi32, 1>) kernel {
    %la = cute.static : !cute.layout<"(16,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(8,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<16xi8, 1>, !cute.layout<"(16,1,1):(1,0,0)">) -> !cute.tensor<i8, gmem, "(16,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<8xi8, 1>, !cute.layout<"(8,1,1):(1,0,0)">) -> !cute.tensor<i8, gmem, "(8,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xi32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<i32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<i8, rmem, "(16,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<i8, gmem, "(16,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(16,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<i8, gmem, "(8,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<i32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x32_S32S8S8S32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<i8, rmem, "(16,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<i32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @u8_k16(%A: memref<8xi8, 1>, %B: memref<4xi8, 1>, %C: memref<4xi32, 1>) kernel {
    %la = cute.static : !cute.layout<"(8,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<8xi8, 1>, !cute.layout<"(8,1,1):(1,0,0)">) -> !cute.tensor<i8, gmem, "(8,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<4xi8, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<i8, gmem, "(4,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xi32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<i32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<i8, rmem, "(4,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<i8, gmem, "(8,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<i8, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<i32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_S32U8U8S32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<i32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @sm75_f16_k8(%A: memref<4xf16, 1>, %B: memref<2xf16, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(2,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<4xf16, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<2xf16, 1>, !cute.layout<"(2,1,1):(1,0,0)">) -> !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f16, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f16, gmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM75_16x8x8_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
}
}
