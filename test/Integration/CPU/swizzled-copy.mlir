// Copies into and out of a 128B-swizzled "shared memory" tensor,
// Sw<3,4,3> o 0 o (16,64):(64,1), run on the CPU with mlir-runner.
//
// The raw buffer behind the swizzled tensor is checked against the swizzle
// computed independently in @main with shifts and xors (raw[Sw(64r+c)] must
// hold element (r,c)), and a tile taken after local_tile (whose start moves
// into the swizzle's offset, as in CuTe) must read back the right elements.
// The numbers printed are mismatch counts (with Sw<2,4,3> or Sw<3,3,3> in
// @copies the first is 512 or 768).
//
// RUN: cute-opt %s -cute-lower-to-scf -convert-scf-to-cf -convert-vector-to-llvm \
// RUN:   -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// CHECK: {{^}}0{{$}}
// CHECK-NEXT: {{^}}0{{$}}

/// src (row-major 16x64) -> swizzled smem; then tile (bm, 1) of 4x32 of the
/// swizzled tensor -> out (row-major 4x32).
func.func @copies(%src: memref<?xf32>, %raw: memref<?xf32>, %out: memref<?xf32>, %bm: index) {
  %l = cute.static : !cute.layout<"(16,64):(64,1)">
  %gs = cute.make_tensor %src, %l : (memref<?xf32>, !cute.layout<"(16,64):(64,1)">) -> !cute.tensor<f32, gmem, "(16,64):(64,1)">
  %ss = cute.make_tensor %raw, %l : (memref<?xf32>, !cute.layout<"(16,64):(64,1)">) -> !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (16,64):(64,1)">
  cute.copy %gs, %ss : !cute.tensor<f32, gmem, "(16,64):(64,1)">, !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (16,64):(64,1)">
  %tile = cute.static : !cute.tile<"(4,32)">
  %c = cute.make_coord %bm : !cute.coord<"(?,1)">
  %st = cute.local_tile %ss, %tile, %c : !cute.tensor<f32, smem, "Sw<3,4,3> o 0 o (16,64):(64,1)">, !cute.tile<"(4,32)">, !cute.coord<"(?,1)">
  %lo = cute.static : !cute.layout<"(4,32):(32,1)">
  %go = cute.make_tensor %out, %lo : (memref<?xf32>, !cute.layout<"(4,32):(32,1)">) -> !cute.tensor<f32, gmem, "(4,32):(32,1)">
  cute.copy %st, %go : !cute.tensor<f32, smem, "Sw<3,4,3> o ?{div=32} o (4,32):(64,1)">, !cute.tensor<f32, gmem, "(4,32):(32,1)">
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %src = memref.alloc(%c1024) : memref<?xf32>
  %raw = memref.alloc(%c1024) : memref<?xf32>
  %out = memref.alloc(%c128) : memref<?xf32>
  scf.for %i = %c0 to %c1024 step %c1 {
    %w = arith.index_cast %i : index to i64
    %f = arith.sitofp %w : i64 to f32
    memref.store %f, %src[%i] : memref<?xf32>
  }
  func.call @copies(%src, %raw, %out, %c1) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
  // raw[i ^ (((i >> 7) & 7) << 4)] == src[i]
  %bad = scf.for %i = %c0 to %c1024 step %c1 iter_args(%nb = %c0) -> (index) {
    %y = arith.shrui %i, %c7 : index
    %y3 = arith.andi %y, %c7 : index
    %c4i = arith.constant 4 : index
    %m = arith.shli %y3, %c4i : index
    %j = arith.xori %i, %m : index
    %a = memref.load %raw[%j] : memref<?xf32>
    %b = memref.load %src[%i] : memref<?xf32>
    %ne = arith.cmpf une, %a, %b : f32
    %inc = arith.select %ne, %c1, %c0 : index
    %nb2 = arith.addi %nb, %inc : index
    scf.yield %nb2 : index
  }
  vector.print %bad : index
  // Tile (1,1): rows 4..7, columns 32..63 of src.
  %bad2 = scf.for %r = %c0 to %c4 step %c1 iter_args(%nb = %c0) -> (index) {
    %inner = scf.for %col = %c0 to %c32 step %c1 iter_args(%nc = %nb) -> (index) {
      %r4 = arith.addi %r, %c4 : index
      %c32c = arith.addi %col, %c32 : index
      %rs = arith.muli %r4, %c64 : index
      %si = arith.addi %rs, %c32c : index
      %ro = arith.muli %r, %c32 : index
      %oi = arith.addi %ro, %col : index
      %a = memref.load %out[%oi] : memref<?xf32>
      %b = memref.load %src[%si] : memref<?xf32>
      %ne = arith.cmpf une, %a, %b : f32
      %inc = arith.select %ne, %c1, %c0 : index
      %nc2 = arith.addi %nc, %inc : index
      scf.yield %nc2 : index
    }
    scf.yield %inner : index
  }
  vector.print %bad2 : index
  memref.dealloc %src : memref<?xf32>
  memref.dealloc %raw : memref<?xf32>
  memref.dealloc %out : memref<?xf32>
  return
}
