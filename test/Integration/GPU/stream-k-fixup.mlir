// REQUIRES: cuda-sm90a
// RUN: cute-run %s --chip=sm_90a --no-cache | FileCheck %s

// Stream-K's schedule and fixup on the GPU, element by element, with no
// GEMM around them. A block of 128 threads is a worker (a 64x64 wgmma
// TiledMMA's threads, which the fixup's named barrier spans); for each work
// item it fills its accumulators with what its k-tiles contribute, value j
// of thread t of unit u adding (kt + 1) + (u + (t * V + j) mod 13) for each
// of its k-tiles kt, then stream_k_fixup combines the pieces of split units
// and the block that ran a unit's first k-tile writes the unit's values
// into a NaN-poisoned buffer. Every value must be the whole sum,
// K (K + 1) / 2 + K (u + (t * V + j) mod 13) (exact in f32), and the flags
// must be zero again after each launch. min_k_tiles 1 splits nearly every
// schedule with a partial last wave; the shapes cover pieces that end
// inside a unit, start inside one, span whole units, units split among
// all the workers, split-K (no full wave, every unit in 2, 3 or 5
// splits, one worker idle; a unit's later pieces are U workers apart),
// and the schedules for A and B beyond L2, which `operand_bytes %ktiles`
// against l2Bytes 64 selects for more than 64 k-tiles: ranges of 2/3 and
// of 3/4 of a unit, and whole units. @one passes the TiledMMA's fragment (V = 32), @two a
// fragment of two TiledMMA tiles (V = 64), as partition_fragment_C of a
// 64x128 tile makes it. @two_ready is @two with a fifth warp that waits
// for the later pieces' sums (stream_k_fixup_wait) and lets the 128
// threads' fixup go on through named barrier 2 (`ready 2`), as a
// warp-specialized kernel's producer does.

