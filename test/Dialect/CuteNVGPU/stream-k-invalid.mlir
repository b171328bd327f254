// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Every error of the stream-K ops names the condition it breaks.

func.func @no_k_tiles(%u: index, %k: index, %w: index) {
  // expected-error @+1 {{a worker's range holds at least one k-tile, got min_k_tiles 0}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w min_k_tiles 0
  return
}

// -----

func.func @wide_min(%u: index, %k: index, %w: index) {
  // expected-error @+1 {{min_k_tiles is at most 2^31 - 1, got 10000000000}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w min_k_tiles 10000000000
  return
}

// -----

// The attributes are I64Attrs, whose getters are unsigned: min_k_tiles -5
// read as 2^64 - 5 (and was reported as too large), l2Bytes -1 as 2^64 - 1
// (and passed).
func.func @negative_min(%u: index, %k: index, %w: index) {
  // expected-error @+1 {{a worker's range holds at least one k-tile, got min_k_tiles -5}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w min_k_tiles -5
  return
}

// -----

func.func @no_l2(%u: index, %k: index, %w: index, %bytes: index) {
  // expected-error @+1 {{the L2 holds at least one byte, got l2Bytes 0}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w operand_bytes %bytes {l2Bytes = 0 : i64}
  return
}

// -----

func.func @negative_l2(%u: index, %k: index, %w: index, %bytes: index) {
  // expected-error @+1 {{the L2 holds at least one byte, got l2Bytes -1}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w operand_bytes %bytes {l2Bytes = -1 : i64}
  return
}

// -----

func.func @schedule_argument(%sk: !cute_nvgpu.stream_k, %me: index) {
  // expected-error @+1 {{the schedule must be the result of cute_nvgpu.stream_k_schedule (it has no run-time value to pass through a block argument)}}
  %n = cute_nvgpu.stream_k_work_count %sk, %me
  return
}

// -----

func.func @work_schedule_argument(%sk: !cute_nvgpu.stream_k, %me: index, %i: index) {
  // expected-error @+1 {{the schedule must be the result of cute_nvgpu.stream_k_schedule}}
  %unit, %b, %e = cute_nvgpu.stream_k_work %sk, %me, %i
  return
}

// -----

func.func @quadpair_threads(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the TiledMMA's 8 threads must be whole warps of one block (a multiple of 32, at most 1024) to share a named barrier}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM70_8x8x4_F32F16F16F32_TN, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @block_barrier(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the named barrier is 1..15 (0 is the block's), got 0}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t {barrierId = 0 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @big_cluster(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4, 4]}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t cluster [4, 4] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

// 2^32 x 2^32 CTAs overflow to 0 when multiplied out.
func.func @cluster_overflow(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4294967296, 4294967296]}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t cluster [4294967296, 4294967296] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @f16_fragment(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f16, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the accumulators are a fragment (rmem) of the atom's 'f32', got '!cute.tensor<f16, rmem, "((2,2,8),1,1):((1,2,4),0,0)">'}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f16, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

// 2^31 - 1 of the TiledMMA's tiles: no thread holds that many accumulators
// (lowering it unrolled forever).
func.func @fragment_beyond_registers(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,2147483647):((1,2,4),0,32)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{a thread's 68719476704 accumulators of 'f32' do not fit its 255 registers}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,2147483647):((1,2,4),0,32)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

// One and a half of the TiledMMA's tiles.
func.func @fragment_of_no_whole_tiles(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,3):((1,2,4),0,32)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{each of the 128 threads holds 64 accumulators of each 64x128 tile, but the fragment is ((2,2,8),1,3):((1,2,4),0,32)}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x128x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,3):((1,2,4),0,32)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @half_fragment(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,4),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{each of the 128 threads holds 32 accumulators of each 64x64 tile, but the fragment is ((2,2,4),1,1):((1,2,4),0,0)}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,4),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @f16_partials(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf16>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the partial sums are a memref of 'f32' accumulators in global memory, got 'memref<?xf16>'}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf16>, memref<?xi32>
  return
}

// -----

func.func @shared_partials(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32, #gpu.address_space<workgroup>>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the partial sums are a memref of 'f32' accumulators in global memory, got 'memref<?xf32, #gpu.address_space<workgroup>>'}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, #gpu.address_space<workgroup>>, memref<?xi32>
  return
}

// -----

