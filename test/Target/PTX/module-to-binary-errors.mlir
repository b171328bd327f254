// RUN: not cute-opt %s --cute-gpu-module-to-binary="format=bogus" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not cute-opt %s --cute-gpu-module-to-binary="format=isa" 2>&1 | FileCheck %s --check-prefix=TARGETS

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
