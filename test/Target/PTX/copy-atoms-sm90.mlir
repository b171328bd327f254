// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | cute-opt --cute-write-ptx="dir=%t" 2>&1 >/dev/null | FileCheck %s --check-prefix=WROTE
// RUN: FileCheck %s --input-file=%t/kernels.sm_90a.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// The copy atoms of a thread block staging a 32x64 f16 tile: cp.async of
// 16 bytes from global to (swizzled) shared memory, ldmatrix x4 into an A
// fragment of a TiledMMA (retiled to the copy's values), stmatrix back, and
// a 128-bit UniversalCopy. Each atom call gets a pointer to the thread's
// first value, in the address space of its memory.

// WROTE: {{.*}}kernels.sm_90a.ptx:0:0: remark: wrote kernels for sm_90a
// WROTE-NOT: gpu.binary

// NVVM-LABEL: gpu.func @stage
// NVVM-COUNT-2: nvvm.cp.async.shared.global {{.*}}, 16, cache = {{ *}}cg : !llvm.ptr<3>, !llvm.ptr<1>
// NVVM: nvvm.cp.async.commit.group
// NVVM: nvvm.cp.async.wait.group 0
// NVVM-COUNT-4: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// NVVM-COUNT-4: nvvm.stmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// NVVM: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// NVVM: llvm.store {{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>

// PTX-LABEL: .entry stage(
// PTX: cp.async.cg.shared.global
// PTX: cp.async.commit_group
// PTX: cp.async.wait_group 0
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: st.global.v4.b32

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
#ldsm = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
#stsm = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM90_U32x4_STSM_N", f16>, mma = #tm, operand = "A">
#s2g = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @stage(%G: memref<2048xf16, 1>, %O: memref<2048xf16, 1>)
      workgroup(%S: memref<2048xf16, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %l = cute.static : !cute.layout<"(32,64):(64,1)">
    %g = cute.make_tensor %G, %l : (memref<2048xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    %o = cute.make_tensor %O, %l : (memref<2048xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    %s = cute.make_tensor %S, %l : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">
    %gs = cute_nvgpu.partition_s #g2s, %g, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    %sd = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    cute_nvgpu.copy #g2s, %gs, %sd : !cute.tensor<f16, gmem, "((8,1),1,2):((1,0),0,32)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,2):((1,0),0,32)">
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.barrier
    %sa = cute_nvgpu.partition_a #tm, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    %fa = cute.make_fragment like %sa : (!cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((2,2,2),1,4):((1,512,8),0,16)">) -> !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    %ls = cute_nvgpu.partition_s #ldsm, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    %ld = cute_nvgpu.retile #ldsm, %fa : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    cute_nvgpu.copy #ldsm, %ls, %ld : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">, !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">
    gpu.barrier
    %ss = cute_nvgpu.retile #stsm, %fa : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    %sdst = cute_nvgpu.partition_d #stsm, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    cute_nvgpu.copy #stsm, %ss, %sdst : !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">
    gpu.barrier
    %ps = cute_nvgpu.partition_s #s2g, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    %pd = cute_nvgpu.partition_d #s2g, %o, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    cute_nvgpu.copy #s2g, %ps, %pd : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,2):((1,0),0,32)">, !cute.tensor<f16, gmem, "((8,1),1,2):((1,0),0,32)">
    gpu.return
  }
}
}
