// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=INFERRED

// Ops whose result type is inferred print without it; the INFERRED lines
// check the inferred types in the generic form, which prints every type.

// Types print their spec canonically.
// CHECK-LABEL: func private @types
// CHECK-SAME: !cute.int_tuple<"(2,(?,4))">
// CHECK-SAME: !cute.shape<"(4,?{div=16})">
// CHECK-SAME: !cute.stride<"(1,?)">
// CHECK-SAME: !cute.coord<"(?,_)">
// CHECK-SAME: !cute.tile<"(2:2,_,4)">
// CHECK-SAME: !cute.layout<"((4,?),2):((1,4),?)">
func.func private @types(!cute.int_tuple<"(2, (?, _4))">, !cute.shape<"(4,?{div=16})">,
                         !cute.stride<"(1,?)">, !cute.coord<"(?,_)">,
                         !cute.tile<"(2:2,_,4:1)">, !cute.layout<"((4,?),2):((1,4),?)">)

// CHECK-LABEL: func @construction
func.func @construction(%m: index, %n: index) {
  // CHECK: %[[T:.*]] = cute.make_int_tuple %{{.*}} : !cute.int_tuple<"(2,?)">
  %t = cute.make_int_tuple %m : !cute.int_tuple<"(2,?)">
  // CHECK: %[[S:.*]] = cute.make_shape %{{.*}}, %{{.*}} : !cute.shape<"(?,(4,?))">
  %s = cute.make_shape %m, %n : !cute.shape<"(?,(4,?))">
  // CHECK: %[[D:.*]] = cute.make_stride %{{.*}} : !cute.stride<"(1,(?,0))">
  %d = cute.make_stride %m : !cute.stride<"(1,(?,0))">
  // CHECK: cute.make_coord : !cute.coord<"(1,_)">
  %c = cute.make_coord : !cute.coord<"(1,_)">
  // CHECK: cute.make_layout %[[S]], %[[D]] : !cute.shape<"(?,(4,?))">, !cute.stride<"(1,(?,0))">
  // INFERRED: "cute.make_layout"{{.*}} -> !cute.layout<"(?,(4,?)):(1,(?,0))">
  %l = cute.make_layout %s, %d : !cute.shape<"(?,(4,?))">, !cute.stride<"(1,(?,0))">
  // The compact column-major stride of a dynamic shape is dynamic where the
  // prefix product is, and a multiple of the static part.
  // CHECK: cute.make_layout %[[S]] : !cute.shape<"(?,(4,?))">
  // INFERRED: "cute.make_layout"{{.*}} -> !cute.layout<"(?,(4,?)):(1,(?,?{div=4}))">
  %lc = cute.make_layout %s : !cute.shape<"(?,(4,?))">
  // CHECK: cute.static : !cute.layout<"(4,8):(1,4)">
  %k = cute.static : !cute.layout<"(4,8):(1,4)">
  return
}

// CHECK-LABEL: func @queries
func.func @queries(%l: !cute.layout<"(4,?):(1,4)">, %c: !cute.coord<"(?,?)">, %i: index) {
  // CHECK: cute.size %{{.*}} : !cute.layout<"(4,?):(1,4)">
  %0 = cute.size %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.cosize %{{.*}} : !cute.layout<"(4,?):(1,4)">
  %1 = cute.cosize %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.rank %{{.*}} : !cute.layout<"(4,?):(1,4)">
  %2 = cute.rank %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.depth %{{.*}} : !cute.layout<"(4,?):(1,4)">
  %3 = cute.depth %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.crd2idx %{{.*}}, %{{.*}} : !cute.coord<"(?,?)">, !cute.layout<"(4,?):(1,4)">
  %4 = cute.crd2idx %c, %l : !cute.coord<"(?,?)">, !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.shape %{{.*}} : !cute.layout<"(4,?):(1,4)">
  // INFERRED: "cute.shape"{{.*}} -> !cute.shape<"(4,?)">
  %5 = cute.shape %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.stride %{{.*}} : !cute.layout<"(4,?):(1,4)">
  // INFERRED: "cute.stride"{{.*}} -> !cute.stride<"(1,4)">
  %6 = cute.stride %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.get %{{.*}} [1] : !cute.layout<"(4,?):(1,4)">
  // INFERRED: "cute.get"{{.*}} -> !cute.layout<"?:4">
  %7 = cute.get %l [1] : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.idx2crd %{{.*}}, %{{.*}} : index, !cute.shape<"(4,?)">
  // INFERRED: "cute.idx2crd"{{.*}} -> !cute.coord<"(?,?)">
  %8 = cute.idx2crd %i, %5 : index, !cute.shape<"(4,?)">
  return
}

