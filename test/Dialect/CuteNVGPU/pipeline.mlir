// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// Round trip of the pipeline types and ops, and of gemm's accumulate flag.
// A producer thread and its consumers walk a four-stage TMA pipeline, the
// states carried through the k-loops.

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">

// CHECK-LABEL: func @producer
// CHECK-SAME: %[[BARS:[a-z0-9]+]]: memref<8xi64, #gpu.address_space<workgroup>>
func.func @producer(%bars: memref<8xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %n: index,
                    %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                    %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[PIPE:.*]] = cute_nvgpu.pipeline_create %[[BARS]] consumers 256 : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  %pipe = cute_nvgpu.pipeline_create %bars consumers 256 : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  // CHECK: %[[START:.*]] = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
  %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
  // CHECK: %[[END:.*]] = scf.for {{.*}} iter_args(%[[ST:.*]] = %[[START]]) -> (!cute_nvgpu.pipeline_state<4>)
  %end = scf.for %k = %c0 to %n step %c1 iter_args(%st = %start) -> (!cute_nvgpu.pipeline_state<4>) {
    // CHECK: cute_nvgpu.pipeline_producer_acquire %[[PIPE]], %[[ST]] : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    // CHECK: cute_nvgpu.tma_copy #{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} pipeline %[[PIPE]][%[[ST]]] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #tma, %d, %g, %s pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    // CHECK: %[[NEXT:.*]] = cute_nvgpu.pipeline_advance %[[ST]] : !cute_nvgpu.pipeline_state<4>
    %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
    // CHECK: scf.yield %[[NEXT]]
    scf.yield %next : !cute_nvgpu.pipeline_state<4>
  }
  // CHECK: %[[SKIP:.*]] = cute_nvgpu.pipeline_advance %[[END]] by %{{.*}} : !cute_nvgpu.pipeline_state<4>
  %skip = cute_nvgpu.pipeline_advance %end by %n : !cute_nvgpu.pipeline_state<4>
  // CHECK: cute_nvgpu.pipeline_stage %[[SKIP]] : !cute_nvgpu.pipeline_state<4>
  %stage = cute_nvgpu.pipeline_stage %skip : !cute_nvgpu.pipeline_state<4>
  return %stage : index
}

// CHECK-LABEL: func @consumer
func.func @consumer(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %n: index,
                    %a: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                    %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  // CHECK: cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  %end = scf.for %k = %c0 to %n step %c1 iter_args(%st = %start) -> (!cute_nvgpu.pipeline_state<2>) {
    // CHECK: cute_nvgpu.pipeline_consumer_wait %{{.*}}, %{{.*}} : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
    // CHECK: %[[MORE:.*]] = arith.cmpi ne
    %more = arith.cmpi ne, %k, %c0 : index
    // CHECK: cute_nvgpu.gemm #{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} accumulate %[[MORE]] : !cute.tensor
    cute_nvgpu.gemm #wg, %a, %b, %acc accumulate %more : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    // CHECK: cute_nvgpu.pipeline_consumer_release %{{.*}}, %{{.*}} : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
    %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<2>
    scf.yield %next : !cute_nvgpu.pipeline_state<2>
  }
  return
}
