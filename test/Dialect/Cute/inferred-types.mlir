// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Ops whose result type the layout library infers are written without it
// (the short form) and print so. A result type stated after `->` (the long
// form) is accepted when it is the inferred type or says less about the same
// value; the result has the inferred type all the same.

#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">

// CHECK-LABEL: func @short_form
func.func @short_form(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">, %s: !cute.shape<"(?,8)">,
                      %d: !cute.stride<"(1,?{div=8})">, %i: index, %c: !cute.coord<"(?,0)">,
                      %g: !cute.tensor<f32, gmem, "(?,8):(1,?)">, %t168: !cute.tile<"(16,8)">) {
  // CHECK: %[[Z:.*]] = cute.zipped_divide %{{.*}}, %{{.*}} : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">{{$}}
  // GENERIC: "cute.zipped_divide"{{.*}} -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  %z = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">
  // CHECK: cute.get %[[Z]] [1, 1] : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">{{$}}
  // GENERIC: "cute.get"{{.*}} -> !cute.layout<"?:?{div=64}">
  %g11 = cute.get %z [1, 1] : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  // CHECK: cute.make_layout %{{.*}} : !cute.shape<"(?,8)">{{$}}
  // GENERIC: "cute.make_layout"{{.*}} -> !cute.layout<"(?,8):(1,?)">
  %ml = cute.make_layout %s : !cute.shape<"(?,8)">
  // CHECK: cute.make_layout %{{.*}}, %{{.*}} : !cute.shape<"(?,8)">, !cute.stride<"(1,?{div=8})">{{$}}
  %ms = cute.make_layout %s, %d : !cute.shape<"(?,8)">, !cute.stride<"(1,?{div=8})">
  // CHECK: cute.upcast %{{.*}} by 2 {note = "kept"} : !cute.layout<"(?,8):(1,?{div=8})">{{$}}
  // GENERIC: "cute.upcast"{{.*}} -> !cute.layout<"(?,8):(1,?{div=4})">
  %up = cute.upcast %ms by 2 {note = "kept"} : !cute.layout<"(?,8):(1,?{div=8})">
  // CHECK: cute.idx2crd %{{.*}}, %{{.*}} : index, !cute.shape<"(?,8)">{{$}}
  // GENERIC: "cute.idx2crd"{{.*}} -> !cute.coord<"(?,?)">
  %crd = cute.idx2crd %i, %s : index, !cute.shape<"(?,8)">
  // CHECK: cute.local_tile %{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(16,8)">, !cute.coord<"(?,0)">{{$}}
  // GENERIC: "cute.local_tile"{{.*}} -> !cute.tensor<f32, gmem, "(16,8):(1,?)">
  %lt = cute.local_tile %g, %t168, %c : !cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(16,8)">, !cute.coord<"(?,0)">
  // CHECK: cute.get_layout %{{.*}} : !cute.tensor<f32, gmem, "(16,8):(1,?)">{{$}}
  %gl = cute.get_layout %lt : !cute.tensor<f32, gmem, "(16,8):(1,?)">
  return
}

// The long form, with the inferred type or a less precise one, prints short;
// the values have the inferred types (GENERIC), which their uses state.
// CHECK-LABEL: func @long_form
func.func @long_form(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">, %s: !cute.shape<"(?,8)">,
                     %i: index, %c: !cute.coord<"(?,0)">, %g: !cute.tensor<f32, gmem, "(?,8):(1,?)">,
                     %t168: !cute.tile<"(16,8)">, %sw: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">,
                     %tid: index) {
  // The inferred type itself, in parentheses.
  // CHECK: %[[Z:.*]] = cute.zipped_divide %{{.*}}, %{{.*}} : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">{{$}}
  // GENERIC: "cute.zipped_divide"{{.*}} -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  %z = cute.zipped_divide %l, %t : (!cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">) -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  // `?` for static leaves and a missing divisibility.
  // CHECK: cute.zipped_divide %{{.*}}, %{{.*}} : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">{{$}}
  // GENERIC: "cute.zipped_divide"{{.*}} -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  %z1 = cute.zipped_divide %l, %t : (!cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">) -> !cute.layout<"((?,?),(?,?)):((?,?),(?,?))">
  // A weaker divisibility, without parentheses.
  // GENERIC: "cute.zipped_divide"{{.*}} -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  %z2 = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)"> -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=16}))">
  // The unary long form; `?` admits a static 0 stride too.
  // CHECK: cute.coalesce %[[Z]] : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">{{$}}
  // GENERIC: "cute.coalesce"{{.*}} -> !cute.layout<"(128,64,?,?):(1,?,128,?{div=64})">
  %co = cute.coalesce %z : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))"> -> !cute.layout<"(?,?,?,?):(?,?,?,?)">
  // CHECK: cute.filter_zeros
  // GENERIC: "cute.filter_zeros"{{.*}} -> !cute.layout<"(1,8):(0,1)">
  %l08 = cute.static : !cute.layout<"(4,8):(0,1)">
  %fz = cute.filter_zeros %l08 : !cute.layout<"(4,8):(0,1)"> -> !cute.layout<"(?,8):(?,1)">
  // An index result may be stated.
  // CHECK: cute.size %{{.*}} : !cute.layout<"(128,64,?,?):(1,?,128,?{div=64})">{{$}}
  %n = cute.size %co : !cute.layout<"(128,64,?,?):(1,?,128,?{div=64})"> -> index
  // Tensors: the swizzle offset, with or without its divisibility.
  // CHECK: cute_nvgpu.partition_d #{{.*}}, %{{.*}}, %{{.*}} : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index{{$}}
  // GENERIC: "cute_nvgpu.partition_d"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,1):((1,0),0,0)">
  %pd = cute_nvgpu.partition_d #g2s, %sw, %tid : (!cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index) -> !cute.tensor<f16, smem, "Sw<3,3,3> o ? o ((8,1),1,1):((1,0),0,0)">
  // GENERIC: "cute_nvgpu.partition_d"{{.*}} -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8} o ((8,1),1,1):((1,0),0,0)">
  %pd2 = cute_nvgpu.partition_d #g2s, %sw, %tid : (!cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index) -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=2} o ((?,1),1,1):((1,?),0,0)">
  // GENERIC: "cute.local_tile"{{.*}} -> !cute.tensor<f32, gmem, "(16,8):(1,?)">
  %lt = cute.local_tile %g, %t168, %c : (!cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(16,8)">, !cute.coord<"(?,0)">) -> !cute.tensor<f32, gmem, "(?,?):(?,?)">
  // CHECK: cute.get_layout %{{.*}} : !cute.tensor<f32, gmem, "(16,8):(1,?)">{{$}}
  %m = cute.get_layout %lt : !cute.tensor<f32, gmem, "(16,8):(1,?)">
  // Coordinates: the element type of a coordinate tensor, and `?` leaves.
  // GENERIC: "cute.make_identity_tensor"{{.*}} -> !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,8):(1,16777216)">
  %id = cute.make_identity_tensor %s : (!cute.shape<"(?,8)">) -> !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(?,?)">
  // GENERIC: "cute.idx2crd"{{.*}} -> !cute.coord<"(?,?)">
  %crd = cute.idx2crd %i, %s : (index, !cute.shape<"(?,8)">) -> !cute.coord<"(?,?)">
  return
}

// The generic form states the value's type: the inferred one exactly.
// CHECK-LABEL: func @generic_form
func.func @generic_form(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">) {
  // CHECK: cute.zipped_divide %{{.*}}, %{{.*}} : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">{{$}}
  %z = "cute.zipped_divide"(%l, %t) : (!cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">) -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  return
}
