//===- CuteInterfaces.td - Interfaces of the cute dialect --*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_INTERFACES
#define CUTE_INTERFACES

include "mlir/IR/OpBase.td"

def Cute_AlgebraOpInterface : OpInterface<"AlgebraOpInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An op whose result is a function of its operands computed by the layout
    library. `evaluate` receives the operands as library values (dynamic slots
    as unknowns) and returns the result; type inference, folding and
    `cute-expand-layouts` all go through it, so each op's semantics live in
    one place.
  }];
  let methods = [
    InterfaceMethod<
      "Compute the result from library values of the operands.",
      "::mlir::cute::AlgebraResult", "evaluate",
      (ins "::llvm::ArrayRef<::mlir::cute::AlgebraValue>":$operands)>,
  ];
}

#endif // CUTE_INTERFACES
