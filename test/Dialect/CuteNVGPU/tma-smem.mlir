// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// TMA atoms written from the shared-memory tile they fill, as CuTe's
// make_tma_copy derives them: the box is the tile's extents, the swizzle the
// tile's, and a multicast splits the tile's rows among the CTAs. The tile
// prints in its canonical spelling.

// CHECK-DAG: #[[GEMM:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
// CHECK-DAG: #[[PLAIN:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load, f32, smem = "(16,16):(16,1)">
// CHECK-DAG: #[[MC:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>
// CHECK-DAG: #[[STORE:copy_atom[0-9]*]] = #cute_nvgpu.tma_atom<store, f32, smem = "Sw<3,2,3> o 0 o (8,32):(32,1)">

// CHECK-LABEL: func.func private @tma_atoms_from_smem()
// CHECK-SAME: gemm = #[[GEMM]]
// CHECK-SAME: multicast = #[[MC]]
// CHECK-SAME: plain = #[[PLAIN]]
// CHECK-SAME: spaced = #[[GEMM]]
// CHECK-SAME: store = #[[STORE]]
func.func private @tma_atoms_from_smem() attributes {
  gemm = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">,
  multicast = #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>,
  plain = #cute_nvgpu.tma_atom<load, f32, smem = "(16,16):(16,1)">,
  spaced = #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8, 16), 64):((64, 512), 1)">,
  store = #cute_nvgpu.tma_atom<store, f32, smem = "Sw<3,2,3> o 0 o (8,32):(32,1)">
}

// A copy's shared-memory tensor is the tile at any offset (a stage of a
// pipeline), in any grouping of its modes; a multicast copy's is the CTA's
// share.
// CHECK-LABEL: func @tma_copy_from_smem
func.func @tma_copy_from_smem(%d: !llvm.ptr, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %mask: i16,
                              %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                              %stage: !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">,
                              %flat: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">,
                              %share: !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o (128,64):(64,1)">,
                              %gs: !cute.tensor<!cute.coord<"(?,?)">, coord, "(8,32):(1,16777216)">,
                              %out: !cute.tensor<f32, smem, "Sw<3,2,3> o 0 o (8,32):(32,1)">) {
  // CHECK: cute_nvgpu.tma_copy #[[GEMM]], %{{.*}}, %{{.*}}, %{{.*}} barrier
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">, %d, %g, %stage barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,16),64):((64,512),1)">, memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.tma_copy #[[GEMM]], %{{.*}}, %{{.*}}, %{{.*}} barrier
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">, %d, %g, %flat barrier %bars[%i] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.tma_copy #[[MC]], %{{.*}}, %{{.*}}, %{{.*}} barrier %{{.*}}[%{{.*}}] multicast
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, bf16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>, %d, %g, %share barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<bf16, smem, "Sw<3,3,3> o ?{div=8192} o (128,64):(64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  // CHECK: cute_nvgpu.tma_copy #[[STORE]], %{{.*}}, %{{.*}}, %{{.*}} :
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<store, f32, smem = "Sw<3,2,3> o 0 o (8,32):(32,1)">, %d, %out, %gs : !cute.tensor<f32, smem, "Sw<3,2,3> o 0 o (8,32):(32,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(8,32):(1,16777216)">
  return
}

// A batched tile (a batch mode of 1) multicast to 2 CTAs: the CTAs split its
// rows, not the batch mode, as CuTe's make_tma_copy truncates the box (its
// answer for this tile: box 64, 64, 1), and each copy fills a 1x64x64 share.
// CHECK-LABEL: func @tma_copy_batched_multicast
// CHECK: cute_nvgpu.tma_copy #{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} barrier %{{.*}}[%{{.*}}] multicast
func.func @tma_copy_batched_multicast(%d: !llvm.ptr, %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index, %mask: i16,
                                      %g: !cute.tensor<!cute.coord<"(?,?,?)">, coord, "(1,64,64):(1,16777216,281474976710656)">,
                                      %share: !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=4096} o (1,64,64):(0,64,1)">) {
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load_multicast, f16, smem = "Sw<3,3,3> o 0 o (1,(8,16),64):(0,(64,512),1)", multicast = 2>, %d, %g, %share barrier %bars[%i] multicast %mask : !cute.tensor<!cute.coord<"(?,?,?)">, coord, "(1,64,64):(1,16777216,281474976710656)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=4096} o (1,64,64):(0,64,1)">, memref<2xi64, #gpu.address_space<workgroup>>
  return
}
