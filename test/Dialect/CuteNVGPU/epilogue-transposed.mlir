// RUN: cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: cute-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | cute-opt -split-input-file | FileCheck %s

// epilogue_store `transposed` prints as it parses, with per_warpgroup
// too: a 128x64 TiledMMA tile (two warpgroups along M) stored as C's
// 64x128 tile, each warpgroup's 64 columns of C in one 64x64 box.

#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32BF16BF16_SS, "(2,1,1)">
#st = #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>

// CHECK-LABEL: func.func @transposed
// CHECK: cute_nvgpu.epilogue_store #{{.*}}, #{{.*}}, %arg0, %arg1, %arg2, %arg3, %arg4 if %arg5 per_warpgroup transposed {barrierId = 2 : i32} : {{.*}}, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">,
// CHECK: cute_nvgpu.epilogue_store #{{.*}}, #{{.*}}, %arg0, %arg1, %arg2, %arg3, %arg4 per_warpgroup transposed :
func.func @transposed(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, %buf: memref<16384xbf16, #gpu.address_space<workgroup>>, %t: index, %store: i1) {
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile, %buf, %t if %store per_warpgroup transposed {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile, %buf, %t per_warpgroup transposed : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
  return
}

// -----

// The tile of C is the TiledMMA's transposed: (64,128), not (128,64).
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32BF16BF16_SS, "(2,1,1)">
#st = #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>
func.func @untransposed_tile(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<16384xbf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @below {{the tile is an (64,128) tile of a coordinate tensor (the TiledMMA's tile transposed), got}}
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile, %buf, %t per_warpgroup transposed : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Boxes tile C's tile: a warpgroup's part of C is 64 rows and 64 columns,
// which 128-row boxes do not tile.
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32BF16BF16_SS, "(2,1,1)">
#st = #cute_nvgpu.tma_atom<store, bf16, box = [64, 128], swizzle = 128>
func.func @box_past_part(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, %buf: memref<16384xbf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @below {{a box of 128x64 does not tile the 64x64 part of the accumulator tile as stored (transposed)}}
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile, %buf, %t per_warpgroup transposed : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
  return
}

// -----

// A box must hold each thread's values the same way: 32 columns of C are
// 32 rows of the TiledMMA, which cut through a warpgroup's 64.
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32BF16BF16_SS, "(2,1,1)">
#st = #cute_nvgpu.tma_atom<store, bf16, box = [32, 64], swizzle = 64>
func.func @box_cuts_rows(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, %buf: memref<16384xbf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @below {{does not fall in its box as thread 0's does; boxes of 64x32 cut through the threads' values}}
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile, %buf, %t per_warpgroup transposed : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,128):(1,16777216)">, memref<16384xbf16, #gpu.address_space<workgroup>>
  return
}
