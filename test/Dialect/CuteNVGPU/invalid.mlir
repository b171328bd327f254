// RUN: cute-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// mma_atom
//===----------------------------------------------------------------------===//

// expected-error @+1 {{not an MMA atom: an MMA atom is named like SM80_16x8x16_F32F16F16F32_TN, got HMMA_16x8x16}}
func.func private @mma_atom_not_a_cute_name() attributes {a = #cute_nvgpu.mma_atom<"HMMA_16x8x16">}

// -----

// expected-error @+1 {{not an MMA atom: unknown architecture in SMX_16x8x16_F32F16F16F32_TN}}
func.func private @mma_atom_unknown_architecture() attributes {a = #cute_nvgpu.mma_atom<"SMX_16x8x16_F32F16F16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: the shape of SM80_16x8_F32F16F16F32_TN is not MxNxK}}
func.func private @mma_atom_shape_not_mxnxk() attributes {a = #cute_nvgpu.mma_atom<"SM80_16x8_F32F16F16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: unknown value type at `F17F16F32`}}
func.func private @mma_atom_unknown_value_type() attributes {a = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F17F16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: no MMA atoms for SM61 (SM70, SM75, SM80, SM89 and SM90 have them)}}
func.func private @mma_atom_no_atoms_for_arch() attributes {a = #cute_nvgpu.mma_atom<"SM61_16x8x16_F32F16F16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: SM70 has only the 8x8x4 quadpair HMMA, not 16x8x4}}
func.func private @mma_atom_sm70_shape() attributes {a = #cute_nvgpu.mma_atom<"SM70_16x8x4_F32F16F16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: SM70 HMMA multiplies f16 into f16 or f32}}
func.func private @mma_atom_sm70_types() attributes {a = #cute_nvgpu.mma_atom<"SM70_8x8x4_F32BF16BF16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: SM70 atoms are _NN, _NT, _TN or _TT}}
func.func private @mma_atom_sm70_majors() attributes {a = #cute_nvgpu.mma_atom<"SM70_8x8x4_F32F16F16F32_TX">}

// -----

// expected-error @+1 {{not an MMA atom: an mma.sync atom names D, A, B and C types, with C = D}}
func.func private @mma_atom_mma_sync_c_not_d() attributes {a = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F16_TN">}

// -----

// expected-error @+1 {{not an MMA atom: mma.sync atoms are _TN (A and B K-major)}}
func.func private @mma_atom_mma_sync_not_tn() attributes {a = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_NT">}

// -----

// expected-error @+1 {{not an MMA atom: SM75 has no mma.sync 16x8x16 for f32 = f16 * f16}}
func.func private @mma_atom_sm75_no_16x8x16() attributes {a = #cute_nvgpu.mma_atom<"SM75_16x8x16_F32F16F16F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: SM80 has no mma.sync 16x8x32 for f32 = e4m3 * e4m3}}
func.func private @mma_atom_fp8_before_sm89() attributes {a = #cute_nvgpu.mma_atom<"SM80_16x8x32_F32E4M3E4M3F32_TN">}

// -----

// expected-error @+1 {{not an MMA atom: a wgmma atom names D, A and B types, e.g. SM90_64x128x16_F32BF16BF16_SS}}
func.func private @mma_atom_wgmma_four_types() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32F16F16F32_SS">}

// -----

// expected-error @+1 {{not an MMA atom: wgmma atoms are _SS (A and B in shared memory) or _RS (A in registers)}}
func.func private @mma_atom_wgmma_suffix() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32F16F16_TN">}

// -----

// expected-error @+1 {{not an MMA atom: wgmma has no form f16 = bf16 * bf16}}
func.func private @mma_atom_wgmma_no_form() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F16BF16BF16_SS">}

// -----

// expected-error @+1 {{not an MMA atom: wgmma for f16 is 64xNx16, not 64xNx32}}
func.func private @mma_atom_wgmma_k() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x32_F32F16F16_SS">}

// -----

// expected-error @+1 {{not an MMA atom: N = 132 is not a legal wgmma N for f16 (8..256 in steps of 8)}}
func.func private @mma_atom_wgmma_illegal_n() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x132x16_F32F16F16_SS">}

// -----

// expected-error @+1 {{not an MMA atom: N = 40 is not a legal wgmma N for s8 (8..256 in steps of 8, of 16 above 32)}}
func.func private @mma_atom_wgmma_illegal_integer_n() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x40x32_S32S8S8_SS">}

// -----

// expected-error @+1 {{not an MMA atom: a wgmma atom takes the majors of A and B, got 3}}
func.func private @mma_atom_wgmma_three_majors() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32F16F16_SS<K,K,K>">}

// -----

// expected-error @+1 {{not an MMA atom: a GMMA major is K or MN, not M}}
func.func private @mma_atom_wgmma_bad_major() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32F16F16_SS<K,M>">}

// -----

// expected-error @+1 {{not an MMA atom: A from registers is K-major}}
func.func private @mma_atom_wgmma_rs_mn_major_a() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32F16F16_RS<MN,K>">}

// -----

// expected-error @+1 {{not an MMA atom: wgmma reads MN-major operands of 16-bit types only, not tf32}}
func.func private @mma_atom_wgmma_mn_major_tf32() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x8_F32TF32TF32_SS<K,MN>">}

// -----

// expected-error @+1 {{not an MMA atom: unclosed `<` in SM90_64x128x16_F32F16F16_SS<K,MN}}
func.func private @mma_atom_wgmma_unclosed_majors() attributes {a = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32F16F16_SS<K,MN">}

// -----

// expected-error @+1 {{not an MMA atom: UniversalFMA names its types: UniversalFMA<f32> or UniversalFMA<f32,f16,f16,f32>}}
func.func private @mma_atom_fma_unclosed() attributes {a = #cute_nvgpu.mma_atom<"UniversalFMA<f32">}

// -----

// expected-error @+1 {{not an MMA atom: unknown value type `f31` in UniversalFMA<f31>}}
func.func private @mma_atom_fma_unknown_type() attributes {a = #cute_nvgpu.mma_atom<"UniversalFMA<f31>">}

// -----

// expected-error @+1 {{not an MMA atom: UniversalFMA takes 1 or 4 types (D,A,B,C), got 2}}
func.func private @mma_atom_fma_two_types() attributes {a = #cute_nvgpu.mma_atom<"UniversalFMA<f32,f16>">}

// -----

// A bare name in CuTe's form says what is wrong with it, as the quoted one does.
// expected-error @+1 {{not an MMA atom: mma.sync atoms are _TN (A and B K-major)}}
func.func private @mma_atom_bare_bad_layout() attributes {a = #cute_nvgpu.SM80_16x8x16_F32F16F16F32_NT}

// -----

// expected-error @+1 {{not an MMA atom: N = 132 is not a legal wgmma N for f16 (8..256 in steps of 8)}}
func.func private @mma_atom_bare_bad_wgmma_n() attributes {a = #cute_nvgpu.SM90_64x132x16_F32F16F16_SS}

// -----

// Any other bare name is no attribute at all.
// expected-error @+1 {{unknown cute_nvgpu attribute `hmma` (not an attribute mnemonic nor an MMA atom's CuTe name)}}
func.func private @mma_atom_bare_unknown_name() attributes {a = #cute_nvgpu.hmma}

//===----------------------------------------------------------------------===//
// copy_atom
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{not a copy atom: unknown copy atom SM80_LDGSTS_U128}}
func.func private @copy_atom_unknown() attributes {a = #cute_nvgpu.copy_atom<"SM80_LDGSTS_U128", f16>}

// -----

// expected-error @+1 {{not a copy atom: unknown element U256 (U8 to U128)}}
func.func private @copy_atom_unknown_width() attributes {a = #cute_nvgpu.copy_atom<"UniversalCopy_U256", f16>}

// -----

// expected-error @+1 {{not a copy atom: cp.async copies 4, 8 or 16 bytes, not 2}}
func.func private @copy_atom_cp_async_too_narrow() attributes {a = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U16", f16>}

// -----

// expected-error @+1 {{not a copy atom: cp.async.cg copies 16 bytes only}}
func.func private @copy_atom_cp_async_cg_not_16_bytes() attributes {a = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U64", f16>}

// -----

// expected-error @+1 {{not a copy atom: plain ldmatrix/stmatrix atoms move U32 values: SM75_U16x4_LDSM_N}}
func.func private @copy_atom_ldmatrix_plain_u16() attributes {a = #cute_nvgpu.copy_atom<"SM75_U16x4_LDSM_N", f16>}

// -----

// expected-error @+1 {{not a copy atom: transposed ldmatrix/stmatrix atoms move U16 values: SM75_U32x4_LDSM_T}}
func.func private @copy_atom_ldmatrix_transposed_u32() attributes {a = #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_T", f16>}

// -----

// A thread's ldmatrix registers hold 32 bits of one row: a 64-bit value
// would be split between two threads.
// expected-error @+1 {{not a copy atom for 'f64': SM75_U32x4_LDSM_N writes 32-bit pieces, which split 64-bit values}}
func.func private @copy_atom_ldmatrix_f64() attributes {a = #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f64>}

// -----

// expected-error @+1 {{not a copy atom for 'f32': SM75_U16x8_LDSM_T writes 16-bit pieces, which split 32-bit values}}
func.func private @copy_atom_ldmatrix_trans_f32() attributes {a = #cute_nvgpu.copy_atom<"SM75_U16x8_LDSM_T", f32>}

// -----

// expected-error @+1 {{not a copy atom: SM90_U16x6_STSM_T names 3 matrices; ldmatrix/stmatrix move 1, 2 or 4}}
func.func private @copy_atom_stmatrix_three_matrices() attributes {a = #cute_nvgpu.copy_atom<"SM90_U16x6_STSM_T", f16>}

// -----

// expected-error @+1 {{UniversalCopy_U16 moves 16 bits per thread, not a whole number of 'f32' values}}
func.func private @copy_atom_value_type_wider_than_atom() attributes {a = #cute_nvgpu.copy_atom<"UniversalCopy_U16", f32>}

// -----

// expected-error @+1 {{UniversalCopy_U128 moves 128 bits per thread, not a whole number of 'i48' values}}
func.func private @copy_atom_value_type_not_dividing() attributes {a = #cute_nvgpu.copy_atom<"UniversalCopy_U128", i48>}

// -----

// expected-error @+1 {{UniversalCopy_U32 moves 32 bits per thread, not a whole number of 'index' values}}
func.func private @copy_atom_value_type_without_width() attributes {a = #cute_nvgpu.copy_atom<"UniversalCopy_U32", index>}

//===----------------------------------------------------------------------===//
// tma_atom
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{a TMA copy is load, load_multicast, store or reduce_add, not gather}}
func.func private @tma_bad_kind() attributes {a = #cute_nvgpu.tma_atom<gather, f16, box = [64, 64]>}

// -----

// expected-error @+1 {{a TMA box has 1 to 5 dimensions, got 6}}
func.func private @tma_box_rank_6() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [8, 2, 2, 2, 2, 2]>}

// -----

// expected-error @+1 {{TMA box extent 512 of dimension 1 is outside 1..256}}
func.func private @tma_box_extent_512() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 512]>}

// -----

// expected-error @+1 {{TMA box extent 0 of dimension 1 is outside 1..256}}
func.func private @tma_box_extent_0() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 0]>}

// -----

// expected-error @+1 {{TMA copies 8-, 16-, 32- or 64-bit elements, not 4-bit ones}}
func.func private @tma_4_bit_elements() attributes {a = #cute_nvgpu.tma_atom<load, i4, box = [64, 64]>}

// -----

// expected-error @+1 {{the TMA box's inner extent is 8 bytes; it must be a multiple of 16}}
func.func private @tma_inner_extent_not_16_bytes() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [4, 64]>}

// -----

// expected-error @+1 {{a TMA swizzle is 32, 64 or 128 bytes, not 256}}
func.func private @tma_bad_swizzle() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 64], swizzle = 256>}

// -----

// expected-error @+1 {{the TMA box's inner extent of 256 bytes is wider than its 128-byte swizzle}}
func.func private @tma_inner_extent_wider_than_swizzle() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [128, 64], swizzle = 128>}

// -----

// Large values are not narrowed into legal ones (2^32 + 128 is not 128).
// expected-error @+1 {{a TMA swizzle is 32, 64 or 128 bytes, not 4294967424}}
func.func private @tma_swizzle_wide() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 64], swizzle = 4294967424>}

// -----

// expected-error @+1 {{a TMA multicast goes to 2..16 CTAs of a cluster, not 4294967298}}
func.func private @tma_multicast_wide() attributes {a = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], multicast = 4294967298>}

// -----

// expected-error @+1 {{`swizzle` is given twice}}
func.func private @tma_swizzle_twice() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 64], swizzle = 128, swizzle = 64>}

// -----

// expected-error @+1 {{expected `swizzle` or `multicast`, got `swizle`}}
func.func private @tma_unknown_option() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 64], swizle = 128>}

// -----

// expected-error @+1 {{a TMA multicast goes to 2..16 CTAs of a cluster, not 32}}
func.func private @tma_multicast_out_of_range() attributes {a = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 32>}

// -----

// expected-error @+1 {{a TMA multicast goes to 2..16 CTAs of a cluster, not 1}}
func.func private @tma_multicast_missing() attributes {a = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128>}

// -----

// expected-error @+1 {{only load_multicast writes to several CTAs}}
func.func private @tma_multicast_on_load() attributes {a = #cute_nvgpu.tma_atom<load, f16, box = [64, 64], swizzle = 128, multicast = 2>}

// -----

// expected-error @+1 {{TMA reduce-add has no 8-bit form}}
func.func private @tma_reduce_add_8_bit() attributes {a = #cute_nvgpu.tma_atom<reduce_add, i8, box = [64, 64]>}

//===----------------------------------------------------------------------===//
// bulk_copy
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{a bulk copy is a load or a store, not gather}}
func.func private @bulk_copy_bad_direction() attributes {a = #cute_nvgpu.bulk_copy<gather, f32, bytes = 4096>}

// -----

// expected-error @+1 {{32 bytes are not a whole number of 'i24' values}}
func.func private @bulk_copy_partial_value() attributes {a = #cute_nvgpu.bulk_copy<load, i24, bytes = 32>}

// -----

// expected-error @+1 {{a bulk copy moves a positive multiple of 16 bytes, not 4100}}
func.func private @bulk_copy_not_multiple_of_16() attributes {a = #cute_nvgpu.bulk_copy<load, f32, bytes = 4100>}

// -----

// The size is a .u32 operand of cp.async.bulk.
// expected-error @+1 {{a bulk copy moves at most 4294967280 bytes (its size is 32 bits), not 4294967296}}
func.func private @bulk_copy_too_large() attributes {a = #cute_nvgpu.bulk_copy<load, f32, bytes = 4294967296>}

// -----

// expected-error @+1 {{a bulk copy moves a positive multiple of 16 bytes, not 0}}
func.func private @bulk_copy_zero_bytes() attributes {a = #cute_nvgpu.bulk_copy<store, f32, bytes = 0>}

// -----

// `%bars[]` parses (the index is optional in the syntax) but names no
// mbarrier; the lowering read the missing index (mutation fuzzer).
func.func @bulk_copy_barrier_without_index(%g: !cute.tensor<f32, gmem, "256:1">, %s: !cute.tensor<f32, smem, "256:1">, %bars: memref<1xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{an mbarrier is named by the barriers and an index into them: `barrier %bars[%i]`}}
  cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<load, f32, bytes = 1024>, %g, %s barrier %bars[] : !cute.tensor<f32, gmem, "256:1">, !cute.tensor<f32, smem, "256:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// An index with no barriers to index, which only the generic form can write.
func.func @bulk_copy_index_without_barrier(%g: !cute.tensor<f32, gmem, "256:1">, %s: !cute.tensor<f32, smem, "256:1">, %i: index) {
  // expected-error @+1 {{an mbarrier is named by the barriers and an index into them: `barrier %bars[%i]`}}
  "cute_nvgpu.bulk_copy"(%g, %s, %i) <{atom = #cute_nvgpu.bulk_copy<load, f32, bytes = 1024>, operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!cute.tensor<f32, gmem, "256:1">, !cute.tensor<f32, smem, "256:1">, index) -> ()
  return
}

//===----------------------------------------------------------------------===//
// tiled_mma
//===----------------------------------------------------------------------===//

// -----

// A permutation smaller than the atom would fold two of its values onto one.
// expected-error @+1 {{the M permutation spans 8, not a multiple of the 16 that 1 atom(s) of extent 16 span}}
func.func private @tiled_mma_permutation_below_atom() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)", permutation = "(8,8,16)">}

// -----

// Smaller than the atoms it tiles: two atoms along M, one 16-row tile.
// expected-error @+1 {{the M permutation spans 16, not a multiple of the 32 that 2 atom(s) of extent 16 span}}
func.func private @tiled_mma_permutation_below_atoms() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(16,16,16)">}

// -----

// A permutation's integers are sizes (n is n:1).
// expected-error @+1 {{a tiler's size must be positive, not -32}}
func.func private @tiled_mma_permutation_negative() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,-32,16)">}

// -----

// expected-error @+1 {{the M permutation (2,8):(0,1) is not a permutation of 0..15: index 1 goes to 0, taken before}}
func.func private @tiled_mma_permutation_not_injective() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)", permutation = "((2,8):(0,1),8,16)">}

// -----

// expected-error @+1 {{the N permutation 8:2 is not a permutation of 0..7: index 4 goes to 8}}
func.func private @tiled_mma_permutation_out_of_tile() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)", permutation = "(16,8:2,16)">}

// -----

// expected-error @+1 {{expected an MMA atom, got #cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>}}
func.func private @tiled_mma_not_an_mma_atom() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, "(1,1,1)">}

// -----

// expected-error @+1 {{the atom layout (2,2,1,1):(1,2,0,0) has more than 3 modes (M,N,K)}}
func.func private @tiled_mma_atom_layout_rank_4() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1,1)">}

// -----

// expected-error @+1 {{a shape's leaves are positive integers, got (2,?,1)}}
func.func private @tiled_mma_dynamic_atom_layout() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,?,1)">}

// -----

// expected-error @+1 {{expected `,` or `)` at column 5}}
func.func private @tiled_mma_unparsable_atom_layout() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2">}

// -----

// expected-error @+1 {{the permutation (32,32,16,1) has more than 3 modes (M,N,K)}}
func.func private @tiled_mma_permutation_rank_4() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16,1)">}

// -----

// expected-error @+1 {{each mode's permutation is a layout or `_`}}
func.func private @tiled_mma_permutation_mode_is_a_tuple() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "((16,2),32,16)">}

// -----

// expected-error @+1 {{the TiledMMA's C tile (2048,1024) has 2097152 elements, more than the 1048576 a tile may have}}
func.func private @tiled_mma_too_large_to_check() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(2048,1024,16)">}

// -----

// The bounds are checked before any layout of the tiling is built: a
// TiledMMA of four million threads is rejected at once.
// expected-error @+1 {{the atom layout (2,2,131072):(1,2,4) tiles 16777216 threads (524288 atoms of 32), more than a CTA's 1024}}
func.func private @tiled_mma_too_many_threads() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,131072)">}

// -----

// expected-error @+1 {{the atom layout (4611686018427387904,4):(1,4611686018427387904) has more than 2^63 atoms}}
func.func private @tiled_mma_thread_count_overflows() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(4611686018427387904,4)">}

// -----

// Each atom runs on its own threads: the atom layout numbers the atoms
// 0..n-1 one to one (this one gave threads -32..-1 to the second atom).
// expected-error @+1 {{the atom layout (2,2,1):(-1,2,0) does not number its 4 atoms 0..3 one to one: atom 1 gets -1}}
func.func private @tiled_mma_atom_layout_negative() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1):(-1,2,0)">}

// -----

// expected-error @+1 {{the atom layout (2,2,1):(0,0,0) does not number its 4 atoms 0..3 one to one: atom 1 gets 0}}
func.func private @tiled_mma_atom_layout_shared() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1):(0,0,0)">}

// -----

// expected-error @+1 {{the M permutation 1048576 spans more than 65536 elements}}
func.func private @tiled_mma_permutation_too_large() attributes {a = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(1048576,32,16)">}

//===----------------------------------------------------------------------===//
// tiled_copy
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{expected a copy atom, got #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">}}
func.func private @tiled_copy_not_a_copy_atom() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, threads = "(32,8):(8,1)", values = "(1,8)">}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">
// expected-error @+1 {{a tiled copy takes either `threads` and `values` or `mma` and `operand`}}
func.func private @tiled_copy_both_forms() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)", mma = #tm, operand = "A">}

// -----

// expected-error @+1 {{a tiled copy takes either `threads` and `values` or `mma` and `operand`}}
func.func private @tiled_copy_neither_form() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, >}

// -----

// expected-error @+1 {{a tiled copy needs both `threads` and `values`}}
func.func private @tiled_copy_threads_without_values() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)">}

// -----

// expected-error @+1 {{a tiled copy for a TiledMMA needs both `mma` and `operand`}}
func.func private @tiled_copy_operand_without_mma() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, operand = "A">}

// -----

// expected-error @+1 {{`mma` must be a #cute_nvgpu.tiled_mma}}
func.func private @tiled_copy_mma_not_tiled() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, mma = #cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, operand = "A">}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">
// expected-error @+1 {{`operand` is A, B or C, not `D`}}
func.func private @tiled_copy_bad_operand() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, mma = #tm, operand = "D">}

// -----

// expected-error @+1 {{the copy's 4 values per thread are not a multiple of the 8 values UniversalCopy_U128 moves per thread}}
func.func private @tiled_copy_values_not_multiple_of_atom() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,4)">}

// -----

// ldmatrix.x4 moves 8 f16 per thread; B of the SM80 16x8x16 atom has 4.
#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">
// expected-error @+1 {{the copy's 4 values per thread are not a multiple of the 8 values SM75_U32x4_LDSM_N moves per thread}}
func.func private @tiled_copy_mma_operand_too_small_for_atom() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "B">}

// -----

// expected-error @+1 {{the copy's 16 threads are not a multiple of the 32 threads of SM75_U32x4_LDSM_N}}
func.func private @tiled_copy_threads_not_multiple_of_atom() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, threads = "(16,1)", values = "(1,8)">}

// -----

// expected-error @+1 {{the tiled copy's source partition is not exact: element (0,1) of the (32,64) tile is owned twice: by thread 0 value 1 and by thread 1 value 0}}
func.func private @tiled_copy_thread_layout_not_injective() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,0)", values = "(1,8)">}

// -----

// expected-error @+1 {{make_tiled_copy needs static thread and value layouts}}
func.func private @tiled_copy_dynamic_thread_layout() attributes {a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,?):(8,1)", values = "(1,8)">}

//===----------------------------------------------------------------------===//
// partition_a/b/c, partition_s/d, retile
//===----------------------------------------------------------------------===//

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">
func.func @partition_a_rank_1(%sA: !cute.tensor<f16, smem, "512:1">, %tid: index) {
  // expected-error @+1 {{'cute_nvgpu.partition_a' op logical_divide: tiler (32,16) has 2 modes but the layout 512:1 has rank 1}}
  %a = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "512:1">, index
  return
}

// -----

#tc = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
func.func @partition_s_tensor_rank_below_tile(%g: !cute.tensor<f16, gmem, "2048:1">, %tid: index) {
  // expected-error @+1 {{'cute_nvgpu.partition_s' op the rank-1 tensor 2048:1 is smaller than the (32,64) tile of the copy}}
  %p = cute_nvgpu.partition_s #tc, %g, %tid : !cute.tensor<f16, gmem, "2048:1">, index
  return
}

// -----

#tc = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
func.func @retile_rank_1(%f: !cute.tensor<f16, rmem, "8:1">) {
  // expected-error @+1 {{'cute_nvgpu.retile' op retile needs a (values, rest...) fragment, got 8:1}}
  %v = cute_nvgpu.retile #tc, %f : !cute.tensor<f16, rmem, "8:1">
  return
}

//===----------------------------------------------------------------------===//
// gemm
//===----------------------------------------------------------------------===//

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_wrong_element_type(%a: !cute.tensor<bf16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op A has elements of type 'bf16' but SM80_16x8x16_F32F16F16F32_TN takes 'f16'}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<bf16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_c_in_smem(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %c: !cute.tensor<f32, smem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op SM80_16x8x16_F32F16F16F32_TN reads C from rmem, but it is in smem}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, smem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
func.func @gemm_ss_wgmma_a_in_rmem(%a: !cute.tensor<f16, rmem, "((64,16),1,4):((64,1),0,16)">, %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op SM90_64x64x16_F32F16F16_SS reads A from smem, but it is in rmem}}
  cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, rmem, "((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// -----

