// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=INFERRED

// Round trip of the cute_nvgpu ops. Partition result types are inferred and
// not printed: the INFERRED lines check them in the generic form (a stated
// type that contradicts one is an error, see invalid.mlir); gemm and copy
// operands are consistent with their atoms.

// A 2x2 tiling of the SM80 16x8x16 atom over a 32x32x16 tile (128 threads).
#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">, "(2,2,1):(1,2,0)", permutation = "(32,32,16)">
// ldmatrix.x4 feeding that TiledMMA's A.
#ldsm = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
// 256 threads moving a 32x64 f16 tile in 128-bit vectors.
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
// One warpgroup running the SM90 64x64x16 wgmma, A and B from shared memory.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
// 16x16 threads, one scalar FMA each.
#fma = #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"UniversalFMA<f32>">, "(16,16,1)">

// CHECK-DAG: #[[SM80:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">
// CHECK-DAG: #[[SM90:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"SM90_64x64x16_F32F16F16_SS">
// CHECK-DAG: #[[FMA_ATOM:mma_atom[0-9]*]] = #cute_nvgpu.mma_atom<"UniversalFMA<f32>">
// CHECK-DAG: #[[TM:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM80]], "(2,2,1):(1,2,0)", permutation = "(32,32,16)">
// CHECK-DAG: #[[WG:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[SM90]], "(1,1,1)">
// CHECK-DAG: #[[FMA:tiled_mma[0-9]*]] = #cute_nvgpu.tiled_mma<#[[FMA_ATOM]], "(16,16,1)">
// CHECK-DAG: #[[LDSM_ATOM:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>
// CHECK-DAG: #[[U128:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>
// CHECK-DAG: #[[CP_ASYNC:copy_atom[0-9]*]] = #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U128", f16>
// CHECK-DAG: #[[TMA_LOAD:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
// CHECK-DAG: #[[TMA_MC:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 4>
// CHECK-DAG: #[[TMA_STORE:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<store, f32, box = [32, 8], swizzle = 128>
// CHECK-DAG: #[[TMA_RED:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<reduce_add, f32, box = [16, 16]>
// CHECK-DAG: #[[BULK_LOAD:copy_atom[0-9]*]] = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
// CHECK-DAG: #[[BULK_STORE:copy_atom[0-9]*]] = #cute_nvgpu.bulk_copy<store, f16, bytes = 128>
// CHECK-DAG: #[[LDSM:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[LDSM_ATOM]], mma = #[[TM]], operand = "A">
// CHECK-DAG: #[[G2S:tiled_copy[0-9]*]] = #cute_nvgpu.tiled_copy<#[[U128]], threads = "(32,8):(8,1)", values = "(1,8)">

//===----------------------------------------------------------------------===//
// partition_a/b/c
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @partition_mma
// CHECK-SAME: (%[[SA:[^:]*]]: !cute.tensor<f16, smem, "(32,16):(16,1)">, %[[SB:[^:]*]]: !cute.tensor<f16, smem, "(32,16):(16,1)">, %[[GC:[^:]*]]: !cute.tensor<f32, gmem, "(32,32):(1,32)">, %[[TID:[^:]*]]: index)
func.func @partition_mma(%sA: !cute.tensor<f16, smem, "(32,16):(16,1)">, %sB: !cute.tensor<f16, smem, "(32,16):(16,1)">,
                         %gC: !cute.tensor<f32, gmem, "(32,32):(1,32)">, %tid: index) {
  // CHECK: cute_nvgpu.partition_a #[[TM]], %[[SA]], %[[TID]] : !cute.tensor<f16, smem, "(32,16):(16,1)">, index
  // INFERRED: "cute_nvgpu.partition_a"{{.*}} -> !cute.tensor<f16, smem, "((2,2,2),1,1):((1,128,8),0,0)">
  %a = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "(32,16):(16,1)">, index
  // CHECK: cute_nvgpu.partition_b #[[TM]], %[[SB]], %[[TID]] : !cute.tensor<f16, smem, "(32,16):(16,1)">, index
  // INFERRED: "cute_nvgpu.partition_b"{{.*}} -> !cute.tensor<f16, smem, "((2,2),2,1):((1,8),256,0)">
  %b = cute_nvgpu.partition_b #tm, %sB, %tid : !cute.tensor<f16, smem, "(32,16):(16,1)">, index
  // CHECK: cute_nvgpu.partition_c #[[TM]], %[[GC]], %[[TID]] : !cute.tensor<f32, gmem, "(32,32):(1,32)">, index
  // INFERRED: "cute_nvgpu.partition_c"{{.*}} -> !cute.tensor<f32, gmem, "((2,2),1,2):((32,8),0,512)">
  %c = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, "(32,32):(1,32)">, index
  return
}

