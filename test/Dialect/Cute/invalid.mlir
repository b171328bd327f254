// RUN: cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid layout "(4,2):(1)": shape (4,2) and stride (1) are not congruent}}
func.func private @not_congruent(!cute.layout<"(4,2):(1)">)

// -----

// expected-error @+1 {{invalid shape "(4,0)": shape leaves must be positive, got 0}}
func.func private @zero_shape(!cute.shape<"(4,0)">)

// -----

// expected-error @+1 {{invalid layout "(4,?M):(1,4)": dynamic leaves of a type are written `?` or `?{div=N}`, got ?M}}
func.func private @named_slot(!cute.layout<"(4,?M):(1,4)">)

// -----

// expected-error @+1 {{invalid tile "(?,4)": tiles must be static, got (?,4)}}
func.func private @dynamic_tile(!cute.tile<"(?,4)">)

// -----

// expected-error @+1 {{invalid integer tuple "(2,_)": `_` is not allowed here}}
func.func private @underscore(!cute.int_tuple<"(2,_)">)

// -----

// expected-error @+1 {{invalid layout "(4,8": expected `,` or `)` at column 5}}
func.func private @unbalanced(!cute.layout<"(4,8">)

// -----

func.func @slot_count(%m: index) {
  // expected-error @+1 {{'cute.make_shape' op has 1 values for the 2 `?` slots of '!cute.shape<"(?,?)">'}}
  %s = cute.make_shape %m : !cute.shape<"(?,?)">
  return
}

// -----

func.func @static_with_slots() {
  // expected-error @+1 {{'cute.static' op has 0 values for the 1 `?` slots of '!cute.layout<"(4,?):(1,4)">'}}
  %l = cute.static : !cute.layout<"(4,?):(1,4)">
  return
}

// -----

func.func @stride_condition(%a: !cute.layout<"(4,3):(1,8)">, %b: !cute.layout<"4:3">) {
  // expected-error @+1 {{'cute.composition' op composition: stride divisibility condition violated: stride 3 splits the mode of size 4 unevenly and 4 elements do not fit in it}}
  %r = cute.composition %a, %b : !cute.layout<"(4,3):(1,8)">, !cute.layout<"4:3">
  return
}

// -----

func.func @needs_a_fact(%a: !cute.layout<"(?,4):(1,?)">, %b: !cute.layout<"16:1">) {
  // expected-error @+1 {{'cute.composition' op composition: shape divisibility condition cannot be verified: needs 16 % min(?,16) == 0}}
  %r = cute.composition %a, %b : !cute.layout<"(?,4):(1,?)">, !cute.layout<"16:1">
  return
}

// -----

func.func @non_injective(%a: !cute.layout<"(2,2):(1,1)">) {
  // expected-error @+1 {{'cute.complement' op complement: non-injective layout (2,2):(1,1)}}
  %r = cute.complement %a : !cute.layout<"(2,2):(1,1)">
  return
}

// -----

func.func @get_out_of_range(%a: !cute.layout<"(4,8):(1,4)">) {
  // expected-error @+1 {{'cute.get' op mode 2 is out of range for (4,8):(1,4) of rank 2}}
  %r = cute.get %a [2] : !cute.layout<"(4,8):(1,4)">
  return
}

// -----

func.func @tiler_rank(%a: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"(2,2,2)">) {
  // expected-error @+1 {{'cute.zipped_divide' op zipped_divide: logical_divide: tiler (2,2,2) has 3 modes but the layout (8,8):(1,8) has rank 2}}
  %r = cute.zipped_divide %a, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2,2,2)">
  return
}

// -----

func.func @upcast_dynamic_stride(%a: !cute.layout<"(8,?):(1,?)">) {
  // expected-error @+1 {{'cute.upcast' op upcast: dynamic stride ? needs ? % 4 == 0}}
  %r = cute.upcast %a by 4 : !cute.layout<"(8,?):(1,?)">
  return
}

// -----

func.func @left_inverse_dynamic(%a: !cute.layout<"(8,4):(1,?)">) {
  // expected-error @+1 {{'cute.left_inverse' op left_inverse: needs static strides, but (8,4):(1,?) has a dynamic one}}
  %r = cute.left_inverse %a : !cute.layout<"(8,4):(1,?)">
  return
}

// -----