#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_RS, "(1,1,1)">
func.func @gemm_rs_wgmma_a_in_smem(%a: !cute.tensor<f16, smem, "((64,16),1,4):((64,1),0,16)">, %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op SM90_64x64x16_F32F16F16_RS reads A from rmem, but it is in smem}}
  cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, smem, "((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_wrong_values_per_atom(%a: !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op A has 4 values per atom (its first mode), but SM80_16x8x16_F32F16F16F32_TN takes 8}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_m_disagrees(%a: !cute.tensor<f16, rmem, "((2,2,2),2,1):((1,2,4),8,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op the operands tile M differently: 2 vs 1}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),2,1):((1,2,4),8,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_n_disagrees(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),4,1):((1,2),4,0)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op the operands tile N differently: 4 vs 2}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),4,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_k_disagrees(%a: !cute.tensor<f16, rmem, "((2,2,2),1,2):((1,2,4),0,8)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op the operands tile K differently: 2 vs 1}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,2):((1,2,4),0,8)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_rank_4(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1,1):((1,2,4),0,0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op A must be one thread's partition, with modes (FrgV, Rest, Rest) or (FrgV, Rest), got ((2,2,2),1,1,1):((1,2,4),0,0,0)}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1,1):((1,2,4),0,0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// -----

// C has no one-k-block form: it is always (FrgV, M', N').
#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_c_rank_2(%a: !cute.tensor<f16, rmem, "((2,2,2),1):((1,2,4),0)">, %b: !cute.tensor<f16, rmem, "((2,2),2):((1,2),4)">, %c: !cute.tensor<f32, rmem, "((2,2),2):((1,2),4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op C must be one thread's partition, with modes (FrgV, Rest, Rest), got ((2,2),2):((1,2),4)}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1):((1,2,4),0)">, !cute.tensor<f16, rmem, "((2,2),2):((1,2),4)">, !cute.tensor<f32, rmem, "((2,2),2):((1,2),4)">
  return
}

