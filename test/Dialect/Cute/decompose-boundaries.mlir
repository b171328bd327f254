// RUN: cute-opt %s -cute-decompose-boundaries -split-input-file | FileCheck %s

// A layout's parts are its `?` slots in order (shape leaves, then stride
// leaves); arguments, results, calls and returns all carry them.
// CHECK-LABEL: func.func @layout_callee
// CHECK-SAME: (%[[S0:[a-z0-9_]+]]: index, %[[S1:[a-z0-9_]+]]: index, %[[D0:[a-z0-9_]+]]: index) -> (index, index, index, index)
// CHECK: %[[L:[a-z0-9_]+]] = cute.from_parts %[[S0]], %[[S1]], %[[D0]] : (index, index, index) -> !cute.layout<"(?,?):(?,1)">
// CHECK: cute.size %[[L]]
// CHECK: return %[[S0]], %[[S1]], %[[D0]], %{{.*}} : index, index, index, index
// CHECK-LABEL: func.func @layout_caller
// CHECK: %[[MADE:[a-z0-9_]+]] = cute.make_layout
// CHECK: %[[P:[a-z0-9_]+]]:3 = cute.to_parts %[[MADE]] : !cute.layout<"(?,?):(?,1)"> -> index, index, index
// CHECK: %[[R:[a-z0-9_]+]]:4 = call @layout_callee(%[[P]]#0, %[[P]]#1, %[[P]]#2) : (index, index, index) -> (index, index, index, index)
// CHECK: cute.from_parts %[[R]]#0, %[[R]]#1, %[[R]]#2 : (index, index, index) -> !cute.layout<"(?,?):(?,1)">
func.func @layout_callee(%l: !cute.layout<"(?,?):(?,1)">) -> (!cute.layout<"(?,?):(?,1)">, index) {
  %n = cute.size %l : !cute.layout<"(?,?):(?,1)">
  return %l, %n : !cute.layout<"(?,?):(?,1)">, index
}
func.func @layout_caller(%m: index, %n: index) -> index {
  %s = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %d = cute.make_stride %n : !cute.stride<"(?,1)">
  %l = cute.make_layout %s, %d : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %r:2 = func.call @layout_callee(%l) : (!cute.layout<"(?,?):(?,1)">) -> (!cute.layout<"(?,?):(?,1)">, index)
  %z = cute.size %r#0 : !cute.layout<"(?,?):(?,1)">
  return %z : index
}

// -----

// Static values have no parts; tuples have one index per `?`.
// CHECK-LABEL: func.func @static_and_tuples
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: index, %[[C:[a-z0-9_]+]]: index)
// CHECK-DAG: cute.from_parts : () -> !cute.layout<"(4,8):(1,4)">
// CHECK-DAG: cute.from_parts : () -> !cute.tile<"(2,2)">
// CHECK-DAG: cute.from_parts %[[M]] : (index) -> !cute.shape<"(?,8)">
// CHECK-DAG: cute.from_parts %[[C]] : (index) -> !cute.coord<"(_,?)">
func.func @static_and_tuples(%l: !cute.layout<"(4,8):(1,4)">, %t: !cute.tile<"(2,2)">,
                             %s: !cute.shape<"(?,8)">, %c: !cute.coord<"(_,?)">) {
  cute.print %l : !cute.layout<"(4,8):(1,4)">
  %z = cute.zipped_divide %l, %t : !cute.layout<"(4,8):(1,4)">, !cute.tile<"(2,2)">
  cute.print %s : !cute.shape<"(?,8)">
  cute.print %z : !cute.layout<"((2,2),(2,4)):((1,4),(2,8))">
  %l2 = cute.make_layout %s : !cute.shape<"(?,8)">
  %sl = cute.slice %l2[%c] : !cute.layout<"(?,8):(1,?)">, !cute.coord<"(_,?)">
  cute.print %sl : !cute.layout<"(?):(1)">
  return
}

// -----

