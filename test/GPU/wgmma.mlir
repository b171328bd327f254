// REQUIRES: ptxas
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/kernels.sm_90a.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/wgmma.cubin > %t/ptxas.log 2>&1
// RUN: grep -c '0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads' %t/ptxas.log | FileCheck %s --check-prefix=ZERO-STACK

// The descriptor of a K-major SW128 tile (PTX ISA, matrix descriptor):
// layout type 1 in bits 62-63, stride byte offset 1024 B (64 in 16-byte
// units) in bits 32-45, leading byte offset 1 in bits 16-29; the tile's
// address, in 16-byte units, goes in bits 0-13. K steps of 16 values move
// the address by 32 bytes inside the swizzle atom. Each operand's address
// field is computed once, from lane 0 (so ptxas keeps it in a uniform
// register), and each k-step adds its static distance (2 units) to it.
// NVVM-LABEL: gpu.func @wgmma_f16_n64
// NVVM: nvvm.wgmma.fence.aligned
// NVVM: %[[PA:.*]] = llvm.ptrtoint {{.*}} : !llvm.ptr<3> to i32
// NVVM: %[[MASK:.*]] = llvm.mlir.constant(262143 : i32)
// NVVM: %[[AND:.*]] = llvm.and %[[PA]], %[[MASK]] : i32
// NVVM: %[[FIELDA:.*]] = llvm.lshr %[[AND]]
// NVVM: llvm.ptrtoint {{.*}} : !llvm.ptr<3> to i32
// NVVM: %[[A:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[FIELDA]], %{{.*}}, %{{.*}} : i32 -> i32
// NVVM: %[[B:.*]] = nvvm.shfl.sync idx
// NVVM: %[[WA:.*]] = llvm.zext %[[A]] : i32 to i64
// NVVM: %[[FIELDS:.*]] = llvm.mlir.constant(4611686293305360384 : i64)
// NVVM: %[[DA:.*]] = llvm.or %[[WA]], %[[FIELDS]] : i64
// NVVM: %[[WB:.*]] = llvm.zext %[[B]] : i32 to i64
// NVVM: %[[DB:.*]] = llvm.or %[[WB]]
// NVVM: nvvm.wgmma.mma_async %[[DA]], %[[DB]], {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// NVVM: %[[TWO:.*]] = llvm.mlir.constant(2 : i32)
// NVVM: llvm.add %[[A]], %[[TWO]] : i32
// NVVM: llvm.add %[[B]], %{{.*}} : i32
// NVVM-COUNT-3: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// NVVM-LABEL: gpu.func @wgmma_bf16_n128
// NVVM-COUNT-4: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]

// PTX: .shared .align 1024 .b8
// PTX: fence.proxy.async.shared::cta
// PTX: wgmma.fence.sync.aligned
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned
// PTX: wgmma.wait_group.sync.aligned 0
// PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// ZERO-STACK: {{^}}2{{$}}

