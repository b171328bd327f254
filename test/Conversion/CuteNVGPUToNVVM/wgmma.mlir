// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s

// wgmma forms beyond f32 += 16-bit * 16-bit from shared memory (which
// test/GPU/wgmma.mlir checks): accumulators in f16, packed in pairs into
// .b32 registers, and A from registers (_RS). NVVM 22 has no op for the
// register-A form, so it is inline PTX: D tied in and out, A's four .b32
// registers, B's descriptor, scale-d through a predicate, then the immediate
// scales and B's transpose where the form has them. The kernels are those of
// test/GPU/wgmma-atoms.mlir.

// CHECK-LABEL: gpu.func @SM90_64x8x16_F16F16F16_SS
// CHECK-COUNT-2: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 8, k = 16>, D[<f16>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(i32, i32)> -> !llvm.struct<(i32, i32)>
// CHECK-COUNT-2: llvm.bitcast %{{.*}} : i32 to vector<2xf16>

// CHECK-LABEL: gpu.func @SM90_64x8x16_F16F16F16_RS
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, $9, 0;\0Awgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {$0, $1}, {$4, $5, $6, $7}, $8, p, 1, 1, 0;\0A}\0A", "=r,=r,0,1,r,r,r,r,l,n" {{.*}} : (i32, i32, i32, i32, i32, i32, i64, i32) -> !llvm.struct<(i32, i32)>
// CHECK-NOT: nvvm.wgmma.mma_async

// CHECK-LABEL: gpu.func @SM90_64x8x8_F32TF32TF32_RS
// CHECK: llvm.inline_asm {{.*}}"{\0A.reg .pred p;\0Asetp.ne.b32 p, $13, 0;\0Awgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {$0, $1, $2, $3}, {$8, $9, $10, $11}, $12, p, 1, 1;\0A}\0A", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,l,n" {{.*}} -> !llvm.struct<(f32, f32, f32, f32)>