// A tensor is its memref, its offset there and its layout's slots; a
// swizzled tensor with a dynamic swizzle offset adds that offset last. On
// the host every part memref is in the default space.
// CHECK-LABEL: func.func @tensors
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: memref<?xf32>, %[[OFF:[a-z0-9_]+]]: index, %[[S0:[a-z0-9_]+]]: index, %[[D1:[a-z0-9_]+]]: index,
// CHECK-SAME: {{ }}%[[SM:[a-z0-9_]+]]: memref<?xf16>, %[[SOFF:[a-z0-9_]+]]: index, %[[SW:[a-z0-9_]+]]: index,
// CHECK-SAME: {{ }}%[[P:[a-z0-9_]+]]: memref<?xf16>, %[[POFF:[a-z0-9_]+]]: index)
// CHECK-DAG: cute.from_parts %[[M]], %[[OFF]], %[[S0]], %[[D1]] : (memref<?xf32>, index, index, index) -> !cute.tensor<f32, gmem, "(?,8):(1,?)">
// CHECK-DAG: cute.from_parts %[[SM]], %[[SOFF]], %[[SW]] : (memref<?xf16>, index, index) -> !cute.tensor<f16, smem, "Sw<3,3,3> o ? o (8,64):(64,1)">
// CHECK-DAG: cute.from_parts %[[P]], %[[POFF]] : (memref<?xf16>, index) -> !cute.ptr<f16, gmem, align<2>>
func.func @tensors(%t: !cute.tensor<f32, gmem, "(?,8):(1,?)">,
                   %s: !cute.tensor<f16, smem, "Sw<3,3,3> o ? o (8,64):(64,1)">,
                   %p: !cute.ptr<f16, gmem, align<2>>) {
  cute.print %t : !cute.tensor<f32, gmem, "(?,8):(1,?)">
  cute.print %s : !cute.tensor<f16, smem, "Sw<3,3,3> o ? o (8,64):(64,1)">
  %f = cute.make_fragment : !cute.tensor<f16, rmem, "(2):(1)">
  %l = cute.static : !cute.layout<"(2):(1)">
  %u = cute.make_tensor %p, %l : (!cute.ptr<f16, gmem, align<2>>, !cute.layout<"(2):(1)">) -> !cute.tensor<f16, gmem, "(2):(1)">
  cute.copy %u, %f : !cute.tensor<f16, gmem, "(2):(1)">, !cute.tensor<f16, rmem, "(2):(1)">
  return
}

// -----

// scf.for iter_args and results, scf.if and scf.while results.
// CHECK-LABEL: func.func @loops
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<?xf32>, %[[AOFF:[a-z0-9_]+]]: index, %[[AN:[a-z0-9_]+]]: index, %[[B:[a-z0-9_]+]]: memref<?xf32>, %[[BOFF:[a-z0-9_]+]]: index, %[[BN:[a-z0-9_]+]]: index
// CHECK: %[[F:[a-z0-9_]+]]:6 = scf.for {{.*}} iter_args(%[[X:[a-z0-9_]+]] = %[[A]], %{{.*}} = %[[AOFF]], %{{.*}} = %[[AN]], %{{.*}} = %[[B]], %{{.*}} = %[[BOFF]], %{{.*}} = %[[BN]]) -> (memref<?xf32>, index, index, memref<?xf32>, index, index)
// CHECK: cute.from_parts %[[X]], {{.*}} -> !cute.tensor<f32, gmem, "?:1">
// CHECK: scf.yield %{{.*}} : memref<?xf32>, index, index, memref<?xf32>, index, index
// CHECK: %[[I:[a-z0-9_]+]]:3 = scf.if %{{.*}} -> (memref<?xf32>, index, index)
// CHECK: scf.yield %[[F]]#0, %[[F]]#1, %[[F]]#2
// CHECK: } else {
// CHECK: scf.yield %[[F]]#3, %[[F]]#4, %[[F]]#5
// CHECK: cute.from_parts %[[I]]#0, %[[I]]#1, %[[I]]#2 : (memref<?xf32>, index, index) -> !cute.tensor<f32, gmem, "?:1">
// CHECK: %[[W:[a-z0-9_]+]]:4 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[I]]#0, %{{.*}} = %[[I]]#1, %{{.*}} = %[[I]]#2) : (index, memref<?xf32>, index, index) -> (index, memref<?xf32>, index, index)
// CHECK: scf.condition(%{{.*}}) %{{.*}} : index, memref<?xf32>, index, index
// CHECK: cute.from_parts %[[W]]#1, %[[W]]#2, %[[W]]#3
func.func @loops(%a: !cute.tensor<f32, gmem, "?:1">, %b: !cute.tensor<f32, gmem, "?:1">,
                 %n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b)
      -> (!cute.tensor<f32, gmem, "?:1">, !cute.tensor<f32, gmem, "?:1">) {
    cute.print %x : !cute.tensor<f32, gmem, "?:1">
    scf.yield %y, %x : !cute.tensor<f32, gmem, "?:1">, !cute.tensor<f32, gmem, "?:1">
  }
  %p = scf.if %flag -> !cute.tensor<f32, gmem, "?:1"> {
    scf.yield %r#0 : !cute.tensor<f32, gmem, "?:1">
  } else {
    scf.yield %r#1 : !cute.tensor<f32, gmem, "?:1">
  }
  cute.print %p : !cute.tensor<f32, gmem, "?:1">
  %w:2 = scf.while (%i = %c0, %t = %p) : (index, !cute.tensor<f32, gmem, "?:1">)
      -> (index, !cute.tensor<f32, gmem, "?:1">) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %i, %t : index, !cute.tensor<f32, gmem, "?:1">
  } do {
  ^bb0(%i: index, %t: !cute.tensor<f32, gmem, "?:1">):
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %t : index, !cute.tensor<f32, gmem, "?:1">
  }
  cute.print %w#1 : !cute.tensor<f32, gmem, "?:1">
  return
}

