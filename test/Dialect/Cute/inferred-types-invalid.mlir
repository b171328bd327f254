// RUN: cute-opt %s -split-input-file -verify-diagnostics

// A stated result type that contradicts the inferred one, in one way or
// another, is an error at the stated type that names both.

func.func @static_leaf(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">) {
  // expected-error @+1 {{result type '!cute.layout<"((128,32),(?,?)):((1,?),(128,?))">' contradicts the inferred type '!cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">': the shape at mode (0,1) is 64, not 32}}
  %z = cute.zipped_divide %l, %t : (!cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">) -> !cute.layout<"((128,32),(?,?)):((1,?),(128,?))">
  return
}

// -----

// The library computes 8 and 32 where 16 and 8 are stated.
func.func @static_strides(%l: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"(2,4)">) {
  // expected-error @+1 {{result type '!cute.layout<"((2,4),(4,2)):((1,2),(16,8))">' contradicts the inferred type '!cute.layout<"((2,4),(4,2)):((1,2),(8,32))">': the stride at mode (1,0) is 8, not 16}}
  %r = cute.logical_divide %l, %t : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"(2,4)">) -> !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
  return
}

// -----

// A static leaf where the library only knows a dynamic one.
func.func @static_for_dynamic(%s: !cute.shape<"(4,?)">) {
  // expected-error @+1 {{the shape at mode (1) is ?, not 8}}
  %l = cute.make_layout %s : !cute.shape<"(4,?)"> -> !cute.layout<"(4,8):(1,4)">
  return
}

// -----

// A divisibility the library does not know.
func.func @divisibility(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">) {
  // expected-error @+1 {{the stride at mode (1,1) is ?{div=64}, not ?{div=128}}}
  %z = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)"> -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=128}))">
  return
}

// -----

// A divisibility a static leaf does not have.
func.func @divisibility_of_static(%l: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"(2,4)">) {
  // expected-error @+1 {{the stride at mode (1,0) is 8, not ?{div=16}}}
  %r = cute.logical_divide %l, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2,4)"> -> !cute.layout<"((2,4),(4,2)):((1,2),(?{div=16},32))">
  return
}

// -----

// A leaf where the library has a mode, and the other way round.
func.func @structure(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">) {
  // expected-error @+1 {{the shape at mode (1) is (?,?), not ?}}
  %z = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)"> -> !cute.layout<"((128,64),?):((1,?),?)">
  return
}

// -----

func.func @rank(%l: !cute.layout<"(4,8):(0,1)">) {
  // expected-error @+1 {{the shape is (1,8), not (?,?,?)}}
  %f = cute.filter_zeros %l : !cute.layout<"(4,8):(0,1)"> -> !cute.layout<"(?,?,?):(?,?,?)">
  return
}

// -----

// A `_` of a coordinate is structure, not a value.
func.func @coordinate(%i: index, %s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{result type '!cute.coord<"(?,_)">' contradicts the inferred type '!cute.coord<"(?,?)">': the coordinate at mode (1) is ?, not _}}
  %c = cute.idx2crd %i, %s : (index, !cute.shape<"(4,8)">) -> !cute.coord<"(?,_)">
  return
}

// -----

// Another kind of type.
func.func @kind(%l: !cute.layout<"(4,?):(1,4)">) {
  // expected-error @+1 {{result type '!cute.int_tuple<"(4,?)">' contradicts the inferred type '!cute.shape<"(4,?)">'}}
  %s = cute.shape %l : (!cute.layout<"(4,?):(1,4)">) -> !cute.int_tuple<"(4,?)">
  return
}

// -----

func.func @index(%l: !cute.layout<"(4,?):(1,4)">) {
  // expected-error @+1 {{result type 'i32' contradicts the inferred type 'index'}}
  %n = cute.size %l : !cute.layout<"(4,?):(1,4)"> -> i32
  return
}

// -----

// Tiles are static: only the inferred one.
func.func @tile(%a: !cute.layout<"4:2">) {
  // expected-error @+1 {{result type '!cute.tile<"(4:2,4)">' contradicts the inferred type '!cute.tile<"(4:2,4:2)">'}}
  %t = cute.make_tile %a, %a : (!cute.layout<"4:2">, !cute.layout<"4:2">) -> !cute.tile<"(4:2,4)">
  return
}

// -----

