//===- Passes.td - Passes of the cute dialect --------------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_PASSES
#define CUTE_PASSES

include "mlir/Pass/PassBase.td"

def CuteExpandLayoutsPass : Pass<"cute-expand-layouts"> {
  let summary = "Expand the dynamic layout algebra into index arithmetic";
  let description = [{
    Replaces every cute query that yields an `index` (`cute.size`,
    `cute.cosize`, `cute.crd2idx`, ...) by `arith` ops on `index` values,
    then erases the cute ops left without uses. The arithmetic is what the
    layout library computed for the query, over the `index` values that fill
    the `?` slots (`cute.make_shape %m, %n`, ...): no calls into a runtime.

    Divisibility facts in the types (`?{div=16}`) have already simplified
    that arithmetic. A cute value whose slots cannot be traced to the ops that
    fill them (a block argument, say), or that is used by a non-cute op, is
    an error.

    ```mlir
    %s = cute.make_shape %m : !cute.shape<"(?,8)">
    %l = cute.make_layout %s : !cute.shape<"(?,8)">
    // %l: !cute.layout<"(?,8):(1,?)">
    %n = cute.cosize %l : !cute.layout<"(?,8):(1,?)">
    // becomes  %n = (%m - 1) + 7 * %m + 1, as arith ops
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def CuteLowerToSCFPass : Pass<"cute-lower-to-scf"> {
  let summary = "Lower cute tensors, copy and gemm to scf, memref and arith";
  let description = [{
    The CPU reference lowering of the cute dialect: a tensor becomes its
    memref and an element offset; `cute.load` / `cute.store` become
    `memref.load` / `memref.store` at `offset + layout(coord)`; `cute.copy`
    becomes an `scf.for` over the elements; `cute.gemm` becomes the
    `scf.for` nest of a universal FMA, `C(m,n) += A(m,k) * B(n,k)`; a
    `cute.make_fragment` becomes a stack allocation; `cute.print` becomes
    `vector.print`. Index queries are then
    expanded as `cute-expand-layouts` does, and every cute op is gone.
    Together with the upstream conversions to LLVM the result runs with
    `mlir-runner`: the reference interpreter of partitioning logic on
    machines without a GPU.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // CUTE_PASSES