// expected-error @+1 {{tensor memory must be gmem, smem, rmem or coord, got hbm}}
func.func private @bad_memory(!cute.tensor<f32, hbm, "4:1">)

// -----

func.func @tensor_element_type(%buf: memref<?xf16>, %l: !cute.layout<"4:1">) {
  // expected-error @+1 {{'cute.make_tensor' op element type 'f32' does not match the storage's 'f16'}}
  %t = cute.make_tensor %buf, %l : (memref<?xf16>, !cute.layout<"4:1">) -> !cute.tensor<f32, gmem, "4:1">
  return
}

// -----

func.func @tensor_layout(%buf: memref<?xf32>, %l: !cute.layout<"4:1">) {
  // expected-error @+1 {{'cute.make_tensor' op result layout "8:1" is not the layout operand's "4:1"}}
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"4:1">) -> !cute.tensor<f32, gmem, "8:1">
  return
}

// -----

func.func @dynamic_fragment() {
  // expected-error @+1 {{'cute.make_fragment' op needs a static layout, got "(4,?):(1,4)"}}
  %f = cute.make_fragment : !cute.tensor<f32, rmem, "(4,?):(1,4)">
  return
}

// -----

func.func @gmem_fragment() {
  // expected-error @+1 {{'cute.make_fragment' op fragments live in rmem or smem, not gmem}}
  %f = cute.make_fragment : !cute.tensor<f32, gmem, "4:1">
  return
}

// -----

func.func @copy_sizes(%a: !cute.tensor<f32, gmem, "4:1">, %b: !cute.tensor<f32, rmem, "8:1">) {
  // expected-error @+1 {{'cute.copy' op source has 4 elements but destination has 8}}
  cute.copy %a, %b : !cute.tensor<f32, gmem, "4:1">, !cute.tensor<f32, rmem, "8:1">
  return
}

// -----

func.func @copy_predicate_size(%a: !cute.tensor<f32, gmem, "(?,4):(1,?)">, %b: !cute.tensor<f32, rmem, "(?,4):(1,?)">, %p: !cute.tensor<i1, rmem, "2:1">) {
  // expected-error @+1 {{'cute.copy' op source has 4*? elements but the predicate has 2}}
  cute.copy %a, %b if %p : !cute.tensor<f32, gmem, "(?,4):(1,?)">, !cute.tensor<f32, rmem, "(?,4):(1,?)">, !cute.tensor<i1, rmem, "2:1">
  return
}

// -----

// A dynamic size that can never match: 4*? is a multiple of 4. (Only the
// lowering found it.) `?:1` against `(?,2):(1,?)` may match, and verifies.
func.func @copy_dynamic_sizes(%a: !cute.tensor<f32, rmem, "3:1">, %b: !cute.tensor<f32, gmem, "(?,4):(1,?)">, %c: !cute.tensor<f32, gmem, "?:1">, %d: !cute.tensor<f32, gmem, "(?,2):(1,?)">) {
  cute.copy %c, %d : !cute.tensor<f32, gmem, "?:1">, !cute.tensor<f32, gmem, "(?,2):(1,?)">
  // expected-error @+1 {{'cute.copy' op source has 3 elements but destination has 4*?}}
  cute.copy %a, %b : !cute.tensor<f32, rmem, "3:1">, !cute.tensor<f32, gmem, "(?,4):(1,?)">
  return
}

// -----

func.func @gemm_k(%a: !cute.tensor<f32, rmem, "(4,8):(1,4)">, %b: !cute.tensor<f32, rmem, "(4,2):(1,4)">, %c: !cute.tensor<f32, rmem, "(4,4):(1,4)">) {
  // expected-error @+1 {{'cute.gemm' op K differs: 8 and 2}}
  cute.gemm %a, %b, %c : !cute.tensor<f32, rmem, "(4,8):(1,4)">, !cute.tensor<f32, rmem, "(4,2):(1,4)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">
  return
}

// -----

func.func @gemm_rank(%a: !cute.tensor<f32, rmem, "4:1">, %b: !cute.tensor<f32, rmem, "(4,2):(1,4)">, %c: !cute.tensor<f32, rmem, "(4,4):(1,4)">) {
  // expected-error @+1 {{'cute.gemm' op A must be a rank-2 tensor, (M,K), (N,K) and (M,N)}}
  cute.gemm %a, %b, %c : !cute.tensor<f32, rmem, "4:1">, !cute.tensor<f32, rmem, "(4,2):(1,4)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">
  return
}

