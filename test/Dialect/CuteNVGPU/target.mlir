// RUN: cute-opt %s -split-input-file -verify-diagnostics

// The target checks of gemm and copy, inside a gpu.module with an
// #nvvm.target: the atom's architecture, wgmma's sm_90a, and the PTX ISA
// version an atom needs beyond the chip's default.

// A wgmma on the architecture-specific target is fine.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
gpu.module @wgmma_sm90a [#nvvm.target<chip = "sm_90a">] {
  gpu.func @wgmma(%a: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                  %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">) kernel {
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    gpu.return
  }
}

// -----

// ... and so are an SM80 mma.sync and a TMA load there.
#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
gpu.module @older_atoms_sm90a [#nvvm.target<chip = "sm_90a">] {
  gpu.func @mma_sync(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">,
                     %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">,
                     %d: !llvm.ptr, %cg: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">,
                     %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
    cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %d, %cg, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// wgmma exists only on sm_90a, not on sm_90.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
gpu.module @wgmma_sm90 [#nvvm.target<chip = "sm_90">] {
  gpu.func @wgmma(%a: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                  %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                  %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) kernel {
    // expected-error @+1 {{'cute_nvgpu.gemm' op SM90_64x64x16_F32F16F16_SS is a wgmma, which needs sm_90a, but the target is sm_90}}
    cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    gpu.return
  }
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
gpu.module @mma_sync_sm75 [#nvvm.target<chip = "sm_75">] {
  gpu.func @mma_sync(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">,
                     %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) kernel {
    // expected-error @+1 {{'cute_nvgpu.gemm' op SM80_16x8x16_F32F16F16F32_TN needs sm_80 or newer, but the target is sm_75}}
    cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
    gpu.return
  }
}

// -----

gpu.module @tma_sm80 [#nvvm.target<chip = "sm_80">] {
  gpu.func @tma(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    // expected-error @+1 {{'cute_nvgpu.tma_copy' op SM90_TMA_LOAD_2D needs sm_90 or newer, but the target is sm_80}}
    cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @cp_async_sm75 [#nvvm.target<chip = "sm_75">] {
  gpu.func @cp_async(%g: !cute.tensor<f16, gmem, "((8,1),2):((1,0),64)">, %s: !cute.tensor<f16, smem, "((8,1),2):((1,0),64)">) kernel {
    // expected-error @+1 {{'cute_nvgpu.copy' op SM80_CP_ASYNC_CACHEALWAYS_U128 needs sm_80 or newer, but the target is sm_75}}
    cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U128", f16>, %g, %s : !cute.tensor<f16, gmem, "((8,1),2):((1,0),64)">, !cute.tensor<f16, smem, "((8,1),2):((1,0),64)">
    gpu.return
  }
}

// -----

// Every target of the module must have the atom.
gpu.module @bulk_copy_two_targets [#nvvm.target<chip = "sm_90a">, #nvvm.target<chip = "sm_86">] {
  gpu.func @bulk(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    // expected-error @+1 {{'cute_nvgpu.bulk_copy' op SM90_BULK_COPY_G2S needs sm_90 or newer, but the target is sm_86}}
    cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>, %g, %s barrier %b[%i] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// fp8 mma.sync came with PTX ISA 8.4; sm_89's default is older.
#fp8 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">
gpu.module @fp8_default_ptx [#nvvm.target<chip = "sm_89">] {
  gpu.func @mma(%a: !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, %b: !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">,
                %c: !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">) kernel {
    // expected-error @+1 {{'cute_nvgpu.gemm' op SM89_16x8x32_F32E4M3E4M3F32_TN needs PTX ISA 8.4: give the target features=+ptx84}}
    cute_nvgpu.gemm #fp8, %a, %b, %c : !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    gpu.return
  }
}

// -----

// With +ptx84 (or later) it is fine.
#fp8 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM89_16x8x32_F32E4M3E4M3F32_TN, "(1,1,1)">
gpu.module @fp8_ptx85 [#nvvm.target<chip = "sm_89", features = "+ptx85">] {
  gpu.func @mma(%a: !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, %b: !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">,
                %c: !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">) kernel {
    cute_nvgpu.gemm #fp8, %a, %b, %c : !cute.tensor<f8E4M3FN, rmem, "((4,2,2),1,1):((1,4,8),0,0)">, !cute.tensor<f8E4M3FN, rmem, "((4,2),1,1):((1,4),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    gpu.return
  }
}

// -----

// So did wgmma of mixed integer types.
#mixed = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x16x32_S32S8U8_SS, "(1,1,1)">
gpu.module @mixed_int_wgmma [#nvvm.target<chip = "sm_90a">] {
  gpu.func @wgmma(%a: !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o ((64,32),1,1):((32,1),0,0)">,
                  %b: !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o ((16,32),1,1):((32,1),0,0)">,
                  %c: !cute.tensor<i32, rmem, "((2,2,2),1,1):((1,2,4),0,0)">) kernel {
    // expected-error @+1 {{'cute_nvgpu.gemm' op SM90_64x16x32_S32S8U8_SS needs PTX ISA 8.4: give the target features=+ptx84}}
    cute_nvgpu.gemm #mixed, %a, %b, %c : !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o ((64,32),1,1):((32,1),0,0)">, !cute.tensor<i8, smem, "Sw<1,4,3> o 0 o ((16,32),1,1):((32,1),0,0)">, !cute.tensor<i32, rmem, "((2,2,2),1,1):((1,2,4),0,0)">
    gpu.return
  }
}

// -----

// TMA and bulk copies are PTX ISA 8.0: sm_90a's default, not sm_90's (the
// NVPTX backend aborted on them for sm_90).
gpu.module @tma_sm90 [#nvvm.target<chip = "sm_90">] {
  gpu.func @tma(%d: !llvm.ptr, %cg: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">,
                %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    // expected-error @+1 {{'cute_nvgpu.tma_copy' op SM90_TMA_LOAD_2D needs PTX ISA 8.0: give the target features=+ptx80}}
    cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %d, %cg, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @bulk_sm90 [#nvvm.target<chip = "sm_90">] {
  gpu.func @bulk(%g: !cute.tensor<f32, gmem, "256:1">, %s: !cute.tensor<f32, smem, "256:1">,
                 %bars: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    // expected-error @+1 {{'cute_nvgpu.bulk_copy' op SM90_BULK_COPY_G2S needs PTX ISA 8.0: give the target features=+ptx80}}
    cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<load, f32, bytes = 1024>, %g, %s barrier %bars[%i] : !cute.tensor<f32, gmem, "256:1">, !cute.tensor<f32, smem, "256:1">, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// With the feature, sm_90 has them.
gpu.module @bulk_sm90_ptx80 [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @bulk(%g: !cute.tensor<f32, gmem, "256:1">, %s: !cute.tensor<f32, smem, "256:1">,
                 %bars: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) kernel {
    cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<load, f32, bytes = 1024>, %g, %s barrier %bars[%i] : !cute.tensor<f32, gmem, "256:1">, !cute.tensor<f32, smem, "256:1">, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
