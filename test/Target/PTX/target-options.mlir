// RUN: not cute-opt %s --cute-to-ptx="chip=" 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_99" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not cute-opt %s --cute-to-llvm="chip=gfx90a" 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_90a features=+ptx70" 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_120 features=+ptx84" 2>&1 | FileCheck %s --check-prefix=OLD120
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_80 features=+ptx99" 2>&1 | FileCheck %s --check-prefix=NEW
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_80 format=xyz" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_90a features=+ptx80,+ptx8.4" 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not cute-opt %s --cute-to-ptx="chip=sm_80 O=4" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a features=+ptx84" | FileCheck %s --check-prefix=OK

// A target LLVM's NVPTX backend cannot compile for is an error naming it,
// before any pass runs. NVVM's target verifier crashed on an empty chip, an
// unknown chip went on with a warning, LLVM exited on a PTX ISA older than
// the chip ("LLVM ERROR"), and gpu-module-to-binary reported an unknown
// format but exited 0.

// EMPTY: error: chip '' is not a chip LLVM's NVPTX backend knows (sm_80, sm_90a, ...)
// UNKNOWN: error: chip 'sm_99' is not a chip LLVM's NVPTX backend knows
// OTHER: error: chip 'gfx90a' is not a chip LLVM's NVPTX backend knows
// OTHER-NOT: llvm.func
// OLD: error: features '+ptx70' ask for PTX ISA 7.0, which has no sm_90a: it needs +ptx80 or newer
// OLD120: error: features '+ptx84' ask for PTX ISA 8.4, which has no sm_120: it needs +ptx87 or newer
// NEW: error: features '+ptx99' ask for PTX ISA 9.9, newer than LLVM's NVPTX backend emits
// FORMAT: error: format 'xyz' is not a binary format: isa (PTX), bin (cubin) or fatbin
// nvvm-attach-target built a target of O = 4 that NVVM's parser refuses.
// OPT: error: O 4 is not an optimisation level (0-3)
// A feature LLVM does not know it warned about and ignored: a misspelt PTX
// ISA compiled for the chip's oldest.
// FEATURE: error: feature '+ptx8.4' in '+ptx80,+ptx8.4' is not one LLVM's NVPTX backend knows (+ptx80, +ptx84, ...)
// OK: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx84">

gpu.module @kernels {
}