// CHECK-LABEL: func @algebra
func.func @algebra(%a: !cute.layout<"(6,2):(8,2)">, %b: !cute.layout<"(4,3):(3,1)">,
                   %m: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"(2:1,4:2)">,
                   %blk: !cute.layout<"(2,2):(1,2)">, %rep: !cute.layout<"(3,4):(4,1)">,
                   %n: !cute.shape<"24">, %s88: !cute.shape<"(8,8)">) {
  // INFERRED: "cute.composition"{{.*}} -> !cute.layout<"((2,2),3):((24,2),8)">
  %0 = cute.composition %a, %b : !cute.layout<"(6,2):(8,2)">, !cute.layout<"(4,3):(3,1)">
  // INFERRED: "cute.coalesce"{{.*}} -> !cute.layout<"(2,2,3):(24,2,8)">
  %1 = cute.coalesce %0 : !cute.layout<"((2,2),3):((24,2),8)">
  // INFERRED: "cute.logical_divide"{{.*}} -> !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
  %2 = cute.logical_divide %m, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2:1,4:2)">
  // INFERRED: "cute.zipped_divide"{{.*}} -> !cute.layout<"((2,4),(4,2)):((1,16),(2,8))">
  %3 = cute.zipped_divide %m, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2:1,4:2)">
  // INFERRED: "cute.tiled_divide"{{.*}} -> !cute.layout<"((2,4),4,2):((1,16),2,8)">
  %4 = cute.tiled_divide %m, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2:1,4:2)">
  // INFERRED: "cute.flat_divide"{{.*}} -> !cute.layout<"(2,4,4,2):(1,16,2,8)">
  %5 = cute.flat_divide %m, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2:1,4:2)">
  // INFERRED: "cute.blocked_product"{{.*}} -> !cute.layout<"((2,3),(2,4)):((1,16),(2,4))">
  %6 = cute.blocked_product %blk, %rep : !cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(4,1)">
  // INFERRED: "cute.raked_product"{{.*}} -> !cute.layout<"((3,2),(4,2)):((16,1),(4,2))">
  %7 = cute.raked_product %blk, %rep : !cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(4,1)">
  // INFERRED: "cute.complement"{{.*}} -> !cute.layout<"(2,3):(1,8)">
  %c42 = cute.static : !cute.layout<"4:2">
  %8 = cute.complement %c42, %n : !cute.layout<"4:2">, !cute.shape<"24">
  // INFERRED: "cute.right_inverse"{{.*}} -> !cute.layout<"(2,4):(4,1)">
  %l42 = cute.static : !cute.layout<"(4,2):(2,1)">
  %9 = cute.right_inverse %l42 : !cute.layout<"(4,2):(2,1)">
  // INFERRED: "cute.left_inverse"{{.*}} -> !cute.layout<"(2,4):(4,1)">
  %10 = cute.left_inverse %l42 : !cute.layout<"(4,2):(2,1)">
  // INFERRED: "cute.tile_to_shape"{{.*}} -> !cute.layout<"((2,4),(2,4)):((1,4),(2,16))">
  %11 = cute.tile_to_shape %blk, %s88 : !cute.layout<"(2,2):(1,2)">, !cute.shape<"(8,8)">
  // CHECK: cute.upcast {{.*}} by 2 : !cute.layout<"(8,8):(1,8)">
  // INFERRED: "cute.upcast"{{.*}} -> !cute.layout<"(4,8):(1,4)">
  %12 = cute.upcast %m by 2 : !cute.layout<"(8,8):(1,8)">
  // CHECK: cute.downcast {{.*}} by 2 : !cute.layout<"(8,8):(1,8)">
  // INFERRED: "cute.downcast"{{.*}} -> !cute.layout<"(16,8):(1,16)">
  %13 = cute.downcast %m by 2 : !cute.layout<"(8,8):(1,8)">
  // CHECK: cute.max_common_vector {{.*}} : !cute.layout<"(8,8):(1,8)">, !cute.layout<"(8,8):(1,8)">
  %14 = cute.max_common_vector %m, %m : !cute.layout<"(8,8):(1,8)">, !cute.layout<"(8,8):(1,8)">
  return
}

