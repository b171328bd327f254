// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -canonicalize -cse | FileCheck %s

// epilogue_store of one 64x64 wgmma tile (128 threads, 32 f32 values each)
// as f16 in 64x32 boxes (64-byte swizzle), two stages. The values are in
// stmatrix's fragment: per warp (16 rows) and box, two stmatrix.x4 each
// store a 16x16 block as four 8x8 matrices (rows 0-7 and 8-15 of 8
// columns, then of the next 8), from four pairs of a thread's values packed
// in 32-bit registers. Lane l gives the address of row l % 8 of matrix
// l / 8: its warp's first row (the thread's first value's row, (t/4)%8 +
// 16(t/32), less (l/4)) plus 8 (m % 2) + l % 8, and column 8 (m / 2); byte
// offset (32 row + column) * 2. The second block is 16 columns (+32 bytes)
// right, the second box's blocks land in the second stage (+4096, +4128).
// The 64-byte swizzle XORs address bits 7-8 into bits 4-5. With a stage
// for each box, thread 0 waits until TMA has read the buffer, a named
// barrier of the 128 threads, the stores of both boxes, one proxy fence,
// one barrier, and thread 0 stores the boxes at (column, row) = (origin n +
// 32 box, origin m), each a bulk group.

// CHECK-LABEL: gpu.func @store
// CHECK-DAG: %[[SHIFT:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(48 : i64) : i64
// CHECK: %[[TID:.*]] = gpu.thread_id  x
// CHECK: %[[ROW:.*]] = arith.remui %[[FIRST:.*]], %c64 : index
// CHECK-NEXT: %[[COL:.*]] = arith.divui %[[FIRST]], %c64 : index
// CHECK-NEXT: %[[LANE:.*]] = arith.remui %[[TID]], %c32 : index
// CHECK-NEXT: %[[MAT:.*]] = arith.divui %[[LANE]], %c8 : index
// CHECK-NEXT: %[[LROW:.*]] = arith.divui %[[LANE]], %c4 : index
// CHECK-NEXT: %[[WROW:.*]] = arith.subi %[[ROW]], %[[LROW]] : index
// CHECK-NEXT: %[[LQ:.*]] = arith.remui %[[LANE]], %c4 : index
// CHECK-NEXT: %[[LCOL:.*]] = arith.muli %[[LQ]], %c2 : index
// CHECK-NEXT: %[[WCOL:.*]] = arith.subi %[[COL]], %[[LCOL]] : index
// CHECK-NEXT: %[[R8:.*]] = arith.remui %[[LANE]], %c8 : index
// CHECK-NEXT: %[[IS1:.*]] = arith.cmpi eq, %[[MAT]], %c1 : index
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[IS1]], %c8, %c0 : index
// CHECK-NEXT: %[[IS2:.*]] = arith.cmpi eq, %[[MAT]], %c2 : index
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[IS2]], %c0, %[[S1]] : index
// CHECK-NEXT: %[[IS3:.*]] = arith.cmpi eq, %[[MAT]], %c3 : index
// CHECK-NEXT: %[[MROW:.*]] = arith.select %[[IS3]], %c8, %[[S2]] : index
// CHECK-NEXT: %[[R1:.*]] = arith.addi %[[WROW]], %[[MROW]] : index
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[R1]], %[[R8]] : index
// CHECK-NEXT: %[[C2:.*]] = arith.select %[[IS2]], %c8, %c0 : index
// CHECK-NEXT: %[[MCOL:.*]] = arith.select %[[IS3]], %c8, %[[C2]] : index
// CHECK-NEXT: %[[C:.*]] = arith.addi %[[WCOL]], %[[MCOL]] : index
// CHECK-NEXT: %[[R32:.*]] = arith.muli %[[R]], %c32 : index
// CHECK-NEXT: %[[RC:.*]] = arith.addi %[[R32]], %[[C]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[RC]], %c2 : index
// CHECK: %[[BASE:.*]] = llvm.getelementptr
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr<3> to i64
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[TID]], %c0 : index
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: %[[V:.*]] = vector.from_elements
// CHECK: %[[H:.*]] = arith.truncf %[[V]] : vector<2xf32> to vector<2xf16>
// CHECK: %[[O:.*]] = arith.index_cast %[[OFF]] : index to i64
// CHECK: %[[A:.*]] = llvm.add %[[ADDR]], %[[O]] : i64
// CHECK: %[[S:.*]] = llvm.lshr %[[A]], %[[SHIFT]] : i64
// CHECK: %[[B:.*]] = llvm.and %[[S]], %[[MASK]] : i64
// CHECK: %[[X:.*]] = llvm.xor %[[O]], %[[B]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[X]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
// CHECK: %[[W0:.*]] = llvm.bitcast %[[H]] : vector<2xf16> to i32
// CHECK-COUNT-3: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: nvvm.stmatrix %[[P]], %[[W0]], %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: arith.addi %[[OFF]], %c32 : index
// CHECK: nvvm.stmatrix
// CHECK-NOT: nvvm.barrier
// CHECK-NOT: nvvm.fence.proxy
// CHECK: arith.addi %[[OFF]], %c4096 : index
// CHECK: nvvm.stmatrix
// CHECK: arith.addi %[[OFF]], %c4128 : index
// CHECK: nvvm.stmatrix
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c128_i32
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[BASE]], box[%{{.*}}, %{{.*}}]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.barrier
// CHECK: %[[STAGE1:.*]] = llvm.getelementptr %[[BASE]][4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[STAGE1]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: nvvm.cp.async.bulk
// CHECK-NOT: nvvm.barrier
// CHECK-NOT: llvm.store
// CHECK: gpu.return

