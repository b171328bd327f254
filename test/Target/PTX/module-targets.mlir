// RUN: not cute-opt %s --split-input-file --convert-cute-nvgpu-to-nvvm 2>&1 | FileCheck %s --check-prefixes=CHECK,CONVERT
// RUN: not cute-opt %s --split-input-file --cute-to-ptx="chip=sm_90a" 2>&1 | FileCheck %s --check-prefixes=CHECK,PTX

// A target written on a gpu.module is checked as the pipeline's options are.
// LLVM's NVPTX backend ignored a PTX ISA newer than it knows ("not a
// recognized feature") and then aborted: "Cannot select" a cp.async.bulk.

// CHECK: :[[@LINE+1]]:1: error: 'gpu.module' op target #nvvm.target<chip = "sm_90", features = "+ptx91">: features '+ptx91' ask for PTX ISA 9.1, newer than LLVM's NVPTX backend emits
gpu.module @newer [#nvvm.target<chip = "sm_90", features = "+ptx91">] {
  gpu.func @k() kernel { gpu.return }
}

// -----

// CHECK: :[[@LINE+1]]:1: error: 'gpu.module' op target #nvvm.target<chip = "sm_90a", features = "+ptx70">: features '+ptx70' ask for PTX ISA 7.0, which has no sm_90a: it needs +ptx80 or newer
gpu.module @older [#nvvm.target<chip = "sm_90a", features = "+ptx70">] {
  gpu.func @k() kernel { gpu.return }
}

// -----

// The NVVM lowering leaves a module's other targets to their own dialects;
// cute-to-ptx, which compiles every target of a module, takes NVVM targets
// only: AMDGPU's backend aborted on the kernels lowered for NVPTX.
// CONVERT: :[[@LINE+2]]:1: error: 'gpu.module' op target #nvvm.target<chip = "sm_99">: chip 'sm_99' is not a chip LLVM's NVPTX backend knows
// PTX: :[[@LINE+1]]:1: error: 'gpu.module' op target #rocdl.target<chip = "gfx90a"> is not an #nvvm.target: cute-to-ptx compiles gpu.modules for NVIDIA GPUs only
gpu.module @unknown [#rocdl.target<chip = "gfx90a">, #nvvm.target<chip = "sm_99">] {
  gpu.func @k() kernel { gpu.return }
}

// -----

// CHECK: :[[@LINE+1]]:1: error: 'gpu.module' op target #nvvm.target<chip = "sm_90a", features = "+ptx80,bogus">: feature 'bogus' in '+ptx80,bogus' is not one LLVM's NVPTX backend knows
gpu.module @feature [#nvvm.target<chip = "sm_90a", features = "+ptx80,bogus">] {
  gpu.func @k() kernel { gpu.return }
}

// -----

// PTX: :[[@LINE+1]]:1: error: 'gpu.module' op target #rocdl.target<chip = "gfx90a"> is not an #nvvm.target
gpu.module @amd [#rocdl.target<chip = "gfx90a">] {
  gpu.func @k() kernel { gpu.return }
}