// -----

// A one-k-block A is (FrgV, M', 1): B's two k-blocks do not match it.
#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @gemm_one_k_block_vs_two(%a: !cute.tensor<f16, rmem, "((2,2,2),1):((1,2,4),0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,2):((1,2),4,8)">, %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // expected-error @+1 {{'cute_nvgpu.gemm' op the operands tile K differently: 1 vs 2}}
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1):((1,2,4),0)">, !cute.tensor<f16, rmem, "((2,2),2,2):((1,2),4,8)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

//===----------------------------------------------------------------------===//
// copy
//===----------------------------------------------------------------------===//

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">
func.func @copy_not_a_copy_atom(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op expected a copy atom or a #cute_nvgpu.tiled_copy, got #cute_nvgpu.tiled_mma}}
  cute_nvgpu.copy #tm, %g, %s : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">
  return
}

// -----

#tc = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
func.func @copy_wrong_element_type(%s: !cute.tensor<f32, gmem, "((8,1),1,1):((1,0),0,0)">, %d: !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op the source has elements of type 'f32' but the atom copies 'f16'}}
  cute_nvgpu.copy #tc, %s, %d : !cute.tensor<f32, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">
  return
}

// -----

func.func @copy_ldmatrix_from_gmem(%s: !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, %d: !cute.tensor<f16, rmem, "((8,1),1,1):((1,0),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op SM75_U32x4_LDSM_N reads smem, but the source is in gmem}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, %s, %d : !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, rmem, "((8,1),1,1):((1,0),0,0)">
  return
}

