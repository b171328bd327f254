// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// CHECK-LABEL: func @schedule
// CHECK-SAME: (%[[U:.*]]: index, %[[K:.*]]: index, %[[W:.*]]: index, %[[ME:.*]]: index, %[[I:.*]]: index)
// CHECK: %[[SK:.*]] = cute_nvgpu.stream_k_schedule %[[U]], %[[K]], %[[W]] min_k_tiles 4
// CHECK: %[[N:.*]] = cute_nvgpu.stream_k_work_count %[[SK]], %[[ME]]
// CHECK: %[[UNIT:.*]], %[[B:.*]], %[[E:.*]] = cute_nvgpu.stream_k_work %[[SK]], %[[ME]], %[[I]]
// CHECK: return %[[N]], %[[UNIT]], %[[B]], %[[E]]
func.func @schedule(%u: index, %k: index, %w: index, %me: index, %i: index) -> (index, index, index, index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w min_k_tiles 4
  %n = cute_nvgpu.stream_k_work_count %sk, %me
  %unit, %b, %e = cute_nvgpu.stream_k_work %sk, %me, %i
  return %n, %unit, %b, %e : index, index, index, index
}

// The operands' bytes print after min_k_tiles; an L2 size other than the
// default 48 MiB shows.
// CHECK-LABEL: func @operand_bytes
// CHECK-SAME: (%[[U:.*]]: index, %[[K:.*]]: index, %[[W:.*]]: index, %[[BYTES:.*]]: index)
// CHECK: cute_nvgpu.stream_k_schedule %[[U]], %[[K]], %[[W]] min_k_tiles 4 operand_bytes %[[BYTES]]{{$}}
// CHECK: cute_nvgpu.stream_k_schedule %[[U]], %[[K]], %[[W]] operand_bytes %[[BYTES]] {l2Bytes = 62914560 : i64}
func.func @operand_bytes(%u: index, %k: index, %w: index, %bytes: index) -> (index, index) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w min_k_tiles 4 operand_bytes %bytes
  %sk2 = cute_nvgpu.stream_k_schedule %u, %k, %w operand_bytes %bytes {l2Bytes = 62914560 : i64}
  %n = cute_nvgpu.stream_k_work_count %sk, %w
  %n2 = cute_nvgpu.stream_k_work_count %sk2, %w
  return %n, %n2 : index, index
}

// The default min_k_tiles (16) is not printed.
// CHECK-LABEL: func @default_min
// CHECK: cute_nvgpu.stream_k_schedule %{{.*}}, %{{.*}}, %{{.*}}{{$}}
func.func @default_min(%u: index, %k: index, %w: index, %me: index) -> index {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  %n = cute_nvgpu.stream_k_work_count %sk, %me
  return %n : index
}

// CHECK-LABEL: func @fixup
// CHECK: %[[SK:.*]] = cute_nvgpu.stream_k_schedule
// CHECK: %[[STORE:.*]] = cute_nvgpu.stream_k_fixup #{{.*}}, %[[SK]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} cluster [2, 1] {barrierId = 3 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
// CHECK: return %[[STORE]]
func.func @fixup(%u: index, %k: index, %w: index, %me: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %partials: memref<?xf32>, %flags: memref<?xi32>, %t: index) -> i1 {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  %store = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %me, %i, %acc, %partials, %flags, %t cluster [2, 1] {barrierId = 3 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return %store : i1
}

// The fixup's wait moved to a warp outside the TiledMMA, which arrives on
// named barrier 2 where the fixup's threads wait.
// CHECK-LABEL: func @fixup_ready
// CHECK: %[[SK:.*]] = cute_nvgpu.stream_k_schedule
// CHECK: cute_nvgpu.stream_k_fixup_wait #{{.*}}, %[[SK]], %{{.*}}, %{{.*}} ready 2 cluster [2, 1] : memref<?xi32>
// CHECK: cute_nvgpu.stream_k_fixup #{{.*}}, %[[SK]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} ready 2 cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
func.func @fixup_ready(%u: index, %k: index, %w: index, %me: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %partials: memref<?xf32>, %flags: memref<?xi32>, %t: index) -> i1 {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  cute_nvgpu.stream_k_fixup_wait #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %me, %flags ready 2 cluster [2, 1] : memref<?xi32>
  %store = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %me, %i, %acc, %partials, %flags, %t ready 2 cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  return %store : i1
}

// Static workspaces: one slot for each CTA of each of 3 workers of 2 CTAs,
// exactly; none at all where 8 units divide among 4 workers, whole.
// CHECK-LABEL: func @static_workspaces
// CHECK: cute_nvgpu.stream_k_fixup {{.*}} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<24576xf32>, memref<6xi32>
// CHECK: cute_nvgpu.stream_k_fixup {{.*}} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<0xf32>, memref<0xi32>
func.func @static_workspaces(%u: index, %k: index, %me: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %partials: memref<24576xf32>, %flags: memref<6xi32>, %none: memref<0xf32>, %noFlags: memref<0xi32>, %t: index) -> (i1, i1) {
  %c3 = arith.constant 3 : index
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %c3
  %store = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %sk, %me, %i, %acc, %partials, %flags, %t cluster [2, 1] : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<24576xf32>, memref<6xi32>
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %whole = cute_nvgpu.stream_k_schedule %c8, %k, %c4
  %store2 = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">, %whole, %me, %i, %acc, %none, %noFlags, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<0xf32>, memref<0xi32>
  return %store, %store2 : i1, i1
}

// A ready barrier beside the epilogue's per-warpgroup barriers 2 and 3.
// CHECK-LABEL: func @ready_beside_the_epilogue
// CHECK: cute_nvgpu.stream_k_fixup {{.*}} ready 4 :
// CHECK: cute_nvgpu.epilogue_store {{.*}} per_warpgroup {barrierId = 2 : i32} :
func.func @ready_beside_the_epilogue(%u: index, %k: index, %w: index, %i: index, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %p: memref<?xf32>, %f: memref<?xi32>, %t: index,
                                     %d: !llvm.ptr, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %buf: memref<8192xbf16, #gpu.address_space<workgroup>>) {
  %sk = cute_nvgpu.stream_k_schedule %u, %k, %w
  %s = cute_nvgpu.stream_k_fixup #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">, %sk, %w, %i, %acc, %p, %f, %t ready 4 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, memref<?xf32>, memref<?xi32>
  cute_nvgpu.epilogue_store #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">, #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>, %d, %acc, %tile, %buf, %t if %s per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  return
}

// No units and no k-tiles are a schedule too (of empty work), for one
// worker.
// CHECK-LABEL: func @empty_schedule
// CHECK: cute_nvgpu.stream_k_schedule %[[C0:.*]], %[[C0]], %{{.*}}{{$}}
func.func @empty_schedule(%me: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sk = cute_nvgpu.stream_k_schedule %c0, %c0, %c1
  %n = cute_nvgpu.stream_k_work_count %sk, %me
  return %n : index
}
