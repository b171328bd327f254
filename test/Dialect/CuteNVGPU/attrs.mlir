// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// Round trip of every cute_nvgpu attribute. The printer gives each atom,
// TiledMMA and TiledCopy an alias (#mma_atom, #copy_atom, #tiled_mma,
// #tiled_copy, numbered in the order it meets them); the alias definitions
// are checked here, their uses in the functions below.

// MMA atoms of each architecture, by their CuTe names.
// CHECK-DAG: #[[SM70:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM70_8x8x4_F32F16F16F32_NT">
// CHECK-DAG: #[[SM75:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM75_16x8x8_F16F16F16F16_TN">
// CHECK-DAG: #[[SM80:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">
// CHECK-DAG: #[[SM80_F16:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_16x8x16_F16F16F16F16_TN">
// CHECK-DAG: #[[SM80_TF32:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_16x8x8_F32TF32TF32F32_TN">
// CHECK-DAG: #[[SM80_S8:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_16x8x32_S32S8U8S32_TN">
// CHECK-DAG: #[[SM80_F64:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_8x8x4_F64F64F64F64_TN">
// CHECK-DAG: #[[SM89:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM89_16x8x32_F32E4M3E5M2F32_TN">
// CHECK-DAG: #[[SM90_SS:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32BF16BF16_SS">
// CHECK-DAG: #[[SM90_SS_MN:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x256x16_F32F16F16_SS<MN,K>">
// CHECK-DAG: #[[SM90_SS_GMMA:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>">
// CHECK-DAG: #[[SM90_RS:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x64x16_F32F16F16_RS<K,MN>">
// CHECK-DAG: #[[SM90_S8:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x48x32_S32S8S8_RS">
// CHECK-DAG: #[[SM90_E4M3:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x8x32_F32E4M3E4M3_SS">
// CHECK-DAG: #[[FMA:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"UniversalFMA<f32>">
// CHECK-DAG: #[[FMA4:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"UniversalFMA<f32,f16,f16,f32>">
// The bare CuTe name is an alias of the mma_atom form.
// CHECK-DAG: #[[BARE:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_16x8x8_F32BF16BF16F32_TN">

// Copy atoms.
// CHECK-DAG: #[[U128:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>
// CHECK-DAG: #[[U8:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"UniversalCopy_U8", i8>
// CHECK-DAG: #[[U64:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"UniversalCopy_U64", f32>
// CHECK-DAG: #[[LDSM_N:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>
// CHECK-DAG: #[[LDSM_N2:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM75_U32x2_LDSM_N", f16>
// CHECK-DAG: #[[LDSM_T:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM75_U16x8_LDSM_T", bf16>
// CHECK-DAG: #[[STSM_N:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM90_U32x1_STSM_N", f16>
// CHECK-DAG: #[[STSM_N2:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM90_U32x2_STSM_N", f16>
// CHECK-DAG: #[[STSM_T:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM90_U16x4_STSM_T", f16>
// CHECK-DAG: #[[CP_CA:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U32", f32>
// CHECK-DAG: #[[CP_CA128:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U128", f16>
// CHECK-DAG: #[[CP_CG:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", i8>

// TMA atoms: swizzle 0 and multicast 1 are the defaults, and not printed.
// CHECK-DAG: #[[TMA_LOAD:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
// CHECK-DAG: #[[TMA_MC:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load_multicast, bf16, box = [64, 64], swizzle = 128, multicast = 2>
// CHECK-DAG: #[[TMA_MC16:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load_multicast, f32, box = [16, 8], swizzle = 64, multicast = 16>
// CHECK-DAG: #[[TMA_STORE:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<store, f32, box = [32, 8], swizzle = 128>
// CHECK-DAG: #[[TMA_RED:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<reduce_add, f32, box = [8, 16], swizzle = 32>
// CHECK-DAG: #[[TMA_1D:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load, f16, box = [256]>
// A multicast without a swizzle, and the options in either order.
// CHECK-DAG: #[[TMA_MC_PLAIN:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 32], multicast = 4>
// CHECK-DAG: #[[TMA_MC_SWAPPED:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 32], swizzle = 128, multicast = 8>
// CHECK-DAG: #[[TMA_5D:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<store, i8, box = [16, 4, 2, 2, 2]>
// CHECK-DAG: #[[TMA_DEFAULTS:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load, f16, box = [8, 8]>