// -----

func.func @copy_cp_async_to_rmem(%s: !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, %d: !cute.tensor<f16, rmem, "((8,1),1,1):((1,0),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op SM80_CP_ASYNC_CACHEGLOBAL_U128 writes smem, but the destination is in rmem}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d : !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, rmem, "((8,1),1,1):((1,0),0,0)">
  return
}

// -----

func.func @copy_size_mismatch(%s: !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),8,0)">, %d: !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op the source has 16 values but the destination has 8}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d : !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),8,0)">, !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">
  return
}

// -----

func.func @copy_predicate_not_i1(%s: !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),8,0)">, %d: !cute.tensor<f16, smem, "((8,1),2,1):((1,0),8,0)">, %p: !cute.tensor<i8, rmem, "(2,1):(1,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op the predicate must hold i1, not 'i8'}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d if %p : !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),8,0)">, !cute.tensor<f16, smem, "((8,1),2,1):((1,0),8,0)">, !cute.tensor<i8, rmem, "(2,1):(1,0)">
  return
}

// -----

func.func @copy_predicate_size(%s: !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),8,0)">, %d: !cute.tensor<f16, smem, "((8,1),2,1):((1,0),8,0)">, %p: !cute.tensor<i1, rmem, "(4,1):(1,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op the predicate has 4 entries, but the copy makes 2 atom calls (one per rest position of ((8,1),2,1):((1,0),8,0))}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d if %p : !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),8,0)">, !cute.tensor<f16, smem, "((8,1),2,1):((1,0),8,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
  return
}

