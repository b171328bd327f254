// RUN: not cute-opt %s --cute-to-ptx="chip=" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_90x" 2>&1 | FileCheck %s --check-prefix=SUFFIX
// RUN: not cute-opt %s --cute-to-llvm="chip=gfx90a" 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a" | FileCheck %s --check-prefix=OK

// A chip the NVVM target cannot read is an error naming it, before any
// pass runs: NVVM's target verifier crashed on an empty chip.

// EMPTY: error: chip '' is not a chip name: sm_ and its number, with an 'a' or 'f' suffix or none (sm_80, sm_90a)
// SUFFIX: error: chip 'sm_90x' is not a chip name
// OTHER: error: chip 'gfx90a' is not a chip name
// OTHER-NOT: llvm.func
// OK: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a">

gpu.module @kernels {
}