// Bulk copies.
// CHECK-DAG: #[[BULK_LOAD:copy_atom[0-9]*]] = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
// CHECK-DAG: #[[BULK_STORE:copy_atom[0-9]*]] = #cute_nvgpu.bulk_copy<store, f16, bytes = 16>

// TiledMMAs, with and without a permutation.
// CHECK-DAG: #[[TM_PERM:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM80]], "(2,2,1):(1,2,0)", permutation = "(32,32,16)">
// CHECK-DAG: #[[TM_2X2:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM80]], "(2,2,1)">
// CHECK-DAG: #[[TM_K:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM80]], "(1,1,1)", permutation = "(_,_,32)">
// CHECK-DAG: #[[TM_F16:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM80_F16]], "(2,2,1)">
// CHECK-DAG: #[[TM_SM70:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM70]], "(2,2,1):(2,1,0)">
// CHECK-DAG: #[[TM_WG:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM90_SS]], "(2,1,1)">
// CHECK-DAG: #[[TM_FMA:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[FMA]], "(16,16,1)">

// TiledCopies, by thread and value layouts or for a TiledMMA's operand.
// CHECK-DAG: #[[TC_TV:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[U128]], threads = "(32,8):(8,1)", values = "(1,8)">
// CHECK-DAG: #[[TC_CP:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[CP_CA128]], threads = "(16,8):(8,1)", values = "(1,8)">
// CHECK-DAG: #[[TC_A:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[LDSM_N]], mma = #[[TM_PERM]], operand = "A">
// CHECK-DAG: #[[TC_B:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[LDSM_N2]], mma = #[[TM_2X2]], operand = "B">
// CHECK-DAG: #[[TC_C:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[STSM_N2]], mma = #[[TM_F16]], operand = "C">

// CHECK-LABEL: func.func private @mma_atoms()
// CHECK-SAME: attributes {fma = #[[FMA]],
// CHECK-SAME: fma4 = #[[FMA4]],
// CHECK-SAME: sm70 = #[[SM70]],
// CHECK-SAME: sm75 = #[[SM75]],
// CHECK-SAME: sm80 = #[[SM80]],
// CHECK-SAME: sm80_f16 = #[[SM80_F16]],
// CHECK-SAME: sm80_f64 = #[[SM80_F64]],
// CHECK-SAME: sm80_s8 = #[[SM80_S8]],
// CHECK-SAME: sm80_tf32 = #[[SM80_TF32]],
// CHECK-SAME: sm89 = #[[SM89]],
// CHECK-SAME: sm90_e4m3 = #[[SM90_E4M3]],
// CHECK-SAME: sm90_rs = #[[SM90_RS]],
// CHECK-SAME: sm90_s8 = #[[SM90_S8]],
// CHECK-SAME: sm90_ss = #[[SM90_SS]],
// CHECK-SAME: sm90_ss_gmma = #[[SM90_SS_GMMA]],
// CHECK-SAME: sm90_ss_mn = #[[SM90_SS_MN]]}
func.func private @mma_atoms() attributes {
  sm70 = #cute_nvgpu.mma_atom<"SM70_8x8x4_F32F16F16F32_NT">,
  sm75 = #cute_nvgpu.mma_atom<"SM75_16x8x8_F16F16F16F16_TN">,
  sm80 = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">,
  sm80_f16 = #cute_nvgpu.mma_atom<"SM80_16x8x16_F16F16F16F16_TN">,
  sm80_tf32 = #cute_nvgpu.mma_atom<"SM80_16x8x8_F32TF32TF32F32_TN">,
  sm80_s8 = #cute_nvgpu.mma_atom<"SM80_16x8x32_S32S8U8S32_TN">,
  sm80_f64 = #cute_nvgpu.mma_atom<"SM80_8x8x4_F64F64F64F64_TN">,
  sm89 = #cute_nvgpu.mma_atom<"SM89_16x8x32_F32E4M3E5M2F32_TN">,
  sm90_ss = #cute_nvgpu.mma_atom<"SM90_64x128x16_F32BF16BF16_SS">,
  sm90_ss_mn = #cute_nvgpu.mma_atom<"SM90_64x256x16_F32F16F16_SS<MN,K>">,
  sm90_ss_gmma = #cute_nvgpu.mma_atom<"SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>">,
  sm90_rs = #cute_nvgpu.mma_atom<"SM90_64x64x16_F32F16F16_RS<K,MN>">,
  sm90_s8 = #cute_nvgpu.mma_atom<"SM90_64x48x32_S32S8S8_RS">,
  sm90_e4m3 = #cute_nvgpu.mma_atom<"SM90_64x8x32_F32E4M3E4M3_SS">,
  fma = #cute_nvgpu.mma_atom<"UniversalFMA<f32>">,
  fma4 = #cute_nvgpu.mma_atom<"UniversalFMA<f32,f16,f16,f32>">
}

