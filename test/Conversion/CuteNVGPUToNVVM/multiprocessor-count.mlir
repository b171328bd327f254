// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file -verify-diagnostics | FileCheck %s

// The SM count is one call to the runtime, declared once for the module
// however many ops read it.

// CHECK: func.func private @cuteMultiprocessorCount() -> i64
// CHECK-NOT: func.func private @cuteMultiprocessorCount
// CHECK-LABEL: func.func @persistent_grid
// CHECK: %[[N:.*]] = call @cuteMultiprocessorCount() : () -> i64
// CHECK: %[[SMS:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[G:.*]] = arith.minui %[[SMS]], %{{.*}} : index
// CHECK: call @cuteMultiprocessorCount() : () -> i64
// CHECK-NOT: cute_nvgpu.multiprocessor_count
func.func @persistent_grid(%units: index) -> (index, index) {
  %sms = cute_nvgpu.multiprocessor_count
  %grid = arith.minui %sms, %units : index
  %again = cute_nvgpu.multiprocessor_count
  return %grid, %again : index, index
}

// -----

// A user function of that name with another type is not the runtime's.
func.func private @cuteMultiprocessorCount(i32) -> i32

func.func @clash() -> index {
  // expected-error @+1 {{@cuteMultiprocessorCount is declared with another type}}
  %sms = cute_nvgpu.multiprocessor_count
  return %sms : index
}
