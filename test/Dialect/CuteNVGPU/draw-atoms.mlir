// RUN: rm -rf %t && cute-opt %s --cute-nvgpu-draw-atoms="dir=%t" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=MMA < %t/tiled_mma_0.svg
// RUN: FileCheck %s --check-prefix=COPY < %t/tiled_copy_0.svg
// RUN: FileCheck %s --check-prefix=ATOM < %t/mma_atom_0.svg

// One picture per distinct attribute, in order of first appearance (an
// attribute's parts before it): the atom inside the TiledMMA gets its own.
// REMARK: remark: drew {{.*}}mma_atom_0.svg, {{.*}}tiled_mma_0.svg, {{.*}}tiled_copy_0.svg{{$}}

// MMA: SM80_16x8x16_F32F16F16F32_TN tiled (32,2,2,1):(1,32,64,0), tile 32x16x16
// MMA: A (M x K)
// MMA: B (K x N)
// MMA: C (M x N)
// COPY: UniversalCopy_U128 tiled ((8,32),8):((256,1),32), tile (32,64)
// COPY: Source
// COPY: Destination
// ATOM: SM80_16x8x16_F32F16F16F32_TN

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">, "(2,2,1)">
#tc = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">

func.func @kernel(%gC: !cute.tensor<f32, gmem, "(32,16):(1,32)">, %tid: index) attributes {copy = #tc} {
  %tC = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, "(32,16):(1,32)">, index
  return
}