// -----

func.func @load_type(%t: !cute.tensor<f32, rmem, "4:1">, %c: !cute.coord<"1">) {
  // expected-error @+1 {{'cute.load' op result type 'f16' is not the tensor's element type 'f32'}}
  %v = cute.load %t[%c] : !cute.tensor<f32, rmem, "4:1">, !cute.coord<"1"> -> f16
  return
}

// -----

func.func @local_tile_coord(%t: !cute.tensor<f32, gmem, "(8,8):(1,8)">, %tile: !cute.tile<"(4,4)">, %c: !cute.coord<"(0,0,0)">) {
  // expected-error @+1 {{'cute.local_tile' op tile coordinate (0,0,0) has 3 modes but the grid of tiles (2,2) has 2}}
  %r = cute.local_tile %t, %tile, %c : !cute.tensor<f32, gmem, "(8,8):(1,8)">, !cute.tile<"(4,4)">, !cute.coord<"(0,0,0)">
  return
}

// -----

func.func @projection_rank(%t: !cute.tensor<f32, gmem, "(8,8):(1,8)">, %thr: !cute.layout<"(4,2):(1,4)">, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op projection has 1 entries but the thread layout has rank 2}}
  %r = cute.local_partition %t, %thr, %i {projection = array<i1: true>} : !cute.tensor<f32, gmem, "(8,8):(1,8)">, !cute.layout<"(4,2):(1,4)">, index
  return
}

// -----

// expected-error @+1 {{coord tensors, and only they, hold !cute.coord elements; got 'f32' in coord}}
func.func private @coord_of_floats(!cute.tensor<f32, coord, "4:1">)

// -----

func.func @elem_less_profile(%c: !cute.coord<"(?,?)">, %s: !cute.shape<"(?,(?,?))">) {
  // expected-error @+1 {{'cute.elem_less' op coordinate '!cute.coord<"(?,?)">' is not congruent to the shape '!cute.shape<"(?,(?,?))">'}}
  %p = cute.elem_less %c, %s : !cute.coord<"(?,?)">, !cute.shape<"(?,(?,?))">
  return
}

// -----

func.func @copy_pred_type(%a: !cute.tensor<f32, gmem, "4:1">, %b: !cute.tensor<f32, rmem, "4:1">, %p: !cute.tensor<i8, rmem, "4:1">) {
  // expected-error @+1 {{'cute.copy' op predicate elements must be i1, got 'i8'}}
  cute.copy %a, %b if %p : !cute.tensor<f32, gmem, "4:1">, !cute.tensor<f32, rmem, "4:1">, !cute.tensor<i8, rmem, "4:1">
  return
}

// -----

func.func @to_memref_nested(%t: !cute.tensor<f32, gmem, "((2,2),4):((1,2),4)">) {
  // expected-error @+1 {{'cute.to_memref' op needs a flat, unswizzled layout (depth <= 1) over memory, got '!cute.tensor<f32, gmem, "((2,2),4):((1,2),4)">'}}
  %m = cute.to_memref %t : !cute.tensor<f32, gmem, "((2,2),4):((1,2),4)"> -> memref<4x4xf32>
  return
}

// -----

func.func @to_memref_type(%t: !cute.tensor<f32, gmem, "(4,8):(1,4)">) {
  // expected-error @+1 {{'cute.to_memref' op result type must be 'memref<4x8xf32, strided<[1, 4], offset: ?>>'}}
  %m = cute.to_memref %t : !cute.tensor<f32, gmem, "(4,8):(1,4)"> -> memref<4x8xf32>
  return
}

// -----

func.func @ordered_not_congruent(%s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{'cute.make_ordered_layout' op make_ordered_layout: order (1,0,2) is not congruent to shape (4,8)}}
  %o = cute.make_ordered_layout %s order "(1,0,2)" : !cute.shape<"(4,8)">
  return
}

// -----

// expected-error @+1 {{coord tensors cannot be swizzled}}
func.func private @swizzled_coords(!cute.tensor<!cute.coord<"(?,?)">, coord, "Sw<3,4,3> o 0 o (8,64):(64,1)">)

