// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Every error of cute_nvgpu.epilogue_store names the condition it breaks.

func.func @quadpair_threads(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the TiledMMA's 8 threads must be whole warps of one block (a multiple of 32, at most 1024) to share a named barrier}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM70_8x8x4_F32F16F16F32_TN, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @block_barrier(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the named barrier is 1..15 (0 is the block's), got 0}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t {barrierId = 0 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @load_atom(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the atom must be a 2-D TMA store, got SM90_TMA_LOAD_2D}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<load, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @two_boxes(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the epilogue stores one box at a time, but the atom's tile is 2 boxes wide: write the atom from one box}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, smem = "Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))">, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @three_dims(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the atom must be a 2-D TMA store, got SM90_TMA_STORE_3D}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64, 1], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @acc_in_smem(%d: !llvm.ptr, %acc: !cute.tensor<f32, smem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the accumulators are a fragment (rmem) of the atom's 'f32', got '!cute.tensor<f32, smem, "((2,2,8),1,1):((1,2,4),0,0)">'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, smem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @acc_f16(%d: !llvm.ptr, %acc: !cute.tensor<f16, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the accumulators are a fragment (rmem) of the atom's 'f32', got '!cute.tensor<f16, rmem, "((2,2,8),1,1):((1,2,4),0,0)">'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f16, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @widen(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<1024xf64, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{cannot store 'f32' accumulators as 'f64'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f64, box = [8, 64]>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<1024xf64, #gpu.address_space<workgroup>>
  return
}

// -----

// No conversion to fp8: arith.truncf to it does not lower to LLVM (the
// translation failed after the verifier had passed it).
func.func @fp8_output(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf8E4M3FN, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{cannot store 'f32' accumulators as 'f8E4M3FN'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f8E4M3FN, box = [64, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf8E4M3FN, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_shape(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,32):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the tile is an (64,64) tile of a coordinate tensor, got '!cute.tensor<!cute.coord<"(?,?)">, coord, "(64,32):(1,16777216)">'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,32):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tile_in_gmem(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<f16, gmem, "(64,64):(64,1)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the tile is an (64,64) tile of a coordinate tensor, got '!cute.tensor<f16, gmem, "(64,64):(64,1)">'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<f16, gmem, "(64,64):(64,1)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @buffer_global(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<global>>, %t: index) {
  // expected-error @+1 {{the staging buffer is in shared memory (#gpu.address_space<workgroup>), got 'memref<4096xf16, #gpu.address_space<global>>'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<global>>
  return
}

// -----

func.func @buffer_type(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf32, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the staging buffer holds the stored 'f16' values, got 'memref<4096xf32, #gpu.address_space<workgroup>>'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @buffer_part_box(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<3000xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the staging buffer holds whole boxes of 2048 values, got 'memref<3000xf16, #gpu.address_space<workgroup>>'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<3000xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// 2^62 values of shared memory, whole boxes all the same: the lowering's
// count of the stores left in flight went negative.
func.func @buffer_beyond_shared_memory(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4611686018427387904xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the staging buffer is in shared memory, which holds at most 232448 bytes (116224 values of 'f16'), got 'memref<4611686018427387904xf16, #gpu.address_space<workgroup>>'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4611686018427387904xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// 57 boxes of 2048 f16 values, 233472 bytes: one more than fit.
func.func @buffer_just_beyond_shared_memory(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<116736xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the staging buffer is in shared memory, which holds at most 232448 bytes (116224 values of 'f16'), got 'memref<116736xf16, #gpu.address_space<workgroup>>'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<116736xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @box_not_tiling(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<3072xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{a box of 64x48 does not tile the 64x64 accumulator tile}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [48, 64]>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<3072xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @box_cuts_threads(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<256xf32, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{value 0 of thread 2 (at 0,4) does not fall in its box as thread 0's does; boxes of 64x4 cut through the threads' values}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f32, box = [4, 64]>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<256xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @acc_size(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,4),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{each thread holds 32 accumulators, but the fragment is ((2,2,4),1,1):((1,2,4),0,0)}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,4),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// A second stage would start 512 bytes in, inside the 128-byte swizzle's
// 1024-byte pattern.
func.func @stage_boundary(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<512xbf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{each stage of the staging buffer starts a box at a 1024-byte boundary (TMA's alignment and the swizzle's pattern), but a box is 512 bytes}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, bf16, box = [64, 4], swizzle = 128>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<512xbf16, #gpu.address_space<workgroup>>
  return
}

// -----

// per_warpgroup: whole warpgroups, a barrier for each, a buffer that splits
// into whole boxes for each, and boxes that tile each warpgroup's rows.
func.func @per_warpgroup_warps(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,8):(1,16777216)">, %buf: memref<512xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{per_warpgroup needs whole warpgroups, but the TiledMMA has 64 threads}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [16, 32]>, %d, %acc, %tile, %buf, %t per_warpgroup : !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,8):(1,16777216)">, memref<512xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @per_warpgroup_barriers(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the 2 warpgroups take named barriers 15..16, past the last one, 15}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t per_warpgroup {barrierId = 15 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @per_warpgroup_buffer(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<6144xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{the staging buffer holds whole boxes of 2048 values for each warpgroup, got 'memref<6144xf16, #gpu.address_space<workgroup>>'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t per_warpgroup : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<6144xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @per_warpgroup_box(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{a box of 128x32 does not tile the 64x64 part of the accumulator tile}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 128], swizzle = 64>, %d, %acc, %tile, %buf, %t per_warpgroup : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Warpgroups whose rows interleave (an M permutation of 8-row groups) have
// no part of the tile of their own.
func.func @per_warpgroup_interleaved(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{threads 0..127 hold rows 0..95 and columns 0..63: not one of 2 equal parts that tile the 128x64 tile}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)", permutation = "((8,2,8):(1,64,8),_,_)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 32], swizzle = 64>, %d, %acc, %tile, %buf, %t per_warpgroup : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @scale_type(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index, %s: f16) {
  // expected-error @+1 {{the scale multiplies the 'f32' accumulators, so it is one too, got 'f16'}}
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t scale %s : f16 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @tail_per_warpgroup_warps(%t: index) {
  // expected-error @+1 {{per_warpgroup needs whole warpgroups, but the TiledMMA has 64 threads}}
  cute_nvgpu.epilogue_store_tail #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,1,1)">, %t per_warpgroup
  return
}

// -----

gpu.module @tail_sm90_ptx78 [#nvvm.target<chip = "sm_90">] {
  gpu.func @tail(%t: index) {
    // expected-error @+1 {{a TMA store epilogue needs PTX ISA 8.0: give the target features=+ptx80}}
    cute_nvgpu.epilogue_store_tail #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %t
    gpu.return
  }
}

// -----

// sm_90 without +ptx80 emits PTX ISA 7.8, which has no TMA store nor its
// read-only bulk-group wait (LLVM's backend aborted on the wait).
gpu.module @sm90_ptx78 [#nvvm.target<chip = "sm_90">] {
  gpu.func @store(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<4096xf16, #gpu.address_space<workgroup>>, %t: index) {
    // expected-error @+1 {{a TMA store epilogue needs PTX ISA 8.0: give the target features=+ptx80}}
    cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The buffer is a view of dynamic shared memory (aligned to 1024 bytes) at
// byte 512: a 128-byte swizzle's pattern starts at multiples of 1024, and
// TMA would read the boxes out of phase with what the threads wrote.
gpu.module @kernels {
  gpu.func @buffer_off_the_swizzle_pattern(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %t: index) kernel {
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c512 = arith.constant 512 : index
    %buf = memref.view %dyn[%c512][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8192xbf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{the staging buffer starts at byte 512 of dynamic shared memory, but TMA reads its boxes from a 1024-byte boundary (TMA's alignment and the swizzle's pattern): place it at a multiple of 1024}}
    cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Without a swizzle, TMA's own 128 bytes: byte 16 (where stmatrix alone
// would do) is not enough.
gpu.module @kernels {
  gpu.func @buffer_off_tmas_alignment(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %t: index) kernel {
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c16 = arith.constant 16 : index
    %buf = memref.view %dyn[%c16][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4096xbf16, #gpu.address_space<workgroup>>
    // expected-error @+1 {{the staging buffer starts at byte 16 of dynamic shared memory, but TMA reads its boxes from a 128-byte boundary}}
    cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, #cute_nvgpu.tma_atom<store, bf16, box = [64, 64]>, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xbf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A tail without per_warpgroup waits in thread 0 only: the second
// warpgroup's first thread issued stores too.
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">
func.func @tail_without_per_warpgroup(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xbf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-note @+1 {{the per_warpgroup epilogue_store}}
  cute_nvgpu.epilogue_store #tm2, #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>, %d, %acc, %tile, %buf, %t per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  // expected-error @+1 {{waits in thread 0 only, but an epilogue_store of the same TiledMMA issues its stores per_warpgroup (from the first thread of each of its 2 warpgroups): add per_warpgroup}}
  cute_nvgpu.epilogue_store_tail #tm2, %t
  return
}
