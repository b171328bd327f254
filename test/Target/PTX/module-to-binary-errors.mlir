// RUN: not cute-opt %s --split-input-file --cute-gpu-module-to-binary="format=bogus" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not cute-opt %s --split-input-file --cute-gpu-module-to-binary="format=isa" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=TARGETS
// RUN: not cute-opt %s --split-input-file --cute-gpu-module-to-binary="format=isa" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=KERNEL

// cute-gpu-module-to-binary names what it cannot do, located.

// FORMAT: error: unknown format `bogus` (expected llvm, isa, bin or fatbin)

// TARGETS: :[[@LINE+2]]:3: error: the module has no target attributes
module attributes {gpu.container_module} {
  gpu.module @untargeted {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// A kernel that LLVM cannot take, compiled beside another in parallel: the
// target's own error at the op, then which module and target failed.
// KERNEL: :[[@LINE+9]]:12: error: cannot be converted to LLVM IR
// KERNEL: :[[@LINE+3]]:3: error: cannot compile the kernels for #nvvm.target<chip = "sm_80">
// KERNEL-NOT: error
module attributes {gpu.container_module} {
  gpu.module @broken [#nvvm.target<chip = "sm_80">] {
    llvm.func @fine() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
    llvm.func @untranslatable() attributes {gpu.kernel, nvvm.kernel} {
      %0 = arith.constant 1 : i32
      llvm.return
    }
  }
}
