// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: cute-opt %s --cute-to-ptx="chip=sm_80" | cute-opt --cute-write-ptx="dir=%t" > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/kernels.sm_80.ptx --check-prefix=PTX
// RUN: %ptxas -v -arch=sm_80 %t/kernels.sm_80.ptx -o %t/kernels.cubin > %t/ptxas.log 2>&1
// RUN: not grep -E '[1-9][0-9]* bytes (stack frame|spill)' %t/ptxas.log

// copy_if with a TiledCopy: a 32x64 tile of which only the first %m rows
// exist. The predicates come from an identity tensor partitioned like the
// data (one coordinate per atom call, compared with cute.elem_less). A false
// predicate makes cp.async read 0 bytes and zero-fill its 16, and skips the
// 128-bit store.

// NVVM-LABEL: gpu.func @stage
// NVVM: %[[SIZE0:.*]] = arith.select %{{.*}}, %c16_i32, %c0_i32 : i32
// NVVM: nvvm.cp.async.shared.global {{.*}}, 16, cache = {{ *}}cg, %[[SIZE0]]
// NVVM: %[[SIZE1:.*]] = arith.select %{{.*}}, %c16_i32{{.*}}, %c0_i32{{.*}} : i32
// NVVM: nvvm.cp.async.shared.global {{.*}}, 16, cache = {{ *}}cg, %[[SIZE1]]
// NVVM: scf.if
// NVVM: llvm.store {{.*}} : vector<8xf16>, !llvm.ptr<1>
// NVVM: scf.if
// NVVM: llvm.store {{.*}} : vector<8xf16>, !llvm.ptr<1>

// The two calls of a thread share its row, hence one predicate.
// PTX-LABEL: .entry stage(
// PTX: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %[[N:r[0-9]+]];
// PTX: cp.async.cg.shared.global [%rd{{[0-9]+}}+64], [%rd{{[0-9]+}}+64], 16, %[[N]];
// PTX: @%p{{[0-9]+}} bra
// PTX-COUNT-2: st.global.v4.b32
// PTX-NOT: .local

#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEGLOBAL_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
#s2g = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,4):(4,1)", values = "(1,8)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @stage(%G: memref<2048xf16, 1>, %O: memref<2048xf16, 1>, %m: index)
      workgroup(%S: memref<2048xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %tid = gpu.thread_id x
    %l = cute.static : !cute.layout<"(32,64):(64,1)">
    %g = cute.make_tensor %G, %l : (memref<2048xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    %o = cute.make_tensor %O, %l : (memref<2048xf16, 1>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, gmem, "(32,64):(64,1)">
    %s = cute.make_tensor %S, %l : (memref<2048xf16, #gpu.address_space<workgroup>>, !cute.layout<"(32,64):(64,1)">) -> !cute.tensor<f16, smem, "(32,64):(64,1)">
    %bound = cute.make_shape %m, %c64 : !cute.shape<"(?,?)">
    %tileShape = cute.static : !cute.shape<"(32,64)">
    %id = cute.make_identity_tensor %tileShape : !cute.shape<"(32,64)">
    %gs = cute_nvgpu.partition_s #g2s, %g, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    %sd = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "(32,64):(64,1)">, index
    %cs = cute_nvgpu.partition_s #g2s, %id, %tid : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, index
    %p = cute.make_fragment : !cute.tensor<i1, rmem, "(1,2):(2,1)">
    scf.for %r = %c0 to %c2 step %c1 {
      %v = arith.muli %r, %c8 : index
      %cv = cute.make_coord %v : !cute.coord<"?">
      %crd = cute.load %cs[%cv] : !cute.tensor<!cute.coord<"(?,?)">, coord, "((8,1),1,2):((16777216,0),0,536870912)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
      %in = cute.elem_less %crd, %bound : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
      %cr = cute.make_coord %r : !cute.coord<"?">
      cute.store %in, %p[%cr] : i1, !cute.tensor<i1, rmem, "(1,2):(2,1)">, !cute.coord<"?">
    }
    cute_nvgpu.copy #g2s, %gs, %sd if %p : !cute.tensor<f16, gmem, "((8,1),1,2):((1,0),0,32)">, !cute.tensor<f16, smem, "((8,1),1,2):((1,0),0,32)">, !cute.tensor<i1, rmem, "(1,2):(2,1)">
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.barrier
    %ps = cute_nvgpu.partition_s #s2g, %s, %tid : !cute.tensor<f16, smem, "(32,64):(64,1)">, index
    %pd = cute_nvgpu.partition_d #s2g, %o, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    cute_nvgpu.copy #s2g, %ps, %pd if %p : !cute.tensor<f16, smem, "((8,1),1,2):((1,0),0,32)">, !cute.tensor<f16, gmem, "((8,1),1,2):((1,0),0,32)">, !cute.tensor<i1, rmem, "(1,2):(2,1)">
    gpu.return
  }
}
}
