// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_89 features=+ptx84" | cute-opt --cute-write-ptx="dir=%t" 2>&1 >/dev/null | FileCheck %s --check-prefix=WROTE
// RUN: FileCheck %s --input-file=%t/kernels.sm_89.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_89 %t/kernels.sm_89.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: FileCheck %s --input-file=%t/ptxas.log --check-prefix=PTXAS
// RUN: grep -c '0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads' %t/ptxas.log | FileCheck %s --check-prefix=ZERO-STACK
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// Each mma.sync family for sm_89, through the whole cute-to-ptx pipeline:
// fragments are filled from global memory, multiplied, and stored back, so
// nothing is dead. ptxas must accept the PTX, and every kernel keep its
// fragments in registers (no stack frame).

// ZERO-STACK: {{^}}2{{$}}
// WROTE: {{.*}}kernels.sm_89.ptx:0:0: remark: wrote kernels for sm_89
// WROTE-NOT: gpu.binary

// PTX-LABEL: .entry e4m3(
// PTX: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// PTX-LABEL: .entry e5m2(
// PTX: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
// PTXAS-DAG: Compiling entry function 'e4m3'
// PTXAS-DAG: Compiling entry function 'e5m2'

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @e4m3(%A: memref<16xf8E4M3FN, 1>, %B: memref<8xf8E4M3FN, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(16,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(8,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<16xf8E4M3FN, 1>, !cute.layout<"(16,1,1):(1,0,0)">) -> !cute.tensor<f8E4M3FN, gmem, "(16,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<8xf8E4M3FN, 1>, !cute.layout<"(8,1,1):(1,0,0)">) -> !cute.tensor<f8E4M3FN, gmem, "(8,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f8E4M3FN, rmem, "(16,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f8E4M3FN, rmem, "(8,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f8E4M3FN, gmem, "(16,1,1):(1,0,0)">, !cute.tensor<f8E4M3FN, rmem, "(16,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f8E4M3FN, gmem, "(8,1,1):(1,0,0)">, !cute.tensor<f8E4M3FN, rmem, "(8,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f8E4M3FN, rmem, "(16,1,1):(1,0,0)">, !cute.tensor<f8E4M3FN, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
  gpu.func @e5m2(%A: memref<16xf8E5M2, 1>, %B: memref<8xf8E5M2, 1>, %C: memref<4xf32, 1>) kernel {
    %la = cute.static : !cute.layout<"(16,1,1):(1,0,0)">
    %lb = cute.static : !cute.layout<"(8,1,1):(1,0,0)">
    %lc = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
    %gA = cute.make_tensor %A, %la : (memref<16xf8E5M2, 1>, !cute.layout<"(16,1,1):(1,0,0)">) -> !cute.tensor<f8E5M2, gmem, "(16,1,1):(1,0,0)">
    %gB = cute.make_tensor %B, %lb : (memref<8xf8E5M2, 1>, !cute.layout<"(8,1,1):(1,0,0)">) -> !cute.tensor<f8E5M2, gmem, "(8,1,1):(1,0,0)">
    %gC = cute.make_tensor %C, %lc : (memref<4xf32, 1>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    %a = cute.make_fragment : !cute.tensor<f8E5M2, rmem, "(16,1,1):(1,0,0)">
    %b = cute.make_fragment : !cute.tensor<f8E5M2, rmem, "(8,1,1):(1,0,0)">
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %gA, %a : !cute.tensor<f8E5M2, gmem, "(16,1,1):(1,0,0)">, !cute.tensor<f8E5M2, rmem, "(16,1,1):(1,0,0)">
    cute.copy %gB, %b : !cute.tensor<f8E5M2, gmem, "(8,1,1):(1,0,0)">, !cute.tensor<f8E5M2, rmem, "(8,1,1):(1,0,0)">
    cute.copy %gC, %c : !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E5M2E5M2F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f8E5M2, rmem, "(16,1,1):(1,0,0)">, !cute.tensor<f8E5M2, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
    cute.copy %c, %gC : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, gmem, "(4,1,1):(1,0,0)">
    gpu.return
  }
}
}
