// Layout queries over run-time sizes, expanded to index arithmetic and run on
// the CPU with mlir-runner.
//
// RUN: cute-opt %s -cute-lower-to-scf -convert-vector-to-llvm \
// RUN:   -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

/// Print size, cosize and one value of an MxN column-major matrix with
/// leading dimension LD, tiled by 128x64.
func.func @queries(%m: index, %n: index, %ld: index, %i: index, %j: index) {
  %s = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %d = cute.make_stride %ld : !cute.stride<"(1,?)">
  %l = cute.make_layout %s, %d : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %t = cute.static : !cute.tile<"(128,64)">
  %z = cute.zipped_divide %l, %t : !cute.layout<"(?,?):(1,?)">, !cute.tile<"(128,64)">
  // Number of tiles.
  %rest = cute.get %z [1] : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  %tiles = cute.size %rest : !cute.layout<"(?,?):(128,?{div=64})">
  vector.print %tiles : index
  // One past the largest offset the matrix touches.
  %cos = cute.cosize %l : !cute.layout<"(?,?):(1,?)">
  vector.print %cos : index
  // Offset of element (i, j) of tile (1, 2): row 128+i, column 128+j.
  %c = cute.make_coord %i, %j : !cute.coord<"((?,?),(1,2))">
  %x = cute.crd2idx %c, %z : !cute.coord<"((?,?),(1,2))">, !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  vector.print %x : index
  // The layout itself, dynamic slots filled.
  cute.print %l : !cute.layout<"(?,?):(1,?)">
  cute.print %z : !cute.layout<"((128,64),(?,?)):((1,?),(128,?{div=64}))">
  return
}

func.func @main() {
  %c1000 = arith.constant 1000 : index
  %c300 = arith.constant 300 : index
  %c1024 = arith.constant 1024 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  // ceil(1000/128) * ceil(300/64) = 8 * 5 tiles.
  // CHECK: 40
  // (1000-1) + (300-1)*1024 + 1 = 307176
  // CHECK-NEXT: 307176
  // (128+5) + (128+7)*1024 = 138373
  // CHECK-NEXT: 138373
  // CHECK-NEXT: {{^}}(1000,300):(1,1024){{$}}
  // ceil(1000/128) = 8 and ceil(300/64) = 5 tiles; 64 * 1024 = 65536.
  // CHECK-NEXT: {{^}}((128,64),(8,5)):((1,1024),(128,65536)){{$}}
  func.call @queries(%c1000, %c300, %c1024, %c5, %c7) : (index, index, index, index, index) -> ()

  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c0 = arith.constant 0 : index
  // A 64x256 matrix is a 1x4 grid of tiles.
  // CHECK-NEXT: 4
  // (64-1) + (256-1)*64 + 1 = 16384
  // CHECK-NEXT: 16384
  // 128 + 128*64 = 8320 (tile (1,2) lies past the matrix; the layout does not
  // clip)
  // CHECK-NEXT: 8320
  // CHECK-NEXT: {{^}}(64,256):(1,64){{$}}
  // CHECK-NEXT: {{^}}((128,64),(1,4)):((1,64),(128,4096)){{$}}
  func.call @queries(%c64, %c256, %c64, %c0, %c0) : (index, index, index, index, index) -> ()
  return
}