// One warpgroup per kernel running a wgmma atom over a 64x64 K-slab, A and
// B in 128-byte-swizzled shared memory read through matrix descriptors, C in
// registers (C += A * B^T; A (64,64), B (N,64) and C (64,N) row-major). The
// kernels are checked on a GPU by bench/gpu_check.py --wgmma.
#g2s_f16 = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(16,8):(8,1)", values = "(1,8)">
#g2s_bf16 = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", bf16>, threads = "(16,8):(8,1)", values = "(1,8)">
#wgmma_f16_n64 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
#wgmma_bf16_n128 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32BF16BF16_SS, "(1,1,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @wgmma_f16_n64(%A: memref<4096xf16, 1>, %B: memref<4096xf16, 1>, %C: memref<4096xf32, 1>)
      workgroup(%smemA: memref<4096xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %smemB: memref<4096xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(64,64):(64,1)">
    %lb = cute.static : !cute.layout<"(64,64):(64,1)">
    %lc = cute.static : !cute.layout<"(64,64):(64,1)">
    %gA = cute.make_tensor %A, %la : (memref<4096xf16, 1>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<f16, gmem, "(64,64):(64,1)">
    %gB = cute.make_tensor %B, %lb : (memref<4096xf16, 1>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<f16, gmem, "(64,64):(64,1)">
    %gC = cute.make_tensor %C, %lc : (memref<4096xf32, 1>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<f32, gmem, "(64,64):(64,1)">
    // 128-byte-swizzled K-major tiles: the canonical SW128 layout of wgmma.
    %sA = cute.make_tensor %smemA, %la : (memref<4096xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">
    %sB = cute.make_tensor %smemB, %lb : (memref<4096xf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">
    %tAg = cute_nvgpu.partition_s #g2s_f16, %gA, %tid : !cute.tensor<f16, gmem, "(64,64):(64,1)">, index
    %tAs = cute_nvgpu.partition_d #g2s_f16, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    cute_nvgpu.copy #g2s_f16, %tAg, %tAs : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),1024,0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
    %tBg = cute_nvgpu.partition_s #g2s_f16, %gB, %tid : !cute.tensor<f16, gmem, "(64,64):(64,1)">, index
    %tBs = cute_nvgpu.partition_d #g2s_f16, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    cute_nvgpu.copy #g2s_f16, %tBg, %tBs : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),1024,0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
    // Generic-proxy stores that the tensor cores' async proxy reads next.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    %wA = cute_nvgpu.partition_a #wgmma_f16_n64, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    %wB = cute_nvgpu.partition_b #wgmma_f16_n64, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    %wC = cute_nvgpu.partition_c #wgmma_f16_n64, %gC, %tid : !cute.tensor<f32, gmem, "(64,64):(64,1)">, index
    %acc = cute.make_fragment like %wC : (!cute.tensor<f32, gmem, "((2,2,8),1,1):((1,512,8),0,0)">) -> !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    cute.copy %wC, %acc : !cute.tensor<f32, gmem, "((2,2,8),1,1):((1,512,8),0,0)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #wgmma_f16_n64, %wA, %wB, %acc : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    cute.copy %acc, %wC : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<f32, gmem, "((2,2,8),1,1):((1,512,8),0,0)">
    gpu.return
  }
  gpu.func @wgmma_bf16_n128(%A: memref<4096xbf16, 1>, %B: memref<8192xbf16, 1>, %C: memref<8192xf32, 1>)
      workgroup(%smemA: memref<4096xbf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64},
                %smemB: memref<8192xbf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %la = cute.static : !cute.layout<"(64,64):(64,1)">
    %lb = cute.static : !cute.layout<"(128,64):(64,1)">
    %lc = cute.static : !cute.layout<"(64,128):(128,1)">
    %gA = cute.make_tensor %A, %la : (memref<4096xbf16, 1>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<bf16, gmem, "(64,64):(64,1)">
    %gB = cute.make_tensor %B, %lb : (memref<8192xbf16, 1>, !cute.layout<"(128,64):(64,1)">) -> !cute.tensor<bf16, gmem, "(128,64):(64,1)">
    %gC = cute.make_tensor %C, %lc : (memref<8192xf32, 1>, !cute.layout<"(64,128):(128,1)">) -> !cute.tensor<f32, gmem, "(64,128):(128,1)">
    // 128-byte-swizzled K-major tiles: the canonical SW128 layout of wgmma.
    %sA = cute.make_tensor %smemA, %la : (memref<4096xbf16, #gpu.address_space<workgroup>>, !cute.layout<"(64,64):(64,1)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">
    %sB = cute.make_tensor %smemB, %lb : (memref<8192xbf16, #gpu.address_space<workgroup>>, !cute.layout<"(128,64):(64,1)">) -> !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">
    %tAg = cute_nvgpu.partition_s #g2s_bf16, %gA, %tid : !cute.tensor<bf16, gmem, "(64,64):(64,1)">, index
    %tAs = cute_nvgpu.partition_d #g2s_bf16, %sA, %tid : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    cute_nvgpu.copy #g2s_bf16, %tAg, %tAs : !cute.tensor<bf16, gmem, "((8,1),4,1):((1,0),1024,0)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),4,1):((1,0),1024,0)">
    %tBg = cute_nvgpu.partition_s #g2s_bf16, %gB, %tid : !cute.tensor<bf16, gmem, "(128,64):(64,1)">, index
    %tBs = cute_nvgpu.partition_d #g2s_bf16, %sB, %tid : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, index
    cute_nvgpu.copy #g2s_bf16, %tBg, %tBs : !cute.tensor<bf16, gmem, "((8,1),8,1):((1,0),1024,0)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),8,1):((1,0),1024,0)">
    // Generic-proxy stores that the tensor cores' async proxy reads next.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    %wA = cute_nvgpu.partition_a #wgmma_bf16_n128, %sA, %tid : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    %wB = cute_nvgpu.partition_b #wgmma_bf16_n128, %sB, %tid : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, index
    %wC = cute_nvgpu.partition_c #wgmma_bf16_n128, %gC, %tid : !cute.tensor<f32, gmem, "(64,128):(128,1)">, index
    %acc = cute.make_fragment like %wC : (!cute.tensor<f32, gmem, "((2,2,16),1,1):((1,1024,8),0,0)">) -> !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
    cute.copy %wC, %acc : !cute.tensor<f32, gmem, "((2,2,16),1,1):((1,1024,8),0,0)">, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
    nvvm.wgmma.fence.aligned
    cute_nvgpu.gemm #wgmma_bf16_n128, %wA, %wB, %acc : !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    cute.copy %acc, %wC : !cute.tensor<f32, rmem, "((2,2,16),1,1):((1,2,4),0,0)">, !cute.tensor<f32, gmem, "((2,2,16),1,1):((1,1024,8),0,0)">
    gpu.return
  }
}
}
