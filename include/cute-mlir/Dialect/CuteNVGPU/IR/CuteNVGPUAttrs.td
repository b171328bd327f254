//===- CuteNVGPUAttrs.td - Atoms, TiledMMA and TiledCopy ---*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_ATTRS
#define CUTE_NVGPU_ATTRS

include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

class CuteNVGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CuteNVGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Atoms
//===----------------------------------------------------------------------===//

def CuteNVGPU_MmaAtomAttr : CuteNVGPU_Attr<"MmaAtom", "mma_atom",
    [DeclareAttrInterfaceMethods<CuteNVGPU_MmaAtomAttrInterface>]> {
  let summary = "an MMA atom known by its CuTe name";
  let description = [{
    Every MMA atom of CuTe's tables: SM70 quadpair HMMA, SM75/SM80/SM89
    `mma.sync`, SM90 `wgmma` (with CuTe's major template arguments,
    `_SS<MN,K>`), and `UniversalFMA<D,A,B,C>` for the scalar path. The CuTe
    name alone is accepted as an alias: `#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN`.

    ```mlir
    #cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">
    #cute_nvgpu.mma_atom<"SM90_64x128x16_F32BF16BF16_SS<K,MN>">
    #cute_nvgpu.mma_atom<"UniversalFMA<f32>">
    ```
  }];
  let parameters = (ins StringRefParameter<"the atom's CuTe name">:$name);
  let assemblyFormat = "`<` $name `>`";
}

