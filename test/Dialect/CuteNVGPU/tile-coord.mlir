// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// CHECK-LABEL: func @tile_coord
// CHECK-SAME: (%[[W:.*]]: index, %[[TM:.*]]: index, %[[TN:.*]]: index)
// CHECK: %[[M:.*]], %[[N:.*]] = cute_nvgpu.tile_coord %[[W]], %[[TM]], %[[TN]] group 8
// CHECK: return %[[M]], %[[N]]
func.func @tile_coord(%w: index, %tm: index, %tn: index) -> (index, index) {
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8
  return %m, %n : index, index
}

// CHECK-LABEL: func @persistent_grid
// CHECK: %[[SMS:.*]] = cute_nvgpu.multiprocessor_count
// CHECK: arith.minui %[[SMS]], %{{.*}}
func.func @persistent_grid(%units: index) -> index {
  %sms = cute_nvgpu.multiprocessor_count
  %grid = arith.minui %sms, %units : index
  return %grid : index
}
