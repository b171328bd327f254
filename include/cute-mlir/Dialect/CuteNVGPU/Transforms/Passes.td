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

#endif // CUTE_NVGPU_PASSES
