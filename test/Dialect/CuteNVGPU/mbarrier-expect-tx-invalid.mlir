// RUN: cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// An mbarrier phase that expects a constant number of bytes must get them
// from the TMA and bulk loads that complete on the same barrier word: too
// few bytes and the phase never completes (a hang), too many and it
// completes before the data has landed (a race).

#load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>

// CHECK-LABEL: gpu.func @matching
gpu.module @kernels {
  gpu.func @matching(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %bars: memref<2xi64, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %half = arith.constant 2048 : index
    %bytes = arith.constant 4096 : index
    // Two arrivals share the expectation of one 4096-byte load.
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %half : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %half : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.bulk_copy #load, %g, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>
    // Another word of the same barriers is counted apart.
    cute_nvgpu.mbarrier_arrive %bars[%c1] expect_tx %bytes : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.bulk_copy #load, %g, %s barrier %bars[%c1] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

#load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>

// A load under a condition is the program's to count: not checked.
// CHECK-LABEL: gpu.func @conditional
gpu.module @kernels {
  gpu.func @conditional(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %bars: memref<1xi64, #gpu.address_space<workgroup>>, %p: i1) {
    %c0 = arith.constant 0 : index
    %bytes = arith.constant 8192 : index
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
    scf.if %p {
      cute_nvgpu.bulk_copy #load, %g, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

#load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>

gpu.module @kernels {
  gpu.func @too_many(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %bars: memref<1xi64, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %bytes = arith.constant 8192 : index
    // expected-error @+1 {{'cute_nvgpu.mbarrier_arrive' op expects 8192 bytes on this mbarrier word, but the 1 load(s) that complete on it land 4096: the phase would never complete}}
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.bulk_copy #load, %g, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

#ld = #cute_nvgpu.tma_atom<load, f16, box = [64, 32], swizzle = 128>

gpu.module @kernels {
  gpu.func @too_few(%desc: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, %bars: memref<1xi64, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %bytes = arith.constant 2048 : index
    // expected-error @+1 {{'cute_nvgpu.mbarrier_arrive' op expects 2048 bytes on this mbarrier word, but the 1 load(s) that complete on it land 4096: the phase would complete early}}
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<1xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.tma_copy #ld, %desc, %g, %s barrier %bars[%c0] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(32,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (32,64):(64,1)">, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The expected-bytes check reads the other arrivals and loads on the barrier,
// later ones too, before the verifier reaches them: one whose operand
// segments overrun its operands is left to its own verifier (reading its
// operands crashed).
#load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
gpu.module @kernels {
  gpu.func @malformed_later(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %bars: memref<2xi64, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 4096 : index
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.bulk_copy #load, %g, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>
    // expected-error @+1 {{operand count (3) does not match with the total size (65538) specified in attribute 'operandSegmentSizes'}}
    "cute_nvgpu.mbarrier_arrive"(%bars, %c1, %bytes) <{operandSegmentSizes = array<i32: 65536, 1, 1, 0>}> : (memref<2xi64, #gpu.address_space<workgroup>>, index, index) -> ()
    gpu.return
  }
}

// -----

// Likewise a later load without its atom (a generic form missing the
// required attribute): its bytes are not read, its own verifier reports it.
#load = #cute_nvgpu.bulk_copy<load, f32, bytes = 4096>
gpu.module @kernels {
  gpu.func @atomless_later(%g: !cute.tensor<f32, gmem, "1024:1">, %s: !cute.tensor<f32, smem, "1024:1">, %bars: memref<2xi64, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %bytes = arith.constant 4096 : index
    cute_nvgpu.mbarrier_arrive %bars[%c0] expect_tx %bytes : memref<2xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.bulk_copy #load, %g, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>
    // expected-error @+1 {{requires attribute 'atom'}}
    "cute_nvgpu.bulk_copy"(%g, %s, %bars, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!cute.tensor<f32, gmem, "1024:1">, !cute.tensor<f32, smem, "1024:1">, memref<2xi64, #gpu.address_space<workgroup>>, index) -> ()
    gpu.return
  }
}
