//===- CuteOps.td - Operations of the cute dialect ---------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_OPS
#define CUTE_OPS

include "cute-mlir/Dialect/Cute/IR/CuteDialect.td"
include "cute-mlir/Dialect/Cute/IR/CuteAlgebraOpBase.td"
include "cute-mlir/Dialect/Cute/IR/CuteInterfaces.td"
include "cute-mlir/Dialect/Cute/IR/CuteTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Slots and constants
//===----------------------------------------------------------------------===//

class Cute_MakeTupleOp<string mnemonic, Type resultType, string what>
    : Cute_Op<mnemonic, [Pure]> {
  let summary = "make " # what # " from the values of its `?` slots";
  let description = [{
    Builds a value of the result type whose `?` slots take the `index`
    operands, in order. Static leaves come from the type.

    ```mlir
    %s = cute.}] # mnemonic # [{ %m, %n : !cute.}] # !cast<TypeDef>(resultType).mnemonic # [{<"(?,(4,?))">
    ```
  }];
  let arguments = (ins Variadic<Index>:$values);
  let results = (outs resultType:$result);
  let assemblyFormat = "($values^)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Cute_MakeIntTupleOp : Cute_MakeTupleOp<"make_int_tuple", Cute_IntTupleType, "an integer tuple">;
def Cute_MakeShapeOp : Cute_MakeTupleOp<"make_shape", Cute_ShapeType, "a shape">;
def Cute_MakeStrideOp : Cute_MakeTupleOp<"make_stride", Cute_StrideType, "a stride">;
def Cute_MakeCoordOp : Cute_MakeTupleOp<"make_coord", Cute_CoordType, "a coordinate">;

def Cute_StaticOp : Cute_Op<"static", [ConstantLike, Pure]> {
  let summary = "a value whose type is fully static";
  let description = [{
    The value of a cute type without `?` slots: the type says everything.
    Folding produces it for every op whose result is static.

    ```mlir
    %l = cute.static : !cute.layout<"(4,8):(1,4)">
    ```
  }];
  let results = (outs Cute_AnySpecType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Algebra ops: result types and values computed by the layout library
//===----------------------------------------------------------------------===//

/// An op whose result is computed by `compute` through the layout library
/// (see CuteAlgebraOpBase.td). Its result type is inferred, so that the
/// assembly omits it (see AlgebraOpSyntax.h).
class Cute_AlgebraOp<string mnemonic, bit indexResult = 0>
    : Cute_Op<mnemonic, Cute_AlgebraOpTraits<indexResult>.traits> {
  let hasCustomAssemblyFormat = 1;
}

/// layout -> layout
class Cute_UnaryLayoutOp<string mnemonic, string what>
    : Cute_AlgebraOp<mnemonic> {
  let summary = what;
  let arguments = (ins Cute_LayoutType:$layout);
  let results = (outs Cute_LayoutType:$result);
}

/// (layout, tile) -> layout
class Cute_TilingOp<string mnemonic, string what>
    : Cute_AlgebraOp<mnemonic> {
  let summary = what;
  let arguments = (ins Cute_LayoutType:$layout, Cute_TileType:$tiler);
  let results = (outs Cute_LayoutType:$result);
}

/// (layout, layout) -> layout
class Cute_LayoutPairOp<string mnemonic, string what>
    : Cute_AlgebraOp<mnemonic> {
  let summary = what;
  let arguments = (ins Cute_LayoutType:$lhs, Cute_LayoutType:$rhs);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_MakeLayoutOp : Cute_AlgebraOp<"make_layout"> {
  let summary = "make a layout from a shape and an optional stride";
  let description = [{
    `shape:stride`; without a stride, the compact column-major layout of the
    shape (static size-1 modes get stride 0).

    ```mlir
    %l = cute.make_layout %s, %d : !cute.shape<"(4,?)">, !cute.stride<"(1,4)">
    // %l: !cute.layout<"(4,?):(1,4)">
    %c = cute.make_layout %s : !cute.shape<"(4,?)">
    // %c: !cute.layout<"(4,?):(1,4)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape, Optional<Cute_StrideType>:$stride);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_MakeTileOp : Cute_AlgebraOp<"make_tile"> {
  let summary = "make a tiler from static layouts and tiles";
  let description = [{
    CuTe's make_tile: a tuple tiler whose modes are the operands. Tiles are
    static, so the operands are too (write `_` and ints in a `cute.static`
    tile).

    ```mlir
    %t = cute.make_tile %a, %b : !cute.layout<"2:1">, !cute.layout<"4:2">
    // %t: !cute.tile<"(2,4:2)">
    ```
  }];
  let arguments = (ins Variadic<AnyTypeOf<[Cute_LayoutType, Cute_TileType]>>:$modes);
  let results = (outs Cute_TileType:$result);
}

def Cute_GetOp : Cute_AlgebraOp<"get"> {
  let summary = "a mode of a layout (CuTe's get<I...>)";
  let description = [{
    The sublayout at the mode path `modes` (mode 0 of a rank-1 leaf layout is
    the layout itself).

    ```mlir
    %m = cute.get %l [1, 0] : !cute.layout<"(4,(2,?)):(1,(4,8))">
    // %m: !cute.layout<"2:4">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout, DenseI64ArrayAttr:$modes);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_ShapeOp : Cute_AlgebraOp<"shape"> {
  let summary = "the shape of a layout";
  let description = [{
    ```mlir
    %s = cute.shape %l : !cute.layout<"(4,?):(1,4)">
    // %s: !cute.shape<"(4,?)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout);
  let results = (outs Cute_ShapeType:$result);
}

def Cute_StrideOp : Cute_AlgebraOp<"stride"> {
  let summary = "the stride of a layout";
  let description = [{
    ```mlir
    %d = cute.stride %l : !cute.layout<"(4,?):(1,4)">
    // %d: !cute.stride<"(1,4)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout);
  let results = (outs Cute_StrideType:$result);
}

/// A query returning an index.
class Cute_QueryOp<string mnemonic, string what, Type operandType>
    : Cute_AlgebraOp<mnemonic, /*indexResult=*/1> {
  let summary = what;
  let arguments = (ins operandType:$input);
  let results = (outs Index:$result);
}

def Cute_SizeOp : Cute_QueryOp<"size", "the number of elements",
    AnyTypeOf<[Cute_LayoutType, Cute_ShapeType, Cute_IntTupleType]>> {
  let description = [{
    The product of the shape.

    ```mlir
    %n = cute.size %l : !cute.layout<"(4,?):(1,4)">
    ```
  }];
}

def Cute_CosizeOp : Cute_QueryOp<"cosize", "one past the largest value",
    Cute_LayoutType> {
  let description = [{
    CuTe's cosize: the value at the last coordinate (over |stride|) plus one.

    ```mlir
    %n = cute.cosize %l : !cute.layout<"(4,?):(1,4)">
    ```
  }];
}

def Cute_RankOp : Cute_QueryOp<"rank", "the number of top-level modes",
    AnyTypeOf<[Cute_LayoutType, Cute_ShapeType, Cute_IntTupleType]>> {
  let description = [{
    Always static: it folds to a constant.

    ```mlir
    %r = cute.rank %l : !cute.layout<"(4,?):(1,4)">
    ```
  }];
}

def Cute_DepthOp : Cute_QueryOp<"depth", "the nesting depth",
    AnyTypeOf<[Cute_LayoutType, Cute_ShapeType, Cute_IntTupleType]>> {
  let description = [{
    0 for an integer, 1 + the deepest mode for a tuple. Always static.

    ```mlir
    %d = cute.depth %l : !cute.layout<"(4,(2,?)):(1,(4,8))">
    ```
  }];
}

def Cute_Crd2IdxOp : Cute_AlgebraOp<"crd2idx", /*indexResult=*/1> {
  let summary = "the value of a layout at a coordinate";
  let description = [{
    A coordinate (an integer index or a tuple congruent to the shape) mapped
    through the layout.

    ```mlir
    %i = cute.crd2idx %c, %l : !cute.coord<"(?,?)">, !cute.layout<"(4,?):(1,4)">
    ```
  }];
  let arguments = (ins Cute_CoordType:$coord, Cute_LayoutType:$layout);
  let results = (outs Index:$result);
}

def Cute_Idx2CrdOp : Cute_AlgebraOp<"idx2crd"> {
  let summary = "the coordinate of an index in a shape";
  let description = [{
    The hierarchical coordinate of `index` in the compact column-major
    `shape`.

    ```mlir
    %c = cute.idx2crd %i, %s : index, !cute.shape<"(4,8)">
    // %c: !cute.coord<"(?,?)">
    ```
  }];
  let arguments = (ins Index:$index, Cute_ShapeType:$shape);
  let results = (outs Cute_CoordType:$result);
}

def Cute_CoalesceOp : Cute_UnaryLayoutOp<"coalesce",
    "merge the modes that can be merged"> {
  let description = [{
    Preserves the function on the layout's domain; the result has depth <= 1.

    ```mlir
    %c = cute.coalesce %l : !cute.layout<"(2,(1,6)):(1,(6,2))">
    // %c: !cute.layout<"12:1">
    ```
  }];
}

def Cute_FilterOp : Cute_UnaryLayoutOp<"filter",
    "remove static 0-stride and size-1 modes, then coalesce"> {
  let description = [{
    ```mlir
    %f = cute.filter %l : !cute.layout<"(4,2):(0,1)">
    // %f: !cute.layout<"2:1">
    ```
  }];
}

def Cute_FilterZerosOp : Cute_UnaryLayoutOp<"filter_zeros",
    "replace static 0-stride modes by size 1"> {
  let description = [{
    ```mlir
    %f = cute.filter_zeros %l : !cute.layout<"(4,2):(0,1)">
    // %f: !cute.layout<"(1,2):(0,1)">
    ```
  }];
}

def Cute_RightInverseOp : Cute_UnaryLayoutOp<"right_inverse",
    "the right inverse: layout(result(i)) == i"> {
  let description = [{
    ```mlir
    %r = cute.right_inverse %l : !cute.layout<"(4,2):(2,1)">
    // %r: !cute.layout<"(2,4):(4,1)">
    ```
  }];
}

def Cute_LeftInverseOp : Cute_UnaryLayoutOp<"left_inverse",
    "the left inverse of an injective layout: result(layout(i)) == i"> {
  let description = [{
    ```mlir
    %r = cute.left_inverse %l : !cute.layout<"(4,2):(2,1)">
    // %r: !cute.layout<"(2,4):(4,1)">
    ```
  }];
}

def Cute_ComplementOp : Cute_AlgebraOp<"complement"> {
  let summary = "what a layout does not reach, up to a cotarget";
  let description = [{
    Without a cotarget, up to the cosize of the filtered layout.

    ```mlir
    %c = cute.complement %l, %n : !cute.layout<"4:2">, !cute.shape<"24">
    // %c: !cute.layout<"(2,3):(1,8)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout,
                       Optional<Cute_ShapeType>:$cotarget);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_CompositionOp : Cute_AlgebraOp<"composition"> {
  let summary = "lhs o rhs: result(c) == lhs(rhs(c))";
  let description = [{
    The right operand is a layout or a tile (composed mode by mode; modes of
    lhs the tile does not cover are dropped).

    ```mlir
    %r = cute.composition %a, %b : !cute.layout<"(6,2):(8,2)">, !cute.layout<"(4,3):(3,1)">
    // %r: !cute.layout<"((2,2),3):((24,2),8)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$lhs,
                       AnyTypeOf<[Cute_LayoutType, Cute_TileType]>:$rhs);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_LogicalDivideOp : Cute_TilingOp<"logical_divide",
    "split each tiled mode into (tile, rest)"> {
  let description = [{
    ```mlir
    %r = cute.logical_divide %l, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2:1,4:2)">
    // %r: !cute.layout<"((2,4),(4,2)):((1,2),(16,8))">
    ```
  }];
}
def Cute_ZippedDivideOp : Cute_TilingOp<"zipped_divide",
    "logical_divide gathered into ((tiles...), (rests...))"> {
  let description = [{
    ```mlir
    %r = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">
    // %r: !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
    ```
  }];
}
def Cute_TiledDivideOp : Cute_TilingOp<"tiled_divide",
    "zipped_divide with the rest modes unpacked"> {
  let description = [{
    ```mlir
    %r = cute.tiled_divide %l, %t : !cute.layout<"8:1">, !cute.tile<"4:1">
    // %r: !cute.layout<"(4,2):(1,4)">
    ```
  }];
}
def Cute_FlatDivideOp : Cute_TilingOp<"flat_divide",
    "zipped_divide with both modes unpacked"> {
  let description = [{
    ```mlir
    %r = cute.flat_divide %l, %t : !cute.layout<"(8,8):(1,8)">, !cute.tile<"(2,4)">
    // %r: !cute.layout<"(2,4,4,2):(1,8,2,32)">
    ```
  }];
}
def Cute_LogicalProductOp : Cute_TilingOp<"logical_product",
    "repeat each mode's block by the tile: (block, repetition)"> {
  let description = [{
    ```mlir
    %r = cute.logical_product %l, %t : !cute.layout<"(2,2):(4,1)">, !cute.tile<"6:1">
    // %r: !cute.layout<"((2,2),(2,3)):((4,1),(2,8))">
    ```
  }];
}
def Cute_ZippedProductOp : Cute_TilingOp<"zipped_product",
    "logical_product gathered into ((blocks...), (repetitions...))"> {
  let description = [{
    ```mlir
    %r = cute.zipped_product %l, %t : !cute.layout<"(2,2):(1,2)">, !cute.tile<"(3,4)">
    // %r: !cute.layout<"((2,2),(3,(2,2))):((1,2),(2,(1,4)))">
    ```
  }];
}
def Cute_TiledProductOp : Cute_TilingOp<"tiled_product",
    "zipped_product with the repetition modes unpacked"> {
  let description = [{
    ```mlir
    %r = cute.tiled_product %l, %t : !cute.layout<"(2,2):(1,2)">, !cute.tile<"(3,4)">
    // %r: !cute.layout<"((2,2),3,(2,2)):((1,2),2,(1,4))">
    ```
  }];
}
def Cute_FlatProductOp : Cute_TilingOp<"flat_product",
    "zipped_product with both modes unpacked"> {
  let description = [{
    ```mlir
    %r = cute.flat_product %l, %t : !cute.layout<"(2,2):(1,2)">, !cute.tile<"(3,4)">
    // %r: !cute.layout<"(2,2,3,(2,2)):(1,2,2,(1,4))">
    ```
  }];
}

def Cute_BlockedProductOp : Cute_LayoutPairOp<"blocked_product",
    "repeat a block over a tiler, block by block"> {
  let description = [{
    ```mlir
    %r = cute.blocked_product %a, %b : !cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(4,1)">
    // %r: !cute.layout<"((2,3),(2,4)):((1,16),(2,4))">
    ```
  }];
}
def Cute_RakedProductOp : Cute_LayoutPairOp<"raked_product",
    "repeat a block over a tiler, interleaving the blocks"> {
  let description = [{
    ```mlir
    %r = cute.raked_product %a, %b : !cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(4,1)">
    // %r: !cute.layout<"((3,2),(4,2)):((16,1),(4,2))">
    ```
  }];
}

def Cute_TileToShapeOp : Cute_AlgebraOp<"tile_to_shape"> {
  let summary = "repeat a block until it has the target shape";
  let description = [{
    ```mlir
    %r = cute.tile_to_shape %l, %s : !cute.layout<"(2,2):(1,2)">, !cute.shape<"(8,8)">
    // %r: !cute.layout<"((2,4),(2,4)):((1,4),(2,16))">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout, Cute_ShapeType:$shape);
  let results = (outs Cute_LayoutType:$result);
}

class Cute_CastOp<string mnemonic, string what> : Cute_AlgebraOp<mnemonic> {
  let summary = what;
  let arguments = (ins Cute_LayoutType:$layout, I64Attr:$factor);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_UpcastOp : Cute_CastOp<"upcast",
    "view `factor` elements as one"> {
  let description = [{
    ```mlir
    %r = cute.upcast %l by 2 : !cute.layout<"(4,8):(8,1)">
    // %r: !cute.layout<"(4,4):(4,1)">
    ```
  }];
}
def Cute_DowncastOp : Cute_CastOp<"downcast",
    "view one element as `factor` elements"> {
  let description = [{
    ```mlir
    %r = cute.downcast %l by 2 : !cute.layout<"(4,4):(4,1)">
    // %r: !cute.layout<"(4,8):(8,1)">
    ```
  }];
}

def Cute_MaxCommonVectorOp : Cute_AlgebraOp<"max_common_vector", /*indexResult=*/1> {
  let summary = "how many contiguous elements two layouts agree on";
  let description = [{
    ```mlir
    %n = cute.max_common_vector %a, %b : !cute.layout<"(8,8):(1,8)">, !cute.layout<"(8,8):(1,8)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$lhs, Cute_LayoutType:$rhs);
  let results = (outs Index:$result);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

def Cute_PtrOfOp : Cute_Op<"ptr_of", [Pure]> {
  let summary = "a pointer to the first element of a memref";
  let description = [{
    The alignment in the result type is a promise about the memref's base
    address, checked only to be a power of two at least the element's width.

    ```mlir
    %p = cute.ptr_of %buf : memref<?xf16> -> !cute.ptr<f16, gmem, align<16>>
    ```
  }];
  let arguments = (ins MemRefRankOf<[AnyType], [1]>:$memref);
  let results = (outs Cute_PtrType:$result);
  let assemblyFormat = "$memref attr-dict `:` type($memref) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Cute_AddPtrOp : Cute_Op<"add_ptr", [Pure]> {
  let summary = "a pointer moved by a number of elements";
  let description = [{
    The result's alignment is what the offset keeps of the pointer's: the
    largest power of two dividing both the alignment and offset * width,
    known statically (a dynamic offset keeps the element's width).

    ```mlir
    %q = cute.add_ptr %p, %n : !cute.ptr<f16, gmem, align<16>> -> !cute.ptr<f16, gmem, align<2>>
    ```
  }];
  let arguments = (ins Cute_PtrType:$ptr, Index:$offset);
  let results = (outs Cute_PtrType:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` qualified(type($ptr)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Cute_MakeTensorOp : Cute_Op<"make_tensor", [Pure]> {
  let summary = "a tensor over a memref or a pointer";
  let description = [{
    The tensor whose element at coordinate `c` is `memref[layout(c)]` (or
    `ptr[layout(c)]`). A memref is one-dimensional and holds at least
    cosize(layout) elements. The result may be swizzled: its layout is then
    `Sw<B,M,S> o 0 o layout`.

    ```mlir
    %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">
    %u = cute.make_tensor %p, %l : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(?,?):(1,?)">) -> !cute.tensor<f32, gmem, "(?,?):(1,?)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[MemRefRankOf<[AnyType], [1]>,
                                  Cute_PtrType]>:$memref,
                       Cute_LayoutType:$layout);
  let results = (outs Cute_TensorType:$result);
  let assemblyFormat = [{
    $memref `,` $layout attr-dict `:` `(` qualified(type($memref)) `,`
    qualified(type($layout)) `)` `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Cute_ToMemrefOp : Cute_Op<"to_memref", [Pure]> {
  let summary = "view a tensor with a flat layout as a strided memref";
  let description = [{
    The memref with the tensor's shape and strides (and its offset) over the
    tensor's memory. The layout must have depth at most 1: a mode of nested
    modes has no single memref stride. A rank-1 leaf layout gives a rank-1
    memref.

    ```mlir
    %m = cute.to_memref %t : !cute.tensor<f32, gmem, "(4,?):(1,4)"> -> memref<4x?xf32, strided<[1, 4], offset: ?>>
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $tensor attr-dict `:` qualified(type($tensor)) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The memref type of a tensor type, or null when its layout is nested.
    static ::mlir::MemRefType memrefTypeOf(::mlir::cute::TensorType type);
  }];
}

def Cute_MakeFragmentOp : Cute_Op<"make_fragment"> {
  let summary = "a register tensor of a static layout";
  let description = [{
    Fresh storage for cosize(layout) elements in registers (`rmem`), or in
    shared memory (`smem`). On the CPU it is a stack allocation. In a kernel,
    `convert-cute-nvgpu-to-nvvm` requires a register fragment to fit the 255
    32-bit registers a thread has (1020 fp8 values, 510 bf16, 255 f32).

    With `like %t` it is CuTe's make_fragment_like(t): the layout is compact,
    mode 0 column-major and the other modes ordered like t's strides, and the
    verifier checks that the result type says so (the element type may
    differ from t's). A thread's fragment for a TiledMMA operand, CuTe's
    partition_fragment_C, is the fragment like its `cute_nvgpu.partition_c`.

    ```mlir
    %f = cute.make_fragment : !cute.tensor<f32, rmem, "(4,2):(1,4)">
    %g = cute.make_fragment like %tC : (!cute.tensor<f32, gmem, "((2,2),2,1):((32,8),16,0)">) -> !cute.tensor<f32, rmem, "((2,2),2,1):((1,2),4,0)">
    ```
  }];
  let arguments = (ins Optional<Cute_TensorType>:$like);
  let results = (outs Cute_TensorType:$result);
  let assemblyFormat = [{
    (`like` $like^)? attr-dict `:` (`(` qualified(type($like))^ `)` `->`)?
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Cute_MakeIdentityTensorOp : Cute_AlgebraOp<"make_identity_tensor"> {
  let summary = "the tensor of the natural coordinates of a shape";
  let description = [{
    CuTe's identity tensor: element `c` is the coordinate `c` itself. Tile and
    partition it like the data tensor and compare its elements with the shape
    (`cute.elem_less`) to predicate accesses past the edge. It has no memory:
    its memory is `coord` and its elements are `!cute.coord` values.

    ```mlir
    %id = cute.make_identity_tensor %s : !cute.shape<"(?,?)">
    // %id: !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape);
  let results = (outs Cute_TensorType:$result);
}

def Cute_ElemLessOp : Cute_Op<"elem_less", [Pure]> {
  let summary = "whether every entry of a coordinate is below the shape's";
  let description = [{
    `true` when `coord[i] < shape[i]` for every leaf: the predicate that a
    coordinate lies inside a shape.

    ```mlir
    %in = cute.elem_less %c, %s : !cute.coord<"(?,?)">, !cute.shape<"(?,?)">
    ```
  }];
  let arguments = (ins Cute_CoordType:$coord, Cute_ShapeType:$shape);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $coord `,` $shape attr-dict `:` qualified(type($coord)) `,`
    qualified(type($shape))
  }];
  let hasVerifier = 1;
}

def Cute_GetLayoutOp : Cute_AlgebraOp<"get_layout"> {
  let summary = "the layout of a tensor";
  let description = [{
    ```mlir
    %l = cute.get_layout %t : !cute.tensor<f32, gmem, "(4,?):(1,4)">
    // %l: !cute.layout<"(4,?):(1,4)">
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_SliceOp : Cute_AlgebraOp<"slice"> {
  let summary = "the sublayout or subtensor at the `_` modes of a coordinate";
  let description = [{
    Integer modes of the coordinate select, `_` modes are kept (CuTe's
    slice). For a tensor the result's base also moves to the selected
    position (CuTe's slice_and_offset).

    ```mlir
    %col = cute.slice %t[%c] : !cute.tensor<f32, gmem, "(8,?):(1,8)">, !cute.coord<"(_,?)">
    // %col: !cute.tensor<f32, gmem, "(8):(1)">
    %m = cute.slice %l[%c] : !cute.layout<"(4,(2,3)):(1,(4,8))">, !cute.coord<"(_,(1,_))">
    // %m: !cute.layout<"(4,3):(1,8)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_TensorType, Cute_LayoutType]>:$input,
                       Cute_CoordType:$coord);
  let results = (outs AnyTypeOf<[Cute_TensorType, Cute_LayoutType]>:$result);
}

def Cute_DiceOp : Cute_AlgebraOp<"dice"> {
  let summary = "the sublayout at the integer modes of a coordinate";
  let description = [{
    The complement of slice: integer modes are kept, `_` modes dropped
    (CuTe's dice; the values of the integers do not matter).

    ```mlir
    %m = cute.dice %l[%c] : !cute.layout<"(4,(2,3)):(1,(4,8))">, !cute.coord<"(_,(0,_))">
    // %m: !cute.layout<"(2):(4)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout, Cute_CoordType:$coord);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_MakeOrderedLayoutOp : Cute_AlgebraOp<"make_ordered_layout"> {
  let summary = "a compact layout whose strides follow an order";
  let description = [{
    The mode with the smallest `order` gets stride 1, the next the product of
    the sizes before it, and so on (CuTe's make_ordered_layout).

    ```mlir
    %l = cute.make_ordered_layout %s order "(1,0)" : !cute.shape<"(4,?)">
    // %l: !cute.layout<"(4,?):(?,1)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape, StrAttr:$order);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_RecastOp : Cute_AlgebraOp<"recast"> {
  let summary = "reinterpret elements of one width as elements of another";
  let description = [{
    CuTe's recast_layout: a layout of `old_bits`-wide elements as a layout of
    `new_bits`-wide elements (an upcast, a downcast, or both).

    ```mlir
    %r = cute.recast %l from 16 to 32 : !cute.layout<"(4,8):(8,1)">
    // %r: !cute.layout<"(4,4):(4,1)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout, I64Attr:$old_bits,
                       I64Attr:$new_bits);
  let results = (outs Cute_LayoutType:$result);
}

def Cute_LocalTileOp : Cute_AlgebraOp<"local_tile"> {
  let summary = "the tile of a tensor at a tile coordinate";
  let description = [{
    CuTe's local_tile (inner_partition): `zipped_divide(tensor, tile)` with
    every tile mode kept and the grid of tiles indexed by `coord`; a `_` in
    `coord` keeps that grid mode (the k-tiles of a GEMM, say).

    ```mlir
    %blk = cute.local_tile %A, %t, %c : !cute.tensor<f32, gmem, "(?,?):(1,?)">, !cute.tile<"(128,8)">, !cute.coord<"(?,?)">
    // %blk: !cute.tensor<f32, gmem, "(128,8):(1,?)">
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor, Cute_TileType:$tiler,
                       Cute_CoordType:$coord);
  let results = (outs Cute_TensorType:$result);
}

def Cute_LocalPartitionOp : Cute_AlgebraOp<"local_partition"> {
  let summary = "the elements of a tensor that one thread of a layout owns";
  let description = [{
    CuTe's local_partition: the tensor is divided by the shape of the thread
    layout and thread `index` takes the position its coordinate in the thread
    layout names, in every tile. `projection` keeps only some modes of the
    thread layout (CuTe's `Step<_1,X>`): the kept modes tile the tensor's
    leading modes, the others are ignored.

    ```mlir
    %p = cute.local_partition %sA, %thr, %tid : !cute.tensor<f32, smem, "(128,8):(1,128)">, !cute.layout<"(32,8):(1,32)">, index
    // %p: !cute.tensor<f32, smem, "(4,1):(32,0)">
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor, Cute_LayoutType:$threads,
                       Index:$index,
                       OptionalAttr<DenseBoolArrayAttr>:$projection);
  let results = (outs Cute_TensorType:$result);
}

def Cute_LoadOp : Cute_Op<"load"> {
  let summary = "read the element of a tensor at a coordinate";
  let description = [{
    ```mlir
    %v = cute.load %t[%c] : !cute.tensor<f32, gmem, "(8,?):(1,8)">, !cute.coord<"(?,?)">
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor, Cute_CoordType:$coord);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $tensor `[` $coord `]` attr-dict `:` qualified(type($tensor)) `,`
    qualified(type($coord)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Cute_StoreOp : Cute_Op<"store"> {
  let summary = "write the element of a tensor at a coordinate";
  let description = [{
    ```mlir
    cute.store %v, %t[%c] : f32, !cute.tensor<f32, gmem, "(8,?):(1,8)">, !cute.coord<"(?,?)">
    ```
  }];
  let arguments = (ins AnyType:$value, Cute_TensorType:$tensor,
                       Cute_CoordType:$coord);
  let assemblyFormat = [{
    $value `,` $tensor `[` $coord `]` attr-dict `:` type($value) `,`
    qualified(type($tensor)) `,` qualified(type($coord))
  }];
  let hasVerifier = 1;
}

def Cute_LoadVectorOp : Cute_Op<"load_vector"> {
  let summary = "read all elements of a tensor into a vector";
  let description = [{
    Element `i` of the vector is the tensor's element `i` (in the order of
    its layout's domain). The tensor's size is static and equals the vector's.
    A contiguous layout (coalescing to `n:1`) becomes one vector load.

    ```mlir
    %v = cute.load_vector %t : !cute.tensor<f32, rmem, "(4,2):(1,4)"> -> vector<8xf32>
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor);
  let results = (outs VectorOfRankAndType<[1], [AnyType]>:$result);
  let assemblyFormat = [{
    $tensor attr-dict `:` qualified(type($tensor)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Cute_StoreVectorOp : Cute_Op<"store_vector"> {
  let summary = "write a vector into all elements of a tensor";
  let description = [{
    The inverse of `cute.load_vector`.

    ```mlir
    cute.store_vector %v, %t : vector<8xf32>, !cute.tensor<f32, rmem, "(4,2):(1,4)">
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[1], [AnyType]>:$value,
                       Cute_TensorType:$tensor);
  let assemblyFormat = [{
    $value `,` $tensor attr-dict `:` type($value) `,` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Cute_CopyOp : Cute_Op<"copy"> {
  let summary = "copy every element of one tensor into another";
  let description = [{
    `dst(i) = src(i)` for every `i` in `0..size(src)`; both tensors have the
    same size and element type. With `if %pred` (a tensor of `i1` of the same
    size), only where `pred(i)` holds: CuTe's copy_if.

    ```mlir
    cute.copy %src, %dst : !cute.tensor<f32, gmem, "(4,1):(32,1024)">, !cute.tensor<f32, smem, "(4,1):(32,1024)">
    cute.copy %src, %dst if %p : !cute.tensor<f32, gmem, "4:1">, !cute.tensor<f32, rmem, "4:1">, !cute.tensor<i1, rmem, "4:1">
    ```
  }];
  let arguments = (ins Cute_TensorType:$src, Cute_TensorType:$dst,
                       Optional<Cute_TensorType>:$pred);
  let assemblyFormat = [{
    $src `,` $dst (`if` $pred^)? attr-dict `:` qualified(type($src)) `,`
    qualified(type($dst)) (`,` qualified(type($pred))^)?
  }];
  let hasVerifier = 1;
}

def Cute_FillOp : Cute_Op<"fill"> {
  let summary = "write one value into every element of a tensor";
  let description = [{
    CuTe's `fill(tensor, value)` (and `clear`, with zero): `tensor(i) = value`
    for every `i` in `0..size(tensor)`, typically to zero an accumulator
    fragment before a mainloop.

    ```mlir
    cute.fill %acc, %zero : !cute.tensor<f32, rmem, "((2,2),4,4):((1,2),4,16)">, f32
    ```
  }];
  let arguments = (ins Cute_TensorType:$tensor, AnyType:$value);
  let assemblyFormat = [{
    $tensor `,` $value attr-dict `:` qualified(type($tensor)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def Cute_GemmOp : Cute_Op<"gemm"> {
  let summary = "C += A * B with a universal FMA, over (M,K), (N,K), (M,N) tensors";
  let description = [{
    CuTe's gemm convention: `C(m,n) += A(m,k) * B(n,k)`. Each operand is a
    rank-2 tensor whose modes may be hierarchical.

    ```mlir
    cute.gemm %a, %b, %c : !cute.tensor<f32, smem, "(4,8):(32,128)">, !cute.tensor<f32, smem, "(4,8):(32,128)">, !cute.tensor<f32, rmem, "(4,4):(1,4)">
    ```
  }];
  let arguments = (ins Cute_TensorType:$a, Cute_TensorType:$b,
                       Cute_TensorType:$c);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `,` qualified(type($b))
    `,` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def Cute_PrintOp : Cute_Op<"print"> {
  let summary = "print a cute value at run time, in CuTe notation";
  let description = [{
    Prints the value with its dynamic slots filled, as CuTe's print does,
    followed by a newline: a layout `(4,10):(1,4)`, a tuple `(10,8)`, a
    tensor's layout. On the CPU it lowers to `vector.print`.

    ```mlir
    cute.print %l : !cute.layout<"(4,?):(1,4)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
      Cute_StrideType, Cute_CoordType, Cute_LayoutType, Cute_TensorType]>:$value);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value))";
}

//===----------------------------------------------------------------------===//
// Boundaries
//===----------------------------------------------------------------------===//

def Cute_FromPartsOp : Cute_Op<"from_parts", [Pure]> {
  let summary = "a cute value from the parts it crosses a boundary as";
  let description = [{
    The inverse of `cute.to_parts`: rebuilds a cute value from the memref and
    `index` values `-cute-decompose-boundaries` passes across function,
    kernel and loop boundaries. The parts of a shape, stride, coordinate,
    integer tuple or layout are its `?` slots in order (none for a static
    value); those of a pointer are a one-dimensional memref of its elements
    and the offset in it; those of a tensor are that memref and offset, the
    `?` slots of its layout and, for a swizzled layout `Sw<B,M,S> o ? o L`,
    the swizzle's offset. A coordinate tensor has no parts.

    ```mlir
    %t = cute.from_parts %m, %off, %rows, %cols, %ld : (memref<?xf16, 1>, index, index, index, index) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$parts);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $parts attr-dict `:` functional-type($parts, $result)
  }];
  let hasVerifier = 1;
}

def Cute_ToPartsOp : Cute_Op<"to_parts", [Pure]> {
  let summary = "the parts a cute value crosses a boundary as";
  let description = [{
    Splits a cute value into the parts `cute.from_parts` takes: the memref a
    tensor or pointer lives in (cast to the result's memref type) and the
    `index` values of its offset and `?` slots. The cute lowerings replace it
    by the values they trace the operand to.

    ```mlir
    %m, %off, %rows, %cols, %ld = cute.to_parts %t : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> memref<?xf16, 1>, index, index, index, index
    ```
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs Variadic<AnyType>:$parts);
  let assemblyFormat = [{
    $value attr-dict `:` qualified(type($value)) (`->` type($parts)^)?
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // CUTE_OPS