// -----

func.func @copy_first_mode_not_multiple_of_vector(%s: !cute.tensor<f16, gmem, "((4,1),2,1):((1,0),4,0)">, %d: !cute.tensor<f16, smem, "((4,1),2,1):((1,0),4,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op the source's first mode has 4 values, not a multiple of the 8 that SM80_CP_ASYNC_CACHEGLOBAL_U128 moves per thread}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d : !cute.tensor<f16, gmem, "((4,1),2,1):((1,0),4,0)">, !cute.tensor<f16, smem, "((4,1),2,1):((1,0),4,0)">
  return
}

// -----

func.func @copy_vector_not_contiguous(%s: !cute.tensor<f16, gmem, "((8,1),1,1):((2,0),0,0)">, %d: !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op SM80_CP_ASYNC_CACHEGLOBAL_U128 moves 8 contiguous values, but the source's values (8,1):(2,0) are not contiguous}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d : !cute.tensor<f16, gmem, "((8,1),1,1):((2,0),0,0)">, !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">
  return
}

// -----

func.func @copy_vector_misaligned(%s: !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),4,0)">, %d: !cute.tensor<f16, smem, "((8,1),2,1):((1,0),8,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op SM80_CP_ASYNC_CACHEGLOBAL_U128 needs each 8-value vector aligned, but the source steps by 4 values}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d : !cute.tensor<f16, gmem, "((8,1),2,1):((1,0),4,0)">, !cute.tensor<f16, smem, "((8,1),2,1):((1,0),8,0)">
  return
}

