// Launches a warp-specialized example's @launch (f16 in, f32 out) at shapes
// of 1, 4, 64 and 1024 units of work (256x256 blocks of C), on buffers it
// does not fill: for the launches' grids, not their results.
module {
func.func private @launch(memref<?xf16>, memref<?xf16>, memref<?xf32>, index, index, index)

func.func @run(%m: index, %n: index, %k: index) {
  %mk = arith.muli %m, %k : index
  %nk = arith.muli %n, %k : index
  %mn = arith.muli %m, %n : index
  %a = gpu.alloc (%mk) : memref<?xf16>
  %b = gpu.alloc (%nk) : memref<?xf16>
  %c = gpu.alloc (%mn) : memref<?xf32>
  func.call @launch(%a, %b, %c, %m, %n, %k) : (memref<?xf16>, memref<?xf16>, memref<?xf32>, index, index, index) -> ()
  gpu.dealloc %a : memref<?xf16>
  gpu.dealloc %b : memref<?xf16>
  gpu.dealloc %c : memref<?xf32>
  return
}

func.func @main() {
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %c8192 = arith.constant 8192 : index
  func.call @run(%c256, %c256, %c64) : (index, index, index) -> ()
  func.call @run(%c512, %c512, %c64) : (index, index, index) -> ()
  func.call @run(%c2048, %c2048, %c64) : (index, index, index) -> ()
  func.call @run(%c8192, %c8192, %c64) : (index, index, index) -> ()
  return
}
}