// CHECK: units 5 ktiles 6 workers 3: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 7 ktiles 4 workers 3: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 3 ktiles 40 workers 8: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 13 ktiles 9 workers 4: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 60 ktiles 8 workers 24: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 1 ktiles 100 workers 33: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 4 ktiles 9 workers 9: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 5 ktiles 50 workers 16: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 2 ktiles 13 workers 11: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 3 ktiles 70 workers 5: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 7 ktiles 80 workers 10: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: units 4 ktiles 66 workers 5: one-tile mismatches 0, flags 0; two-tile mismatches 0, flags 0; two-tile ready mismatches 0, flags 0
// CHECK: total mismatches 0

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @one(%units: index, %ktiles: index, %out: memref<?xf32, 1>,
                %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %worker = gpu.block_id x
    %workers = gpu.grid_dim x
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 1 operand_bytes %ktiles {l2Bytes = 64 : i64}
    %items = cute_nvgpu.stream_k_work_count %sk, %worker
    scf.for %i = %c0 to %items step %c1 {
      %u, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %worker, %i
      %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
      scf.for %j = %c0 to %c32 step %c1 {
        %tj = arith.muli %tid, %c32 : index
        %tj1 = arith.addi %tj, %j : index
        %r = arith.remui %tj1, %c13 : index
        %base = arith.addi %u, %r : index
        %sum = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%s = %c0) -> (index) {
          %kt1 = arith.addi %kt, %c1 : index
          %add = arith.addi %kt1, %base : index
          %s1 = arith.addi %s, %add : index
          scf.yield %s1 : index
        }
        %sumI = arith.index_cast %sum : index to i32
        %sumF = arith.uitofp %sumI : i32 to f32
        %cj = cute.make_coord %j : !cute.coord<"?">
        cute.store %sumF, %acc[%cj] : f32, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.coord<"?">
      }
      %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %i, %acc, %partials, %flags, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32, 1>, memref<?xi32, 1>
      scf.if %store {
        %ut = arith.muli %u, %c128 : index
        %row = arith.addi %ut, %tid : index
        %at = arith.muli %row, %c32 : index
        scf.for %j = %c0 to %c32 step %c1 {
          %cj = cute.make_coord %j : !cute.coord<"?">
          %v = cute.load %acc[%cj] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.coord<"?"> -> f32
          %o = arith.addi %at, %j : index
          memref.store %v, %out[%o] : memref<?xf32, 1>
        }
      }
    }
    gpu.return
  }

  gpu.func @two(%units: index, %ktiles: index, %out: memref<?xf32, 1>,
                %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %worker = gpu.block_id x
    %workers = gpu.grid_dim x
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 1 operand_bytes %ktiles {l2Bytes = 64 : i64}
    %items = cute_nvgpu.stream_k_work_count %sk, %worker
    scf.for %i = %c0 to %items step %c1 {
      %u, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %worker, %i
      %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">
      scf.for %j = %c0 to %c64 step %c1 {
        %tj = arith.muli %tid, %c64 : index
        %tj1 = arith.addi %tj, %j : index
        %r = arith.remui %tj1, %c13 : index
        %base = arith.addi %u, %r : index
        %sum = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%s = %c0) -> (index) {
          %kt1 = arith.addi %kt, %c1 : index
          %add = arith.addi %kt1, %base : index
          %s1 = arith.addi %s, %add : index
          scf.yield %s1 : index
        }
        %sumI = arith.index_cast %sum : index to i32
        %sumF = arith.uitofp %sumI : i32 to f32
        %cj = cute.make_coord %j : !cute.coord<"?">
        cute.store %sumF, %acc[%cj] : f32, !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, !cute.coord<"?">
      }
      %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %i, %acc, %partials, %flags, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, memref<?xf32, 1>, memref<?xi32, 1>
      scf.if %store {
        %ut = arith.muli %u, %c128 : index
        %row = arith.addi %ut, %tid : index
        %at = arith.muli %row, %c64 : index
        scf.for %j = %c0 to %c64 step %c1 {
          %cj = cute.make_coord %j : !cute.coord<"?">
          %v = cute.load %acc[%cj] : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, !cute.coord<"?"> -> f32
          %o = arith.addi %at, %j : index
          memref.store %v, %out[%o] : memref<?xf32, 1>
        }
      }
    }
    gpu.return
  }

  gpu.func @two_ready(%units: index, %ktiles: index, %out: memref<?xf32, 1>,
                %partials: memref<?xf32, 1>, %flags: memref<?xi32, 1>)
      kernel attributes {known_block_size = array<i32: 160, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %worker = gpu.block_id x
    %workers = gpu.grid_dim x
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 1 operand_bytes %ktiles {l2Bytes = 64 : i64}
    %items = cute_nvgpu.stream_k_work_count %sk, %worker
    // Warp 4 waits for the later pieces' sums; threads 0..127 add them.
    %waiter = arith.cmpi uge, %tid, %c128 : index
    scf.if %waiter {
      cute_nvgpu.stream_k_fixup_wait #tm, %sk, %worker, %flags ready 2 : memref<?xi32, 1>
    } else {
    scf.for %i = %c0 to %items step %c1 {
      %u, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %worker, %i
      %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">
      scf.for %j = %c0 to %c64 step %c1 {
        %tj = arith.muli %tid, %c64 : index
        %tj1 = arith.addi %tj, %j : index
        %r = arith.remui %tj1, %c13 : index
        %base = arith.addi %u, %r : index
        %sum = scf.for %kt = %kBegin to %kEnd step %c1 iter_args(%s = %c0) -> (index) {
          %kt1 = arith.addi %kt, %c1 : index
          %add = arith.addi %kt1, %base : index
          %s1 = arith.addi %s, %add : index
          scf.yield %s1 : index
        }
        %sumI = arith.index_cast %sum : index to i32
        %sumF = arith.uitofp %sumI : i32 to f32
        %cj = cute.make_coord %j : !cute.coord<"?">
        cute.store %sumF, %acc[%cj] : f32, !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, !cute.coord<"?">
      }
      %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %i, %acc, %partials, %flags, %tid ready 2 : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, memref<?xf32, 1>, memref<?xi32, 1>
      scf.if %store {
        %ut = arith.muli %u, %c128 : index
        %row = arith.addi %ut, %tid : index
        %at = arith.muli %row, %c64 : index
        scf.for %j = %c0 to %c64 step %c1 {
          %cj = cute.make_coord %j : !cute.coord<"?">
          %v = cute.load %acc[%cj] : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, !cute.coord<"?"> -> f32
          %o = arith.addi %at, %j : index
          memref.store %v, %out[%o] : memref<?xf32, 1>
        }
      }
    }
    }
    gpu.return
  }
}