// -----

// Sw<3,2,3> XORs in units of 4 f16 values: it splits an 8-value vector.
func.func @copy_swizzle_splits_vectors(%s: !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, %d: !cute.tensor<f16, smem, "Sw<3,2,3> o 0 o ((8,1),1,1):((1,0),0,0)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op SM80_CP_ASYNC_CACHEGLOBAL_U128 moves 8-value vectors, but the destination's swizzle Sw<3,2,3> splits them}}
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, %s, %d : !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, smem, "Sw<3,2,3> o 0 o ((8,1),1,1):((1,0),0,0)">
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @copy_with_tma_atom(%g: !cute.tensor<f16, gmem, "(128,64):(?,1)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op a TMA atom copies a box through its descriptor: use cute_nvgpu.tma_copy}}
  cute_nvgpu.copy #tma, %g, %s : !cute.tensor<f16, gmem, "(128,64):(?,1)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">
  return
}

// -----

// The parser gives the descriptor its `!llvm.ptr` type even where nothing
// before it has named an LLVM type: an undefined operand is an error, not a
// crash.
#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_undefined_descriptor(%g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_coordinate_tile_mismatch(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op mode 0 of the coordinate tile has extent 64, but the box has 128 (the box lists the last mode first)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_box_size_mismatch(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the shared-memory tile must be static with the box's extents in the tensor's mode order (128,64), got (64,64):(64,1)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_smem_column_major(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(1,128)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op TMA writes the box row-major (the last mode fastest), as (128,64):(64,1), but the shared-memory tile is (128,64):(1,128)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(1,128)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_smem_not_swizzled(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "(128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the TMA atom swizzles 128 bytes, but the shared-memory tile is not swizzled}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "(128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_swizzle_mismatch(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the TMA atom swizzles 128 bytes, but the shared-memory tile is swizzled by 64 bytes}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<2,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_not_a_tma_swizzle(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,2,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op Sw<3,2,3> is not a TMA swizzle for 16-bit values (Sw<1|2|3,3,3>)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,2,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_load_without_barrier(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op a TMA load completes on an mbarrier: add `barrier %bars[%i]`}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_barrier_in_gmem(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, 1>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op mbarriers live in shared memory (#gpu.address_space<workgroup>), not in 'memref<2xi64, 1>'}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, 1>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 128], swizzle = 128, multicast = 2>
func.func @tma_copy_multicast_without_mask(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op a multicast load needs `multicast %mask` (i16, one bit per CTA of the cluster)}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_mask_without_multicast(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %mask: i16) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op only a load_multicast atom takes a multicast mask}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<store, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_store_to_smem(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op the destination of a TMA store is a tile of coordinates (a coord tensor), not smem}}
  cute_nvgpu.tma_copy #tma, %d, %g, %s : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<store, f16, box = [64, 128], swizzle = 128>