// The same tile as f32 in 64x16 boxes (64-byte rows, the same swizzle):
// not stmatrix values, so each pair is one 64-bit store at the thread's
// first value's byte offset (16 row + column) * 4 plus a constant: 8 rows
// down (+512), 8 columns right (+32); four boxes in two stages, so each
// box after the first waits until TMA has read the stage two boxes back
// (all groups but the last) before its barrier and stores.

// CHECK-LABEL: gpu.func @store_f32
// CHECK: %[[TID32:.*]] = gpu.thread_id  x
// CHECK: %[[ROW:.*]] = arith.remui %[[FIRST:.*]], %c64 : index
// CHECK-NEXT: %[[COL:.*]] = arith.divui %[[FIRST]], %c64 : index
// CHECK-NEXT: %[[R16:.*]] = arith.muli %[[ROW]], %c16 : index
// CHECK-NEXT: %[[RC:.*]] = arith.addi %[[R16]], %[[COL]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[RC]], %c4 : index
// CHECK: %[[LEAD32:.*]] = arith.cmpi eq, %[[TID32]], %c0 : index
// CHECK: %[[V:.*]] = vector.from_elements
// CHECK-NOT: arith.truncf
// CHECK: %[[O:.*]] = arith.index_cast %[[OFF]] : index to i64
// CHECK: llvm.store %[[V]], %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: arith.addi %[[OFF]], %c512 : index
// CHECK: llvm.store
// CHECK: arith.addi %[[OFF]], %c32 : index
// CHECK: llvm.store
// CHECK: arith.addi %[[OFF]], %c544 : index
// CHECK: llvm.store
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.barrier
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1 {read}
// CHECK: nvvm.barrier
// CHECK-COUNT-4: llvm.store
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-COUNT-8: llvm.store
// CHECK-NOT: llvm.store
// CHECK-NOT: nvvm.stmatrix
// epilogue_store_tail: thread 0 waits for all its bulk groups.
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[LEAD32]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return

// With `if %store`, every box is written and fenced as before; only
// thread 0's TMA stores take the flag, as their predicate (no branch on
// it), and the bulk groups commit regardless. The flag becomes the
// predicate through `setp` on an i32, which LLVM cannot fold: a constant
// i1 given to the store's inline PTX would print as `@-1`.
// CHECK-LABEL: gpu.func @store_if
// CHECK-SAME: %[[STORE:[a-z0-9]+]]: i1)
// CHECK-NOT: scf.if %[[STORE]]
// CHECK: %[[WORD:.*]] = arith.extui %[[STORE]] : i1 to i32
// CHECK-NEXT: %[[PRED:.*]] = llvm.inline_asm asm_dialect = att "setp.ne.b32 $0, $1, 0;", "=b,r" %[[WORD]] : (i32) -> i1
// CHECK: nvvm.stmatrix
// CHECK: nvvm.fence.proxy
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}], predicate = %[[PRED]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}], predicate = %[[PRED]]
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: scf.if %[[STORE]]
// CHECK: gpu.return

