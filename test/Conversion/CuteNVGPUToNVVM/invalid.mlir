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

// The runtime entry the descriptor calls, declared by the user with another
// signature.
#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func private @cuteTmaDescriptorCreate(!llvm.ptr) -> !llvm.ptr
func.func @descriptor_callee_clash(%buf: memref<?xf16>, %m: index, %k: index) -> !llvm.ptr {
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
  %t = cute.make_tensor %buf, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op @cuteTmaDescriptorCreate is declared with another type}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  return %d : !llvm.ptr
}