// -----

// expected-error @+1 {{invalid layout "(8,8):(8,1) o 0 o (8,8):(1,8)": a tensor's layout can only be composed with a swizzle}}
func.func private @composed_with_layout(!cute.tensor<f32, smem, "(8,8):(8,1) o 0 o (8,8):(1,8)">)

// -----

func.func @swizzled_get_layout(%t: !cute.tensor<f16, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">) {
  // expected-error @+1 {{'cute.get_layout' op the layout of a swizzled tensor is a composed layout, which has no cute type yet}}
  %l = cute.get_layout %t : !cute.tensor<f16, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">
  return
}

// -----

// expected-error @+1 {{alignment must be a power of two, got 12}}
func.func private @ptr_alignment(!cute.ptr<f16, gmem, align<12>>)

// -----

// expected-error @+1 {{alignment 2 is less than the element's width of 4 bytes}}
func.func private @ptr_narrow(!cute.ptr<f32, gmem, align<2>>)

// -----

// expected-error @+1 {{pointer memory must be gmem, smem or rmem, got coord}}
func.func private @ptr_memory(!cute.ptr<f32, coord, align<4>>)

// -----

func.func @add_ptr_alignment(%p: !cute.ptr<f16, gmem, align<16>>) {
  %c4 = arith.constant 4 : index
  // 4 halves are 8 bytes: the 16-byte alignment drops to 8.
  // expected-error @+1 {{'cute.add_ptr' op result alignment must be 8, got 16}}
  %q = cute.add_ptr %p, %c4 : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f16, gmem, align<16>>
  return
}

// -----

func.func @tensor_memory(%p: !cute.ptr<f32, smem, align<16>>, %l: !cute.layout<"4:1">) {
  // expected-error @+1 {{'cute.make_tensor' op tensor memory gmem is not the pointer's smem}}
  %t = cute.make_tensor %p, %l : (!cute.ptr<f32, smem, align<16>>, !cute.layout<"4:1">) -> !cute.tensor<f32, gmem, "4:1">
  return
}

// -----

func.func @vector_size(%t: !cute.tensor<f32, rmem, "(4,2):(1,4)">) {
  // expected-error @+1 {{'cute.load_vector' op the tensor has 8 elements but the vector 4}}
  %v = cute.load_vector %t : !cute.tensor<f32, rmem, "(4,2):(1,4)"> -> vector<4xf32>
  return
}

// -----

func.func @vector_dynamic(%t: !cute.tensor<f32, gmem, "(4,?):(1,4)">, %v: vector<8xf32>) {
  // expected-error @+1 {{'cute.store_vector' op needs a tensor of static size}}
  cute.store_vector %v, %t : vector<8xf32>, !cute.tensor<f32, gmem, "(4,?):(1,4)">
  return
}

// -----

func.func @load_coord(%t: !cute.tensor<f32, rmem, "(4,2):(1,4)">, %c: !cute.coord<"(1,2,3)">) {
  // expected-error @+1 {{'cute.load' op crd2idx: coordinate (1,2,3) does not match the rank of shape (4,2)}}
  %v = cute.load %t[%c] : !cute.tensor<f32, rmem, "(4,2):(1,4)">, !cute.coord<"(1,2,3)"> -> f32
  return
}

// -----

func.func @store_underscore(%t: !cute.tensor<f32, rmem, "(4,2):(1,4)">, %c: !cute.coord<"(_,1)">, %v: f32) {
  // expected-error @+1 {{'cute.store' op coordinate '!cute.coord<"(_,1)">' holds `_`; slice the tensor instead}}
  cute.store %v, %t[%c] : f32, !cute.tensor<f32, rmem, "(4,2):(1,4)">, !cute.coord<"(_,1)">
  return
}

// -----

func.func @dynamic_tile_mode(%d: !cute.layout<"?:1">) {
  // expected-error @+1 {{'cute.make_tile' op tiles are static, but the layout ?:1 is dynamic}}
  %u = cute.make_tile %d : !cute.layout<"?:1">
  return
}

// -----

func.func @copy_coords(%id: !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)">, %f: !cute.tensor<f32, rmem, "(4,4):(1,4)">) {
  // expected-error @+1 {{'cute.copy' op cannot copy to or from a coord tensor}}
  cute.copy %id, %f : !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">
  return
}

