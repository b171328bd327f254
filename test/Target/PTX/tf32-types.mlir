// RUN: not cute-opt %s --split-input-file --cute-to-ptx="chip=sm_90a" 2>&1 | FileCheck %s --implicit-check-not="failed to legalize"

// LLVM has no tf32 type: a gpu.module that names one is an error at the
// op, where the conversion to NVVM reported only "failed to legalize
// operation 'gpu.func'". tf32 values live in f32 (as the tf32 MMA atoms'
// operands do).

// CHECK: :[[@LINE+3]]:3: error: 'gpu.func' op has the element type tf32, which has no LLVM type: GPU code holds tf32 values as f32 (the tensor cores read their tf32 bits)
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @kern(%in: memref<?xtf32>, %out: memref<?xf32>) kernel {
    gpu.return
  }
}
}

// -----

module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @kern(%out: memref<?xf32>) kernel {
    // CHECK: :[[@LINE+1]]:10: error: 'memref.alloca' op has the element type tf32
    %a = memref.alloca() : memref<4xtf32>
    gpu.return
  }
}
}
