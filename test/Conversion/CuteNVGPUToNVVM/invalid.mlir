// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -split-input-file -verify-diagnostics

// What this pass cannot lower says why, at the op.

// A wgmma operand tile must be one of the canonical layouts a matrix
// descriptor can name: here K-major rows are 32 bytes apart with no swizzle.
// The gemm's verifier reports it first, from the operand's type; the
// lowering checks the traced layout again.
#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
func.func @wgmma_descriptor_layout(%m: memref<1024xf16, 3>) {
  %l = cute.static : !cute.layout<"((64,16),1,1):((16,1),0,0)">
  %a = cute.make_tensor %m, %l : (memref<1024xf16, 3>, !cute.layout<"((64,16),1,1):((16,1),0,0)">) -> !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  // expected-error @+1 {{no wgmma descriptor for A ((64,16):(16,1), K-major): not a canonical K-major INTER layout: consecutive rows must be 16 bytes apart, got 32}}
  cute_nvgpu.gemm #wg, %a, %a, %c : !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, !cute.tensor<f16, smem, "((64,16),1,1):((16,1),0,0)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
  return
}

// -----

// The runtime entry the descriptor calls, declared by the user with another
// signature.
#tma = #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>
func.func private @cuteTmaDescriptorCreate(!llvm.ptr) -> !llvm.ptr
func.func @descriptor_callee_clash(%buf: memref<?xf16>, %m: index, %k: index) -> !llvm.ptr {
  %sh = cute.make_shape %m, %k : !cute.shape<"(?,?)">
  %st = cute.make_stride %k : !cute.stride<"(?,1)">
  %l = cute.make_layout %sh, %st : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %t = cute.make_tensor %buf, %l : (memref<?xf16>, !cute.layout<"(?,?):(?,1)">) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  // expected-error @+1 {{'cute_nvgpu.make_tma_descriptor' op @cuteTmaDescriptorCreate is declared with another type}}
  %d = cute_nvgpu.make_tma_descriptor #tma, %t : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
  return %d : !llvm.ptr
}

// -----

// The lowering unrolls a gemm's rest modes: a billion mma.sync is an error
// before the first is emitted (this took forever).
func.func @gemm_too_many_atoms() {
  %a = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1024,1024):(1,8,8192)">
  %b = cute.make_fragment : !cute.tensor<f16, rmem, "(4,1024,1024):(1,4,4096)">
  %c = cute.make_fragment : !cute.tensor<f32, rmem, "(4,1024,1024):(1,4,4096)">
  // expected-error @+1 {{'cute_nvgpu.gemm' op lowering unrolls the rest modes (M,N,K) of C (4,1024,1024):(1,4,4096) and A (8,1024,1024):(1,8,8192) into 1073741824 atoms, more than the 4096 it unrolls}}
  cute_nvgpu.gemm #cute_nvgpu.tiled_mma<#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN, "(1,1,1)">, %a, %b, %c : !cute.tensor<f16, rmem, "(8,1024,1024):(1,8,8192)">, !cute.tensor<f16, rmem, "(4,1024,1024):(1,4,4096)">, !cute.tensor<f32, rmem, "(4,1024,1024):(1,4,4096)">
  return
}

// -----

#u128 = #cute_nvgpu.copy_atom<"UniversalCopy_U128", f16>
func.func @copy_too_many_atoms() {
  %s = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1048576):(1,8)">
  %d = cute.make_fragment : !cute.tensor<f16, rmem, "(8,1048576):(1,8)">
  // expected-error @+1 {{'cute_nvgpu.copy' op lowering unrolls the copy of (8,1048576):(1,8) into 1048576 atoms, more than the 4096 it unrolls}}
  cute_nvgpu.copy #u128, %s, %d : !cute.tensor<f16, rmem, "(8,1048576):(1,8)">, !cute.tensor<f16, rmem, "(8,1048576):(1,8)">
  return
}

// -----

// A kernel keeps its name in the PTX, which has no `(` or `:` in names (the
// NVPTX backend aborted on this one).
gpu.module @k {
  // expected-error @+1 {{'gpu.func' op @"(16):(1)" is not a PTX name: letters, digits, `_` and `$`}}
  gpu.func @"(16):(1)"() kernel {
    gpu.return
  }
}

// -----

// Nor does PTX start a name with a digit, or make one of `_` or `$` alone
// (ptxas rejected these; `_k` and `$k` are names).
gpu.module @k {
  gpu.func @_k() kernel {
    gpu.return
  }
  gpu.func @"$k"() kernel {
    gpu.return
  }
  // expected-error @+1 {{'gpu.func' op @"1k" is not a PTX name: letters, digits, `_` and `$`, starting with a letter, or with `_` or `$` and one more}}
  gpu.func @"1k"() kernel {
    gpu.return
  }
}

// -----

gpu.module @k {
  // expected-error @+1 {{'gpu.func' op @"_" is not a PTX name}}
  gpu.func @_() kernel {
    gpu.return
  }
}

// -----

// A schedule as a kernel argument has no value to pass (the GPU lowering
// failed on the gpu.func, naming no reason).
gpu.module @k {
  // expected-error @+1 {{'gpu.func' op a stream-K schedule cannot be a block argument: use the result of cute_nvgpu.stream_k_schedule directly}}
  gpu.func @schedule_as_kernel_argument(%sk: !cute_nvgpu.stream_k) kernel {
    gpu.return
  }
}

