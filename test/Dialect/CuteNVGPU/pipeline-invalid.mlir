// RUN: cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{a pipeline has 1 to 64 stages, got 0}}
func.func private @pipeline_without_stages(!cute_nvgpu.pipeline<0>)

// -----

// expected-error @+1 {{a pipeline has 1 to 64 stages, got 65}}
func.func private @state_of_too_many_stages(!cute_nvgpu.pipeline_state<65>)

// -----

func.func @create_with_too_few_barriers(%bars: memref<6xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a pipeline of 4 stages needs 8 mbarriers (a full and an empty one per stage), got 'memref<6xi64, #gpu.address_space<workgroup>>'}}
  %p = cute_nvgpu.pipeline_create %bars consumers 128 : memref<6xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
  return
}

// -----

func.func @create_with_dynamic_barriers(%bars: memref<?xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{a pipeline of 2 stages needs 4 mbarriers}}
  %p = cute_nvgpu.pipeline_create %bars consumers 128 : memref<?xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

func.func @create_in_global_memory(%bars: memref<4xi64, 1>) {
  // expected-error @+1 {{mbarriers live in shared memory (#gpu.address_space<workgroup>), not in 'memref<4xi64, 1>'}}
  %p = cute_nvgpu.pipeline_create %bars consumers 128 : memref<4xi64, 1> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

func.func @consumers_not_whole_warps(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{consumers release stages warp by warp: their count must be a multiple of 32 in 32 .. 1024, got 100}}
  %p = cute_nvgpu.pipeline_create %bars consumers 100 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

func.func @more_consumers_than_a_block(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{their count must be a multiple of 32 in 32 .. 1024, got 2048}}
  %p = cute_nvgpu.pipeline_create %bars consumers 2048 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
  return
}

// -----

func.func @state_of_another_pipeline(%p: !cute_nvgpu.pipeline<4>) {
  %s = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<3>
  // expected-error @+1 {{the state walks a pipeline of 3 stages, but the pipeline has 4}}
  cute_nvgpu.pipeline_consumer_wait %p, %s : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<3>
  return
}

// -----

func.func @release_state_of_another_pipeline(%p: !cute_nvgpu.pipeline<2>, %s: !cute_nvgpu.pipeline_state<4>) {
  // expected-error @+1 {{the state walks a pipeline of 4 stages, but the pipeline has 2}}
  cute_nvgpu.pipeline_consumer_release %p, %s : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<4>
  return
}

// -----

func.func @acquire_state_of_another_pipeline(%p: !cute_nvgpu.pipeline<2>, %s: !cute_nvgpu.pipeline_state<4>) {
  // expected-error @+1 {{the state walks a pipeline of 4 stages, but the pipeline has 2}}
  cute_nvgpu.pipeline_producer_acquire %p, %s : !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<4>
  return
}

// -----

func.func @advance_changes_stages(%s: !cute_nvgpu.pipeline_state<4>) {
  // expected-error @+1 {{all of {state, next} have same type}}
  %n = "cute_nvgpu.pipeline_advance"(%s) : (!cute_nvgpu.pipeline_state<4>) -> !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @unknown_role() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'role' [producer, consumer]}}
  %s = cute_nvgpu.pipeline_state reader : !cute_nvgpu.pipeline_state<4>
  return
}

// -----

func.func @tma_store_on_a_pipeline(%d: !llvm.ptr, %p: !cute_nvgpu.pipeline<2>, %s: !cute_nvgpu.pipeline_state<2>,
                                   %sm: !cute.tensor<f32, smem, "(16,16):(16,1)">, %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">) {
  // expected-error @+1 {{only a TMA load completes on a pipeline stage; a TMA store completes in a bulk async group}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<store, f32, box = [16, 16]>, %d, %sm, %g pipeline %p[%s] : !cute.tensor<f32, smem, "(16,16):(16,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @tma_load_on_barrier_and_pipeline(%d: !llvm.ptr, %p: !cute_nvgpu.pipeline<2>, %s: !cute_nvgpu.pipeline_state<2>,
                                            %bars: memref<2xi64, #gpu.address_space<workgroup>>, %i: index,
                                            %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, %sm: !cute.tensor<f32, smem, "(16,16):(16,1)">) {
  // expected-error @+1 {{a TMA load completes on an mbarrier or on a pipeline stage, not both}}
  "cute_nvgpu.tma_copy"(%d, %g, %sm, %bars, %i, %p, %s) <{atom = #cute_nvgpu.tma_atom<load, f32, box = [16, 16]>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0>}> : (!llvm.ptr, !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, !cute.tensor<f32, smem, "(16,16):(16,1)">, memref<2xi64, #gpu.address_space<workgroup>>, index, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<2>) -> ()
  return
}

// -----

func.func @tma_load_on_pipeline_without_state(%d: !llvm.ptr, %p: !cute_nvgpu.pipeline<2>,
                                              %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, %sm: !cute.tensor<f32, smem, "(16,16):(16,1)">) {
  // expected-error @+1 {{a pipeline completion names a pipeline and its state: `pipeline %pipe[%state]`}}
  "cute_nvgpu.tma_copy"(%d, %g, %sm, %p) <{atom = #cute_nvgpu.tma_atom<load, f32, box = [16, 16]>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0>}> : (!llvm.ptr, !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, !cute.tensor<f32, smem, "(16,16):(16,1)">, !cute_nvgpu.pipeline<2>) -> ()
  return
}

// -----

func.func @tma_load_state_of_another_pipeline(%d: !llvm.ptr, %p: !cute_nvgpu.pipeline<2>, %s: !cute_nvgpu.pipeline_state<3>,
                                              %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, %sm: !cute.tensor<f32, smem, "(16,16):(16,1)">) {
  // expected-error @+1 {{the state walks a pipeline of 3 stages, but the pipeline has 2}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f32, box = [16, 16]>, %d, %g, %sm pipeline %p[%s] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, !cute.tensor<f32, smem, "(16,16):(16,1)">, !cute_nvgpu.pipeline<2>, !cute_nvgpu.pipeline_state<3>
  return
}

// -----

func.func @tma_load_completes_nowhere(%d: !llvm.ptr,
                                      %g: !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, %sm: !cute.tensor<f32, smem, "(16,16):(16,1)">) {
  // expected-error @+1 {{a TMA load completes on an mbarrier: add `barrier %bars[%i]` or `pipeline %pipe[%state]`}}
  cute_nvgpu.tma_copy #cute_nvgpu.tma_atom<load, f32, box = [16, 16]>, %d, %g, %sm : !cute.tensor<!cute.coord<"(?,?)">, coord, "(16,16):(1,16777216)">, !cute.tensor<f32, smem, "(16,16):(16,1)">
  return
}

// -----

func.func @accumulate_is_not_i1(%a: !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, %b: !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">,
                                // expected-note @+1 {{prior use here}}
                                %c: !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">, %flag: i32) {
  // expected-error @+1 {{use of value '%flag' expects different type than prior uses: 'i1' vs 'i32'}}
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c accumulate %flag : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
  return
}
