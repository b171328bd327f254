// RUN: cute-opt %s --cute-nvgpu-lower-pipelines -canonicalize -cse -split-input-file -verify-diagnostics | FileCheck %s

// Pipelines become mbarrier ops on the full barriers (words 0 .. stages-1 of
// the memref) and the empty ones (stages .. 2*stages-1). A state is one i32,
// the phase in bit 31 (-2147483648) and the stage below (2147483647 masks
// it); the producer starts with the phase bit set.

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
#tmaB = #cute_nvgpu.tma_atom<load, f16, box = [64, 256], swizzle = 128>

// CHECK-LABEL: func @producer
// CHECK-SAME: (%[[BARS:[a-z0-9]+]]: memref<8xi64, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[C4I:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[BYTES:.*]] = arith.constant 49152 : index
// CHECK-DAG: %[[C31:.*]] = arith.constant 31 : i32
// CHECK-DAG: %[[MASK:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[PHASE:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG: %[[WARPS:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// Thread (0,0,0) initializes every stage's full (1 arrival) and empty
// (256 consumers: 8 warps) barrier, then the block syncs.
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: gpu.thread_id y
// CHECK: gpu.thread_id z
// CHECK: scf.if
// CHECK-NEXT: scf.for %[[S:.*]] = %{{.*}} to %[[C4]]
// CHECK-NEXT: cute_nvgpu.mbarrier_init %[[BARS]][%[[S]]], %[[C1]]
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[S]], %[[C4]] : index
// CHECK-NEXT: cute_nvgpu.mbarrier_init %[[BARS]][%[[E]]], %[[WARPS]]
// CHECK: gpu.barrier
// CHECK: %[[END:.*]] = scf.for {{.*}} iter_args(%[[ST:.*]] = %[[PHASE]]) -> (i32)
// Acquire: wait for the stage's empty barrier in the state's phase, then
// expect both boxes (16 KiB of A and 32 KiB of B) on its full barrier.
// CHECK-NEXT: %[[SI:.*]] = arith.andi %[[ST]], %[[MASK]] : i32
// CHECK-NEXT: %[[STAGE:.*]] = arith.index_castui %[[SI]] : i32 to index
// CHECK-NEXT: %[[EMPTY:.*]] = arith.addi %[[STAGE]], %[[C4]] : index
// CHECK-NEXT: %[[PI:.*]] = arith.shrui %[[ST]], %[[C31]] : i32
// CHECK-NEXT: %[[PH:.*]] = arith.index_castui %[[PI]] : i32 to index
// CHECK-NEXT: cute_nvgpu.mbarrier_wait %[[BARS]][%[[EMPTY]]], %[[PH]]
// CHECK-NEXT: cute_nvgpu.mbarrier_arrive %[[BARS]][%[[STAGE]]] expect_tx %[[BYTES]]
// CHECK-NEXT: cute_nvgpu.tma_copy #{{.*}} barrier %[[BARS]][%[[STAGE]]]
// CHECK-NEXT: cute_nvgpu.tma_copy #{{.*}} barrier %[[BARS]][%[[STAGE]]]
// Advance: stage + 1, or stage 0 with the phase flipped after stage 3.
// CHECK-NEXT: %[[INC:.*]] = arith.addi %[[ST]], %[[ONE]] : i32
// CHECK-NEXT: %[[INCS:.*]] = arith.andi %[[INC]], %[[MASK]] : i32
// CHECK-NEXT: %[[WRAP:.*]] = arith.cmpi eq, %[[INCS]], %[[C4I]] : i32
// CHECK-NEXT: %[[OLD:.*]] = arith.andi %[[ST]], %[[PHASE]] : i32
// CHECK-NEXT: %[[FLIP:.*]] = arith.xori %[[OLD]], %[[PHASE]] : i32
// CHECK-NEXT: %[[NEXT:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[INC]] : i32
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK: %[[ES:.*]] = arith.andi %[[END]], %[[MASK]] : i32
// CHECK: %[[R:.*]] = arith.index_castui %[[ES]] : i32 to index
// CHECK: return %[[R]]
func.func @producer(%bars: memref<8xi64, #gpu.address_space<workgroup>>, %d: !llvm.ptr, %n: index,
                    %gA: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                    %sA: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">,
                    %gB: !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64):(1,16777216)">,
                    %sB: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (256,64):(64,1)">) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 256 : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  %start = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
  %end = scf.for %k = %c0 to %n step %c1 iter_args(%st = %start) -> (!cute_nvgpu.pipeline_state<4>) {
    cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #tma, %d, %gA, %sA pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #tmaB, %d, %gB, %sB pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(256,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (256,64):(64,1)">, !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    %next = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<4>
    scf.yield %next : !cute_nvgpu.pipeline_state<4>
  }
  %stage = cute_nvgpu.pipeline_stage %end : !cute_nvgpu.pipeline_state<4>
  return %stage : index
}

