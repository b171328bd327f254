// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=INFERRED

// CHECK-LABEL: func @tensors
func.func @tensors(%buf: memref<?xf32>, %m: index, %bm: index, %tid: index, %i: index) -> f32 {
  %s = cute.make_shape %m : !cute.shape<"(?,8)">
  %l = cute.make_layout %s : !cute.shape<"(?,8)">
  // CHECK: cute.make_tensor %{{.*}}, %{{.*}} : (memref<?xf32>, !cute.layout<"(?,8):(1,?)">) -> !cute.tensor<f32, gmem, "(?,8):(1,?)">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"(?,8):(1,?)">) -> !cute.tensor<f32, gmem, "(?,8):(1,?)">
  // CHECK: cute.get_layout %{{.*}} : !cute.tensor<f32, gmem, "(?,8):(1,?)">
  // INFERRED: "cute.get_layout"{{.*}} -> !cute.layout<"(?,8):(1,?)">
  %gl = cute.get_layout %t : !cute.tensor<f32, gmem, "(?,8):(1,?)">
  %tile = cute.static : !cute.tile<"(16,8)">
  %c = cute.make_coord %bm : !cute.coord<"(?,0)">
  // INFERRED: "cute.local_tile"{{.*}} -> !cute.tensor<f32, gmem, "(16,8):(1,?)">
  %blk = cute.local_tile %t, %tile, %c : !cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(16,8)">, !cute.coord<"(?,0)">
  %thr = cute.static : !cute.layout<"(4,8):(1,4)">
  // INFERRED: "cute.local_partition"{{.*}} -> !cute.tensor<f32, gmem, "(4,1):(4,0)">
  %part = cute.local_partition %blk, %thr, %tid : !cute.tensor<f32, gmem, "(16,8):(1,?)">, !cute.layout<"(4,8):(1,4)">, index
  // CHECK: cute.local_partition {{.*}} {projection = array<i1: true, false>} {{.*}}
  // INFERRED: "cute.local_partition"{{.*}} -> !cute.tensor<f32, gmem, "(4,8):(4,?)">
  %rows = cute.local_partition %blk, %thr, %tid {projection = array<i1: true, false>} : !cute.tensor<f32, gmem, "(16,8):(1,?)">, !cute.layout<"(4,8):(1,4)">, index
  // CHECK: cute.make_fragment : !cute.tensor<f32, rmem, "(4,1):(1,0)">
  %frag = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1):(1,0)">
  // CHECK: cute.copy %{{.*}}, %{{.*}} : !cute.tensor<f32, gmem, "(4,1):(4,0)">, !cute.tensor<f32, rmem, "(4,1):(1,0)">
  cute.copy %part, %frag : !cute.tensor<f32, gmem, "(4,1):(4,0)">, !cute.tensor<f32, rmem, "(4,1):(1,0)">
  %col = cute.make_coord : !cute.coord<"(_,3)">
  // CHECK: cute.slice %{{.*}}[%{{.*}}] : !cute.tensor<f32, gmem, "(16,8):(1,?)">, !cute.coord<"(_,3)">
  // INFERRED: "cute.slice"{{.*}} -> !cute.tensor<f32, gmem, "(16):(1)">
  %c3 = cute.slice %blk[%col] : !cute.tensor<f32, gmem, "(16,8):(1,?)">, !cute.coord<"(_,3)">
  %ci = cute.make_coord %i : !cute.coord<"?">
  // CHECK: cute.load %{{.*}}[%{{.*}}] : !cute.tensor<f32, gmem, "(16):(1)">, !cute.coord<"?"> -> f32
  %v = cute.load %c3[%ci] : !cute.tensor<f32, gmem, "(16):(1)">, !cute.coord<"?"> -> f32
  // CHECK: cute.store %{{.*}}, %{{.*}}[%{{.*}}] : f32, !cute.tensor<f32, gmem, "(16):(1)">, !cute.coord<"?">
  cute.store %v, %c3[%ci] : f32, !cute.tensor<f32, gmem, "(16):(1)">, !cute.coord<"?">
  // CHECK: cute.gemm %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f32, gmem, "(4,8):(4,?)">, !cute.tensor<f32, gmem, "(4,8):(4,?)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">
  %acc = cute.make_fragment : !cute.tensor<f32, rmem, "(4,4):(1,4)">
  cute.gemm %rows, %rows, %acc : !cute.tensor<f32, gmem, "(4,8):(4,?)">, !cute.tensor<f32, gmem, "(4,8):(4,?)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">
  // CHECK: cute.make_identity_tensor %{{.*}} : !cute.shape<"(?,8)">
  // INFERRED: "cute.make_identity_tensor"{{.*}} -> !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,8):(1,16777216)">
  %id = cute.make_identity_tensor %s : !cute.shape<"(?,8)">
  %crd = cute.load %id[%ci] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,8):(1,16777216)">, !cute.coord<"?"> -> !cute.coord<"(?,?)">
  // CHECK: cute.elem_less %{{.*}}, %{{.*}} : !cute.coord<"(?,?)">, !cute.shape<"(?,8)">
  %in = cute.elem_less %crd, %s : !cute.coord<"(?,?)">, !cute.shape<"(?,8)">
  %p = cute.make_fragment : !cute.tensor<i1, rmem, "(4,1):(1,0)">
  // CHECK: cute.copy %{{.*}}, %{{.*}} if %{{.*}} : !cute.tensor<f32, gmem, "(4,1):(4,0)">, !cute.tensor<f32, rmem, "(4,1):(1,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
  cute.copy %part, %frag if %p : !cute.tensor<f32, gmem, "(4,1):(4,0)">, !cute.tensor<f32, rmem, "(4,1):(1,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
  // CHECK: cute.to_memref %{{.*}} : !cute.tensor<f32, gmem, "(16,8):(1,?)"> -> memref<16x8xf32, strided<[1, ?], offset: ?>>
  %view = cute.to_memref %blk : !cute.tensor<f32, gmem, "(16,8):(1,?)"> -> memref<16x8xf32, strided<[1, ?], offset: ?>>
  // A swizzled shared-memory tensor; a tile's start moves into the swizzle's
  // offset.
  %l64 = cute.static : !cute.layout<"(8,64):(64,1)">
  // CHECK: cute.make_tensor {{.*}} -> !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">
  %sw = cute.make_tensor %buf, %l64 : (memref<?xf32>, !cute.layout<"(8,64):(64,1)">) -> !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">
  %t432 = cute.static : !cute.tile<"(4,32)">
  %c11 = cute.make_coord %bm : !cute.coord<"(?,1)">
  // INFERRED: "cute.local_tile"{{.*}} -> !cute.tensor<f32, smem, "Sw<3,4,3> o ?{div=32} o (4,32):(64,1)">
  %swt = cute.local_tile %sw, %t432, %c11 : !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">, !cute.tile<"(4,32)">, !cute.coord<"(?,1)">
  return %v : f32
}
