//===- Passes.td - Passes of the cute_nvgpu dialect --------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_PASSES
#define CUTE_NVGPU_PASSES

include "mlir/Pass/PassBase.td"

def CuteNVGPUDrawAtomsPass : Pass<"cute-nvgpu-draw-atoms"> {
  let summary = "Draw the atoms, TiledMMAs and TiledCopies of a module as SVG";
  let description = [{
    Writes one SVG picture per distinct `#cute_nvgpu.mma_atom`,
    `#cute_nvgpu.tiled_mma` and `#cute_nvgpu.tiled_copy` found in the IR
    (in op attributes, at any depth), as CuTe's print_svg draws them: each
    element of a tile coloured by its thread and labelled with its thread and
    value index. The files are `<dir>/mma_atom_<i>.svg`,
    `<dir>/tiled_mma_<i>.svg` and `<dir>/tiled_copy_<i>.svg`, numbered in
    order of first appearance; a remark on the module lists them. The IR is
    left unchanged.

    ```
    cute-opt kernel.mlir --cute-nvgpu-draw-atoms="dir=pictures"
    ```
  }];
  let options = [
    Option<"dir", "dir", "std::string", /*default=*/"\".\"",
           "the directory to write the pictures into">,
  ];
}

def CuteNVGPUReportBankConflictsPass : Pass<"cute-report-bank-conflicts"> {
  let summary = "Report the shared-memory bank conflicts of copies, statically";
  let description = [{
    Emits a remark at each op that moves data between registers (or global
    memory) and shared memory one thread at a time, with what one of its
    warp-wide instructions costs in shared-memory wavefronts under the
    hardware's bank model (32 banks of 4 bytes; 32-bit and narrower accesses
    in one phase of 32 lanes, 64-bit in two of 16, 128-bit in four of 8,
    ldmatrix / stmatrix in one phase of 8 row addresses per matrix; lanes
    reading one word share it; a phase costs the most distinct words any
    bank must deliver). The IR is left unchanged.

    The ops: `cute_nvgpu.copy` with an ldmatrix, stmatrix, cp.async or
    universal (vector) atom whose source or destination is in shared memory;
    `cute_nvgpu.epilogue_store`'s vector stores into its swizzled boxes;
    `cute.copy` to or from shared memory (element by element, as it is
    lowered). Each remark names the instruction, how many a thread issues,
    the phases of one, the wavefronts one costs (a range when they differ)
    and the conflict degree, and the wavefronts one warp spends on the op:
    the number ncu's `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld` /
    `_op_st` count per warp and execution.

    Each lane's addresses are computed from the operand's layout (swizzle
    included) as the lowering computes them, for every warp of the block
    (`known_block_size`, or the role's warpgroups inside
    `cute_nvgpu.warp_specialize`), with the thread index evaluated through
    the `arith` ops that derive it from `gpu.thread_id x`. Run-time values
    that are the same across a warp (loop counters, stage indices, block
    indices) are sampled (the first 16 iterations of a loop of constant
    bounds, else 0 to 7) and the worst case is reported, with a note
    when it depends on them. Buffers are assumed to start on a 128-byte
    boundary (dynamic shared memory at a constant `memref.view` shift
    counts the shift); every lane is assumed active (predicates are
    ignored).

    Not analysed: wgmma reads shared memory through matrix descriptors, in
    an order the ISA does not specify, so a `cute_nvgpu.gemm` with a wgmma
    atom gets a remark saying so and no numbers; TMA (`tma_copy`) and
    `bulk_copy` are asynchronous bulk copies, not warp-wide accesses, and
    are skipped. An op whose layout or thread mapping is not static gets a
    remark saying why it cannot be analysed.

    ```
    $ cute-opt examples/gemm-sm80.mlir -cute-report-bank-conflicts \
        -mlir-print-op-on-diagnostic=false -o /dev/null
    remark: cp.async 16B to shared: 4 per thread, 4 phases, 4 wavefronts
            each, conflict-free; 16 wavefronts per warp
    remark: ldmatrix.x4 from shared: 4 per thread, 4 phases, 4 wavefronts
            each, conflict-free; 16 wavefronts per warp
    ```
  }];
}

#endif // CUTE_NVGPU_PASSES