// A swizzled tile: the thread's start moves into the swizzle's offset.
// CHECK-LABEL: func @partition_mma_swizzled
func.func @partition_mma_swizzled(%sA: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">,
                                  %sB: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index) {
  // CHECK: cute_nvgpu.partition_a #[[TM]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_a"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((2,2,2),1,4):((1,512,8),0,16)">
  %a = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
  // CHECK: cute_nvgpu.partition_b #[[TM]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_b"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((2,2),2,4):((1,8),1024,16)">
  %b = cute_nvgpu.partition_b #tm, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
  return
}

// A wgmma reads whole (64,16) tiles of A and B; C is spread over the
// warpgroup.
// CHECK-LABEL: func @partition_wgmma
func.func @partition_wgmma(%sA: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">,
                           %sB: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">,
                           %gC: !cute.tensor<f32, gmem, "(64,64):(1,64)">, %tid: index) {
  // CHECK: cute_nvgpu.partition_a #[[WG]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_a"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">
  %a = cute_nvgpu.partition_a #wg, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
  // CHECK: cute_nvgpu.partition_b #[[WG]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_b"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">
  %b = cute_nvgpu.partition_b #wg, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
  // CHECK: cute_nvgpu.partition_c #[[WG]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_c"{{.*}} -> !cute.tensor<f32, gmem, "((2,2,8),1,1):((64,8,512),0,0)">
  %c = cute_nvgpu.partition_c #wg, %gC, %tid : !cute.tensor<f32, gmem, "(64,64):(1,64)">, index
  return
}

// Dynamic extents and strides carry through.
// CHECK-LABEL: func @partition_mma_dynamic
func.func @partition_mma_dynamic(%sA: !cute.tensor<f16, smem, "(?,16):(16,1)">, %gC: !cute.tensor<f32, gmem, "(64,64):(1,?)">, %tid: index) {
  // CHECK: cute_nvgpu.partition_a #[[TM]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_a"{{.*}} -> !cute.tensor<f16, smem, "((2,2,2),?,1):((1,128,8),512,0)">
  %a = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "(?,16):(16,1)">, index
  // CHECK: cute_nvgpu.partition_c #[[FMA]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_c"{{.*}} -> !cute.tensor<f32, gmem, "(1,4,4):(0,16,?{div=16})">
  %c = cute_nvgpu.partition_c #fma, %gC, %tid : !cute.tensor<f32, gmem, "(64,64):(1,?)">, index
  return
}

//===----------------------------------------------------------------------===//
// partition_s/d and retile
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @partition_copy
// CHECK-SAME: (%[[G:[^:]*]]: !cute.tensor<f16, gmem, "(32,64):(64,1)">, %[[S:[^:]*]]: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %[[TID:[^:]*]]: index)
func.func @partition_copy(%g: !cute.tensor<f16, gmem, "(32,64):(64,1)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index) {
  // CHECK: cute_nvgpu.partition_s #[[G2S]], %[[G]], %[[TID]] : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
  // INFERRED: "cute_nvgpu.partition_s"{{.*}} -> !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">
  %ps = cute_nvgpu.partition_s #g2s, %g, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
  // CHECK: cute_nvgpu.partition_d #[[G2S]], %[[S]], %[[TID]] : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
  // INFERRED: "cute_nvgpu.partition_d"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,1):((1,0),0,0)">
  %pd = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
  return
}

// A tensor of several tiles, with a dynamic row stride.
// CHECK-LABEL: func @partition_copy_rest
func.func @partition_copy_rest(%g: !cute.tensor<f16, gmem, "(128,64):(?,1)">, %tid: index) {
  // CHECK: cute_nvgpu.partition_s #[[G2S]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_s"{{.*}} -> !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?{div=32},0)">
  %ps = cute_nvgpu.partition_s #g2s, %g, %tid : !cute.tensor<f16, gmem, "(128,64):(?,1)">, index
  return
}