// -----

func.func @schedule_of_poison() {
  // expected-error @+1 {{'ub.poison' op a stream-K schedule cannot be the result of this op: use the result of cute_nvgpu.stream_k_schedule directly}}
  %sk = ub.poison : !cute_nvgpu.stream_k
  return
}

// -----

// A stream-K schedule has no run-time value: only the stream-K ops, which
// the pass expands from the schedule's operands, may use it.
func.func @schedule_returned(%u: index, %k: index, %w: index) -> !cute_nvgpu.stream_k {
  // expected-error @+1 {{is still used by an op that is not a stream-K op}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  return %sk : !cute_nvgpu.stream_k
}

// -----

// A loop over 2^40 values of one register (a stride-0 mode): unrolling it
// would never end (it hung), so the pass refuses it.
gpu.module @k {
  gpu.func @huge_loop() kernel {
    %zero = arith.constant 0.0 : f32
    %f = cute.make_fragment : !cute.tensor<f32, rmem, "1099511627776:0">
    // expected-error @+1 {{a loop over a register fragment of 1099511627776 iterations of 3 operations would unroll to more than 65536 operations}}
    cute.fill %f, %zero : !cute.tensor<f32, rmem, "1099511627776:0">, f32
    gpu.return
  }
}

// -----

// 16384 values in a fragment of one register each: 4096 of them took the
// NVPTX backend 2 s, 16384 more than 20 s, in local memory, not registers.
gpu.module @k {
  gpu.func @local_memory_fragment(%g: !cute.tensor<f32, gmem, "16384:1">) kernel {
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{'cute.make_fragment' op a register fragment of 16384 values of 'f32' does not fit a thread's 255 registers}}
    %f = cute.make_fragment : !cute.tensor<f32, rmem, "16384:1">
    cute.fill %f, %zero : !cute.tensor<f32, rmem, "16384:1">, f32
    cute.copy %f, %g : !cute.tensor<f32, rmem, "16384:1">, !cute.tensor<f32, gmem, "16384:1">
    gpu.return
  }
}

// -----

// 1020 fp8 values fill 255 registers: the largest fragment of them.
gpu.module @k {
  gpu.func @fp8_fragment() kernel {
    // expected-error @+1 {{a register fragment of 1021 values of 'f8E4M3FN' does not fit a thread's 255 registers}}
    %f = cute.make_fragment : !cute.tensor<f8E4M3FN, rmem, "1021:1">
    gpu.return
  }
}

// -----

// An index is 64 bits (two registers), an i1 counted as a byte.
gpu.module @k {
  gpu.func @index_fragment() kernel {
    %i = cute.make_fragment : !cute.tensor<index, rmem, "127:1">
    %p = cute.make_fragment : !cute.tensor<i1, rmem, "1020:1">
    // expected-error @+1 {{a register fragment of 128 values of 'index' does not fit a thread's 255 registers}}
    %j = cute.make_fragment : !cute.tensor<index, rmem, "128:1">
    gpu.return
  }
}

// -----

// Constant operands the schedule cannot take: it divides by the workers and
// computes in 32 bits (both lowered silently, to a division by zero and a
// wrapped count at run time).
func.func @no_workers(%u: index, %k: index) -> index {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'cute_nvgpu.stream_k_schedule' op the schedule needs at least one worker, got 0}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %c0
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}

// -----

// A negative count wrapped around to 2^32 - 1 workers, units or k-tiles.
func.func @negative_workers(%u: index, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'cute_nvgpu.stream_k_schedule' op the schedule needs at least one worker, got -1}}
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %cm1
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}

// -----

func.func @negative_units(%k: index, %w: index) -> index {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  // expected-error @+1 {{'cute_nvgpu.stream_k_schedule' op the schedule's units are at least 0, got -1}}
  %sk = cute_nvgpu.stream_k_schedule %cm1, %k, %w
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}

// -----

func.func @negative_k_tiles(%u: index, %w: index) -> index {
  %c0 = arith.constant 0 : index
  %cm64 = arith.constant -64 : index
  // expected-error @+1 {{'cute_nvgpu.stream_k_schedule' op the schedule's k-tiles are at least 0, got -64}}
  %sk = cute_nvgpu.stream_k_schedule %u, %cm64, %w
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}

// -----

// No units and no k-tiles, for one worker: an empty schedule lowers.
func.func @empty_schedule() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sk = cute_nvgpu.stream_k_schedule %c0, %c0, %c1
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}

// -----

func.func @too_many_k_tiles(%w: index) -> index {
  %units = arith.constant 65536 : index
  %ktiles = arith.constant 32768 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'cute_nvgpu.stream_k_schedule' op units times k-tiles must be below 2^31 (the schedule is computed in 32 bits), got 65536 x 32768}}
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %w
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}

// -----

// Just below the limit: 65536 x 32767 k-tiles.
func.func @most_k_tiles(%w: index) -> index {
  %units = arith.constant 65536 : index
  %ktiles = arith.constant 32767 : index
  %c0 = arith.constant 0 : index
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %w
  %n = cute_nvgpu.stream_k_work_count %sk, %c0
  return %n : index
}