// -----

#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>

// The consumers start in phase 0 (the constant 0 state). A release syncs the
// warp and lane 0 arrives on the stage's empty barrier. States also cross
// scf.if.
// CHECK-LABEL: func @consumer
// CHECK-SAME: (%[[BARS:[a-z0-9]+]]: memref<4xi64, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.for {{.*}} iter_args(%[[ST:.*]] = %[[ZERO]]) -> (i32)
// CHECK: %[[STAGE:.*]] = arith.index_castui
// CHECK: %[[PH:.*]] = arith.index_castui
// CHECK: cute_nvgpu.mbarrier_wait %[[BARS]][%[[STAGE]]], %[[PH]]
// CHECK: %[[EMPTY:.*]] = arith.addi %[[STAGE]], %[[C2]] : index
// CHECK: nvvm.bar.warp.sync %[[ALL]] : i32
// CHECK: %[[LANE:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %[[ZERO]] : i32
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: cute_nvgpu.mbarrier_arrive %[[BARS]][%[[EMPTY]]] : memref<4xi64
// CHECK: scf.if %{{.*}} -> (i32)
func.func @consumer(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %n: index, %skip: i1,
                    %d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                    %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %start = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  %end = scf.for %k = %c0 to %n step %c1 iter_args(%st = %start) -> (!cute_nvgpu.pipeline_state<2>) {
    cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
    cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
    %next = scf.if %skip -> !cute_nvgpu.pipeline_state<2> {
      scf.yield %st : !cute_nvgpu.pipeline_state<2>
    } else {
      %a = cute_nvgpu.pipeline_advance %st : !cute_nvgpu.pipeline_state<2>
      scf.yield %a : !cute_nvgpu.pipeline_state<2>
    }
    scf.yield %next : !cute_nvgpu.pipeline_state<2>
  }
  return
}

// -----

