// RUN: not cute-opt %s --split-input-file --cute-to-ptx="chip=sm_90a" 2>&1 | FileCheck %s --implicit-check-not="LLVM ERROR"

// NVPTX has no scalable vectors: a gpu.module that names one is an error at
// the op, where LLVM's NVPTX backend aborted ("Cannot implicitly convert a
// scalable size to a fixed-width size").

// CHECK: :[[@LINE+3]]:3: error: 'gpu.func' op has the scalable vector type 'vector<[4]xf32>', which NVPTX cannot compile: GPU code takes fixed-size vectors only
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @kern(%in: memref<?xvector<[4]xf32>, 1>, %out: memref<?xvector<[4]xf32>, 1>) kernel {
    %c0 = arith.constant 0 : index
    %e = memref.load %in[%c0] : memref<?xvector<[4]xf32>, 1>
    memref.store %e, %out[%c0] : memref<?xvector<[4]xf32>, 1>
    gpu.return
  }
}
}

// -----

module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @kern(%x: f32, %out: memref<?xf32, 1>) kernel {
    // CHECK: :[[@LINE+1]]:10: error: 'vector.broadcast' op has the scalable vector type 'vector<[4]xf32>'
    %v = vector.broadcast %x : f32 to vector<[4]xf32>
    %s = vector.reduction <add>, %v : vector<[4]xf32> into f32
    %c0 = arith.constant 0 : index
    memref.store %s, %out[%c0] : memref<?xf32, 1>
    gpu.return
  }
}
}

// -----

module attributes {gpu.container_module} {
gpu.module @k {
  // CHECK: :[[@LINE+1]]:3: error: 'llvm.func' op has the scalable vector type 'vector<[2]xi64>'
  llvm.func @external(vector<[2]xi64>)
}
}
