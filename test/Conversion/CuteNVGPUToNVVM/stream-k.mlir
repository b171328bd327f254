// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -canonicalize -cse | FileCheck %s

// stream_k_fixup of one 64x64 wgmma tile (128 threads, 32 f32 values each)
// in clusters of 2x1 CTAs: a unit's pieces are added up in its first
// piece. A piece that starts its unit and ends inside it (k_begin == 0,
// k_end != K) loops over the unit's later pieces, the workers worker + i D
// for i = 1 .. peers, where D is the schedule's piece stride (the units U
// with split-K, else 1) and peers their number (s - 1 with split-K, else
// the worker of the unit's last k-tile less this one), selected when the
// schedule expands (split-K's only in a branch taken with no full wave and
// at most 7/8 W units): for each, thread 0 spins on the slot (worker + i D) *
// 2 + rank's flag with an acquire at GPU scope and clears it, then after a
// named barrier over the 128 threads every thread adds the slot's values,
// 64 * 64 floats a slot, thread t's run of four values v..v+3 at
// v * 128 + 4 t (a warp's 16-byte accesses contiguous). A piece that starts
// inside its unit (k_begin != 0) writes its own sum to its own slot
// (worker * 2 + rank) and, after the barrier, thread 0 sets the slot's flag
// with a release at GPU scope: no piece waits before it publishes. The
// op's result: this CTA stores the tile unless it wrote partial sums:
// k_begin == 0.

