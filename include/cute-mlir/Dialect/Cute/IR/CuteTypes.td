//===- CuteTypes.td - Types of the cute dialect ------------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_TYPES
#define CUTE_TYPES

include "cute-mlir/Dialect/Cute/IR/CuteDialect.td"
include "mlir/IR/AttrTypeBase.td"

/// A type whose one parameter is a spec in CuTe notation, kept canonical.
class Cute_SpecType<string name, string typeMnemonic, string what>
    : TypeDef<Cute_Dialect, name> {
  let mnemonic = typeMnemonic;
  let parameters = (ins StringRefParameter<"the " # what # " in CuTe notation">:$spec);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of `?` slots, i.e. of run-time index values.
    unsigned getNumDynamicSlots() const;
  }];
}

def Cute_IntTupleType : Cute_SpecType<"IntTuple", "int_tuple", "integer tuple"> {
  let summary = "a hierarchical tuple of integers";
  let description = [{
    CuTe's IntTuple: an integer or a tuple of IntTuples, e.g.
    `!cute.int_tuple<"(2,(?,4))">`. Static leaves are part of the type; each
    `?` (optionally `?{div=N}`) is a run-time `index` value.
  }];
}

def Cute_ShapeType : Cute_SpecType<"Shape", "shape", "shape"> {
  let summary = "the shape of a layout";
  let description = [{
    An IntTuple used as a shape: `!cute.shape<"(4,?{div=16})">`. Static
    leaves are positive.
  }];
}

def Cute_StrideType : Cute_SpecType<"Stride", "stride", "stride"> {
  let summary = "the stride of a layout";
  let description = [{
    An IntTuple used as a stride: `!cute.stride<"(1,?)">`.
  }];
}

def Cute_CoordType : Cute_SpecType<"Coord", "coord", "coordinate"> {
  let summary = "a coordinate, possibly with `_` slice markers";
  let description = [{
    An IntTuple used as a coordinate: `!cute.coord<"(?,_)">`. A `_` keeps a
    mode when slicing.
  }];
}

def Cute_TileType : Cute_SpecType<"Tile", "tile", "tiler"> {
  let summary = "a static tiler";
  let description = [{
    A tiler: a layout, `_`, an int `n` (meaning `n:1`) or a tuple of these,
    e.g. `!cute.tile<"(2:1,_,(2,2):(1,4))">`. Tiles are static.
  }];
}

def Cute_LayoutType : Cute_SpecType<"Layout", "layout", "layout"> {
  let summary = "a layout shape:stride";
  let description = [{
    A CuTe layout, e.g. `!cute.layout<"((4,?),2):((1,4),?)">`. Its `?` slots
    are ordered as the shape's leaves followed by the stride's.
  }];
}

def Cute_AnySpecType : AnyTypeOf<[Cute_IntTupleType, Cute_ShapeType,
    Cute_StrideType, Cute_CoordType, Cute_TileType, Cute_LayoutType]>;

def Cute_PtrType : TypeDef<Cute_Dialect, "Ptr"> {
  let mnemonic = "ptr";
  let summary = "a pointer to elements in gmem, smem or rmem, with an alignment";
  let description = [{
    CuTe's engine pointer: the element type, the memory it points into, and
    the alignment in bytes it is known to have (a power of two, at least the
    element's width). Alignment decides which vector widths copies may use.

    ```mlir
    !cute.ptr<f16, gmem, align<16>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        StringRefParameter<"gmem, smem or rmem">:$memory,
                        "int64_t":$alignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Cute_TensorType : TypeDef<Cute_Dialect, "Tensor"> {
  let mnemonic = "tensor";
  let summary = "a layout over memory: an engine (element type and memory) and a layout";
  let description = [{
    CuTe's Tensor: element `i` of the layout's domain lives at `layout(i)`
    elements past the tensor's base. The memory is `gmem` (global), `smem`
    (shared) or `rmem` (registers); on the CPU all three are memrefs. The
    layout may be swizzled, `Sw<B,M,S> o offset o layout` (CuTe's
    ComposedLayout): element `i` then lives at `Sw(offset + layout(i))`.

    ```mlir
    !cute.tensor<f32, gmem, "(?,?):(1,?)">
    !cute.tensor<f16, smem, "Sw<3,4,3> o 0 o (8,64):(64,1)">
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        StringRefParameter<"gmem, smem or rmem">:$memory,
                        StringRefParameter<"the layout in CuTe notation">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The (inner, when swizzled) layout of the tensor as a cute type.
    LayoutType getLayoutType() const;
    /// The layout spec without the swizzle and its offset.
    ::llvm::StringRef getInnerLayout() const;
    /// Whether the layout is `Sw<B,M,S> o offset o layout`.
    bool isSwizzled() const;
  }];
}

#endif // CUTE_TYPES
