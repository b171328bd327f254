//===- CuteNVGPUWarpRoleOps.td - Warp-specialized roles ----*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// CUTLASS 3's warp-specialized kernels as IR: the warpgroups of a block
// split into a producer role and a consumer role, each with its own
// register budget. Included by CuteNVGPUOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_WARP_ROLE_OPS
#define CUTE_NVGPU_WARP_ROLE_OPS

def CuteNVGPU_WarpSpecializeOp : CuteNVGPU_Op<"warp_specialize",
    [SingleBlock, NoTerminator,
     RecursiveMemoryEffects]> {
  let summary = "split a block's warpgroups into a producer and consumers";
  let description = [{
    CUTLASS 3's warp specialization: the block's first `producer`
    warpgroups (128 threads each, by `gpu.thread_id x`) run the `producer`
    region and the next `consumer` warpgroups the `consumer` region, each
    given its warpgroup's index within its role (an `index`). On entry each
    role moves its threads' register budget to `registers` with
    `setmaxnreg` (24 to 256, a multiple of 8): a producer that only issues
    TMA copies gives registers away to consumers that hold wgmma
    accumulators.

    The verifier checks what the hardware assumes: the budgets fit the
    registers the block starts with (warpgroups x 128 x registers summed
    over both roles at most the threads x the entry registers, 64512 for
    384 threads: setmaxnreg only moves registers between the block's
    warps, and an increase the pool cannot meet waits forever), the
    enclosing `gpu.func` has a `known_block_size` of
    exactly the roles' threads (setmaxnreg needs the kernel's register cap
    fixed at its entry), any `nvvm.minctasm` on it is 1 (the budgets share
    out one block's registers), and no wgmma runs in the producer role.
    Every thread of the block must reach the op; the regions hold no
    terminator. Where the roles move registers, the lowering gives the
    kernel `nvvm.minctasm = 1` (PTX's `.minnctapersm 1`): without it
    ptxas may not know the register count at entry and then ignores every
    `setmaxnreg` (its C7508 remark), leaving the consumers at the entry
    budget, where large accumulators spill.

    ```mlir
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      // TMA loads into a pipeline
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      // wgmma from the pipeline, epilogue
    }
    ```
  }];
  let arguments = (ins I64Attr:$producerWarpgroups, I64Attr:$producerRegisters,
                       I64Attr:$consumerWarpgroups, I64Attr:$consumerRegisters);
  let regions = (region SizedRegion<1>:$producer, SizedRegion<1>:$consumer);
  // `producer N registers R {...} consumer N registers R {...} attr-dict`,
  // parsed by hand: the generated parser keeps the regions in locals that die
  // on a failure, under ops outside that may already use their values.
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kWarpgroupThreads = 128;
    /// The threads of both roles: the block's size.
    int64_t getThreads();
    /// The registers a thread starts with: what ptxas gives each thread of
    /// a block of that size, before the roles' setmaxnreg.
    int64_t getEntryRegisters();
    /// Whether a role's budget differs from the entry one, so that the
    /// roles move registers with setmaxnreg.
    bool movesRegisters();
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

#endif // CUTE_NVGPU_WARP_ROLE_OPS
