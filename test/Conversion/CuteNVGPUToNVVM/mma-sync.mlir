// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file | FileCheck %s

// One cute_nvgpu.gemm per mma.sync family, over register fragments: the
// thread's values are packed into the registers PTX expects (f16 pairs as
// vector<2xf16>; bf16, tf32, 8-bit types as i32) and D is stored back into C.
// Atoms come in through the MmaAtomAttrInterface; the pass names none.

// -----

// CHECK-LABEL: func @sm80_f16_f32_k16
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_f16_f32_k16() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm80_f16_f16_k8
// CHECK: nvvm.mma.sync A[{{[^,]*}}, {{[^,]*}}] B[{{[^,]*}}] C[{{[^,]*}}, {{[^,]*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_f16_f16_k8() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F16F16F16F16_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm80_bf16_k16
// CHECK: llvm.bitcast {{.*}} : vector<2xbf16> to i32
// CHECK: multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32)
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_bf16_k16() {
  %a = cute.make_fragment : !cute.tensor<bf16, rmem, "(8,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<bf16, rmem, "(4,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32BF16BF16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<bf16, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<bf16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm80_tf32_k4
// CHECK: arith.bitcast {{.*}} : f32 to i32
// CHECK: multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 4>} : (i32, i32, f32)
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_tf32_k4() {
  %a = cute.make_fragment : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f32, rmem, "(1,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x4_F32TF32TF32F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(1,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm80_tf32_k8
// CHECK: multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32)
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_tf32_k8() {
  %a = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x8_F32TF32TF32F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm80_f64
// CHECK: shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_f64() {
  %a = cute.make_fragment : !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_8x8x4_F64F64F64F64_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(1,1,1):(1,0,0)">, !cute.tensor<f64, rmem, "(2,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm80_s8_k32
// CHECK: llvm.bitcast {{.*}} : vector<4xi8> to i32
// CHECK: intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32)
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_s8_k32() {
  %a = cute.make_fragment : !cute.tensor<i8, rmem, "(16,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x32_S32S8S8S32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<i8, rmem, "(16,1,1):(1,0,0)">, !cute.tensor<i8, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<i32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm89_e4m3
// CHECK: arith.bitcast {{.*}} : f8E4M3FN to i8
// CHECK: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"({{.*}}) : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm89_e4m3() {
  %a = cute.make_fragment : !cute.tensor<f8E4M3FN, rmem, "(16,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f8E4M3FN, rmem, "(8,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f8E4M3FN, rmem, "(16,1,1):(1,0,0)">, !cute.tensor<f8E4M3FN, rmem, "(8,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm75_f16_k8
// CHECK: shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm75_f16_k8() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM75_16x8x8_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(2,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(4,1,1):(1,0,0)">
  return
}

// -----

// CHECK-LABEL: func @sm70_quadpair_nt
// CHECK: nvvm.mma.sync A[{{[^,]*}}, {{[^,]*}}] B[{{[^,]*}}, {{[^,]*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm70_quadpair_nt() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(8,1,1):(1,0,0)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM70_8x8x4_F32F16F16F32_NT, "(2,2,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f16, rmem, "(4,1,1):(1,0,0)">, !cute.tensor<f32, rmem, "(8,1,1):(1,0,0)">
  return
}

// -----

// One k-block, as a register-pipelined mainloop passes it (CuTe's
// (V,M) x (V,N) => (V,M,N)): A and B are slices [_, _, 1] of two-k-block
// fragments, so the first A value comes from element 16 (and B's from 8),
// and the gemm is M' x N' = 4 mma.sync, none for the other k-block.
// CHECK-LABEL: func @sm80_one_k_block
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: memref.load %{{.*}}[%[[C16]]] : memref<?xf16>
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: memref.load %{{.*}}[%[[C8]]] : memref<?xf16>
// CHECK-COUNT-4: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: cute_nvgpu.gemm
func.func @sm80_one_k_block() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,2,2):(1,8,16)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,2,2):(1,4,8)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,2,2):(1,4,8)">
  %k1 = cute.make_coord : !cute.coord<"(_,_,1)">
  %a1 = cute.slice %a[%k1] : !cute.tensor<f16, rmem, "(8,2,2):(1,8,16)">, !cute.coord<"(_,_,1)">
  %b1 = cute.slice %b[%k1] : !cute.tensor<f16, rmem, "(4,2,2):(1,4,8)">, !cute.coord<"(_,_,1)">
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a1, %b1, %c : !cute.tensor<f16, rmem, "(8,2):(1,8)">, !cute.tensor<f16, rmem, "(4,2):(1,4)">, !cute.tensor<f32, rmem, "(4,2,2):(1,4,8)">
  return
}
