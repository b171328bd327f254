// Each of the 128 threads of a 2x2 TiledMMA of SM80 16x8x16 atoms takes its
// part of a 32x16 C with cute_nvgpu.partition_c (thread index known only at
// run time), copies it into a fragment made like it, writes 4t+v into value v
// of the fragment and copies it back. Run on the CPU with mlir-runner.
//
// The expected values follow the PTX ISA's m16n8 accumulator figure, not the
// library: element (m,n) belongs to warp w = m/16 + 2(n/8), lane
// 4(m%8) + (n%8)/2, register v = n%2 + 2((m%16)/8).
//   (0,0) -> t 0, v 0 -> 0;   (9,3) -> t 5, v 3 -> 23;
//   (17,12) -> t 102, v 0 -> 408;   (31,15) -> t 127, v 3 -> 511;
//   (20,2) -> t 49, v 0 -> 196;   (5,9) -> t 84, v 1 -> 337
// (the last two tell the atoms of warps 1 and 2 apart).
// Exact cover: C starts poisoned with -1; afterwards no -1 is left and the
// sum is 0 + 1 + ... + 511 = 130816.
//
// RUN: cute-opt %s -cute-lower-to-scf -convert-scf-to-cf -convert-vector-to-llvm \
// RUN:   -finalize-memref-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// CHECK: {{^}}0{{$}}
// CHECK-NEXT: {{^}}23{{$}}
// CHECK-NEXT: {{^}}408{{$}}
// CHECK-NEXT: {{^}}511{{$}}
// CHECK-NEXT: {{^}}196{{$}}
// CHECK-NEXT: {{^}}337{{$}}
// CHECK-NEXT: {{^}}0{{$}}
// CHECK-NEXT: {{^}}130816{{$}}

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">, "(2,2,1)">

func.func @fill(%C: memref<512xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %l = cute.static : !cute.layout<"(32,16):(1,32)">
  %gC = cute.make_tensor %C, %l : (memref<512xi64>, !cute.layout<"(32,16):(1,32)">) -> !cute.tensor<i64, gmem, "(32,16):(1,32)">
  scf.for %t = %c0 to %c128 step %c1 {
    %tC = cute_nvgpu.partition_c #tm, %gC, %t : !cute.tensor<i64, gmem, "(32,16):(1,32)">, index
    %f = cute.make_fragment like %tC : (!cute.tensor<i64, gmem, "((2,2),1,1):((32,8),0,0)">) -> !cute.tensor<i64, rmem, "((2,2),1,1):((1,2),0,0)">
    cute.copy %tC, %f : !cute.tensor<i64, gmem, "((2,2),1,1):((32,8),0,0)">, !cute.tensor<i64, rmem, "((2,2),1,1):((1,2),0,0)">
    %t4 = arith.muli %t, %c4 : index
    scf.for %v = %c0 to %c4 step %c1 {
      %x = arith.addi %t4, %v : index
      %xi = arith.index_cast %x : index to i64
      %crd = cute.make_coord %v : !cute.coord<"?">
      cute.store %xi, %f[%crd] : i64, !cute.tensor<i64, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.coord<"?">
    }
    cute.copy %f, %tC : !cute.tensor<i64, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<i64, gmem, "((2,2),1,1):((32,8),0,0)">
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %poison = arith.constant -1 : i64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %C = memref.alloc() : memref<512xi64>
  scf.for %i = %c0 to %c512 step %c1 {
    memref.store %poison, %C[%i] : memref<512xi64>
  }
  func.call @fill(%C) : (memref<512xi64>) -> ()
  // (m,n) at m + 32n.
  %i00 = arith.constant 0 : index
  %i93 = arith.constant 105 : index
  %i1712 = arith.constant 401 : index
  %i3115 = arith.constant 511 : index
  %i202 = arith.constant 84 : index
  %i59 = arith.constant 293 : index
  %v202 = memref.load %C[%i202] : memref<512xi64>
  %v59 = memref.load %C[%i59] : memref<512xi64>
  %v00 = memref.load %C[%i00] : memref<512xi64>
  %v93 = memref.load %C[%i93] : memref<512xi64>
  %v1712 = memref.load %C[%i1712] : memref<512xi64>
  %v3115 = memref.load %C[%i3115] : memref<512xi64>
  vector.print %v00 : i64
  vector.print %v93 : i64
  vector.print %v1712 : i64
  vector.print %v3115 : i64
  vector.print %v202 : i64
  vector.print %v59 : i64
  %stats:2 = scf.for %i = %c0 to %c512 step %c1 iter_args(%left = %zero, %sum = %zero) -> (i64, i64) {
    %v = memref.load %C[%i] : memref<512xi64>
    %isPoison = arith.cmpi eq, %v, %poison : i64
    %inc = arith.select %isPoison, %one, %zero : i64
    %left2 = arith.addi %left, %inc : i64
    %sum2 = arith.addi %sum, %v : i64
    scf.yield %left2, %sum2 : i64, i64
  }
  vector.print %stats#0 : i64
  vector.print %stats#1 : i64
  memref.dealloc %C : memref<512xi64>
  return
}
