//===- CuteNVGPUAttrInterfaces.td - Atom interfaces --------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_ATTR_INTERFACES
#define CUTE_NVGPU_ATTR_INTERFACES

include "mlir/IR/OpBase.td"

def CuteNVGPU_MmaAtomAttrInterface : AttrInterface<"MmaAtomAttrInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    An MMA atom: one tensor-core (or scalar FMA) instruction described by its
    traits. Everything a verifier or a lowering needs to know about the atom
    comes through here.
  }];
  let methods = [
    InterfaceMethod<"The atom's traits, from the atom tables.",
      "::mlir::cute::MmaAtom", "getTraits">,
    InterfaceMethod<"The element types of D, A, B and C, in that order.",
      "::llvm::SmallVector<::mlir::Type, 4>", "getValueTypes">,
  ];
}

def CuteNVGPU_CopyAtomAttrInterface : AttrInterface<"CopyAtomAttrInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    A copy atom for one element type: its traits (in bits), the element type,
    and the memories it copies between.
  }];
  let methods = [
    InterfaceMethod<"The atom's traits, from the atom tables.",
      "::mlir::cute::CopyAtom", "getTraits">,
    InterfaceMethod<"The element type.", "::mlir::Type", "getValueType">,
    InterfaceMethod<[{
        The memory the atom reads (`gmem`, `smem`, `rmem`), or "" for any.
      }], "::llvm::StringRef", "getSourceMemory">,
    InterfaceMethod<"The memory the atom writes, or \"\" for any.",
      "::llvm::StringRef", "getDestinationMemory">,
  ];
}

#endif // CUTE_NVGPU_ATTR_INTERFACES
