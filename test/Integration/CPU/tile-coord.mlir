// The grouped tile order of cute_nvgpu.tile_coord, run on the CPU with
// mlir-runner: a 5x3 grid of tiles in bands of 2 tile rows. Each band is
// walked column by column; the last band has one row.
//
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -convert-scf-to-cf \
// RUN:   -convert-vector-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// CHECK: 0, 0, 0
// CHECK-NEXT: 1, 1, 0
// CHECK-NEXT: 2, 0, 1
// CHECK-NEXT: 3, 1, 1
// CHECK-NEXT: 4, 0, 2
// CHECK-NEXT: 5, 1, 2
// CHECK-NEXT: 6, 2, 0
// CHECK-NEXT: 7, 3, 0
// CHECK-NEXT: 8, 2, 1
// CHECK-NEXT: 9, 3, 1
// CHECK-NEXT: 10, 2, 2
// CHECK-NEXT: 11, 3, 2
// CHECK-NEXT: 12, 4, 0
// CHECK-NEXT: 13, 4, 1
// CHECK-NEXT: 14, 4, 2
// With group 1 the order is row-major.
// CHECK-NEXT: 4, 1, 1
// CHECK-NEXT: 14, 4, 2
func.func @print(%w: index, %m: index, %n: index) {
  vector.print %w : index punctuation <comma>
  vector.print %m : index punctuation <comma>
  vector.print %n : index
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c15 = arith.constant 15 : index
  scf.for %w = %c0 to %c15 step %c1 {
    %m, %n = cute_nvgpu.tile_coord %w, %c5, %c3 group 2
    func.call @print(%w, %m, %n) : (index, index, index) -> ()
  }
  scf.for %w = %c4 to %c15 step %c10 {
    %m, %n = cute_nvgpu.tile_coord %w, %c5, %c3 group 1
    func.call @print(%w, %m, %n) : (index, index, index) -> ()
  }
  return
}
