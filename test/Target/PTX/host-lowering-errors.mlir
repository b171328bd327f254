// RUN: not cute-opt %s --split-input-file --cute-to-llvm="chip=sm_90a" 2>&1 | FileCheck %s --implicit-check-not="<unknown>"

// The host lowering (gpu-to-llvm, convert-to-llvm) reported a memref in a
// GPU memory space unlocated ("<unknown>:0: error: conversion of memref
// memory space ...") and went on: cute-to-llvm exited 0 with a half-lowered
// module. Such memrefs are an error at the op, and anything the host
// lowering leaves behind stops the pipeline.

// CHECK: :[[@LINE+1]]:1: error: 'func.func' op has a memref in memory space #gpu.address_space<workgroup>, which host code cannot lower: memrefs on the host have no memory space or an integer one
func.func @h(%bars: memref<8xi64, #gpu.address_space<workgroup>>) {
  return
}

// -----

func.func @private_alloca() {
  // CHECK: :[[@LINE+1]]:8: error: 'memref.alloca' op has a memref in memory space #gpu.address_space<private>
  %a = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
  func.call @use(%a) : (memref<4xf32, #gpu.address_space<private>>) -> ()
  return
}
func.func private @use(memref<4xf32, #gpu.address_space<private>>)

// -----

// CHECK: :[[@LINE+1]]:1: error: 'func.func' op has a memref in memory space #gpu.address_space<global>
func.func private @declared(memref<?xf32, #gpu.address_space<global>>)

// -----

// No LLVM type holds tf32: func-to-llvm left the function as it was,
// without an error.
// CHECK: :[[@LINE+1]]:1: error: 'func.func' op was not lowered to the LLVM dialect: host code must lower to LLVM ops, gpu.launch_func and gpu.binary
func.func @tf32_argument(%m: memref<?xtf32>) {
  return
}
