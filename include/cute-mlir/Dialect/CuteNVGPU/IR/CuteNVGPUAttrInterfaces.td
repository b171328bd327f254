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
    InterfaceMethod<[{
        Emit one instruction of the atom for the calling thread. `a`, `b`
        and `c` hold the thread's values of each operand in the atom's value
        order (their element types); returns D's values in the same order,
        or emits an error at `loc` when the atom has no such form (a wgmma
        with operands in shared memory takes descriptors instead).
      }], "::mlir::FailureOr<::llvm::SmallVector<::mlir::Value>>", "buildMma",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::ValueRange":$a, "::mlir::ValueRange":$b,
           "::mlir::ValueRange":$c)>,
    InterfaceMethod<[{
        Emit one wgmma of the atom (`wgmma.mma_async`) for the calling
        thread, with B read from shared memory through the 64-bit matrix
        descriptor `descB` (laid out with the atom's majors). `a` is A's
        descriptor for an `_SS` atom, or the thread's values of A in value
        order for an `_RS` atom. `c` holds the thread's accumulators in value
        order; returns D's. `accumulate`, an `i1` or null (true), is the
        wgmma's `scale-d`: false computes D = A * B and ignores `c`. The
        caller fences, commits and waits (`nvvm.wgmma.fence.aligned`,
        `commit.group`, `wait.group`). Emits an error at `loc` for an atom
        that is not such a wgmma.
      }], "::mlir::FailureOr<::llvm::SmallVector<::mlir::Value>>", "buildWgmma",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::ValueRange":$a, "::mlir::Value":$descB,
           "::mlir::ValueRange":$c, "::mlir::Value":$accumulate)>,
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
    InterfaceMethod<[{
        Emit one instruction of the atom for the calling thread. A side in
        memory is given by `srcPtr` / `dstPtr`, an LLVM pointer to the
        thread's first value there; a side in registers by its values
        (`srcValues`; a destination in registers is what the method returns,
        in value order). `pred`, an `i1` or null, guards the copy: a false
        predicate zero-fills where the instruction can (cp.async) and skips
        it otherwise. `mbarrier`, a shared-memory pointer or null, is the
        mbarrier an asynchronous load completes on (bulk copies). Emits an
        error at `loc` when the atom has no such form.
      }], "::mlir::FailureOr<::llvm::SmallVector<::mlir::Value>>", "buildCopy",
      (ins "::mlir::OpBuilder &":$builder, "::mlir::Location":$loc,
           "::mlir::Value":$srcPtr, "::mlir::ValueRange":$srcValues,
           "::mlir::Value":$dstPtr, "::mlir::Value":$pred,
           "::mlir::Value":$mbarrier)>,
  ];
}

#endif // CUTE_NVGPU_ATTR_INTERFACES
