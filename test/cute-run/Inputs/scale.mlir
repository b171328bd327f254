// A host program for cute-run's tests: fills 64 floats with 0..63, doubles
// them on the GPU (2 blocks of 32 threads) and prints two of them. Under the
// fake driver kernels do not run, so the values come back unchanged.
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @scale(%A: memref<?xf32, 1>) kernel {
    %bid = gpu.block_id x
    %tid = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %base = arith.muli %bid, %c32 : index
    %i = arith.addi %base, %tid : index
    %v = memref.load %A[%i] : memref<?xf32, 1>
    %w = arith.addf %v, %v : f32
    memref.store %w, %A[%i] : memref<?xf32, 1>
    gpu.return
  }
}
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c33 = arith.constant 33 : index
  %c64 = arith.constant 64 : index
  %host = memref.alloc(%c64) : memref<?xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %host[%i] : memref<?xf32>
  }
  // gpu.alloc and gpu.memcpy lower in the default memory space; the kernel
  // takes global (address space 1) memrefs.
  %dev = gpu.alloc (%c64) : memref<?xf32>
  gpu.memcpy %dev, %host : memref<?xf32>, memref<?xf32>
  %global = memref.memory_space_cast %dev : memref<?xf32> to memref<?xf32, 1>
  gpu.launch_func @kernels::@scale blocks in (%c2, %c1, %c1)
      threads in (%c32, %c1, %c1) args(%global : memref<?xf32, 1>)
  gpu.memcpy %host, %dev : memref<?xf32>, memref<?xf32>
  %v1 = memref.load %host[%c1] : memref<?xf32>
  %v33 = memref.load %host[%c33] : memref<?xf32>
  vector.print str "scale: "
  vector.print %v1 : f32
  vector.print str "scale: "
  vector.print %v33 : f32
  gpu.dealloc %dev : memref<?xf32>
  memref.dealloc %host : memref<?xf32>
  %zero = arith.constant 0 : i32
  return %zero : i32
}
}
