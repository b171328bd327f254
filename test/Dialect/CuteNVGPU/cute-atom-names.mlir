// RUN: cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CuTe names its K-major-only wgmma atoms (tf32, fp8, int8) with a _TN
// suffix; those names are accepted as they are, and kept.
// CHECK-DAG: #cute_nvgpu.mma_atom<"SM90_64x8x32_F32E4M3E4M3_SS_TN">
// CHECK-DAG: #cute_nvgpu.mma_atom<"SM90_64x64x8_F32TF32TF32_RS_TN">
// CHECK-DAG: #cute_nvgpu.mma_atom<"SM90_64x48x32_S32S8U8_SS_TN">
// CHECK-DAG: #[[FP8:.*]] = #cute_nvgpu.mma_atom<"SM90_64x192x32_F32E4M3E4M3_SS_TN">
// CHECK-DAG: #cute_nvgpu.tiled_mma<#[[FP8]], "(2,1,1)">
func.func private @cute_names() attributes {
  fp8 = #cute_nvgpu.mma_atom<"SM90_64x8x32_F32E4M3E4M3_SS_TN">,
  tf32 = #cute_nvgpu.mma_atom<"SM90_64x64x8_F32TF32TF32_RS_TN">,
  s8 = #cute_nvgpu.mma_atom<"SM90_64x48x32_S32S8U8_SS_TN">,
  tiled = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x192x32_F32E4M3E4M3_SS_TN, "(2,1,1)">}

// -----

// expected-error @+1 {{not an MMA atom: only the K-major wgmma forms (tf32 and 8-bit) have CuTe's _TN names; 16-bit ones take their majors}}
func.func private @tn_for_f16() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x64x16_F32F16F16_SS_TN">}

// -----

// expected-error @+1 {{not an MMA atom: a _TN wgmma atom is K-major: it takes no majors}}
func.func private @tn_with_majors() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x64x32_F32E4M3E4M3_SS_TN<K,K>">}
