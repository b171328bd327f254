// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file -verify-diagnostics

// What this pass cannot lower says why, at the op.

// A wgmma operand tile must be one of the canonical layouts a matrix
// descriptor can name: here K-major rows are 32 bytes apart with no swizzle.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
func.func @wgmma_descriptor_layout(%m: memref<1024xf16, 3>) {
  %l = cute.static : !cute.layout<"((64,16),1,1):((16,1),0,0)">
  %a = cute.make_tensor %m, %l : (memref<1024xf16, 3>, !cute.layout<"((64,16),1,1):((16,1),0,0)">) -> !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  // expected-error @+1 {{no wgmma descriptor for A ((64,16):(16,1), K-major): not a canonical K-major INTER layout: consecutive rows must be 16 bytes apart, got 32}}
  cute_nvgpu.gemm #wg, %a, %a, %c : !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 8], swizzle = 128>
func.func @tma_not_lowered(%gm: memref<512xf16, 1>, %sm: memref<512xf16, 3>) {
  %l = cute.static : !cute.layout<"(64,8):(1,64)">
  %g = cute.make_tensor %gm, %l : (memref<512xf16, 1>, !cute.layout<"(64,8):(1,64)">) -> !cute.tensor<f16, gmem, "(64,8):(1,64)">
  %s = cute.make_tensor %sm, %l : (memref<512xf16, 3>, !cute.layout<"(64,8):(1,64)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,8):(1,64)">
  // expected-error @+1 {{'cute_nvgpu.copy' op TMA and bulk copies are not lowered yet: they complete on an mbarrier}}
  cute_nvgpu.copy #tma, %g, %s : !cute.tensor<f16, gmem, "(64,8):(1,64)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,8):(1,64)">
  return
}