// Tensors: the memory, the element type, the swizzle and its offset.
func.func @tensor_memory(%g: !cute.tensor<f32, gmem, "(?,8):(1,?)">, %t: !cute.tile<"(16,8)">, %c: !cute.coord<"(?,0)">) {
  // expected-error @+1 {{the memory is gmem, not smem}}
  %b = cute.local_tile %g, %t, %c : (!cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(16,8)">, !cute.coord<"(?,0)">) -> !cute.tensor<f32, smem, "(16,8):(1,?)">
  return
}

// -----

func.func @tensor_element(%g: !cute.tensor<f32, gmem, "(?,8):(1,?)">, %t: !cute.tile<"(16,8)">, %c: !cute.coord<"(?,0)">) {
  // expected-error @+1 {{the element type is f32, not f16}}
  %b = cute.local_tile %g, %t, %c : (!cute.tensor<f32, gmem, "(?,8):(1,?)">, !cute.tile<"(16,8)">, !cute.coord<"(?,0)">) -> !cute.tensor<f16, gmem, "(16,8):(1,?)">
  return
}

// -----

#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
func.func @swizzle(%s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index) {
  // expected-error @+1 {{the swizzle is Sw<3,3,3>, not none}}
  %p = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index -> !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">
  return
}

// -----

#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
func.func @swizzle_offset(%s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index) {
  // expected-error @+1 {{the swizzle offset is ?{div=8}, not 0}}
  %p = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index -> !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((8,1),1,1):((1,0),0,0)">
  return
}

// -----

#g2s = #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>, threads = "(32,8):(8,1)", values = "(1,8)">
func.func @swizzle_offset_divisibility(%s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %tid: index) {
  // expected-error @+1 {{the swizzle offset is ?{div=8}, not ?{div=8192}}}
  %p = cute_nvgpu.partition_d #g2s, %s, %tid : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, index -> !cute.tensor<f16, smem, "Sw<3,3,3> o ?{div=8192} o ((8,1),1,1):((1,0),0,0)">
  return
}

// -----

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(2,2,1)", permutation = "(32,32,16)">
func.func @partition_structure(%sA: !cute.tensor<f16, smem, "(32,16):(16,1)">, %tid: index) {
  // expected-error @+1 {{result type '!cute.tensor<f16, smem, "((8),1,1):((1),0,0)">' contradicts the inferred type '!cute.tensor<f16, smem, "((2,2,2),1,1):((1,128,8),0,0)">': the shape at mode (0) is (2,2,2), not (8)}}
  %a = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, "(32,16):(16,1)">, index -> !cute.tensor<f16, smem, "((8),1,1):((1),0,0)">
  return
}

// -----

// The element type of a coordinate tensor follows the coordinate rule.
func.func @identity_tensor(%s: !cute.shape<"(?,8)">) {
  // expected-error @+1 {{the element type is !cute.coord<"(?,?)">, not !cute.coord<"(?,0)">}}
  %id = cute.make_identity_tensor %s : !cute.shape<"(?,8)"> -> !cute.tensor<!cute.coord<"(?,0)">, coord, "(?,8):(1,16777216)">
  return
}

// -----

// A value has the inferred type, whatever was stated: its uses say so.
func.func @uses_see_the_inferred_type(%l: !cute.layout<"(?,?):(1,?)">, %t: !cute.tile<"(128,64)">) {
  %z = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)"> -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?))">
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%z' expects different type than prior uses: '!cute.layout<"((128,64),(?,?)):((1,?),(128,?))">' vs '!cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">'}}
  %n = cute.size %z : !cute.layout<"((128,64),(?,?)):((1,?),(128,?))">
  return
}

// -----

// The generic form states the value's own type: less precise is wrong there.
func.func @generic_less_precise(%l: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"(2,4)">) {
  // expected-error @below {{failed to infer returned types}}
  // expected-error @below {{'cute.logical_divide' op inferred type(s) '!cute.layout<"((2,4),(4,2)):((1,2),(8,32))">' are incompatible with return type(s) of operation '!cute.layout<"((2,4),(4,2)):((1,2),(?,32))">'}}
  %r = "cute.logical_divide"(%l, %t) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"(2,4)">) -> !cute.layout<"((2,4),(4,2)):((1,2),(?,32))">
  return
}

// -----

// The head of each op has its operands, and each operand a type.
func.func @operand_count(%l: !cute.layout<"(8,8):(1,8)">) {
  // expected-error @+1 {{expected 2 operands, got 1}}
  %r = cute.zipped_divide %l : !cute.layout<"(8,8):(1,8)">
  return
}

// -----

func.func @optional_operand_count(%s: !cute.shape<"(8,8)">) {
  // expected-error @+1 {{expected 1 to 2 operands, got 3}}
  %r = cute.make_layout %s, %s, %s : !cute.shape<"(8,8)">
  return
}

// -----

func.func @type_count(%l: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"(2,4)">) {
  // expected-error @+1 {{number of operands and types do not match: got 2 operands and 1 types}}
  %r = cute.zipped_divide %l, %t : !cute.layout<"(8,8):(1,8)">
  return
}