// The values of a launch of @one (v = 32) or @two (v = 64) that differ from
// the whole sums, and the flags it left set.
func.func @check(%hOut: memref<?xf32>, %dFlags: memref<?xi32>, %units: index,
                 %ktiles: index, %workers: index, %v: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c13 = arith.constant 13 : index
  %c128 = arith.constant 128 : index
  %k1 = arith.addi %ktiles, %c1 : index
  %kk = arith.muli %ktiles, %k1 : index
  %ramp = arith.divui %kk, %c2 : index
  %n = arith.muli %units, %c128 : index
  %bad = scf.for %row = %c0 to %n step %c1 iter_args(%b = %c0) -> (index) {
    %u = arith.divui %row, %c128 : index
    %t = arith.remui %row, %c128 : index
    %b2 = scf.for %j = %c0 to %v step %c1 iter_args(%bb = %b) -> (index) {
      %tv = arith.muli %t, %v : index
      %tj = arith.addi %tv, %j : index
      %r = arith.remui %tj, %c13 : index
      %ur = arith.addi %u, %r : index
      %kur = arith.muli %ktiles, %ur : index
      %want = arith.addi %ramp, %kur : index
      %wantI = arith.index_cast %want : index to i32
      %wantF = arith.uitofp %wantI : i32 to f32
      %rv = arith.muli %row, %v : index
      %at = arith.addi %rv, %j : index
      %got = memref.load %hOut[%at] : memref<?xf32>
      %ok = arith.cmpf oeq, %got, %wantF : f32
      %one = arith.select %ok, %c0, %c1 : index
      %bb1 = arith.addi %bb, %one : index
      scf.yield %bb1 : index
    }
    scf.yield %b2 : index
  }
  %hFlags = memref.alloc(%workers) : memref<?xi32>
  gpu.memcpy %hFlags, %dFlags : memref<?xi32>, memref<?xi32>
  %set = scf.for %w = %c0 to %workers step %c1 iter_args(%s = %c0) -> (index) {
    %f = memref.load %hFlags[%w] : memref<?xi32>
    %zero = arith.constant 0 : i32
    %isZero = arith.cmpi eq, %f, %zero : i32
    %one = arith.select %isZero, %c0, %c1 : index
    %s1 = arith.addi %s, %one : index
    scf.yield %s1 : index
  }
  memref.dealloc %hFlags : memref<?xi32>
  return %bad, %set : index, index
}

