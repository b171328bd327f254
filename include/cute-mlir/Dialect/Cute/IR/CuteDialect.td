//===- CuteDialect.td - The cute dialect -------------------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_DIALECT
#define CUTE_DIALECT

include "mlir/IR/OpBase.td"

def Cute_Dialect : Dialect {
  let name = "cute";
  let cppNamespace = "::mlir::cute";
  let summary = "CuTe's layout algebra as IR";
  let description = [{
    The `cute` dialect brings CuTe's hierarchical integer tuples, layouts and
    their algebra into MLIR.

    **Static structure in types, dynamic values as SSA.** A type such as
    `!cute.layout<"(4,?):(1,4)">` spells the whole static structure of a layout
    in CuTe's notation; each `?` is a slot whose value is known only at run
    time and travels as an `index` SSA value. A slot may carry a divisibility
    fact, `?{div=16}`, which the algebra uses.

    **One algebra.** Every op's result type is computed by the cute-mlir
    layout library (the same code as the `cute-layout` calculator), and so is
    the index arithmetic that `cute-expand-layouts` emits for dynamic slots.
    Such an op is written with its operand types only; a result type stated
    after `->` may say less than the computed one (`?` for a known value, a
    weaker `{div=N}`) but not contradict it, and the value has the computed
    type.

    **Placement in the pipeline.** Users and front ends write cute ops;
    canonicalization folds what is static; `cute-expand-layouts` turns what
    stays dynamic into `arith` on `index` values.

    **Non-goals (for now).** Tensors, copies and GEMMs over memory, and the
    tensor-core atoms, which build on these ops.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    /// Add the types (defined beside their storage in CuteTypes.cpp).
    void registerTypes();
  }];
}

class Cute_Op<string mnemonic, list<Trait> traits = []>
    : Op<Cute_Dialect, mnemonic, traits>;

#endif // CUTE_DIALECT