// per_warpgroup: two warpgroups along M (a 128x64 tile) store f32 in
// 64x16 boxes, each its own 64 rows in four of them. A thread's row in its
// part is its first value's row modulo 64 and the part's origin (the rest)
// moves the tile's origin; warpgroup w = t / 128 takes elements 2048 w .. of the
// buffer (its two 4 KiB stages), named barrier 4 + w of 128 threads, and
// its first thread (t % 128 == 0) waits, stores and commits.
// CHECK-LABEL: gpu.func @store_per_warpgroup
// CHECK: %[[TID:.*]] = gpu.thread_id  x
// CHECK-NEXT: %[[INWG:.*]] = arith.remui %[[TID]], %c128 : index
// CHECK: %[[ROW:.*]] = arith.remui %[[FIRST:.*]], %c128 : index
// CHECK-NEXT: %[[COL:.*]] = arith.divui %[[FIRST]], %c128 : index
// CHECK-NEXT: %[[INPART:.*]] = arith.remui %[[ROW]], %c64 : index
// CHECK-NEXT: %[[PARTROW:.*]] = arith.subi %[[ROW]], %[[INPART]] : index
// CHECK-NEXT: %[[R16:.*]] = arith.muli %[[INPART]], %c16 : index
// CHECK-NEXT: %[[RC:.*]] = arith.addi %[[R16]], %[[COL]] : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[RC]], %c4 : index
// CHECK: %[[TILEM:.*]] = arith.remui %{{.*}}, %c16777216 : index
// CHECK: %[[TILEN:.*]] = arith.remui %{{.*}}, %c16777216 : index
// CHECK-NEXT: %[[ORIGINM:.*]] = arith.addi %[[TILEM]], %[[PARTROW]] : index
// CHECK-NEXT: %[[SLICE:.*]] = arith.muli %[[WG:.*]], %c2048 : index
// CHECK: %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}]
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[INWG]], %c0 : index
// CHECK-NEXT: %[[WGI32:.*]] = arith.index_cast %[[WG]] : index to i32
// CHECK-NEXT: %[[BAR:.*]] = arith.addi %[[WGI32]], %c4_i32 : i32
// CHECK-NEXT: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK: arith.index_cast %[[OFF]] : index to i64
// CHECK: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK-NEXT: %[[N0:.*]] = arith.index_cast %[[TILEN]] : index to i32
// CHECK-NEXT: %[[M0:.*]] = arith.index_cast %[[ORIGINM]] : index to i32
// CHECK-NEXT: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %[[BASE]], box[%[[N0]], %[[M0]]]
// CHECK: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK-COUNT-3: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NOT: nvvm.cp.async.bulk.tensor.global.shared.cta
// epilogue_store_tail per_warpgroup: the same first threads wait for all
// their bulk groups.
// CHECK: scf.if %[[LEAD]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return

// With `scale %s`, each run's values are multiplied by %s (broadcast to
// the run's vector) before they are converted; the fragment is not
// written.
// CHECK-LABEL: gpu.func @store_scaled
// CHECK-SAME: %[[S:[a-z0-9]+]]: f32)
// CHECK: %[[V:.*]] = vector.from_elements
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[S]] : f32 to vector<2xf32>
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[V]], %[[SPLAT]] : vector<2xf32>
// CHECK-NEXT: arith.truncf %[[MUL]] : vector<2xf32> to vector<2xf16>
// CHECK-COUNT-15: arith.mulf %{{.*}}, %[[SPLAT]] : vector<2xf32>
// CHECK-NOT: arith.mulf
// CHECK-NOT: memref.store
// CHECK: gpu.return

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
#st = #cute_nvgpu.tma_atom<store, f16, box = [32, 64], swizzle = 64>
#st32 = #cute_nvgpu.tma_atom<store, f32, box = [16, 64], swizzle = 64>
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">
module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @store(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<4096xf16, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_f32(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<2048xf32, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st32, %desc, %acc, %tile, %buf, %tid : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<2048xf32, #gpu.address_space<workgroup>>
    cute_nvgpu.epilogue_store_tail #tm, %tid
    gpu.return
  }
  gpu.func @store_if(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index, %store: i1) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<4096xf16, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid if %store : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_per_warpgroup(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<4096xf32, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(128,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(128,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm2, #st32, %desc, %acc, %tile, %buf, %tid per_warpgroup {barrierId = 4 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<4096xf32, #gpu.address_space<workgroup>>
    cute_nvgpu.epilogue_store_tail #tm2, %tid per_warpgroup
    gpu.return
  }
  gpu.func @store_scaled(%desc: !llvm.ptr, %m: index, %n: index, %tm: index, %tn: index, %s: f32) kernel {
    %tid = gpu.thread_id x
    %acc = cute.make_fragment : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    %buf = memref.alloca() : memref<4096xf16, #gpu.address_space<workgroup>>
    %sh = cute.make_shape %m, %n : !cute.shape<"(?,?)">
    %id = cute.make_identity_tensor %sh : !cute.shape<"(?,?)">
    %t = cute.static : !cute.tile<"(64,64)">
    %c = cute.make_coord %tm, %tn : !cute.coord<"(?,?)">
    %tile = cute.local_tile %id, %t, %c : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">, !cute.tile<"(64,64)">, !cute.coord<"(?,?)">
    cute_nvgpu.epilogue_store #tm, #st, %desc, %acc, %tile, %buf, %tid scale %s : f32 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
}