func.func @shared_flags(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32, #gpu.address_space<workgroup>>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the flags are in global memory, got 'memref<?xi32, #gpu.address_space<workgroup>>'}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @ready_is_fixup_barrier(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the ready barrier must differ from the fixup's own named barrier, 1}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t ready 1 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @ready_out_of_range(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the ready barrier is a named barrier 1..15 (0 is the block's), got 16}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t ready 16 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

func.func @wait_ready_zero(%u: index, %k: index, %w: index, %f: memref<?xi32>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the ready barrier is a named barrier 1..15 (0 is the block's), got 0}}
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %f ready 0 : memref<?xi32>
  return
}

// -----

func.func @wait_too_many_threads(%u: index, %k: index, %w: index, %f: memref<?xi32>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the ready barrier joins the TiledMMA's 1024 threads and one warp, whole warps of one block (at most 1024 threads)}}
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(8,1,1)">, %sk, %w, %f ready 2 : memref<?xi32>
  return
}

// -----

func.func @wait_shared_flags(%u: index, %k: index, %w: index, %f: memref<?xi32, #gpu.address_space<workgroup>>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the flags are in global memory, got 'memref<?xi32, #gpu.address_space<workgroup>>'}}
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %f ready 2 : memref<?xi32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @wait_schedule_argument(%sk: !cute_nvgpu.stream_k, %w: index, %f: memref<?xi32>) {
  // expected-error @+1 {{the schedule must be the result of cute_nvgpu.stream_k_schedule}}
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %f ready 2 : memref<?xi32>
  return
}

// -----

func.func @wait_bad_cluster(%u: index, %k: index, %w: index, %f: memref<?xi32>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs}}
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %f ready 2 cluster [0, 1] : memref<?xi32>
  return
}

// -----

func.func @wait_cluster_overflow(%u: index, %k: index, %w: index, %f: memref<?xi32>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4294967296, 4294967296]}}
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %f ready 2 cluster [4294967296, 4294967296] : memref<?xi32>
  return
}

// -----

// 2^31 tiles at stride 0: a cosize of 32, but the lowering unrolls every
// value, so the check counts the size (the cosize let it through and hung).
func.func @fragment_beyond_registers_at_stride_zero(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),2147483648,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{a thread's 68719476736 accumulators of 'f32' do not fit its 255 registers}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),2147483648,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

// A split unit's later pieces pass their sums through a slot of `partials`:
// a static workspace of no elements has none.
func.func @no_partial_sums(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<0xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the partial sums are 'memref<0xf32>', which has no slot, but the schedule may split a unit and pass its partial sums through them (4096 values a slot, one slot per CTA of each worker)}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<0xf32>, memref<?xi32>
  return
}

// -----

func.func @no_flags(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32, 1>, %f: memref<0xi32, 1>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the flags are 'memref<0xi32, 1>', which has no slot, but the schedule may split a unit and pass its partial sums through them (1 value a slot, one slot per CTA of each worker)}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<0xi32, 1>
  return
}

// -----

// With a constant number of workers, each CTA of each: 3 workers of 2 CTAs
// need 6 slots of 4096 values, and 8192 values hold two.
func.func @partial_sums_short_of_the_workers(%u: index, %k: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<8192xf32>, %f: memref<?xi32>, %t: index) {
  %w = arith.constant 3 : index
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the partial sums are 'memref<8192xf32>', fewer than the 3 workers' slots (one per CTA of a cluster of 2, 4096 values each) need}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<8192xf32>, memref<?xi32>
  return
}

// -----

// The ready barrier joins the TiledMMA's 256 threads and a producer warp;
// named barrier 3 is also the second warpgroup's in the epilogue.
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">
func.func @ready_barrier_of_the_epilogue(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index,
                                         %d: !llvm.ptr, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xbf16, #gpu.address_space<workgroup>>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the ready barrier 3 is also a named barrier of cute_nvgpu.epilogue_store in this kernel (barriers 2..3), which other threads wait on: give the ready barrier an id no other op uses}}
  %s = cute_nvgpu.stream_k_fixup #tm2, %sk, %w, %i, %acc, %p, %f, %t ready 3 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  // expected-note @+1 {{the other user of barrier 3}}
  cute_nvgpu.epilogue_store #tm2, #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>, %d, %acc, %tile, %buf, %t if %s per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  return
}

// -----

// Another fixup's own named barrier is not the ready barrier either.
func.func @ready_barrier_of_another_fixup(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the ready barrier 2 is also a named barrier of cute_nvgpu.stream_k_fixup in this kernel (barrier 2)}}
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t ready 2 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  // expected-note @+1 {{the other user of barrier 2}}
  %s2 = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %w, %i, %acc, %p, %f, %t {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return
}

// -----

// A fixup's own named barrier joins the TiledMMA's 256 threads; barrier 2
// is also the first warpgroup's alone in a per_warpgroup epilogue.
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">
func.func @fixup_barrier_of_a_warpgroup(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index,
                                        %d: !llvm.ptr, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xbf16, #gpu.address_space<workgroup>>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  // expected-error @+1 {{the named barrier 2 of the TiledMMA's 256 threads is also a per_warpgroup barrier of an epilogue_store, where one warpgroup's 128 threads synchronize}}
  %s = cute_nvgpu.stream_k_fixup #tm2, %sk, %w, %i, %acc, %p, %f, %t {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  // expected-note @+1 {{the per_warpgroup epilogue_store}}
  cute_nvgpu.epilogue_store #tm2, #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>, %d, %acc, %tile, %buf, %t if %s per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  return
}