def CuteNVGPU_CopyAtomAttr : CuteNVGPU_Attr<"CopyAtom", "copy_atom",
    [DeclareAttrInterfaceMethods<CuteNVGPU_CopyAtomAttrInterface>]> {
  let summary = "a copy atom known by its CuTe name, for an element type";
  let description = [{
    CuTe's `Copy_Atom<Op, T>`: `UniversalCopy_U8` .. `_U128`, `ldmatrix`
    (`SM75_U32x{1,2,4}_LDSM_N`, `SM75_U16x{2,4,8}_LDSM_T`), `stmatrix`
    (`SM90_..._STSM_N/T`), `cp.async` (`SM80_CP_ASYNC_CACHEALWAYS_U32/64/128`,
    `SM80_CP_ASYNC_CACHEGLOBAL_U128`). The atom's traits are in bits; the
    element type says how many values each thread moves.

    ```mlir
    #cute_nvgpu.copy_atom<"SM80_CP_ASYNC_CACHEALWAYS_U128", f16>
    ```
  }];
  let parameters = (ins StringRefParameter<"the atom's CuTe name">:$name,
                        "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $name `,` $valueType `>`";
}

def CuteNVGPU_TmaAtomAttr : CuteNVGPU_Attr<"TmaAtom", "tma_atom",
    [DeclareAttrInterfaceMethods<CuteNVGPU_CopyAtomAttrInterface>]> {
  let summary = "a TMA copy of one box of a 1-5 dimensional tensor";
  let description = [{
    `load` (global to shared memory, completing on an mbarrier),
    `load_multicast` (to `multicast` CTAs of a cluster), `store` and
    `reduce_add` (shared to global memory). The box is in elements, innermost
    mode first; `swizzle` is the shared-memory swizzle in bytes (0, 32, 64,
    128). The verifier checks the hardware's limits: 1-5 dimensions, extents
    up to 256, an inner extent that is a multiple of 16 bytes and no wider
    than the swizzle.

    As CuTe's `make_tma_copy` does, the atom is better written from the
    shared-memory layout of the tile it fills (one stage, at offset 0): the
    box is the tile's extents (the last mode innermost), the swizzle is read
    from its `Sw<B,M,S>` and, for `load_multicast`, each of the `multicast`
    CTAs loads 1/k of the tile's first (outermost) mode. The tile must be
    row-major with rows of exactly the swizzle's width; `tma_copy` then checks
    that its shared-memory tensor lays out that box.

    ```mlir
    #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
    #cute_nvgpu.tma_atom<load_multicast, bf16, box = [64, 64], swizzle = 128, multicast = 2>
    // Box [64, 128], 128-byte swizzle:
    #cute_nvgpu.tma_atom<load, f16, smem = "Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)">
    // Box [64, 128] per CTA, each loading 128 of the 256 rows:
    #cute_nvgpu.tma_atom<load_multicast, f16, smem = "Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", multicast = 2>
    ```
  }];
  let parameters = (ins StringRefParameter<"load, load_multicast, store or reduce_add">:$kind,
                        "::mlir::Type":$valueType,
                        ArrayRefParameter<"int64_t", "box extents">:$box,
                        DefaultValuedParameter<"int64_t", "0">:$swizzle,
                        DefaultValuedParameter<"int64_t", "1">:$multicast,
                        StringRefParameter<"the shared-memory tile the box "
                                           "is derived from", [{""}]>:$smem);
  let assemblyFormat = [{
    `<` custom<Keyword>($kind) `,` $valueType `,` custom<TmaTile>($box, $smem)
    `` custom<TmaOptions>($swizzle, $multicast) `>`
  }];
  let extraClassDeclaration = [{
    /// The atom with its limits checked.
    ::mlir::cute::Result<::mlir::cute::TmaAtom> getTmaAtom() const;
  }];
}

def CuteNVGPU_BulkCopyAttr : CuteNVGPU_Attr<"BulkCopy", "bulk_copy",
    [DeclareAttrInterfaceMethods<CuteNVGPU_CopyAtomAttrInterface>]> {
  let summary = "a cp.async.bulk of a contiguous run of bytes";
  let description = [{
    CuTe's `SM90_BULK_COPY_G2S` (`load`) and `SM90_BULK_COPY_S2G` (`store`):
    one thread moves `bytes` contiguous bytes, a multiple of 16.

    ```mlir
    #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
    ```
  }];
  let parameters = (ins StringRefParameter<"load or store">:$direction,
                        "::mlir::Type":$valueType, "int64_t":$bytes);
  let assemblyFormat = "`<` custom<Keyword>($direction) `,` $valueType `,` `bytes` `=` $bytes `>`";
}

//===----------------------------------------------------------------------===//
// TiledMMA and TiledCopy
//===----------------------------------------------------------------------===//

def CuteNVGPU_TiledMmaAttr : CuteNVGPU_Attr<"TiledMma", "tiled_mma"> {
  let summary = "CuTe's make_tiled_mma: an atom, an atom layout, permutations";
  let description = [{
    The atom is tiled over (M,N,K) by `atom_layout` (each atom on its own
    threads); `permutation` (a tiler of up to three modes, `_` for none)
    reorders the tile, as CuTe's make_tiled_mma does. The verifier checks that
    A, B and C are each owned exactly once (threads that share A along N, or
    B along M, count once).

    ```mlir
    #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">,
                          "(2,2,1):(1,2,0)", permutation = "(32,32,16)">
    ```
  }];
  let parameters = (ins "::mlir::Attribute":$atom,
                        StringRefParameter<"the atom layout over (M,N,K)">:$atomLayout,
                        StringRefParameter<"a tiler of up to 3 modes", [{""}]>:$permutation);
  let assemblyFormat = [{
    `<` $atom `,` $atomLayout (`,` `permutation` `=` $permutation^)? `>`
  }];
  let extraClassDeclaration = [{
    /// The TiledMMA; fails only on an attribute the verifier rejected.
    ::mlir::cute::Result<::mlir::cute::TiledMma> getTiledMma() const;
    MmaAtomAttrInterface getMmaAtom() const {
      return ::llvm::cast<MmaAtomAttrInterface>(getAtom());
    }
  }];
}

def CuteNVGPU_TiledCopyAttr : CuteNVGPU_Attr<"TiledCopy", "tiled_copy"> {
  let summary = "CuTe's make_tiled_copy and make_tiled_copy_{A,B,C}";
  let description = [{
    A copy atom tiled over threads and values: either by a thread layout and
    a value layout (make_tiled_copy: each thread's values form a block of the
    value layout's shape, the blocks raked over the tile by the thread
    layout), or by the (thread, value) layout of a TiledMMA's operand `A`,
    `B` or `C` (make_tiled_copy_A/B/C), so that a copy hands the MMA its
    registers in the order it reads them. The verifier checks that source
    and destination each own the tile exactly once.

    ```mlir
    #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>,
                           threads = "(32,8):(8,1)", values = "(1,8)">
    #cute_nvgpu.tiled_copy<#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>,
                           mma = #tiled_mma, operand = "A">
    ```
  }];
  let parameters = (ins "::mlir::Attribute":$atom,
      StringRefParameter<"thread layout", [{""}]>:$threads,
      StringRefParameter<"value layout", [{""}]>:$values,
      OptionalParameter<"::mlir::Attribute", "the TiledMMA">:$mma,
      StringRefParameter<"A, B or C", [{""}]>:$operand);
  let assemblyFormat = [{
    `<` $atom `,` struct($threads, $values, $mma, $operand) `>`
  }];
  let extraClassDeclaration = [{
    /// The TiledCopy; fails only on an attribute the verifier rejected.
    ::mlir::cute::Result<::mlir::cute::TiledCopy> getTiledCopy() const;
    CopyAtomAttrInterface getCopyAtom() const {
      return ::llvm::cast<CopyAtomAttrInterface>(getAtom());
    }
  }];
}

#endif // CUTE_NVGPU_ATTRS
