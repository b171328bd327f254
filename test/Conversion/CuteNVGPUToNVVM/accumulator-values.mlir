// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file | FileCheck %s

// A gemm of several k-blocks keeps C's values in SSA values from one
// k-block's atom to the next: C is loaded before the first and stored after
// the last; and the atoms that read one (m', k') of A (or (n', k') of B)
// share one load of it. It goes through memory at every atom instead where
// that could compute something else: C shares its memory with A or B, C is
// not a register fragment of its own, or two of its elements are one
// register.

// CHECK-LABEL: func @two_k_blocks
// CHECK-COUNT-4: memref.load %[[C:[a-z_0-9]+]][
// CHECK: %[[D0:.*]] = nvvm.mma.sync
// CHECK-NOT: memref.store
// CHECK-NOT: memref.load %[[C]][
// CHECK-DAG: %[[E0:.*]] = llvm.extractvalue %[[D0]][0]
// CHECK-DAG: %[[E1:.*]] = llvm.extractvalue %[[D0]][1]
// CHECK-DAG: %[[E2:.*]] = llvm.extractvalue %[[D0]][2]
// CHECK-DAG: %[[E3:.*]] = llvm.extractvalue %[[D0]][3]
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[E0]], %[[E1]], %[[E2]], %[[E3]]]
// CHECK-COUNT-4: memref.store {{.*}}, %[[C]][
// CHECK-NOT: nvvm.mma.sync
// CHECK: return
func.func @two_k_blocks() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1,2):(1,0,8)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,2):(1,0,4)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(8,1,2):(1,0,8)">, !cute.tensor<f16, rmem, "(4,1,2):(1,0,4)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// A's second k-block is C's elements 2 and 3: it reads what the first atom
// stored there.
// CHECK-LABEL: func @a_is_c
// CHECK-SAME: (%[[MEM:.*]]: memref<8xf32>)
// CHECK: nvvm.mma.sync
// CHECK-COUNT-4: memref.store {{.*}}, %[[MEM]][
// CHECK: memref.load %[[MEM]][
// CHECK: nvvm.mma.sync
// CHECK-COUNT-4: memref.store {{.*}}, %[[MEM]][
func.func @a_is_c(%mem: memref<8xf32>) {
  %l = cute.static : !cute.layout<"(4,1,1):(1,0,0)">
  %c = cute.make_tensor %mem, %l : (memref<8xf32>, !cute.layout<"(4,1,1):(1,0,0)">) -> !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  %la = cute.static : !cute.layout<"(2,1,2):(1,0,2)">
  %a = cute.make_tensor %mem, %la : (memref<8xf32>, !cute.layout<"(2,1,2):(1,0,2)">) -> !cute.tensor<f32, rmem, "(2,1,2):(1,0,2)">
  %b = cute.make_fragment : !cute.tensor<f32, rmem, "(1,1,2):(0,0,1)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f32, rmem, "(2,1,2):(1,0,2)">, !cute.tensor<f32, rmem, "(1,1,2):(0,0,1)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// C's two M tiles are the same four registers (stride 0): the second atom
// adds to what the first stored, at each k-block.
// CHECK-LABEL: func @broadcast_c
// CHECK: nvvm.mma.sync
// CHECK-COUNT-4: memref.store
// CHECK-COUNT-4: memref.load
// CHECK: nvvm.mma.sync
// CHECK-COUNT-4: memref.store
// CHECK-COUNT-4: memref.load
// CHECK: nvvm.mma.sync
func.func @broadcast_c() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,2,2):(1,8,16)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,2):(1,0,4)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,2,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(8,2,2):(1,8,16)">, !cute.tensor<f16, rmem, "(4,1,2):(1,0,4)">, !cute.tensor<f32, rmem, "(4,2,1):(1,0,0)">
  return
}

// -----

// The two atoms (n' = 0, 1) read the same A values: one load of them.
// CHECK-LABEL: func @operand_loaded_once
// CHECK-COUNT-4: memref.load %[[C:[a-z_0-9]+]][
// CHECK: memref.load %[[A:[a-z_0-9]+]][
// CHECK: nvvm.mma.sync
// CHECK-NOT: memref.load %[[A]][
// CHECK: nvvm.mma.sync
// CHECK: return
func.func @operand_loaded_once() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,2,1):(1,4,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,2):(1,0,4)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,2,1):(1,4,0)">, !cute.tensor<f32, rmem, "(4,1,2):(1,0,4)">
  return
}