// CHECK-LABEL: gpu.func @SM90_64x8x32_S32S8U8_RS
// CHECK: llvm.inline_asm {{.*}}"{\0A.reg .pred p;\0Asetp.ne.b32 p, $13, 0;\0Awgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8 {$0, $1, $2, $3}, {$8, $9, $10, $11}, $12, p;\0A}\0A", "=r,=r,=r,=r,0,1,2,3,r,r,r,r,l,n"

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @SM90_64x8x16_F16F16F16_SS(%A: memref<1024xf16, 1>, %B: memref<128xf16, 1>, %C: memref<512xf16, 1>)
      workgroup(%smemA: memref<1024xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %smemB: memref<128xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %threads = arith.constant 128 : index
    %lA = cute.static : !cute.layout<"(64,16):(16,1)">
    %gA = cute.make_tensor %A, %lA : (memref<1024xf16, 1>, !cute.layout<"(64,16):(16,1)">) -> !cute.tensor<f16, gmem, "(64,16):(16,1)">
    %lB = cute.static : !cute.layout<"(8,16):(16,1)">
    %gB = cute.make_tensor %B, %lB : (memref<128xf16, 1>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<f16, gmem, "(8,16):(16,1)">
    %lC = cute.static : !cute.layout<"(64,8):(8,1)">
    %gC = cute.make_tensor %C, %lC : (memref<512xf16, 1>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<f16, gmem, "(64,8):(8,1)">
    %sA = cute.make_tensor %smemA, %lA : (memref<1024xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,16):(16,1)">) -> !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (64,16):(16,1)">
    %sizeA = arith.constant 1024 : index
    scf.for %i = %tid to %sizeA step %threads {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %gA[%ci] : !cute.tensor<f16, gmem, "(64,16):(16,1)">, !cute.coord<"?"> -> f16
      cute.store %v, %sA[%ci] : f16, !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (64,16):(16,1)">, !cute.coord<"?">
    }
    %sB = cute.make_tensor %smemB, %lB : (memref<128xf16, #gpu.address_space<workgroup>>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (8,16):(16,1)">
    %sizeB = arith.constant 128 : index
    scf.for %i = %tid to %sizeB step %threads {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %gB[%ci] : !cute.tensor<f16, gmem, "(8,16):(16,1)">, !cute.coord<"?"> -> f16
      cute.store %v, %sB[%ci] : f16, !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (8,16):(16,1)">, !cute.coord<"?">
    }
    // Generic-proxy stores that the tensor cores' async proxy reads.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    %wA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_SS, "(1,1,1)">, %sA, %tid : !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (64,16):(16,1)">, index
    %wB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_SS, "(1,1,1)">, %sB, %tid : !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (8,16):(16,1)">, index
    %tgC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_SS, "(1,1,1)">, %gC, %tid : !cute.tensor<f16, gmem, "(64,8):(8,1)">, index
    %fgC = cute.make_fragment like %tgC : (!cute.tensor<f16, gmem, "((2,2,1),1,1):((1,64,8),0,0)">) -> !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    cute.copy %tgC, %fgC : !cute.tensor<f16, gmem, "((2,2,1),1,1):((1,64,8),0,0)">, !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_SS, "(1,1,1)">, %wA, %wB, %fgC : !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o ((64,16),1,1):((16,1),0,0)">, !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o ((8,16),1,1):((16,1),0,0)">, !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    cute.copy %fgC, %tgC : !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">, !cute.tensor<f16, gmem, "((2,2,1),1,1):((1,64,8),0,0)">
    gpu.return
  }

  gpu.func @SM90_64x8x16_F16F16F16_RS(%A: memref<1024xf16, 1>, %B: memref<128xf16, 1>, %C: memref<512xf16, 1>)
      workgroup(%smemB: memref<128xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %threads = arith.constant 128 : index
    %lA = cute.static : !cute.layout<"(64,16):(16,1)">
    %gA = cute.make_tensor %A, %lA : (memref<1024xf16, 1>, !cute.layout<"(64,16):(16,1)">) -> !cute.tensor<f16, gmem, "(64,16):(16,1)">
    %lB = cute.static : !cute.layout<"(8,16):(16,1)">
    %gB = cute.make_tensor %B, %lB : (memref<128xf16, 1>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<f16, gmem, "(8,16):(16,1)">
    %lC = cute.static : !cute.layout<"(64,8):(8,1)">
    %gC = cute.make_tensor %C, %lC : (memref<512xf16, 1>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<f16, gmem, "(64,8):(8,1)">
    %sB = cute.make_tensor %smemB, %lB : (memref<128xf16, #gpu.address_space<workgroup>>, !cute.layout<"(8,16):(16,1)">) -> !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (8,16):(16,1)">
    %sizeB = arith.constant 128 : index
    scf.for %i = %tid to %sizeB step %threads {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %gB[%ci] : !cute.tensor<f16, gmem, "(8,16):(16,1)">, !cute.coord<"?"> -> f16
      cute.store %v, %sB[%ci] : f16, !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (8,16):(16,1)">, !cute.coord<"?">
    }
    // Generic-proxy stores that the tensor cores' async proxy reads.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    %wA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_RS, "(1,1,1)">, %gA, %tid : !cute.tensor<f16, gmem, "(64,16):(16,1)">, index
    %wB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_RS, "(1,1,1)">, %sB, %tid : !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o (8,16):(16,1)">, index
    %rA = cute.make_fragment like %wA : (!cute.tensor<f16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">) -> !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    cute.copy %wA, %rA : !cute.tensor<f16, gmem, "((2,2,2),1,1):((1,128,8),0,0)">, !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    %tgC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_RS, "(1,1,1)">, %gC, %tid : !cute.tensor<f16, gmem, "(64,8):(8,1)">, index
    %fgC = cute.make_fragment like %tgC : (!cute.tensor<f16, gmem, "((2,2,1),1,1):((1,64,8),0,0)">) -> !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    cute.copy %tgC, %fgC : !cute.tensor<f16, gmem, "((2,2,1),1,1):((1,64,8),0,0)">, !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x16_F16F16F16_RS, "(1,1,1)">, %rA, %wB, %fgC : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, smem, "Sw<1,3,3> o 0 o ((8,16),1,1):((16,1),0,0)">, !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    cute.copy %fgC, %tgC : !cute.tensor<f16, rmem, "((2,2,1),1,1):((1,2,0),0,0)">, !cute.tensor<f16, gmem, "((2,2,1),1,1):((1,64,8),0,0)">
    gpu.return
  }

  gpu.func @SM90_64x8x8_F32TF32TF32_RS(%A: memref<512xf32, 1>, %B: memref<64xf32, 1>, %C: memref<512xf32, 1>)
      workgroup(%smemB: memref<64xf32, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %threads = arith.constant 128 : index
    %lA = cute.static : !cute.layout<"(64,8):(8,1)">
    %gA = cute.make_tensor %A, %lA : (memref<512xf32, 1>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<f32, gmem, "(64,8):(8,1)">
    %lB = cute.static : !cute.layout<"(8,8):(8,1)">
    %gB = cute.make_tensor %B, %lB : (memref<64xf32, 1>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f32, gmem, "(8,8):(8,1)">
    %lC = cute.static : !cute.layout<"(64,8):(8,1)">
    %gC = cute.make_tensor %C, %lC : (memref<512xf32, 1>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<f32, gmem, "(64,8):(8,1)">
    %sB = cute.make_tensor %smemB, %lB : (memref<64xf32, #gpu.address_space<workgroup>>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f32, smem, "Sw<1,2,3> o 0 o (8,8):(8,1)">
    %sizeB = arith.constant 64 : index
    scf.for %i = %tid to %sizeB step %threads {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %gB[%ci] : !cute.tensor<f32, gmem, "(8,8):(8,1)">, !cute.coord<"?"> -> f32
      cute.store %v, %sB[%ci] : f32, !cute.tensor<f32, smem, "Sw<1,2,3> o 0 o (8,8):(8,1)">, !cute.coord<"?">
    }
    // Generic-proxy stores that the tensor cores' async proxy reads.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    %wA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x8_F32TF32TF32_RS, "(1,1,1)">, %gA, %tid : !cute.tensor<f32, gmem, "(64,8):(8,1)">, index
    %wB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x8_F32TF32TF32_RS, "(1,1,1)">, %sB, %tid : !cute.tensor<f32, smem, "Sw<1,2,3> o 0 o (8,8):(8,1)">, index
    %rA = cute.make_fragment like %wA : (!cute.tensor<f32, gmem, "((2,2),1,1):((64,4),0,0)">) -> !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %wA, %rA : !cute.tensor<f32, gmem, "((2,2),1,1):((64,4),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    %tgC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x8_F32TF32TF32_RS, "(1,1,1)">, %gC, %tid : !cute.tensor<f32, gmem, "(64,8):(8,1)">, index
    %fgC = cute.make_fragment like %tgC : (!cute.tensor<f32, gmem, "((2,2,1),1,1):((1,64,8),0,0)">) -> !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    cute.copy %tgC, %fgC : !cute.tensor<f32, gmem, "((2,2,1),1,1):((1,64,8),0,0)">, !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x8_F32TF32TF32_RS, "(1,1,1)">, %rA, %wB, %fgC : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, smem, "Sw<1,2,3> o 0 o ((8,8),1,1):((8,1),0,0)">, !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    cute.copy %fgC, %tgC : !cute.tensor<f32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">, !cute.tensor<f32, gmem, "((2,2,1),1,1):((1,64,8),0,0)">
    gpu.return
  }

  gpu.func @SM90_64x8x32_S32S8U8_RS(%A: memref<2048xi8, 1>, %B: memref<256xi8, 1>, %C: memref<512xi32, 1>)
      workgroup(%smemB: memref<256xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %threads = arith.constant 128 : index
    %lA = cute.static : !cute.layout<"(64,32):(32,1)">
    %gA = cute.make_tensor %A, %lA : (memref<2048xi8, 1>, !cute.layout<"(64,32):(32,1)">) -> !cute.tensor<i8, gmem, "(64,32):(32,1)">
    %lB = cute.static : !cute.layout<"(8,32):(32,1)">
    %gB = cute.make_tensor %B, %lB : (memref<256xi8, 1>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<i8, gmem, "(8,32):(32,1)">
    %lC = cute.static : !cute.layout<"(64,8):(8,1)">
    %gC = cute.make_tensor %C, %lC : (memref<512xi32, 1>, !cute.layout<"(64,8):(8,1)">) -> !cute.tensor<i32, gmem, "(64,8):(8,1)">
    %sB = cute.make_tensor %smemB, %lB : (memref<256xi8, #gpu.address_space<workgroup>>, !cute.layout<"(8,32):(32,1)">) -> !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o (8,32):(32,1)">
    %sizeB = arith.constant 256 : index
    scf.for %i = %tid to %sizeB step %threads {
      %ci = cute.make_coord %i : !cute.coord<"?">
      %v = cute.load %gB[%ci] : !cute.tensor<i8, gmem, "(8,32):(32,1)">, !cute.coord<"?"> -> i8
      cute.store %v, %sB[%ci] : i8, !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o (8,32):(32,1)">, !cute.coord<"?">
    }
    // Generic-proxy stores that the tensor cores' async proxy reads.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    %wA = cute_nvgpu.partition_a #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x32_S32S8U8_RS, "(1,1,1)">, %gA, %tid : !cute.tensor<i8, gmem, "(64,32):(32,1)">, index
    %wB = cute_nvgpu.partition_b #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x32_S32S8U8_RS, "(1,1,1)">, %sB, %tid : !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o (8,32):(32,1)">, index
    %rA = cute.make_fragment like %wA : (!cute.tensor<i8, gmem, "((4,2,2),1,1):((1,256,16),0,0)">) -> !cute.tensor<i8, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    cute.copy %wA, %rA : !cute.tensor<i8, gmem, "((4,2,2),1,1):((1,256,16),0,0)">, !cute.tensor<i8, rmem, "((4,2,2),1,1):((1,4,8),0,0)">
    %tgC = cute_nvgpu.partition_c #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x32_S32S8U8_RS, "(1,1,1)">, %gC, %tid : !cute.tensor<i32, gmem, "(64,8):(8,1)">, index
    %fgC = cute.make_fragment like %tgC : (!cute.tensor<i32, gmem, "((2,2,1),1,1):((1,64,8),0,0)">) -> !cute.tensor<i32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    cute.copy %tgC, %fgC : !cute.tensor<i32, gmem, "((2,2,1),1,1):((1,64,8),0,0)">, !cute.tensor<i32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x8x32_S32S8U8_RS, "(1,1,1)">, %rA, %wB, %fgC : !cute.tensor<i8, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o ((8,32),1,1):((32,1),0,0)">, !cute.tensor<i32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    cute.copy %fgC, %tgC : !cute.tensor<i32, rmem, "((2,2,1),1,1):((1,2,0),0,0)">, !cute.tensor<i32, gmem, "((2,2,1),1,1):((1,64,8),0,0)">
    gpu.return
  }
}
}