// -----

func.func @store_coords(%id: !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)">, %c: !cute.coord<"(?,?)">, %i: !cute.coord<"1">) {
  // expected-error @+1 {{'cute.store' op coord tensors cannot be stored to}}
  cute.store %c, %id[%i] : !cute.coord<"(?,?)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)">, !cute.coord<"1">
  return
}

// -----

func.func @vector_of_coords(%id: !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)">) {
  // expected-error @+1 {{'cute.load_vector' op coord tensors hold no memory to move vectors}}
  %v = cute.load_vector %id : !cute.tensor<!cute.coord<"(?,?)">, coord, "(4,4):(1,16777216)"> -> vector<16xf32>
  return
}

// -----

// A scalable vector's size is not known at compile time: it matched a
// tensor of as many elements as its minimum, and LLVM aborted.
func.func @load_scalable_vector(%t: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) {
  // expected-error @+1 {{'cute.load_vector' op the tensor's elements fill a fixed-size vector, not the scalable 'vector<[32]xf32>'}}
  %v = cute.load_vector %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)"> -> vector<[32]xf32>
  return
}

// -----

func.func @store_scalable_vector(%t: !cute.tensor<f32, rmem, "8:1">, %v: vector<[8]xf32>) {
  // expected-error @+1 {{'cute.store_vector' op the tensor's elements fill a fixed-size vector, not the scalable 'vector<[8]xf32>'}}
  cute.store_vector %v, %t : vector<[8]xf32>, !cute.tensor<f32, rmem, "8:1">
  return
}

// -----

// expected-error @+1 {{elements must have a fixed size, got the scalable 'vector<[4]xf32>'}}
func.func private @tensor_of_scalable_vectors(!cute.tensor<vector<[4]xf32>, gmem, "4:1">)

// -----

// expected-error @+1 {{elements must have a fixed size, got the scalable 'vector<[4]xf32>'}}
func.func private @ptr_to_scalable_vectors(!cute.ptr<vector<[4]xf32>, gmem, align<16>>)

// -----

func.func @ptr_of_type(%buf: memref<?xf16>) {
  // expected-error @+1 {{'cute.ptr_of' op element type 'f32' does not match the memref's 'f16'}}
  %p = cute.ptr_of %buf : memref<?xf16> -> !cute.ptr<f32, gmem, align<16>>
  return
}

// -----

func.func @add_ptr_memory(%p: !cute.ptr<f16, gmem, align<16>>, %n: index) {
  // expected-error @+1 {{'cute.add_ptr' op keeps the element type and memory of the pointer}}
  %q = cute.add_ptr %p, %n : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f16, smem, align<2>>
  return
}

// -----

func.func @swizzled_offset(%buf: memref<?xf32>, %l: !cute.layout<"(8,64):(64,1)">) {
  // expected-error @+1 {{'cute.make_tensor' op a swizzled tensor starts at swizzle offset 0}}
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"(8,64):(64,1)">) -> !cute.tensor<f32, smem, "Sw<3,4,3> o 64 o (8,64):(64,1)">
  return
}

// -----

func.func @projection_keeps_nothing(%t: !cute.tensor<f32, gmem, "(8,8):(1,8)">, %thr: !cute.layout<"(4,2):(1,4)">, %i: index) {
  // expected-error @+1 {{'cute.local_partition' op the projection keeps no mode of the thread layout}}
  %r = cute.local_partition %t, %thr, %i {projection = array<i1: false, false>} : !cute.tensor<f32, gmem, "(8,8):(1,8)">, !cute.layout<"(4,2):(1,4)">, index
  return
}

// -----

func.func @empty_tile() {
  // expected-error @+1 {{'cute.make_tile' op a tile needs at least one mode}}
  %t = "cute.make_tile"() : () -> !cute.tile<"1">
  return
}

// -----

func.func @fill_wrong_type(%buf: memref<?xf32>, %v: f16) {
  %l = cute.static : !cute.layout<"4:1">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"4:1">) -> !cute.tensor<f32, gmem, "4:1">
  // expected-error @+1 {{'cute.fill' op value type 'f16' is not the tensor's element type 'f32'}}
  cute.fill %t, %v : !cute.tensor<f32, gmem, "4:1">, f16
  return
}