// CHECK-LABEL: func @retile
// CHECK-SAME: (%[[FRAG:[^:]*]]: !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">)
func.func @retile(%frag: !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">) {
  // CHECK: cute_nvgpu.retile #[[LDSM]], %[[FRAG]] : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
  // INFERRED: "cute_nvgpu.retile"{{.*}} -> !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">
  %v = cute_nvgpu.retile #ldsm, %frag : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
  return
}

//===----------------------------------------------------------------------===//
// gemm
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @gemm_sm80
// CHECK-SAME: (%[[A:[^:]*]]: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %[[B:[^:]*]]: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, %[[C:[^:]*]]: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">)
func.func @gemm_sm80(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">,
                     %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // CHECK: cute_nvgpu.gemm #[[TM]], %[[A]], %[[B]], %[[C]] : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  cute_nvgpu.gemm #tm, %a, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),2,1):((1,2),4,0)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// The scalar FMA takes its operands from any memory.
// Run-time rest extents agree with any other, as memref dims do: the
// partitions of a K loop over a dynamic K.
// CHECK-LABEL: func @gemm_dynamic_rest
func.func @gemm_dynamic_rest(%fa: !cute.tensor<f16, rmem, "((2,2,2),1,?):((1,2,4),0,8)">, %b: !cute.tensor<f16, rmem, "((2,2),?,?):((1,2),4,?)">,
                             %c: !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">) {
  // CHECK: cute_nvgpu.gemm #[[TM]], %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f16, rmem, "((2,2,2),1,?):((1,2,4),0,8)">, !cute.tensor<f16, rmem, "((2,2),?,?):((1,2),4,?)">
  cute_nvgpu.gemm #tm, %fa, %b, %c : !cute.tensor<f16, rmem, "((2,2,2),1,?):((1,2,4),0,8)">, !cute.tensor<f16, rmem, "((2,2),?,?):((1,2),4,?)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// CHECK-LABEL: func @gemm_universal_fma
func.func @gemm_universal_fma(%a: !cute.tensor<f32, smem, "(1,4,8):(0,16,64)">, %b: !cute.tensor<f32, smem, "(1,4,8):(0,16,64)">,
                              %c: !cute.tensor<f32, gmem, "(1,4,4):(0,16,1024)">) {
  // CHECK: cute_nvgpu.gemm #[[FMA]], %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f32, smem, "(1,4,8):(0,16,64)">, !cute.tensor<f32, smem, "(1,4,8):(0,16,64)">, !cute.tensor<f32, gmem, "(1,4,4):(0,16,1024)">
  cute_nvgpu.gemm #fma, %a, %b, %c : !cute.tensor<f32, smem, "(1,4,8):(0,16,64)">, !cute.tensor<f32, smem, "(1,4,8):(0,16,64)">, !cute.tensor<f32, gmem, "(1,4,4):(0,16,1024)">
  return
}

// One k-block of an SM80 main loop: ldmatrix A into its fragment through the
// retiled view, then the MMA.
// CHECK-LABEL: func @sm80_k_block
func.func @sm80_k_block(%sA: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index,
                        %fB: !cute.tensor<f16, rmem, "((2,2),2,4):((1,2),4,8)">) {
  // CHECK: %[[FA:.*]] = cute.make_fragment : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
  %fA = cute.make_fragment : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
  // CHECK: %[[FC:.*]] = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  %fC = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  // CHECK: %[[SRC:.*]] = cute_nvgpu.partition_s #[[LDSM]], {{.*}}
  // INFERRED: "cute_nvgpu.partition_s"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">
  %src = cute_nvgpu.partition_s #ldsm, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
  // CHECK: %[[DST:.*]] = cute_nvgpu.retile #[[LDSM]], %[[FA]]
  %dst = cute_nvgpu.retile #ldsm, %fA : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
  // CHECK: cute_nvgpu.copy #[[LDSM]], %[[SRC]], %[[DST]] : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">, !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">
  cute_nvgpu.copy #ldsm, %src, %dst : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">, !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">
  // CHECK: cute_nvgpu.gemm #[[TM]], %[[FA]], %{{.*}}, %[[FC]]
  cute_nvgpu.gemm #tm, %fA, %fB, %fC : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">, !cute.tensor<f16, rmem, "((2,2),2,4):((1,2),4,8)">, !cute.tensor<f32, rmem, "((2,2),1,2):((1,2),0,4)">
  return
}

// A wgmma outside any gpu.module: no target to check.
// CHECK-LABEL: func @gemm_wgmma
func.func @gemm_wgmma(%a: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                      %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                      %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // CHECK: cute_nvgpu.gemm #[[WG]], %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

//===----------------------------------------------------------------------===//
// copy
//===----------------------------------------------------------------------===//

// With a TiledCopy, over the partitions it makes.
// CHECK-LABEL: func @copy_tiled
func.func @copy_tiled(%g: !cute.tensor<f16, gmem, "(32,64):(64,1)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index) {
  // CHECK: %[[PS:.*]] = cute_nvgpu.partition_s #[[G2S]]
  %ps = cute_nvgpu.partition_s #g2s, %g, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
  // CHECK: %[[PD:.*]] = cute_nvgpu.partition_d #[[G2S]]
  %pd = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
  // CHECK: cute_nvgpu.copy #[[G2S]], %[[PS]], %[[PD]] : !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,1):((1,0),0,0)">
  cute_nvgpu.copy #g2s, %ps, %pd : !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,1):((1,0),0,0)">
  return
}

// With a bare copy atom: each call moves the first mode.
// CHECK-LABEL: func @copy_atom
// CHECK-SAME: (%[[G:[^:]*]]: !cute.tensor<f16, gmem, "((8,1),2):((1,0),64)">, %[[S:[^:]*]]: !cute.tensor<f16, smem, "((8,1),2):((1,0),64)">)
func.func @copy_atom(%g: !cute.tensor<f16, gmem, "((8,1),2):((1,0),64)">, %s: !cute.tensor<f16, smem, "((8,1),2):((1,0),64)">) {
  // CHECK: cute_nvgpu.copy #[[CP_ASYNC]], %[[G]], %[[S]] : !cute.tensor<f16, gmem, "((8,1),2):((1,0),64)">, !cute.tensor<f16, smem, "((8,1),2):((1,0),64)">
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U128", f16>, %g, %s : !cute.tensor<f16, gmem, "((8,1),2):((1,0),64)">, !cute.tensor<f16, smem, "((8,1),2):((1,0),64)">
  return
}

// ldmatrix of 32-bit values: each of a thread's four registers is one value.
// CHECK-LABEL: func @copy_ldmatrix_f32
func.func @copy_ldmatrix_f32(%s: !cute.tensor<f32, smem, "(4,2):(1,4)">, %r: !cute.tensor<f32, rmem, "(4,2):(1,4)">) {
  // CHECK: cute_nvgpu.copy #{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f32, smem, "(4,2):(1,4)">, !cute.tensor<f32, rmem, "(4,2):(1,4)">
  cute_nvgpu.copy #cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f32>, %s, %r : !cute.tensor<f32, smem, "(4,2):(1,4)">, !cute.tensor<f32, rmem, "(4,2):(1,4)">
  return
}

// TMA copies: the global side is a tile of coordinates, the shared-memory
// side the box, swizzled as the atom says (128 bytes of f16: Sw<3,3,3>; of
// f32: Sw<3,2,3>). Loads complete on an mbarrier.
// CHECK-LABEL: func @tma_copy
func.func @tma_copy(%d: !llvm.ptr, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %mask: i16,
                    %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">,
                    %g2: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %s2: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">,
                    %s3: !cute.tensor<f32, smem, "Sw<3,2,3> o 0 o (8,32):(32,1)">, %g3: !cute.tensor<!cute.coord<"(?,?)">, coord, "(8,32):(1,16777216)">,
                    %s4: !cute.tensor<f32, smem, "(16,16):(16,1)">, %g4: !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">) {
  // CHECK: cute_nvgpu.mbarrier_init %{{.*}}[%{{.*}}], %{{.*}} : memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.mbarrier_init %bars[%i], %i : memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.mbarrier_arrive %{{.*}}[%{{.*}}] expect_tx %{{.*}} : memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.mbarrier_arrive %bars[%i] expect_tx %i : memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.mbarrier_arrive %{{.*}}[%{{.*}}] : memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.mbarrier_arrive %bars[%i] : memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.tma_copy #[[TMA_LOAD]], %{{.*}}, %{{.*}}, %{{.*}} barrier %{{.*}}[%{{.*}}] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %d, %g, %s barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.tma_copy #[[TMA_MC]], %{{.*}}, %{{.*}}, %{{.*}} barrier %{{.*}}[%{{.*}}] multicast %{{.*}} : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, box = [64, 64], swizzle = 128, multicast = 4>, %d, %g2, %s2 barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.mbarrier_wait %{{.*}}[%{{.*}}], %{{.*}} : memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.mbarrier_wait %bars[%i], %i : memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.tma_copy #[[TMA_STORE]], %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f32, smem, "Sw<3,2,3> o 0 o (8,32):(32,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(8,32):(1,16777216)">
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<store, f32, box = [32, 8], swizzle = 128>, %d, %s3, %g3 : !cute.tensor<f32, smem, "Sw<3,2,3> o 0 o (8,32):(32,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(8,32):(1,16777216)">
  // CHECK: cute_nvgpu.tma_copy #[[TMA_RED]], %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f32, smem, "(16,16):(16,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<reduce_add, f32, box = [16, 16]>, %d, %s4, %g4 : !cute.tensor<f32, smem, "(16,16):(16,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">
  return
}

// The descriptor of a global tensor, on the host.
// CHECK-LABEL: func @tma_descriptor
func.func @tma_descriptor(%t: !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)">) -> !llvm.ptr {
  // CHECK: cute_nvgpu.make_tma_descriptor #[[TMA_LOAD]], %{{.*}} : !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)"> -> !llvm.ptr
  %d = cute_nvgpu.make_tma_descriptor #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %t : !cute.tensor<f16, gmem, "(?,?):(?{div=8},1)"> -> !llvm.ptr
  return %d : !llvm.ptr
}

// CHECK-LABEL: func @tma_descriptor_destroy
func.func @tma_descriptor_destroy(%d: !llvm.ptr) {
  // CHECK: cute_nvgpu.destroy_tma_descriptor %{{.*}} : !llvm.ptr
  cute_nvgpu.destroy_tma_descriptor %d : !llvm.ptr
  return
}

// Bulk copies: one contiguous run of bytes; a load completes on an mbarrier.
// CHECK-LABEL: func @bulk_copy
func.func @bulk_copy(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">,
                     %s2: !cute.tensor<f16, smem, "(8,8):(1,8)">, %g2: !cute.tensor<f16, gmem, "(8,8):(1,8)">,
                     %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index) {
  // CHECK: cute_nvgpu.bulk_copy #[[BULK_LOAD]], %{{.*}}, %{{.*}} barrier %{{.*}}[%{{.*}}] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>
  cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>, %g, %s barrier %bars[%i] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.bulk_copy #[[BULK_STORE]], %{{.*}}, %{{.*}} : !cute.tensor<f16, smem, "(8,8):(1,8)">, !cute.tensor<f16, gmem, "(8,8):(1,8)">
  cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<store, f16, bytes = 128>, %s2, %g2 : !cute.tensor<f16, smem, "(8,8):(1,8)">, !cute.tensor<f16, gmem, "(8,8):(1,8)">
  return
}

//===----------------------------------------------------------------------===//
// Inside a gpu.module
//===----------------------------------------------------------------------===//

// (The same kernel in a gpu.module with an #nvvm.target is in target.mlir.)
// CHECK-LABEL: gpu.module @k
// CHECK: gpu.func @wgmma_kernel
gpu.module @k {
  gpu.func @wgmma_kernel(%sA: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">,
                         %sB: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">) kernel {
    %tid = gpu.thread_id x
    // CHECK: %[[A:.*]] = cute_nvgpu.partition_a #[[WG]]
    %a = cute_nvgpu.partition_a #wg, %sA, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    // CHECK: %[[B:.*]] = cute_nvgpu.partition_b #[[WG]]
    %b = cute_nvgpu.partition_b #wg, %sB, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (64,64):(64,1)">, index
    // CHECK: %[[C:.*]] = cute.make_fragment
    %c = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    // CHECK: cute_nvgpu.gemm #[[WG]], %[[A]], %[[B]], %[[C]]
    cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    gpu.return
  }
}
