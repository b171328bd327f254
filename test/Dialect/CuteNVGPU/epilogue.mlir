// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s -mlir-print-op-generic | cute-opt | FileCheck %s

// epilogue_store prints as it parses; a named barrier other than 1 shows,
// and so do a store flag, a scale and per_warpgroup; so does
// epilogue_store_tail.

#tm = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
#st = #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>
#tm2 = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(2,1,1)">

// CHECK-DAG: #[[ST:.*]] = #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>
// CHECK-DAG: #[[TM:.*]] = #cute_nvgpu.tiled_mma<#{{.*}}, "(1,1,1)">
// CHECK-LABEL: func.func @epilogue
// CHECK: cute_nvgpu.epilogue_store #[[TM]], #[[ST]], %arg0, %arg1, %arg2, %arg3, %arg4 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
// CHECK: cute_nvgpu.epilogue_store {{.*}}, %arg4 {barrierId = 3 : i32} :
// CHECK: cute_nvgpu.epilogue_store {{.*}}, %arg4 if %arg5 :
// CHECK: cute_nvgpu.epilogue_store #[[TM2:.*]], #[[ST]], %arg0, %arg1, %arg6, %arg3, %arg4 if %arg5 per_warpgroup {barrierId = 2 : i32} :
// CHECK: cute_nvgpu.epilogue_store #[[TM2]], #[[ST]], %arg0, %arg1, %arg6, %arg3, %arg4 per_warpgroup :
// CHECK: cute_nvgpu.epilogue_store #[[TM]], #[[ST]], %arg0, %arg1, %arg2, %arg3, %arg4 if %arg5 scale %arg7 : f32 :
// CHECK: cute_nvgpu.epilogue_store #[[TM2]], #[[ST]], %arg0, %arg1, %arg6, %arg3, %arg4 scale %arg7 : f32 per_warpgroup {barrierId = 4 : i32} :
// CHECK: cute_nvgpu.epilogue_store_tail #[[TM]], %arg4{{$}}
// CHECK: cute_nvgpu.epilogue_store_tail #[[TM2]], %arg4 per_warpgroup{{$}}
func.func @epilogue(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile: !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, %buf: memref<8192xbf16, #gpu.address_space<workgroup>>, %t: index, %store: i1, %tile2: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %s: f32) {
  cute_nvgpu.epilogue_store #tm, #st, %d, %acc, %tile, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm, #st, %d, %acc, %tile, %buf, %t {barrierId = 3 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm, #st, %d, %acc, %tile, %buf, %t if %store : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile2, %buf, %t if %store per_warpgroup {barrierId = 2 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile2, %buf, %t per_warpgroup : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm, #st, %d, %acc, %tile, %buf, %t if %store scale %s : f32 : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store #tm2, #st, %d, %acc, %tile2, %buf, %t scale %s : f32 per_warpgroup {barrierId = 4 : i32} : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
  cute_nvgpu.epilogue_store_tail #tm, %t
  cute_nvgpu.epilogue_store_tail #tm2, %t per_warpgroup
  return
}

// A buffer in dynamic shared memory at a multiple of the swizzle's
// pattern (1024 bytes for the 128-byte swizzle); a per_warpgroup tail
// after plain stores, which waits in thread 0 as their tail would.
// CHECK-LABEL: gpu.func @aligned_buffer
// CHECK: memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8192xbf16, #gpu.address_space<workgroup>>
// CHECK: cute_nvgpu.epilogue_store #[[TM2]], #{{.*}}, %arg0, %arg1, %arg2, %{{.*}}, %arg3 :
// CHECK: cute_nvgpu.epilogue_store_tail #[[TM2]], %arg3 per_warpgroup{{$}}
gpu.module @kernels {
  gpu.func @aligned_buffer(%d: !llvm.ptr, %acc: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, %tile2: !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, %t: index) kernel {
    %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c1024 = arith.constant 1024 : index
    %buf = memref.view %dyn[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8192xbf16, #gpu.address_space<workgroup>>
    cute_nvgpu.epilogue_store #tm2, #cute_nvgpu.tma_atom<store, bf16, box = [64, 128], swizzle = 128>, %d, %acc, %tile2, %buf, %t : !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,16777216)">, memref<8192xbf16, #gpu.address_space<workgroup>>
    cute_nvgpu.epilogue_store_tail #tm2, %t per_warpgroup
    gpu.return
  }
}