func.func @tma_copy_store_with_barrier(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.tma_copy' op a TMA store completes in a bulk async group, not on an mbarrier}}
  cute_nvgpu.tma_copy #tma, %d, %s, %g barrier %bars[%i] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}

// -----


func.func @mbarrier_in_gmem(%bars: memref<2xi64, 1>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.mbarrier_wait' op mbarriers live in shared memory (#gpu.address_space<workgroup>), not in 'memref<2xi64, 1>'}}
  cute_nvgpu.mbarrier_wait %bars[%i], %i : memref<2xi64, 1>
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_descriptor_inner_stride(%t: !cute.tensor<f16, gmem, "(?,?):(1,?)">) {
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op the last mode is TMA's innermost dimension and must have stride 1, got ?}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "(?,?):(1,?)"> -> !llvm.ptr
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_descriptor_nested(%t: !cute.tensor<f16, gmem, "((2,?),?):((?,?),1)">) {
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op the TMA dimensions are the tensor's modes, which must not be nested; got ((2,?),?):((?,?),1)}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "((2,?),?):((?,?),1)"> -> !llvm.ptr
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_descriptor_rank(%t: !cute.tensor<f16, gmem, "(?,?,?):(?,?,1)">) {
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op the atom's box has 2 dimensions, but the tensor has 3 modes}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "(?,?,?):(?,?,1)"> -> !llvm.ptr
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_descriptor_stride_bytes(%t: !cute.tensor<f16, gmem, "(?,?):(100,1)">) {
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op TMA needs strides of 16 bytes or multiples; mode 0 has stride 100 (200 bytes)}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "(?,?):(100,1)"> -> !llvm.ptr
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_descriptor_smem(%t: !cute.tensor<f16, smem, "(?,?):(?,1)">) {
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op a TMA descriptor describes a tensor in gmem, not smem}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, smem, "(?,?):(?,1)"> -> !llvm.ptr
  return
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func @tma_descriptor_element_type(%t: !cute.tensor<f32, gmem, "(?,?):(?,1)">) {
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op the tensor has elements of type 'f32' but the atom copies 'f16'}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f32, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  return
}

// -----

// The driver encodes descriptors; a kernel cannot call it (the lowering's
// call to the runtime failed, naming no reason).
#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
gpu.module @kernels {
  gpu.func @tma_descriptor_in_a_kernel(%t: !cute.tensor<f16, gmem, "(?,?):(?,1)">) kernel {
    // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op is a host op and cannot be used in a gpu.module (a kernel takes the descriptor as an !llvm.ptr argument)}}
    %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tma_descriptor_freed_in_a_kernel(%d: !llvm.ptr) kernel {
    // expected-error @+1 {{'cute_nvgpu.destroy_tma_descriptor' op is a host op and cannot be used in a gpu.module}}
    cute_nvgpu.destroy_tma_descriptor %d : !llvm.ptr
    gpu.return
  }
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @copy_with_bulk_atom(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">) {
  // expected-error @+1 {{'cute_nvgpu.copy' op a bulk copy completes on an mbarrier or in a bulk async group: use cute_nvgpu.bulk_copy}}
  cute_nvgpu.copy #bulk, %g, %s : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @bulk_copy_size_mismatch(%g: !cute.tensor<f32, gmem, "512:1">, %s: !cute.tensor<f32, smem, "512:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op the bulk copy moves 1024 values, but the source has 512}}
  cute_nvgpu.bulk_copy #bulk, %g, %s barrier %b[%i] : !cute.tensor<f32, gmem, "512:1">, !cute.tensor<f32, smem, "512:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @bulk_copy_not_contiguous(%g: !cute.tensor<f32, gmem, "(32,32):(32,1)">, %s: !cute.tensor<f32, smem, "1024:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op SM90_BULK_COPY_G2S moves 1024 contiguous values, but the source's values 32:32 are not contiguous}}
  cute_nvgpu.bulk_copy #bulk, %g, %s barrier %b[%i] : !cute.tensor<f32, gmem, "(32,32):(32,1)">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

// A swizzle would scatter the bytes, which a bulk copy moves as one run.
#bulk = #cute_nvgpu.bulk_copy<load, f16, bytes = 2048>
func.func @bulk_copy_swizzled(%g: !cute.tensor<f16, gmem, "1024:1">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o 1024:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op SM90_BULK_COPY_G2S moves 1024-value vectors, but the destination's swizzle Sw<3,3,3> splits them}}
  cute_nvgpu.bulk_copy #bulk, %g, %s barrier %b[%i] : !cute.tensor<f16, gmem, "1024:1">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o 1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @bulk_copy_wrong_memory(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, gmem, "1024:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op SM90_BULK_COPY_G2S writes smem, but the destination is in gmem}}
  cute_nvgpu.bulk_copy #bulk, %g, %s barrier %b[%i] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, gmem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @bulk_copy_element_type(%g: !cute.tensor<i32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op the source has elements of type 'i32' but the atom copies 'f32'}}
  cute_nvgpu.bulk_copy #bulk, %g, %s barrier %b[%i] : !cute.tensor<i32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @bulk_load_without_barrier(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op a bulk load completes on an mbarrier: add `barrier %bars[%i]`}}
  cute_nvgpu.bulk_copy #bulk, %g, %s : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<store, f32, bytes = 4096>
func.func @bulk_store_with_barrier(%s: !cute.tensor<f32, smem, "1024:1">, %g: !cute.tensor<f32, gmem, "1024:1">, %b: memref<1xi64, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'cute_nvgpu.bulk_copy' op a bulk store completes in a bulk async group, not on an mbarrier}}
  cute_nvgpu.bulk_copy #bulk, %s, %g barrier %b[%i] : !cute.tensor<f32, smem, "1024:1">, !cute.tensor<f32, gmem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
  return
}

// -----

#bulk = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
func.func @bulk_copy_barrier_in_global(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %b: memref<1xi64>, %i: index) {
  // expected-error @+1 {{mbarriers live in shared memory}}
  cute_nvgpu.bulk_copy #bulk, %g, %s barrier %b[%i] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64>
  return
}

// -----

// A wgmma operand tile must be one of the canonical layouts a matrix
// descriptor can name: here K-major rows 32 bytes apart with no swizzle.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
func.func @wgmma_descriptor_layout(%a: !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error @+1 {{no wgmma descriptor for A ((64,16):(16,1), K-major): not a canonical K-major INTER layout: consecutive rows must be 16 bytes apart, got 32}}
  cute_nvgpu.gemm #wg, %a, %a, %c : !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// -----

// ... nor a swizzle wgmma has no mode for.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
func.func @wgmma_descriptor_swizzle(%a: !cute.tensor<f16, smem, "Sw<3,4,3> o 0 o ((64,16),1,1):((64,1),0,0)">, %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error @+1 {{no wgmma descriptor for A (Sw<3,4,3> o 0 o (64,16):(64,1), K-major): Sw<3,4,3> is not a wgmma swizzle for 16-bit values (Sw<1|2|3,3,3>: 32, 64 or 128 bytes)}}
  cute_nvgpu.gemm #wg, %a, %a, %c : !cute.tensor<f16, smem, "Sw<3,4,3> o 0 o ((64,16),1,1):((64,1),0,0)">, !cute.tensor<f16, smem, "Sw<3,4,3> o 0 o ((64,16),1,1):((64,1),0,0)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}
