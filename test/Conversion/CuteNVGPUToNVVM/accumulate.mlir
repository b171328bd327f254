// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file | FileCheck %s

// gemm's accumulate flag: when false, the first k-block computes D = A * B.
// A wgmma takes it as scale-d: a run-time flag becomes the predicate of the
// instruction in inline PTX (an "r" operand, NVVM 22's op takes only an
// attribute), a constant false NVVM's D[..., <zero>]; only the first of the
// k-blocks gets it. mma.sync has no scale-d: the first k-block's C values
// are selected against zero.

#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F32F16F16_SS, "(1,1,1)">

// CHECK-LABEL: gpu.func @wgmma_run_time_flag
// CHECK: %[[FLAG:.*]] = arith.cmpi ne
// CHECK: %[[SCALE:.*]] = llvm.zext %[[FLAG]] : i1 to i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $10, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {$0, $1, $2, $3}, $8, $9, p, 1, 1, 0, 0;\0A}\0A", "=f,=f,=f,=f,0,1,2,3,l,l,r" {{.*}}, %[[SCALE]] : (f32, f32, f32, f32, i64, i64, i32) -> !llvm.struct<(f32, f32, f32, f32)>
// The second k-block accumulates: NVVM's own op, scale-d one.
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @wgmma_constant_false
// With scale-d zero the wgmma does not read C: its inputs are undef, so C's
// old values need not live until it issues.
// CHECK: %[[UNREAD:.*]] = llvm.mlir.undef : f32
// CHECK-COUNT-4: llvm.insertvalue %[[UNREAD]]
// CHECK-NEXT: nvvm.wgmma.mma_async {{.*}} D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
// CHECK-NOT: llvm.inline_asm
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @wgmma_run_time_flag(%k: index)
      workgroup(%smemA: memref<2048xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %smemB: memref<256xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel {
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %lA = cute.static : !cute.layout<"(64,32):(32,1)">
    %sA = cute.make_tensor %smemA, %lA : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,32):(32,1)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (64,32):(32,1)">
    %lB = cute.static : !cute.layout<"(8,32):(32,1)">
    %sB = cute.make_tensor %smemB, %lB : (memref<256xf16, #gpu.address_space<workgroup>>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (8,32):(32,1)">
    %wA = cute_nvgpu.partition_a #wg, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (64,32):(32,1)">, index
    %wB = cute_nvgpu.partition_b #wg, %sB, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (8,32):(32,1)">, index
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    %more = arith.cmpi ne, %k, %c0 : index
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #wg, %wA, %wB, %acc accumulate %more : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((64,16),1,2):((32,1),0,16)">, !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),1,2):((32,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.return
  }

  gpu.func @wgmma_constant_false()
      workgroup(%smemA: memref<2048xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %smemB: memref<256xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel {
    %tid = gpu.thread_id x
    %lA = cute.static : !cute.layout<"(64,32):(32,1)">
    %sA = cute.make_tensor %smemA, %lA : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,32):(32,1)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (64,32):(32,1)">
    %lB = cute.static : !cute.layout<"(8,32):(32,1)">
    %sB = cute.make_tensor %smemB, %lB : (memref<256xf16, #gpu.address_space<workgroup>>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (8,32):(32,1)">
    %wA = cute_nvgpu.partition_a #wg, %sA, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (64,32):(32,1)">, index
    %wB = cute_nvgpu.partition_b #wg, %sB, %tid : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (8,32):(32,1)">, index
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    %false = arith.constant false
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #wg, %wA, %wB, %acc accumulate %false : !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((64,16),1,2):((32,1),0,16)">, !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o ((8,16),1,2):((32,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    gpu.return
  }
}
}

// -----

// CHECK-LABEL: func @mma_sync_from_zero
// CHECK-SAME: (%[[FLAG:.*]]: i1)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-COUNT-4: arith.select %[[FLAG]], %{{.*}}, %[[ZERO]] : f32
// CHECK: nvvm.mma.sync
// The second k-block reads C as it is.
// CHECK-NOT: arith.select
// CHECK: nvvm.mma.sync
func.func @mma_sync_from_zero(%flag: i1) {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1,2):(1,0,8)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,2):(1,0,4)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c accumulate %flag : !cute.tensor<f16, rmem, "(8,1,2):(1,0,8)">, !cute.tensor<f16, rmem, "(4,1,2):(1,0,4)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}
