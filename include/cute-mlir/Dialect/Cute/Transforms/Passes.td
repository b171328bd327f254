//===- Passes.td - Passes of the cute dialect --------------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_PASSES
#define CUTE_PASSES

include "mlir/Pass/PassBase.td"

def CuteDecomposeBoundariesPass : Pass<"cute-decompose-boundaries"> {
  let summary = "Pass cute values across function, kernel and loop boundaries as their parts";
  let description = [{
    A 1:N type conversion of every boundary that carries a cute value: the
    arguments and results of `func.func` and `gpu.func`, `func.call`,
    `func.return`, `gpu.return`, the kernel operands of `gpu.launch_func`,
    and the iter_args and results of `scf.for`, `scf.if` and `scf.while`.
    Each cute value becomes its parts (`cute.from_parts` lists them): each
    `?` slot of a layout or tuple is one `index` (static leaves need
    nothing); a tensor is a one-dimensional memref of its elements, its
    offset there, its layout's slots and a dynamic swizzle offset. Inside a
    boundary the value is rebuilt with `cute.from_parts`; where it leaves,
    `cute.to_parts` splits it, and the cute lowerings replace that by the
    values they trace it to.

    Inside a `gpu.module` a gmem part is a `memref<?xT, 1>` and an smem part
    a `memref<?xT, #gpu.address_space<workgroup>>`; on the host part memrefs
    are in the default space, and `gpu.launch_func` casts them to the
    kernel's. A coordinate tensor has no memory to pass: it is an error.
    `--cute-to-ptx` and `--cute-to-llvm` run this pass first.

    ```mlir
    gpu.func @k(%t: !cute.tensor<f16, gmem, "(?,?):(?,1)">) kernel { ... }
    // becomes
    gpu.func @k(%m: memref<?xf16, 1>, %off: index, %rows: index,
                %cols: index, %ld: index) kernel {
      %t = cute.from_parts %m, %off, %rows, %cols, %ld : (...) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

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