// The bare CuTe name is the same attribute as the quoted one.
// CHECK-LABEL: func.func private @mma_atom_bare_name()
// CHECK-SAME: attributes {bare = #[[BARE]],
// CHECK-SAME: bare_sm80 = #[[SM80]],
// CHECK-SAME: quoted_sm80 = #[[SM80]]}
func.func private @mma_atom_bare_name() attributes {
  bare = #cute_nvgpu.SM80_16x8x8_F32BF16BF16F32_TN,
  bare_sm80 = #cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN,
  quoted_sm80 = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">
}

// CHECK-LABEL: func.func private @copy_atoms()
// CHECK-SAME: attributes {cp_async = #[[CP_CA]],
// CHECK-SAME: cp_async_cg = #[[CP_CG]],
// CHECK-SAME: ldmatrix = #[[LDSM_N]],
// CHECK-SAME: ldmatrix_t = #[[LDSM_T]],
// CHECK-SAME: stmatrix = #[[STSM_N]],
// CHECK-SAME: stmatrix_t = #[[STSM_T]],
// CHECK-SAME: universal = #[[U128]],
// CHECK-SAME: universal_u64 = #[[U64]],
// CHECK-SAME: universal_u8 = #[[U8]]}
func.func private @copy_atoms() attributes {
  universal = #cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>,
  universal_u8 = #cute_nvgpu.copy_atom<"UniversalCopy_U8", i8>,
  universal_u64 = #cute_nvgpu.copy_atom<"UniversalCopy_U64", f32>,
  ldmatrix = #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>,
  ldmatrix_t = #cute_nvgpu.copy_atom<"SM75_U16x8_LDSM_T", bf16>,
  stmatrix = #cute_nvgpu.copy_atom<"SM90_U32x1_STSM_N", f16>,
  stmatrix_t = #cute_nvgpu.copy_atom<"SM90_U16x4_STSM_T", f16>,
  cp_async = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U32", f32>,
  cp_async_cg = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", i8>
}

