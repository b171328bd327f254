// RUN: cute-opt %s -split-input-file -verify-diagnostics -cute-report-bank-conflicts -o /dev/null

// The shared-memory cost of each copy, from its layouts: 32x64 f16 tiles
// (128-byte rows) staged by cp.async and read by ldmatrix.x4 for a 2x2-warp
// TiledMMA. Without a swizzle, each ldmatrix phase reads one 16-byte column
// of 8 rows 128 bytes apart: 8-way. The cp.async quarter warps store the
// first halves of two rows, which share their banks: 2-way, swizzled or not.

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
#ldsm = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @unswizzled(%G: memref<2048xf16, 1>)
      workgroup(%S: memref<2048xf16, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %l = cute.static : !cute.layout<"(32,64):(64,1)">
    %g = cute.make_tensor %G, %l : (memref<2048xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    %s = cute.make_tensor %S, %l : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, smem, "(32,64):(64,1)">
    %gs = cute_nvgpu.partition_s #g2s, %g, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    %sd = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "(32,64):(64,1)">, index
    // expected-remark @below {{cp.async 16B to shared: 2 per thread, 4 phases, 2-way bank conflict: 8 wavefronts each (ideal 4); 16 wavefronts per warp}}
    cute_nvgpu.copy #g2s, %gs, %sd : !cute.tensor<f16, gmem, "((8,1),1,2):((1,0),0,32)">, !cute.tensor<f16, smem, "((8,1),1,2):((1,0),0,32)">
    %sa = cute_nvgpu.partition_a #tm, %s, %tid : !cute.tensor<f16, smem, "(32,64):(64,1)">, index
    %fa = cute.make_fragment like %sa : (!cute.tensor<f16, smem, "((2,2,2),1,4):((1,512,8),0,16)">) -> !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    %ls = cute_nvgpu.partition_s #ldsm, %s, %tid : !cute.tensor<f16, smem, "(32,64):(64,1)">, index
    %ld = cute_nvgpu.retile #ldsm, %fa : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    // expected-remark @below {{ldmatrix.x4 from shared: 4 per thread, 4 phases, 8-way bank conflict: 32 wavefronts each (ideal 4); 128 wavefronts per warp}}
    cute_nvgpu.copy #ldsm, %ls, %ld : !cute.tensor<f16, smem, "((8,1),1,4):((1,0),0,16)">, !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">
    gpu.return
  }
}
}

// -----

// The 128-byte swizzle Sw<3,3,3> (Sw<3,4,3> on bytes) moves the 16-byte
// chunk c of row r to c ^ (r % 8): ldmatrix and stmatrix are conflict-free.

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
#ldsm = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>, mma = #tm, operand = "A">
#stsm = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM90_U32x4_STSM_N", f16>, mma = #tm, operand = "A">
#s2g = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @swizzled(%O: memref<2048xf16, 1>)
      workgroup(%S: memref<2048xf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %l = cute.static : !cute.layout<"(32,64):(64,1)">
    %o = cute.make_tensor %O, %l : (memref<2048xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    %s = cute.make_tensor %S, %l : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">
    %sa = cute_nvgpu.partition_a #tm, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    %fa = cute.make_fragment like %sa : (!cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((2,2,2),1,4):((1,512,8),0,16)">) -> !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    %ls = cute_nvgpu.partition_s #ldsm, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    %ld = cute_nvgpu.retile #ldsm, %fa : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    // expected-remark @below {{ldmatrix.x4 from shared: 4 per thread, 4 phases, 4 wavefronts each, conflict-free; 16 wavefronts per warp}}
    cute_nvgpu.copy #ldsm, %ls, %ld : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">, !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">
    %ss = cute_nvgpu.retile #stsm, %fa : !cute.tensor<f16, rmem, "((2,2,2),1,4):((1,2,4),0,8)">
    %sdst = cute_nvgpu.partition_d #stsm, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    // expected-remark @below {{stmatrix.x4 to shared: 4 per thread, 4 phases, 4 wavefronts each, conflict-free; 16 wavefronts per warp}}
    cute_nvgpu.copy #stsm, %ss, %sdst : !cute.tensor<f16, rmem, "((8,1),1,4):((1,0),0,8)">, !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,4):((1,0),0,16)">
    %ps = cute_nvgpu.partition_s #s2g, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index
    %pd = cute_nvgpu.partition_d #s2g, %o, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    // expected-remark @below {{ld.shared 128-bit: 2 per thread, 4 phases, 2-way bank conflict: 8 wavefronts each (ideal 4); 16 wavefronts per warp}}
    cute_nvgpu.copy #s2g, %ps, %pd : !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,2):((1,0),0,32)">, !cute.tensor<f16, gmem, "((8,1),1,2):((1,0),0,32)">
    gpu.return
  }
}
}

// -----

// A column read of a 32x32 f32 row-major tile: every lane in one bank, 32
// distinct words. Padding the rows to 33 words spreads them over the banks.

