//===- CuteNVGPUSchedulingOps.td - Tile scheduling ---------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Which output tile a block works on, for persistent kernels that walk the
// tiles with a loop over work indices. Included by CuteNVGPUOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_SCHEDULING_OPS
#define CUTE_NVGPU_SCHEDULING_OPS

def CuteNVGPU_TileCoordOp : CuteNVGPU_Op<"tile_coord", [Pure]> {
  let summary = "the output tile of a work index, in L2-friendly grouped order";
  let description = [{
    The (m, n) tile of a `tiles_m` x `tiles_n` grid of output tiles that
    work index `work` (0 .. tiles_m * tiles_n - 1) stands for, in the
    grouped order of CUTLASS's and Triton's tile schedulers: the tile rows
    come in bands of `group` rows (the last band may be shorter), and a band
    is walked column by column. Work that runs at the same time on
    neighbouring SMs then shares the rows of A and the columns of B it
    reads, so they come from L2; `group = 1` is the row-major order.

    A persistent kernel launches one block per SM (`gpu.grid_dim x` of
    them) and walks the work indices with a loop:

    ```mlir
    %tiles = arith.muli %tilesM, %tilesN : index
    scf.for %w = %block to %tiles step %blocks {
      %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8
      ...
    }
    ```

    With `cluster [X, Y]` (the launch's cluster dimensions), a work index
    stands for a cluster's X x Y block of tiles: `work` runs over the
    ceil(tiles_m / X) x ceil(tiles_n / Y) grid of such blocks in the grouped
    order (bands of `group` block rows), and each CTA gets its own tile of
    the block, (X * m + x, Y * n + y) for its position (x, y) in the
    cluster (`gpu.cluster_block_id`). The CTAs of a cluster then work on
    tiles that share rows of A (along Y) and columns of B (along X), which
    they multicast; where tiles_m or tiles_n is not a multiple of X or Y, a
    CTA's tile lies past the edge of C (TMA fills its loads with zeros and
    clips its stores). TMA is slow to fill a box that lies wholly out of
    bounds, and the cluster's multicast waits for its slowest CTA: such a
    CTA should load its own operand at the last tile in bounds
    (`arith.minui %tm, %tilesMLast`, as the warp-specialized examples do;
    up to +9% on an H200) and store at the coordinate returned here, where
    its stores are clipped. Loop over the cluster's work with the cluster's
    index and count:

    ```mlir
    %units = arith.muli %clusterTilesM, %clusterTilesN : index
    scf.for %w = %cluster to %units step %clusters {
      %tm, %tn = cute_nvgpu.tile_coord %w, %tilesM, %tilesN group 8 cluster [2, 1]
      ...
    }
    ```
  }];
  let arguments = (ins Index:$work, Index:$tilesM, Index:$tilesN,
                       I64Attr:$group, OptionalAttr<DenseI64ArrayAttr>:$cluster);
  let results = (outs Index:$tileM, Index:$tileN);
  let assemblyFormat = [{
    $work `,` $tilesM `,` $tilesN `group` $group (`cluster` $cluster^)?
    attr-dict
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_MultiprocessorCountOp
    : CuteNVGPU_Op<"multiprocessor_count"> {
  let summary = "the number of SMs of the device kernels run on, on the host";
  let description = [{
    The streaming multiprocessor count of the device that host code
    launches kernels on (the runtime's default device), read from the
    driver (`CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT`) through the
    runtime's `cuteMultiprocessorCount`: CUTLASS's
    `KernelHardwareInfo::query_device_multiprocessor_count`. A persistent
    kernel launches one block per SM, or one cluster per `X * Y` SMs, and
    no more than there is work; with the count written as a constant, a
    GPU with fewer SMs (an H100 PCIe has 114, the SXM 132) runs the
    blocks that do not fit as a second, mostly idle wave, and one with more
    leaves SMs idle. Clusters of more than two CTAs do not fit every SM: a
    cluster's CTAs share a GPC, and on an H100 SXM (132 SMs) the driver
    (`cuOccupancyMaxActiveClusters`) fits 66 clusters of 2 but only 30 of 4
    for a kernel of one 384-thread block per SM, not 33; launching 32 made
    the last two a second wave and the bf16 GEMM about half as fast.

    ```mlir
    %sms = cute_nvgpu.multiprocessor_count
    %clusters = arith.divui %sms, %c2 : index   // clusters of 2 CTAs
    %fit = arith.minui %clusters, %units : index
    %grid = arith.muli %fit, %c2 : index
    gpu.launch_func @kernels::@gemm clusters in (%c2, %c1, %c1)
        blocks in (%grid, %c1, %c1) ...
    ```

    Where no GPU can be used, the runtime reports why and the result is 0.
    It is a host op: inside a kernel the grid's size (`gpu.grid_dim`)
    says how many blocks share the work.
  }];
  let results = (outs Index:$count);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // CUTE_NVGPU_SCHEDULING_OPS