// CHECK-LABEL: func @slice_dice_order_recast
func.func @slice_dice_order_recast(%l: !cute.layout<"(4,(2,3)):(1,(4,8))">, %s: !cute.shape<"(4,?)">, %l2: !cute.layout<"(4,8):(8,1)">) {
  %c = cute.make_coord : !cute.coord<"(_,(1,_))">
  // INFERRED: "cute.slice"{{.*}} -> !cute.layout<"(4,3):(1,8)">
  %m = cute.slice %l[%c] : !cute.layout<"(4,(2,3)):(1,(4,8))">, !cute.coord<"(_,(1,_))">
  %c0 = cute.make_coord : !cute.coord<"(_,(0,_))">
  // INFERRED: "cute.dice"{{.*}} -> !cute.layout<"(2):(4)">
  %d = cute.dice %l[%c0] : !cute.layout<"(4,(2,3)):(1,(4,8))">, !cute.coord<"(_,(0,_))">
  // CHECK: cute.make_ordered_layout %{{.*}} order "(1,0)" : !cute.shape<"(4,?)">
  // INFERRED: "cute.make_ordered_layout"{{.*}} -> !cute.layout<"(4,?):(?,1)">
  %o = cute.make_ordered_layout %s order "(1,0)" : !cute.shape<"(4,?)">
  // CHECK: cute.recast %{{.*}} from 16 to 32 : !cute.layout<"(4,8):(8,1)">
  // INFERRED: "cute.recast"{{.*}} -> !cute.layout<"(4,4):(4,1)">
  %r = cute.recast %l2 from 16 to 32 : !cute.layout<"(4,8):(8,1)">
  return
}

// CHECK-LABEL: func @print
func.func @print(%l: !cute.layout<"(4,?):(1,4)">, %t: !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">) {
  // CHECK: cute.print %{{.*}} : !cute.layout<"(4,?):(1,4)">
  cute.print %l : !cute.layout<"(4,?):(1,4)">
  // CHECK: cute.print %{{.*}} : !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">
  cute.print %t : !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">
  return
}

// CHECK-LABEL: func @pointers
func.func @pointers(%buf: memref<?xf16>, %n: index) {
  // CHECK: cute.ptr_of %{{.*}} : memref<?xf16> -> !cute.ptr<f16, gmem, align<16>>
  %p = cute.ptr_of %buf : memref<?xf16> -> !cute.ptr<f16, gmem, align<16>>
  %c8 = arith.constant 8 : index
  // 8 halves keep the 16 bytes; a dynamic offset keeps the 2-byte width.
  // CHECK: cute.add_ptr {{.*}} -> !cute.ptr<f16, gmem, align<16>>
  %q = cute.add_ptr %p, %c8 : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f16, gmem, align<16>>
  // CHECK: cute.add_ptr {{.*}} -> !cute.ptr<f16, gmem, align<2>>
  %r = cute.add_ptr %p, %n : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f16, gmem, align<2>>
  %l = cute.static : !cute.layout<"(8,8):(8,1)">
  // CHECK: cute.make_tensor %{{.*}}, %{{.*}} : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f16, gmem, "(8,8):(8,1)">
  %t = cute.make_tensor %q, %l : (!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,8):(8,1)">) -> !cute.tensor<f16, gmem, "(8,8):(8,1)">
  return
}

// CHECK-LABEL: func @tiles
func.func @tiles(%a: !cute.layout<"2:1">, %b: !cute.layout<"4:2">, %t: !cute.tile<"(_,8)">) {
  // CHECK: cute.make_tile %{{.*}}, %{{.*}} : !cute.layout<"2:1">, !cute.layout<"4:2">
  // INFERRED: "cute.make_tile"{{.*}} -> !cute.tile<"(2,4:2)">
  %x = cute.make_tile %a, %b : !cute.layout<"2:1">, !cute.layout<"4:2">
  // CHECK: cute.make_tile %{{.*}}, %{{.*}} : !cute.layout<"2:1">, !cute.tile<"(_,8)">
  // INFERRED: "cute.make_tile"{{.*}} -> !cute.tile<"(2,(_,8))">
  %y = cute.make_tile %a, %t : !cute.layout<"2:1">, !cute.tile<"(_,8)">
  return
}
