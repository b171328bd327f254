//===- Passes.td - Conversions out of the cute dialects ----*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_CONVERSION_PASSES
#define CUTE_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertCuteNVGPUToNVVMPass : Pass<"convert-cute-nvgpu-to-nvvm"> {
  let summary = "Lower cute_nvgpu gemm and copy, and cute tensors, to NVVM";
  let description = [{
    Each `cute_nvgpu.gemm` becomes, per (M', N', K') tile of its partitioned
    operands, one instruction of its MMA atom (`nvvm.mma.sync`, or the fp8
    intrinsic on sm_89); each `cute_nvgpu.copy` one instruction of its copy
    atom per rest coordinate (`nvvm.ldmatrix`, `nvvm.stmatrix`,
    `nvvm.cp.async.shared.global`, or a vector load/store of the atom's
    width). The instruction comes from the atom attribute through
    `MmaAtomAttrInterface::buildMma` / `CopyAtomAttrInterface::buildCopy`, so
    this pass knows no atom by name.

    Rest modes are unrolled, so that register fragments (`rmem`, stack
    allocations here) are indexed by constants and LLVM keeps them in
    registers. The remaining cute ops are then lowered as
    `cute-lower-to-scf` lowers them, with the same tracer.

    A wgmma atom becomes `nvvm.wgmma.mma_async` with shared-memory matrix
    descriptors derived from its operands' (swizzled) layouts; with A in
    registers (`_RS`), which NVVM 22 has no op for, the same instruction in
    inline PTX. A `cute_nvgpu.tma_copy` becomes one `cp.async.bulk.tensor`
    (load, multicast load, store or reduce-add), the mbarrier ops
    `nvvm.mbarrier.*`, and the host-side `cute_nvgpu.make_tma_descriptor` /
    `destroy_tma_descriptor` calls to the runtime's
    `cuteTmaDescriptorCreate` / `cuteTmaDescriptorDestroy`, and the host's
    `cute_nvgpu.multiprocessor_count` a call to `cuteMultiprocessorCount`. A
    `cute_nvgpu.bulk_copy` becomes one non-tensor `cp.async.bulk` of its
    atom's bytes, through the atom's `buildCopy` (a load completing on the
    mbarrier, a store in the bulk async group).

    First of all, a `cute_nvgpu.warp_specialize` becomes a branch on the
    thread's warpgroup with a `setmaxnreg` at the start of each role, a
    `cute_nvgpu.tile_coord` index arithmetic, and the pipelines mbarrier ops
    (as `cute-nvgpu-lower-pipelines` rewrites them). A `cute_nvgpu.gemm`
    with `accumulate %flag` passes the flag to the first k-block's atoms
    (wgmma's `scale-d`, in inline PTX when it is known only at run time).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def LowerCuteNVGPUPipelinesPass : Pass<"cute-nvgpu-lower-pipelines"> {
  let summary = "Lower cute_nvgpu pipelines to mbarrier ops";
  let description = [{
    Rewrites the pipeline ops into the mbarrier ops they stand for, on the
    pipeline's full barriers (the first `stages` words of its memref) and
    empty barriers (the next `stages`): `pipeline_create` into
    `mbarrier_init`s by thread (0, 0, 0) and a `gpu.barrier`;
    `pipeline_producer_acquire` into a wait on the stage's empty barrier and
    an `mbarrier_arrive ... expect_tx` of the bytes of every `tma_copy` that
    completes on the same pipeline state; `pipeline_consumer_wait` into a
    wait on the full barrier; `pipeline_consumer_release` into one arrival
    per warp on the empty barrier; and `tma_copy ... pipeline %p[%s]` into
    a `tma_copy ... barrier` on the full barrier.

    A `!cute_nvgpu.pipeline_state` becomes an `i32` (the phase in bit 31,
    the stage below), also where `scf.for`, `scf.if` and `scf.while` carry
    it. `convert-cute-nvgpu-to-nvvm` runs this first; the pass exists on its
    own to look at and test the intermediate form.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def CuteSpecializeKernelsPass : Pass<"cute-specialize-kernels"> {
  let summary = "Fold the argument values and launch sizes a kernel is "
                "compiled for into its code";
  let description = [{
    A kernel compiled for one problem (its sizes, its grid) can fold what a
    kernel for any problem computes at run time: tile counts, k-ranges,
    schedules and bounds checks. This pass makes the promises a `gpu.func`
    kernel states into constants:
    - an argument of integer or index type with the argument attribute
      `cute.known_value` (an integer attribute of the argument's type): its
      uses become that constant. The argument stays, so launches pass the
      same arguments as before;
    - `gpu.block_dim`, `gpu.grid_dim` and `gpu.cluster_dim_blocks` become
      the kernel's `known_block_size`, `known_grid_size` and
      `known_cluster_size`, and `gpu.cluster_dim` (clusters in the grid)
      the quotient of the last two.

    ```mlir
    gpu.func @gemm(%a: !llvm.ptr, %m: index {cute.known_value = 2048 : index})
        kernel attributes {known_grid_size = array<i32: 132, 1, 1>,
                           known_cluster_size = array<i32: 2, 1, 1>} {
      // uses of %m read 2048; gpu.cluster_dim x reads 66
    ```

    A launch with other values runs wrongly, as one with another block than
    `known_block_size` does: `cute-nvgpu-check-launches` rejects a
    `gpu.launch_func` whose constant operands, grid or cluster differ from
    what the kernel was compiled for, and the Python package's launches
    check every value. For the values a host launch computes at run time,
    this pass puts a `cf.assert` before the `gpu.launch_func` (one per value:
    an argument, a block, grid or cluster size), so that a program that
    passes another value stops there with a message naming the kernel and
    the value ("@gemm was launched with an argument #1 (cute.known_value)
    other than 2048") instead of computing a wrong result.
    A `cute.known_value` that is not an integer of the
    argument's type, or a `known_grid_size` that is not a whole number of
    `known_cluster_size` clusters, is a located error.
    `--cute-to-ptx`, `--cute-to-llvm`, `cute-run` and the Python package
    run it first.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

def CuteNVGPUCheckLaunchesPass
    : Pass<"cute-nvgpu-check-launches", "::mlir::ModuleOp"> {
  let summary = "Reject kernel launches the GPU would refuse or run wrongly";
  let description = [{
    Checks every `gpu.launch_func` whose configuration is constant against
    the rules of the hardware, and reports a located error naming the
    violated rule instead of a launch that fails at run time or, worse,
    runs with a block the kernel was not compiled for:
    - a block has at most 1024 threads (x and y at most 1024, z at most 64);
    - a kernel with `known_block_size` is launched with exactly that block
      (its code, setmaxnreg and the TiledMMA thread count rely on it);
    - a kernel compiled for known launch values (`known_grid_size`,
      `known_cluster_size`, `cute.known_value` arguments; see
      `cute-specialize-kernels`) is launched with those values wherever the
      launch's are constants, and in clusters if it was compiled for them;
    - a cluster has at most 8 CTAs (the portable limit, which every
      cluster-capable GPU launches), and the grid is a whole number of
      clusters;
    - the dynamic shared memory fits the opt-in limit of the kernel's chip
      (its `#nvvm.target`: 227 KiB on sm_90, 163 KiB on sm_80 and sm_87,
      99 KiB on sm_86 and sm_89, 96 KiB on sm_70, 64 KiB on sm_75), beside
      the kernel's static shared memory;
    - the dynamic shared memory (none when the launch gives no size) holds
      what the kernel's views of `gpu.dynamic_shared_memory` reach, where
      each is a `memref.view` at a constant shift with a static shape; a
      launch with less would read and write past its block's allocation.
    A `gpu.module` for a chip older than sm_90 reads no thread-block
    cluster register (`gpu.cluster_id`, `gpu.cluster_dim`,
    `gpu.cluster_block_id`, `gpu.cluster_dim_blocks` and NVVM's cluster
    special registers): LLVM's NVPTX backend would abort on them.
    Every kernel's static shared memory (its workgroup attributions and the
    statically shaped workgroup `memref.global`s it uses) is at most 48 KiB,
    the most a block has without the dynamic opt-in; beyond it ptxas fails
    with no location.
    `--cute-to-ptx`, `--cute-to-llvm` and `cute-run` run it after attaching
    the target.
  }];
}

def CuteGpuModuleToBinaryPass : Pass<"cute-gpu-module-to-binary", ""> {
  let summary = "Compile each gpu.module to a gpu.binary, its kernels in "
                "parallel";
  let description = [{
    Does what upstream `gpu-module-to-binary` does (each `gpu.module`
    lowered to the LLVM dialect becomes a `gpu.binary` with one object per
    target attribute), except that the PTX (`format=isa`) of an
    `#nvvm.target` module of several kernels is compiled one kernel at a
    time, the kernels in parallel on the context's threads: LLVM compiles a
    module's functions one after another, and its optimizer and NVPTX
    backend take most of the time `cute-to-ptx` takes.

    Each kernel is compiled in a copy of the module holding the kernel and
    the functions and globals it reaches (the first copy also what no kernel
    reaches), and the PTX of the copies is joined into one module: the first
    copy's header, then each copy's statements in order, a function or
    global that several kernels reach written once. The PTX then holds what
    a compilation of the whole module holds, kernel for kernel, and does not
    depend on the number of threads (`--mlir-disable-threading` gives the
    same text).

    The whole module is compiled at once, as upstream does, where splitting
    could change the code or the text cannot be joined: a module of one
    kernel; a mutable global that two kernels reach (each copy's optimizer
    would take the stores it sees for all of them); ops other than
    `llvm.func` and `llvm.mlir.global` in the module; a function that two
    kernels reach and whose two compilations differ (the optimizer
    specialized it to each kernel's arguments); debug information; and
    `format=bin` or `fatbin`, which ptxas assembles from one PTX module.
    Between LLVM's optimizer and its NVPTX backend, the pass drops the
    `disjoint` flag of each `or` and the `nuw` flag of each `add` of two
    non-constant values: the flags only permit, and the backend's
    straight-line strength reduction spent half of its time deciding whether
    such flags could be kept (a sum with a constant keeps them, since the
    backend folds it into an address offset).
    `--cute-to-ptx`, `--cute-to-llvm`, `cute-run` and the Python package
    compile through this pass.
  }];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", [{""}],
           "the CUDA toolkit, for ptxas and libdevice">,
    ListOption<"linkFiles", "l", "std::string",
               "bitcode files to link into each module">,
    Option<"cmdOptions", "opts", "std::string", [{""}],
           "options for the target's backend or ptxas">,
    Option<"compilationTarget", "format", "std::string", [{"fatbin"}],
           "offloading (llvm), assembly (isa), binary (bin) or fatbinary "
           "(fatbin)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def CuteWritePTXPass : Pass<"cute-write-ptx", "::mlir::ModuleOp"> {
  let summary = "Write the PTX of each gpu.binary to a file";
  let description = [{
    After `gpu-module-to-binary{format=isa}`, writes the PTX text of each
    object of each `gpu.binary` to `<dir>/<binary>.<chip>.ptx` and emits a
    remark naming the file. The IR is left unchanged.
  }];
  let options = [
    Option<"dir", "dir", "std::string", /*default=*/"\".\"",
           "the directory to write the PTX files into">,
  ];
}

#endif // CUTE_CONVERSION_PASSES