// CHECK-LABEL: gpu.func @fixup
// CHECK: %[[UNITS:.*]] = arith.index_castui %arg0 : index to i32
// A worker's share of the stream-K k-tiles, S K / P, divides only where
// stream-K runs.
// CHECK: %[[SHARE:.*]]:2 = scf.if %{{.*}} -> (i32, i32) {
// CHECK-NEXT: arith.divui
// CHECK-NEXT: arith.remui
// CHECK: %[[SCHED:.*]]:8 = scf.if
// CHECK: arith.select %{{.*}}, %[[UNITS]], %c1_i32 : i32
// CHECK: } else {
// CHECK: scf.for
// CHECK: gpu.cluster_block_id y
// CHECK: gpu.cluster_block_id x
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %thread_id_x, %c0 : index
// CHECK: %[[CONTINUED:.*]] = arith.cmpi ne, %[[KEND:.*]], %[[KTILES:.*]] : i32
// CHECK-NEXT: %[[CONTRIBUTES:.*]] = arith.cmpi ne, %[[KBEGIN:.*]], %c0_i32 : i32
// CHECK-NEXT: %[[STARTS:.*]] = arith.cmpi eq, %[[KBEGIN]], %c0_i32 : i32
// CHECK-NEXT: %[[GATHERS:.*]] = arith.andi %[[CONTINUED]], %[[STARTS]] : i1
// CHECK-NEXT: scf.if %[[GATHERS]] {
// CHECK: scf.for %[[I:.*]] = %c1_i32 to %{{.*}} step %c1_i32 : i32 {
// CHECK-NEXT: %[[HOP:.*]] = arith.muli %[[I]], %[[SCHED]]#{{[0-9]+}} : i32
// CHECK-NEXT: %[[PEER:.*]] = arith.addi %{{.*}}, %[[HOP]] : i32
// CHECK-NEXT: arith.muli %[[PEER]], %c2_i32 : i32
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: scf.while : () -> () {
// CHECK-NEXT: %[[SEEN:.*]] = llvm.load %{{.*}} atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK-NEXT: %[[WAITING:.*]] = arith.cmpi eq, %[[SEEN]], %c0_i32 : i32
// CHECK-NEXT: scf.condition(%[[WAITING]])
// CHECK: llvm.store %c0_i32, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: nvvm.barrier id = %c2_i32 number_of_threads = %c128_i32
// CHECK: %[[SLOT:.*]] = arith.muli %{{.*}}, %c4096 : index
// CHECK: %[[OFFSET:.*]] = arith.muli %thread_id_x, %c4 : index
// CHECK: arith.addi %[[SLOT]], %[[OFFSET]] : index
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NOT: scf.for
// CHECK: scf.if %[[CONTRIBUTES]] {
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: %[[SECOND:.*]] = arith.addi %{{.*}}, %c512 : index
// CHECK: arith.addi %[[SECOND]], %{{.*}} : index
// CHECK-COUNT-7: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: nvvm.barrier id = %c2_i32 number_of_threads = %c128_i32
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: llvm.store %c1_i32, %{{.*}} atomic syncscope("device") release {alignment = 4 : i64} : i32, !llvm.ptr<1>
// The result, k_begin == 0, is the same value as the gather's STARTS.
// CHECK: scf.if %[[STARTS]]
// CHECK: gpu.return

// A fragment of two of the TiledMMA's tiles (64x128 of 64x64, as
// partition_fragment_C makes it): 64 values a thread, a slot of 128 * 64,
// the second tile's values after the first's.
// CHECK-LABEL: gpu.func @fixup_two_tiles
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: arith.muli %{{.*}}, %c8192 : index
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NOT: llvm.load %{{.*}} -> vector<4xf32>
// CHECK: scf.if
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store %{{.*}} vector<4xf32>
// CHECK: gpu.return
// With `ready`, a warp outside the TiledMMA waits for the later pieces'
// flags after its items: if the worker's last piece starts its unit
// (begin <= the unit's start) and ends inside it (end < the unit's end),
// lane 0 spins (acquire) on each later piece's flag in turn and clears
// it, then the warp arrives on named barrier 2 for 128 + 32 threads. The
// fixup's threads synchronize on that barrier once instead: no spin, no
// clear and no other barrier before they add the slots' values.
// CHECK-LABEL: gpu.func @fixup_ready
// CHECK: scf.if
// CHECK: scf.if
// CHECK: %[[STARTS:.*]] = arith.cmpi ule, %{{.*}}, %[[LASTSTART:.*]] : i32
// CHECK-NEXT: %[[ENDSIN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[NONEMPTYIN:.*]] = arith.andi %{{.*}}, %[[ENDSIN]] : i1
// CHECK-NEXT: %[[WAITS:.*]] = arith.andi %[[NONEMPTYIN]], %[[STARTS]] : i1
// CHECK: scf.if %[[WAITS]] {
// CHECK: %[[LANE:.*]] = nvvm.read.ptx.sreg.laneid : i32
// CHECK-NEXT: %[[LANE0:.*]] = arith.cmpi eq, %[[LANE]], %c0_i32 : i32
// CHECK-NEXT: scf.if %[[LANE0]] {
// CHECK-NEXT: %[[BOUND:.*]] = arith.addi %{{.*}}, %c1_i32 : i32
// CHECK-NEXT: scf.for %{{.*}} = %c1_i32 to %[[BOUND]] step %c1_i32  : i32 {
// CHECK: scf.while
// CHECK-NEXT: llvm.load %{{.*}} atomic syncscope("device") acquire
// CHECK: llvm.store %c0_i32, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: nvvm.bar.warp.sync %c-1_i32
// CHECK-NEXT: nvvm.barrier.arrive id = %c2_i32 number_of_threads = %c160_i32
// CHECK: scf.for
// CHECK: scf.if %{{.*}} {
// CHECK-NOT: scf.while
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier id = %c2_i32 number_of_threads = %c160_i32
// CHECK-NOT: nvvm.barrier
// CHECK: scf.for
// CHECK-NOT: nvvm.barrier
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NOT: scf.while
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: llvm.store %{{.*}} atomic syncscope("device") release
// CHECK: gpu.return
#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @fixup(%units: index, %ktiles: index, %partials: memref<?xf32>,
                  %flags: memref<?xi32>, %out: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %worker = gpu.cluster_id x
    %workers = gpu.cluster_dim x
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 4
    %items = cute_nvgpu.stream_k_work_count %sk, %worker
    scf.for %i = %c0 to %items step %c1 {
      %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
      %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %i, %acc, %partials, %flags, %tid cluster [2, 1] {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
      scf.if %store {
        %first = cute.make_coord %c0 : !cute.coord<"?">
        %v = cute.load %acc[%first] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.coord<"?"> -> f32
        memref.store %v, %out[%i] : memref<?xf32>
      }
    }
    gpu.return
  }

  gpu.func @fixup_two_tiles(%units: index, %ktiles: index, %partials: memref<?xf32>,
                            %flags: memref<?xi32>, %out: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %worker = gpu.block_id x
    %workers = gpu.grid_dim x
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 4
    %items = cute_nvgpu.stream_k_work_count %sk, %worker
    scf.for %i = %c0 to %items step %c1 {
      %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">
      %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %i, %acc, %partials, %flags, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, memref<?xf32>, memref<?xi32>
      scf.if %store {
        %first = cute.make_coord %c0 : !cute.coord<"?">
        %v = cute.load %acc[%first] : !cute.tensor<f32, rmem, "((2,2,8),1,2):((1,2,4),0,32)">, !cute.coord<"?"> -> f32
        memref.store %v, %out[%i] : memref<?xf32>
      }
    }
    gpu.return
  }

  gpu.func @fixup_ready(%units: index, %ktiles: index, %partials: memref<?xf32>,
                        %flags: memref<?xi32>, %out: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %tid = gpu.thread_id x
    %worker = gpu.cluster_id x
    %workers = gpu.cluster_dim x
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 4
    %items = cute_nvgpu.stream_k_work_count %sk, %worker
    %producer = arith.cmpi uge, %tid, %c128 : index
    scf.if %producer {
      cute_nvgpu.stream_k_fixup_wait #tm, %sk, %worker, %flags ready 2 cluster [2, 1] : memref<?xi32>
    }
    %consumer = arith.cmpi ult, %tid, %c128 : index
    scf.if %consumer {
      scf.for %i = %c0 to %items step %c1 {
        %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
        %store = cute_nvgpu.stream_k_fixup #tm, %sk, %worker, %i, %acc, %partials, %flags, %tid ready 2 cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
        scf.if %store {
          %first = cute.make_coord %c0 : !cute.coord<"?">
          %v = cute.load %acc[%first] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.coord<"?"> -> f32
          memref.store %v, %out[%i] : memref<?xf32>
        }
      }
    }
    gpu.return
  }
}
}
