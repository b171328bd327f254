// RUN: cute-opt %s --cute-decompose-boundaries --convert-cute-nvgpu-to-nvvm | FileCheck %s
// RUN: cute-opt %s --cute-decompose-boundaries --convert-cute-nvgpu-to-nvvm | grep -c llvm.ptrtoint | FileCheck %s --check-prefix=COUNT

// A wgmma operand's descriptors are computed from one start address when
// every tile's distance from the first is static: B here, whose offset
// inside its 128-byte swizzle is a multiple of the swizzle's period (8192
// elements, the period is 512), so each k-block adds to B's start. A's
// offset has no known divisor, so swizzle(offset + s) is not offset +
// swizzle(s) and each of its tiles' addresses is computed in full: two
// start addresses and one more for each of the 8 wgmmas' A.
// CHECK-LABEL: gpu.func @unaligned_a
// CHECK: nvvm.shfl.sync idx
// CHECK: %[[B:.*]] = nvvm.shfl.sync idx
// CHECK: llvm.ptrtoint
// CHECK: nvvm.wgmma.mma_async
// CHECK: llvm.ptrtoint
// CHECK: nvvm.wgmma.mma_async
// CHECK: llvm.ptrtoint
// CHECK: llvm.add %[[B]], %{{.*}} : i32
// CHECK: nvvm.wgmma.mma_async
// COUNT: {{^}}10{{$}}

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32F16F16_SS, "(1,1,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @unaligned_a(%sA: !cute.tensor<f16, smem, "Sw<3,3,3> o ? o ((8,16),64):((64,512),1)">,
                      %sB: !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">,
                      %tid: index) {
    %tCsA = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o ? o ((8,16),64):((64,512),1)">, index
    %tCsB = cute_nvgpu.partition_b #tm, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, index
    %tCrC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #tm, %tCsA, %tCsB, %tCrC : !cute.tensor<f16, smem, "Sw<3,3,3> o ? o ((64,16),2,4):((64,1),4096,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((128,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
    nvvm.wgmma.commit.group.sync.aligned
    gpu.return
  }
}
}