func.func @acquire_with_nothing_to_expect(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<2>
  // expected-error @+1 {{no cute_nvgpu.tma_copy completes on this pipeline state, so nothing would fill the stage: name it in the copies with `pipeline %pipe[%state]`}}
  cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

// expected-error @+1 {{a pipeline cannot be a block argument: use the result of cute_nvgpu.pipeline_create directly}}
func.func @pipeline_as_argument(%pipe: !cute_nvgpu.pipeline<2>) {
  %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

// A pipeline of no pipeline_create has no mbarriers to lower the steps to
// (the lowering dereferenced the missing create).
func.func @pipeline_of_poison() {
  // expected-error @+1 {{'ub.poison' op a pipeline cannot be the result of this op: use the result of cute_nvgpu.pipeline_create directly}}
  %pipe = ub.poison : !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func private @make() -> !cute_nvgpu.pipeline<2>

func.func @pipeline_of_a_call(%d: !llvm.ptr, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">,
                              %s: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">) {
  // expected-error @+1 {{'func.call' op a pipeline cannot be the result of this op}}
  %pipe = func.call @make() : () -> !cute_nvgpu.pipeline<2>
  %st = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_producer_acquire %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %d, %g, %s pipeline %pipe[%st] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_producer_tail %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_release %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func private @keep(!cute_nvgpu.pipeline<2>)

func.func @pipeline_escapes(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  // expected-error @+1 {{a pipeline can only be used by the pipeline ops and cute_nvgpu.tma_copy}}
  func.call @keep(%pipe) : (!cute_nvgpu.pipeline<2>) -> ()
  return
}

// -----

func.func @state_escapes() -> !cute_nvgpu.pipeline_state<2> {
  %st = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<2>
  // expected-error @+1 {{cannot lower a pipeline state that crosses this op: carry states through scf.for, scf.if and scf.while only}}
  return %st : !cute_nvgpu.pipeline_state<2>
}

// -----

// expected-error @+1 {{cannot lower a pipeline state that is an argument of this op: carry states through scf.for, scf.if and scf.while only}}
func.func @state_as_argument(%st: !cute_nvgpu.pipeline_state<2>) -> index {
  %s = cute_nvgpu.pipeline_stage %st : !cute_nvgpu.pipeline_state<2>
  return %s : index
}

// -----

// scf.execute_region's yield is not one the lowering carries states
// through (it failed on an unresolved materialization).
func.func @state_through_execute_region(%bars: memref<8xi64, #gpu.address_space<workgroup>>) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  %st = scf.execute_region -> !cute_nvgpu.pipeline_state<4> {
    %s = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
    // expected-error @+1 {{'scf.yield' op cannot lower a pipeline state that crosses this op: carry states through scf.for, scf.if and scf.while only}}
    scf.yield %s : !cute_nvgpu.pipeline_state<4>
  }
  cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
  return
}

// -----

func.func @state_of_poison(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  %pipe = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  // expected-error @+1 {{'ub.poison' op cannot lower a pipeline state that is a result of this op: carry states through scf.for, scf.if and scf.while only}}
  %st = ub.poison : !cute_nvgpu.pipeline_state<2>
  cute_nvgpu.pipeline_consumer_wait %pipe, %st : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

// Advancing by n stages: stage (s + n) mod 3, the phase flipped once for
// each round passed (bit 0 of (s + n) / 3, moved to bit 31).
// CHECK-LABEL: func @advance_by
// CHECK-SAME: (%[[N:.*]]: index, %[[T:.*]]: index)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[C31:.*]] = arith.constant 31 : i32
// CHECK-DAG: %[[MASK:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[PBIT:.*]] = arith.constant -2147483648 : i32
// CHECK: scf.for {{.*}} iter_args(%[[ST:.*]] = %{{.*}}) -> (i32)
// CHECK-NEXT: %[[NI:.*]] = arith.index_castui %[[N]] : index to i32
// CHECK-NEXT: %[[S:.*]] = arith.andi %[[ST]], %[[MASK]] : i32
// CHECK-NEXT: %[[P:.*]] = arith.andi %[[ST]], %[[PBIT]] : i32
// CHECK-NEXT: %[[TOTAL:.*]] = arith.addi %[[S]], %[[NI]] : i32
// CHECK-NEXT: %[[STAGE:.*]] = arith.remui %[[TOTAL]], %[[C3]] : i32
// CHECK-NEXT: %[[ROUNDS:.*]] = arith.divui %[[TOTAL]], %[[C3]] : i32
// CHECK-NEXT: %[[FLIP:.*]] = arith.shli %[[ROUNDS]], %[[C31]] : i32
// CHECK-NEXT: %[[PHASE:.*]] = arith.xori %[[P]], %[[FLIP]] : i32
// CHECK-NEXT: %[[NEXT:.*]] = arith.ori %[[PHASE]], %[[STAGE]] : i32
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
func.func @advance_by(%n: index, %t: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %st0 = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<3>
  %end = scf.for %i = %c0 to %t step %c1 iter_args(%st = %st0) -> (!cute_nvgpu.pipeline_state<3>) {
    %next = cute_nvgpu.pipeline_advance %st by %n : !cute_nvgpu.pipeline_state<3>
    scf.yield %next : !cute_nvgpu.pipeline_state<3>
  }
  %stage = cute_nvgpu.pipeline_stage %end : !cute_nvgpu.pipeline_state<3>
  return %stage : index
}
