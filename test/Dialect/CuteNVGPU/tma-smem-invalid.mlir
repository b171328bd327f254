// RUN: cute-opt %s -split-input-file -verify-diagnostics

// TMA atoms written from a shared-memory tile that TMA cannot fill, and
// copies whose shared-memory tensor is not the atom's box.

// expected-error @+1 {{expected `box = [...]` or `smem = "layout"`, got `tile`}}
func.func private @tma_smem_bad_key() attributes {a = #cute_nvgpu.tma_atom<load, f16, tile = [64, 128]>}

// -----

// expected-error @+1 {{expected}}
func.func private @tma_smem_bad_layout() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (128,64):(64">}

// -----

// expected-error @+1 {{the swizzle of a TMA atom written from its smem layout is that layout's}}
func.func private @tma_smem_and_swizzle() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (128,64):(64,1)", swizzle = 128>}

// -----

// expected-error @+1 {{TMA cannot fill the shared-memory tile Sw<3,3,3> o 0 o (128,64):(1,128): TMA writes its box row-major (the last mode contiguous), as (128,64):(64,1), but the tile is (128,64):(1,128)}}
func.func private @tma_smem_column_major() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (128,64):(1,128)">}

// -----

// expected-error @+1 {{TMA writes its box row-major (the last mode contiguous), as (128,64):(64,1), but the tile is (128,64):(72,1)}}
func.func private @tma_smem_padded_rows() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "(128,64):(72,1)">}

// -----

// expected-error @+1 {{a 128-byte swizzle needs rows of 128 bytes, or of a multiple of that (as many boxes), but the tile's rows are 64 bytes}}
func.func private @tma_smem_rows_narrower_than_swizzle() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (128,32):(32,1)">}

// -----

// Rows of one and a half swizzle widths are no whole number of boxes.
// expected-error @+1 {{the TMA box's inner extent of 192 bytes is wider than its 128-byte swizzle}}
func.func private @tma_smem_rows_wider_than_swizzle() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (128,96):(96,1)">}

// -----

// Rows of two swizzle widths are two boxes, but only one after the other.
// expected-error @+1 {{TMA writes its box row-major (the last mode contiguous), 2 boxes one after the other, as (128,(64,2)):(64,(1,8192)), but the tile is (128,(64,2)):(64,(1,16384))}}
func.func private @tma_smem_boxes_apart() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,16384))">}

// -----

// expected-error @+1 {{the tile's 2 boxes each start a 1024-byte swizzle pattern, but a box is 512 bytes}}
func.func private @tma_smem_boxes_mid_pattern() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o (4,(64,2)):(64,(1,256))">}

// -----

// A copy of two boxes moves the whole 128-column tile.
#tma = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
func.func @tma_copy_two_boxes_one_box_of_coordinates(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op mode 1 of the coordinate tile has extent 64, but the 2 boxes have 128 (the box lists the last mode first)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// ... and lands both boxes' bytes on its barrier.
#tma = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
func.func @tma_copy_two_boxes_one_box_of_bytes(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, %bars: memref<2xi64, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  %bytes = arith.constant 16384 : index
  // expected-error @+1 {{'cute_nvgpu.mbarrier_arrive' op expects 16384 bytes on this mbarrier word, but the 1 load(s) that complete on it land 32768: the phase would complete early}}
  cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%c0] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,128):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// expected-error @+1 {{Sw<3,3,3> is not a TMA swizzle for 32-bit values (Sw<1|2|3,2,3>)}}
func.func private @tma_smem_swizzle_for_halves_on_floats() attributes {a = #cute_nvgpu.tma_atom<load, f32, smem = "Sw<3,3,3> o 0 o (128,64):(64,1)">}

// -----

// expected-error @+1 {{TMA swizzles shared memory by a Swizzle<B,M,S>, not by the layout 8:1}}
func.func private @tma_smem_layout_outer() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "8:1 o 0 o (128,64):(64,1)">}

// -----

// expected-error @+1 {{a TMA atom's shared-memory tile starts at offset 0 (a stage's base), not 64}}
func.func private @tma_smem_offset() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 64 o (128,64):(64,1)">}

// -----

// expected-error @+1 {{a TMA atom's shared-memory tile must be static}}
func.func private @tma_smem_dynamic() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "(128,?):(?,1)">}

// -----

// expected-error @+1 {{a multicast to 3 CTAs splits the tile's outermost mode among them, but its extent 128 is not a multiple of 3}}
func.func private @tma_smem_multicast_uneven() attributes {a = #cute_nvgpu.tma_atom<load_multicast, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)", multicast = 3>}

// -----

// expected-error @+1 {{each CTA's share of a multicast starts at a 128-byte boundary, but a share is 16 bytes}}
func.func private @tma_smem_multicast_share_unaligned() attributes {a = #cute_nvgpu.tma_atom<load_multicast, f32, smem = "(4,4):(4,1)", multicast = 4>}

// -----

// expected-error @+1 {{only load_multicast writes to several CTAs}}
func.func private @tma_smem_load_with_multicast() attributes {a = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)", multicast = 2>}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
func.func @tma_copy_smem_transposed(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o (128,64):(1,128)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the shared-memory tensor Sw<3,3,3> o ?{div=8192} o (128,64):(1,128) does not lay out the atom's box Sw<3,3,3> o 0 o (128,64):(64,1) (its smem tile Sw<3,3,3> o 0 o ((8,16),64):((64,512),1), at any offset)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o (128,64):(1,128)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
func.func @tma_copy_smem_unswizzled(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "(128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the shared-memory tensor (128,64):(64,1) does not lay out the atom's box Sw<3,3,3> o 0 o (128,64):(64,1)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "(128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
func.func @tma_copy_smem_other_swizzle(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the shared-memory tensor Sw<2,3,3> o 0 o (128,64):(64,1) does not lay out the atom's box Sw<3,3,3> o 0 o (128,64):(64,1)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// A multicast copy fills the CTA's share, not the whole tile.
#tma = #cute_nvgpu.tma_atom<load_multicast, f16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>
func.func @tma_copy_smem_whole_tile_multicast(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %mask: i16) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op mode 0 of the coordinate tile has extent 256, but the box has 128 (the box lists the last mode first)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load_multicast, f16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>
func.func @tma_copy_smem_share_mismatch(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64):((64,1024),1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %mask: i16) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the shared-memory tensor Sw<3,3,3> o 0 o ((8,16),64):((64,1024),1) does not lay out the atom's box Sw<3,3,3> o 0 o (128,64):(64,1) (each CTA's share of its smem tile Sw<3,3,3> o 0 o ((8,32),64):((64,512),1), at any offset)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,16),64):((64,1024),1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}
