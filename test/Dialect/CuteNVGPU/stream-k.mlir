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