#col = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U32", f32>, threads = "(32,1):(1,0)", values = "(1,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @column()
      workgroup(%S: memref<1056xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %l = cute.static : !cute.layout<"(32,32):(32,1)">
    %s = cute.make_tensor %S, %l : (memref<1056xf32, #gpu.address_space<workgroup>>, !cute.layout<"(32,32):(32,1)">) -> !cute.tensor<f32, smem, "(32,32):(32,1)">
    %p = cute_nvgpu.partition_s #col, %s, %tid : !cute.tensor<f32, smem, "(32,32):(32,1)">, index
    %r = cute.make_fragment : !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    // expected-remark @below {{ld.shared 32-bit: 32 per thread, 1 phase, 32-way bank conflict: 32 wavefronts each (ideal 1); 1024 wavefronts per warp}}
    cute_nvgpu.copy #col, %p, %r : !cute.tensor<f32, smem, "((1,1),1,32):((0,0),0,1)">, !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    %lp = cute.static : !cute.layout<"(32,32):(33,1)">
    %sp = cute.make_tensor %S, %lp : (memref<1056xf32, #gpu.address_space<workgroup>>, !cute.layout<"(32,32):(33,1)">) -> !cute.tensor<f32, smem, "(32,32):(33,1)">
    %pp = cute_nvgpu.partition_s #col, %sp, %tid : !cute.tensor<f32, smem, "(32,32):(33,1)">, index
    // expected-remark @below {{ld.shared 32-bit: 32 per thread, 1 phase, 1 wavefront each, conflict-free; 32 wavefronts per warp}}
    cute_nvgpu.copy #col, %pp, %r : !cute.tensor<f32, smem, "((1,1),1,32):((0,0),0,1)">, !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    // The same read element by element through cute.copy.
    // expected-remark @below {{ld.shared 32-bit per element: 32 per thread, 1 phase, 32-way bank conflict: 32 wavefronts each (ideal 1); 1024 wavefronts per warp}}
    cute.copy %p, %r : !cute.tensor<f32, smem, "((1,1),1,32):((0,0),0,1)">, !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    gpu.return
  }
}
}

// -----

// What cannot be analysed says why.

#col = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U32", f32>, threads = "(32,1):(1,0)", values = "(1,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @no_block_size()
      workgroup(%S: memref<1024xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %l = cute.static : !cute.layout<"(32,32):(32,1)">
    %s = cute.make_tensor %S, %l : (memref<1024xf32, #gpu.address_space<workgroup>>, !cute.layout<"(32,32):(32,1)">) -> !cute.tensor<f32, smem, "(32,32):(32,1)">
    %p = cute_nvgpu.partition_s #col, %s, %tid : !cute.tensor<f32, smem, "(32,32):(32,1)">, index
    %r = cute.make_fragment : !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    // expected-remark @below {{shared-memory accesses cannot be analysed: the gpu.func has no known_block_size}}
    cute_nvgpu.copy #col, %p, %r : !cute.tensor<f32, smem, "((1,1),1,32):((0,0),0,1)">, !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    gpu.return
  }

  gpu.func @loaded_thread(%map: memref<32xindex, 1>)
      workgroup(%S: memref<1024xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %t = memref.load %map[%tid] : memref<32xindex, 1>
    %l = cute.static : !cute.layout<"(32,32):(32,1)">
    %s = cute.make_tensor %S, %l : (memref<1024xf32, #gpu.address_space<workgroup>>, !cute.layout<"(32,32):(32,1)">) -> !cute.tensor<f32, smem, "(32,32):(32,1)">
    %p = cute_nvgpu.partition_s #col, %s, %t : !cute.tensor<f32, smem, "(32,32):(32,1)">, index
    %r = cute.make_fragment : !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    // expected-remark @below {{shared-memory accesses cannot be analysed: the value of memref.load may differ between threads}}
    cute_nvgpu.copy #col, %p, %r : !cute.tensor<f32, smem, "((1,1),1,32):((0,0),0,1)">, !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    gpu.return
  }

  gpu.func @dynamic_layout(%n: index)
      workgroup(%S: memref<1024xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %st = cute.make_stride %n : !cute.stride<"(1,?)">
    %sh = cute.static : !cute.shape<"(32,32)">
    %l = cute.make_layout %sh, %st : !cute.shape<"(32,32)">, !cute.stride<"(1,?)">
    %s = cute.make_tensor %S, %l : (memref<1024xf32, #gpu.address_space<workgroup>>, !cute.layout<"(32,32):(1,?)">) -> !cute.tensor<f32, smem, "(32,32):(1,?)">
    %p = cute_nvgpu.partition_s #col, %s, %tid : !cute.tensor<f32, smem, "(32,32):(1,?)">, index
    %r = cute.make_fragment : !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    // expected-remark @below {{shared-memory accesses cannot be analysed: its layout}}
    cute_nvgpu.copy #col, %p, %r : !cute.tensor<f32, smem, "((1,1),1,32):((0,0),0,?)">, !cute.tensor<f32, rmem, "((1,1),1,32):((0,0),0,1)">
    gpu.return
  }
}
}