// Launches @one and @two on one schedule and prints what they got wrong.
func.func @run(%units: index, %ktiles: index, %workers: index) -> index {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c160 = arith.constant 160 : index
  %nan = arith.constant 0x7FC00000 : f32
  %zero = arith.constant 0 : i32
  %rows = arith.muli %units, %c128 : index
  %n = arith.muli %rows, %c64 : index
  %slots = arith.muli %workers, %c128 : index
  %np = arith.muli %slots, %c64 : index
  %dOut = gpu.alloc (%n) : memref<?xf32>
  %dPartials = gpu.alloc (%np) : memref<?xf32>
  %dFlags = gpu.alloc (%workers) : memref<?xi32>
  %gOut = memref.memory_space_cast %dOut : memref<?xf32> to memref<?xf32, 1>
  %gPartials = memref.memory_space_cast %dPartials : memref<?xf32> to memref<?xf32, 1>
  %gFlags = memref.memory_space_cast %dFlags : memref<?xi32> to memref<?xi32, 1>
  %hOut = memref.alloc(%n) : memref<?xf32>

  gpu.memset %dOut, %nan : memref<?xf32>, f32
  gpu.memset %dFlags, %zero : memref<?xi32>, i32
  gpu.launch_func @kernels::@one blocks in (%workers, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%units : index, %ktiles : index, %gOut : memref<?xf32, 1>,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.memcpy %hOut, %dOut : memref<?xf32>, memref<?xf32>
  %bad1, %set1 = func.call @check(%hOut, %dFlags, %units, %ktiles, %workers, %c32) : (memref<?xf32>, memref<?xi32>, index, index, index, index) -> (index, index)

  gpu.memset %dOut, %nan : memref<?xf32>, f32
  gpu.launch_func @kernels::@two blocks in (%workers, %c1, %c1) threads in (%c128, %c1, %c1)
      args(%units : index, %ktiles : index, %gOut : memref<?xf32, 1>,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.memcpy %hOut, %dOut : memref<?xf32>, memref<?xf32>
  %bad2, %set2 = func.call @check(%hOut, %dFlags, %units, %ktiles, %workers, %c64) : (memref<?xf32>, memref<?xi32>, index, index, index, index) -> (index, index)

  gpu.memset %dOut, %nan : memref<?xf32>, f32
  gpu.launch_func @kernels::@two_ready blocks in (%workers, %c1, %c1) threads in (%c160, %c1, %c1)
      args(%units : index, %ktiles : index, %gOut : memref<?xf32, 1>,
           %gPartials : memref<?xf32, 1>, %gFlags : memref<?xi32, 1>)
  gpu.memcpy %hOut, %dOut : memref<?xf32>, memref<?xf32>
  %bad3, %set3 = func.call @check(%hOut, %dFlags, %units, %ktiles, %workers, %c64) : (memref<?xf32>, memref<?xi32>, index, index, index, index) -> (index, index)

  %u = arith.index_cast %units : index to i64
  %k = arith.index_cast %ktiles : index to i64
  %w = arith.index_cast %workers : index to i64
  %b1 = arith.index_cast %bad1 : index to i64
  %s1 = arith.index_cast %set1 : index to i64
  %b2 = arith.index_cast %bad2 : index to i64
  %s2 = arith.index_cast %set2 : index to i64
  %b3 = arith.index_cast %bad3 : index to i64
  %s3 = arith.index_cast %set3 : index to i64
  vector.print str "units "
  vector.print %u : i64 punctuation <no_punctuation>
  vector.print str " ktiles "
  vector.print %k : i64 punctuation <no_punctuation>
  vector.print str " workers "
  vector.print %w : i64 punctuation <no_punctuation>
  vector.print str ": one-tile mismatches "
  vector.print %b1 : i64 punctuation <no_punctuation>
  vector.print str ", flags "
  vector.print %s1 : i64 punctuation <no_punctuation>
  vector.print str "; two-tile mismatches "
  vector.print %b2 : i64 punctuation <no_punctuation>
  vector.print str ", flags "
  vector.print %s2 : i64 punctuation <no_punctuation>
  vector.print str "; two-tile ready mismatches "
  vector.print %b3 : i64 punctuation <no_punctuation>
  vector.print str ", flags "
  vector.print %s3 : i64
  memref.dealloc %hOut : memref<?xf32>
  gpu.dealloc %dOut : memref<?xf32>
  gpu.dealloc %dPartials : memref<?xf32>
  gpu.dealloc %dFlags : memref<?xi32>
  %b12 = arith.addi %bad1, %bad2 : index
  %b = arith.addi %b12, %bad3 : index
  %s12 = arith.addi %set1, %set2 : index
  %s = arith.addi %s12, %set3 : index
  %all = arith.addi %b, %s : index
  return %all : index
}

func.func @main() -> i32 {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c13 = arith.constant 13 : index
  %c24 = arith.constant 24 : index
  %c33 = arith.constant 33 : index
  %c40 = arith.constant 40 : index
  %c60 = arith.constant 60 : index
  %c100 = arith.constant 100 : index
  %r1 = func.call @run(%c5, %c6, %c3) : (index, index, index) -> index
  %r2 = func.call @run(%c7, %c4, %c3) : (index, index, index) -> index
  %r3 = func.call @run(%c3, %c40, %c8) : (index, index, index) -> index
  %r4 = func.call @run(%c13, %c9, %c4) : (index, index, index) -> index
  %r5 = func.call @run(%c60, %c8, %c24) : (index, index, index) -> index
  %r6 = func.call @run(%c1, %c100, %c33) : (index, index, index) -> index
  %c2 = arith.constant 2 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %c50 = arith.constant 50 : index
  %r7 = func.call @run(%c4, %c9, %c9) : (index, index, index) -> index
  %r8 = func.call @run(%c5, %c50, %c16) : (index, index, index) -> index
  %r9 = func.call @run(%c2, %c13, %c11) : (index, index, index) -> index
  %c10 = arith.constant 10 : index
  %c66 = arith.constant 66 : index
  %c70 = arith.constant 70 : index
  %c80 = arith.constant 80 : index
  %r10 = func.call @run(%c3, %c70, %c5) : (index, index, index) -> index
  %r11 = func.call @run(%c7, %c80, %c10) : (index, index, index) -> index
  %r12 = func.call @run(%c4, %c66, %c5) : (index, index, index) -> index
  %a = arith.addi %r1, %r2 : index
  %b = arith.addi %a, %r3 : index
  %c = arith.addi %b, %r4 : index
  %d = arith.addi %c, %r5 : index
  %e6 = arith.addi %d, %r6 : index
  %e7 = arith.addi %e6, %r7 : index
  %e8 = arith.addi %e7, %r8 : index
  %e9 = arith.addi %e8, %r9 : index
  %e10 = arith.addi %e9, %r10 : index
  %e11 = arith.addi %e10, %r11 : index
  %e = arith.addi %e11, %r12 : index
  %eI = arith.index_cast %e : index to i64
  vector.print str "total mismatches "
  vector.print %eI : i64
  %rc = arith.index_cast %e : index to i32
  return %rc : i32
}
}
