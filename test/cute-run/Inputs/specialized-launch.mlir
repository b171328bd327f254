// A host program for specialized-launch.test: a kernel compiled for n = 64
// and a grid of 2 blocks, launched with an n and a grid the host reads back
// from memory at run time (the test writes them in for @N@ and @GRID@), so
// only a run-time guard can tell they differ.
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @fill(%A: memref<?xf32, 1>, %n: index {cute.known_value = 64 : index}) kernel
      attributes {known_grid_size = array<i32: 2, 1, 1>} {
    %bid = gpu.block_id x
    %tid = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %base = arith.muli %bid, %c32 : index
    %i = arith.addi %base, %tid : index
    %f = arith.index_cast %n : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %A[%i] : memref<?xf32, 1>
    gpu.return
  }
}
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %cells = memref.alloc() : memref<2xindex>
  %vn = arith.constant @N@ : index
  %vg = arith.constant @GRID@ : index
  memref.store %vn, %cells[%c0] : memref<2xindex>
  memref.store %vg, %cells[%c1] : memref<2xindex>
  %n = memref.load %cells[%c0] : memref<2xindex>
  %grid = memref.load %cells[%c1] : memref<2xindex>
  %dev = gpu.alloc (%c64) : memref<?xf32>
  %global = memref.memory_space_cast %dev : memref<?xf32> to memref<?xf32, 1>
  vector.print str "launching\n"
  gpu.launch_func @kernels::@fill blocks in (%grid, %c1, %c1)
      threads in (%c32, %c1, %c1) args(%global : memref<?xf32, 1>, %n : index)
  vector.print str "launched\n"
  gpu.dealloc %dev : memref<?xf32>
  memref.dealloc %cells : memref<2xindex>
  %zero = arith.constant 0 : i32
  return %zero : i32
}
}