// CHECK-LABEL: func.func private @tma_atoms()
// CHECK-SAME: attributes {defaults = #[[TMA_DEFAULTS]],
// CHECK-SAME: load = #[[TMA_LOAD]],
// CHECK-SAME: load_1d = #[[TMA_1D]],
// CHECK-SAME: load_multicast = #[[TMA_MC]],
// CHECK-SAME: load_multicast16 = #[[TMA_MC16]],
// CHECK-SAME: load_multicast_plain = #[[TMA_MC_PLAIN]],
// CHECK-SAME: load_multicast_swapped = #[[TMA_MC_SWAPPED]],
// CHECK-SAME: reduce_add = #[[TMA_RED]],
// CHECK-SAME: store = #[[TMA_STORE]],
// CHECK-SAME: store_5d = #[[TMA_5D]]}
func.func private @tma_atoms() attributes {
  load = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>,
  load_multicast = #cute_nvgpu.tma_atom<load_multicast, bf16, box = [64, 64], swizzle = 128, multicast = 2>,
  load_multicast16 = #cute_nvgpu.tma_atom<load_multicast, f32, box = [16, 8], swizzle = 64, multicast = 16>,
  load_multicast_plain = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 32], multicast = 4>,
  load_multicast_swapped = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 32], multicast = 8, swizzle = 128>,
  store = #cute_nvgpu.tma_atom<store, f32, box = [32, 8], swizzle = 128>,
  reduce_add = #cute_nvgpu.tma_atom<reduce_add, f32, box = [8, 16], swizzle = 32>,
  load_1d = #cute_nvgpu.tma_atom<load, f16, box = [256]>,
  store_5d = #cute_nvgpu.tma_atom<store, i8, box = [16, 4, 2, 2, 2]>,
  defaults = #cute_nvgpu.tma_atom<load, f16, box = [8, 8], swizzle = 0, multicast = 1>
}

// CHECK-LABEL: func.func private @bulk_copies()
// CHECK-SAME: attributes {load = #[[BULK_LOAD]],
// CHECK-SAME: store = #[[BULK_STORE]]}
func.func private @bulk_copies() attributes {
  load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>,
  store = #cute_nvgpu.bulk_copy<store, f16, bytes = 16>
}

// CHECK-LABEL: func.func private @tiled_mmas()
// CHECK-SAME: attributes {fma = #[[TM_FMA]],
// CHECK-SAME: k_permuted = #[[TM_K]],
// CHECK-SAME: permuted = #[[TM_PERM]],
// CHECK-SAME: plain = #[[TM_2X2]],
// CHECK-SAME: quadpair = #[[TM_SM70]],
// CHECK-SAME: wgmma = #[[TM_WG]]}
func.func private @tiled_mmas() attributes {
  permuted = #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">, "(2,2,1):(1,2,0)", permutation = "(32,32,16)">,
  plain = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">,
  k_permuted = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)", permutation = "(_,_,32)">,
  quadpair = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM70_8x8x4_F32F16F16F32_NT, "(2,2,1):(2,1,0)">,
  wgmma = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32BF16BF16_SS, "(2,1,1)">,
  fma = #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"UniversalFMA<f32>">, "(16,16,1)">
}

// CHECK-LABEL: func.func private @tiled_copies()
// CHECK-SAME: attributes {a = #[[TC_A]],
// CHECK-SAME: b = #[[TC_B]],
// CHECK-SAME: c = #[[TC_C]],
// CHECK-SAME: cp_async = #[[TC_CP]],
// CHECK-SAME: universal = #[[TC_TV]]}
func.func private @tiled_copies() attributes {
  universal = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">,
  cp_async = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U128", f16>, threads = "(16,8):(8,1)", values = "(1,8)">,
  a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>,
        mma = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1):(1,2,0)", permutation = "(32,32,16)">,
        operand = "A">,
  b = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x2_LDSM_N", f16>,
        mma = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)">,
        operand = "B">,
  c = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM90_U32x2_STSM_N", f16>,
        mma = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F16F16F16F16_TN, "(2,2,1)">,
        operand = "C">
}

// The struct parameters of a tiled copy may come in any order.
// CHECK-LABEL: func.func private @tiled_copy_parameter_order()
// CHECK-SAME: attributes {a = #[[TC_A]],
// CHECK-SAME: tv = #[[TC_TV]]}
func.func private @tiled_copy_parameter_order() attributes {
  tv = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, values = "(1,8)", threads = "(32,8):(8,1)">,
  a = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, operand = "A",
        mma = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1):(1,2,0)", permutation = "(32,32,16)">>
}
