// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -canonicalize | FileCheck %s --check-prefix=LOWER

// Round trip of warp roles, and their lowering: a branch on the warpgroup
// (thread / 128), the producer's index in the then-branch, the consumers'
// (warpgroup - 1) in the else-branch, each after its setmaxnreg from the
// 168 registers a thread starts with in a 384-thread block. Roles that move
// registers make the kernel one block per SM (nvvm.minctasm = 1, PTX's
// .minnctapersm): ptxas ignores setmaxnreg where it cannot tell the register
// count at entry; roles that keep the entry budget leave the kernel as it is.

// CHECK-LABEL: gpu.func @roles
// CHECK: cute_nvgpu.warp_specialize producer 1 registers 40 {
// CHECK-NEXT: ^bb0(%[[P:.*]]: index):
// CHECK: } consumer 2 registers 232 {
// CHECK-NEXT: ^bb0(%[[C:.*]]: index):

// LOWER-LABEL: gpu.func @roles
// LOWER-SAME: nvvm.minctasm = 1 : i32
// LOWER-DAG: %[[C1:.*]] = arith.constant 1 : index
// LOWER-DAG: %[[C128:.*]] = arith.constant 128 : index
// LOWER: %[[TID:.*]] = gpu.thread_id x
// LOWER: %[[WG:.*]] = arith.divui %[[TID]], %[[C128]] : index
// LOWER: %[[PRODUCER:.*]] = arith.cmpi ult, %[[WG]], %[[C1]] : index
// LOWER: scf.if %[[PRODUCER]] {
// LOWER-NEXT: nvvm.setmaxregister  decrease 40
// LOWER-NEXT: memref.store %{{.*}}, %{{.*}}[%[[WG]]]
// LOWER-NEXT: } else {
// LOWER-NEXT: %[[CWG:.*]] = arith.subi %[[WG]], %[[C1]] : index
// LOWER-NEXT: nvvm.setmaxregister  increase 232
// LOWER-NEXT: memref.store %{{.*}}, %{{.*}}[%[[CWG]]]
// LOWER-NEXT: }
// LOWER-NOT: cute_nvgpu.warp_specialize
gpu.module @k {
  gpu.func @roles(%out: memref<3xindex, 1>) kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c7 = arith.constant 7 : index
    %c9 = arith.constant 9 : index
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      memref.store %c7, %out[%wg] : memref<3xindex, 1>
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      memref.store %c9, %out[%wg] : memref<3xindex, 1>
    }
    gpu.return
  }
}

// LOWER-LABEL: gpu.func @entry_budgets
// LOWER-NOT: minctasm
// LOWER-NOT: nvvm.setmaxregister
// LOWER: gpu.return
gpu.module @k2 {
  gpu.func @entry_budgets(%out: memref<3xindex, 1>) kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c7 = arith.constant 7 : index
    cute_nvgpu.warp_specialize producer 1 registers 168 {
    ^bb0(%wg: index):
      memref.store %c7, %out[%wg] : memref<3xindex, 1>
    } consumer 2 registers 168 {
    ^bb0(%wg: index):
      memref.store %c7, %out[%wg] : memref<3xindex, 1>
    }
    gpu.return
  }
}