// -----

// A kernel takes tensors: gmem parts are memref<?xT, 1> on the device;
// attributions stay after the arguments, and an argument that keeps its type
// keeps its attributes. The host's launch passes the parts, cast to the
// kernel's memory space.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%[[M:[a-z0-9_]+]]: memref<?xf16, 1>, %[[OFF:[a-z0-9_]+]]: index, %[[R:[a-z0-9_]+]]: index, %[[C:[a-z0-9_]+]]: index, %[[LD:[a-z0-9_]+]]: index, %[[N:[a-z0-9_]+]]: index {llvm.noalias})
// CHECK-SAME: workgroup(%[[W:[a-z0-9_]+]] : memref<64xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: kernel
// CHECK: cute.from_parts %[[M]], %[[OFF]], %[[R]], %[[C]], %[[LD]] : (memref<?xf16, 1>, index, index, index, index) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
// CHECK: gpu.return
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[HM:[a-z0-9_]+]]: memref<?xf16>, %[[H1:[a-z0-9_]+]]: index, %[[H2:[a-z0-9_]+]]: index, %[[H3:[a-z0-9_]+]]: index, %[[H4:[a-z0-9_]+]]: index)
// CHECK: %[[CAST:[a-z0-9_]+]] = memref.memory_space_cast %[[HM]] : memref<?xf16> to memref<?xf16, 1>
// CHECK: gpu.launch_func @kernels::@copy {{.*}} args(%[[CAST]] : memref<?xf16, 1>, %[[H1]] : index, %[[H2]] : index, %[[H3]] : index, %[[H4]] : index, %{{.*}} : index)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%g: !cute.tensor<f16, gmem, "(?,?):(?,1)">, %n: index {llvm.noalias})
        workgroup(%w: memref<64xf16, #gpu.address_space<workgroup>>) kernel {
      cute.print %g : !cute.tensor<f16, gmem, "(?,?):(?,1)">
      gpu.return
    }
  }
  func.func @host(%g: !cute.tensor<f16, gmem, "(?,?):(?,1)">) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%g : !cute.tensor<f16, gmem, "(?,?):(?,1)">, %c1 : index)
    return
  }
}

// -----

// A device function returns a tensor with gpu.return; smem parts are in the
// workgroup space on the device.
// CHECK-LABEL: gpu.func @tile_of
// CHECK-SAME: (%[[S:[a-z0-9_]+]]: memref<?xf16, #gpu.address_space<workgroup>>, %[[O:[a-z0-9_]+]]: index) -> (memref<?xf16, #gpu.address_space<workgroup>>, index)
// CHECK: gpu.return %[[S]], %[[O]] : memref<?xf16, #gpu.address_space<workgroup>>, index
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile_of(%t: !cute.tensor<f16, smem, "64:1">) -> !cute.tensor<f16, smem, "64:1"> {
      gpu.return %t : !cute.tensor<f16, smem, "64:1">
    }
  }
}
