// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/threads %t/serial
// RUN: cute-opt %s --cute-to-ptx="chip=sm_80" | cute-opt --cute-write-ptx="dir=%t/threads" > /dev/null 2>&1
// RUN: cute-opt %s --cute-to-ptx="chip=sm_80" --mlir-disable-threading | cute-opt --cute-write-ptx="dir=%t/serial" > /dev/null 2>&1
// RUN: diff %t/threads/split.sm_80.ptx %t/serial/split.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/threads/split.sm_80.ptx --check-prefix=SPLIT
// RUN: FileCheck %s --input-file=%t/threads/shared_counter.sm_80.ptx --check-prefix=COUNTER
// RUN: FileCheck %s --input-file=%t/threads/specialized.sm_80.ptx --check-prefix=SPECIAL
// RUN: %ptxas -arch=sm_80 %t/threads/split.sm_80.ptx -o %t/split.cubin
// RUN: %ptxas -arch=sm_80 %t/threads/shared_counter.sm_80.ptx -o %t/shared_counter.cubin
// RUN: %ptxas -arch=sm_80 %t/threads/specialized.sm_80.ptx -o %t/specialized.cubin

// cute-gpu-module-to-binary compiles the kernels of a gpu.module one by one,
// in parallel, and joins their PTX; where that could change the code, it
// compiles the module whole.

// Two kernels share a function (which calls another) and a constant table:
// each is written once, though each kernel's part compiled its own copy
// (numbering its calls and labels on its own). The second kernel's part adds
// only what the first's lacked, after the first kernel: a compilation of the
// whole module would put every global before the first function. The text
// does not depend on the number of threads (the diff above).
// SPLIT: .global .align 4 .b8 table[16] = {0, 0, 128, 63,
// SPLIT: .func  (.param .b32 func_retval0) lookup(
// SPLIT: .func  (.param .b32 func_retval0) scale(
// SPLIT: call.uni (retval0), lookup,
// SPLIT: .entry first(
// SPLIT: call.uni (retval0), scale,
// SPLIT-NOT: {{^}}.func {{.*}}(scale|lookup)(
// SPLIT: .global .align 4 .b8 only_second[16] = {0, 0, 160, 64,
// SPLIT-NOT: {{^}}.func {{.*}}(scale|lookup)(
// SPLIT: .entry second(
// SPLIT: call.uni (retval0), scale,
// SPLIT-NOT: {{^}}.func {{.*}}(scale|lookup)(
module attributes {gpu.container_module} {
  gpu.module @split {
    memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
    memref.global "private" constant @only_second : memref<4xf32> = dense<[5.0, 6.0, 7.0, 8.0]>

    func.func @lookup(%i: index) -> f32 attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]} {
      %table = memref.get_global @table : memref<4xf32>
      %t = memref.load %table[%i] : memref<4xf32>
      return %t : f32
    }

    func.func @scale(%x: f32, %i: index) -> f32 attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]} {
      %t = func.call @lookup(%i) : (index) -> f32
      %r = arith.mulf %x, %t : f32
      return %r : f32
    }

    gpu.func @first(%out: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %c3 = arith.constant 3 : index
      %i = arith.andi %tid, %c3 : index
      %x = arith.index_cast %tid : index to i32
      %f = arith.sitofp %x : i32 to f32
      %r = func.call @scale(%f, %i) : (f32, index) -> f32
      memref.store %r, %out[%tid] : memref<?xf32>
      gpu.return
    }

    gpu.func @second(%out: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %c3 = arith.constant 3 : index
      %i = arith.andi %tid, %c3 : index
      %g = memref.get_global @only_second : memref<4xf32>
      %v = memref.load %g[%i] : memref<4xf32>
      %r = func.call @scale(%v, %i) : (f32, index) -> f32
      memref.store %r, %out[%tid] : memref<?xf32>
      gpu.return
    }
  }

  // A mutable global two kernels reach: compiled apart, the reader's part
  // would see no store to it and read its initial value as a constant.
  // COUNTER: .global .align 4 .u32 counter_$_0;
  // COUNTER-LABEL: .entry writer(
  // COUNTER: st.global.b32 [counter_$_0], %r{{[0-9]+}};
  // COUNTER-LABEL: .entry reader(
  // COUNTER: ld.global.b32 %r{{[0-9]+}}, [counter_$_0];
  gpu.module @shared_counter {
    memref.global "private" @counter : memref<1xi32> = dense<0>

    gpu.func @writer(%value: i32) kernel {
      %c0 = arith.constant 0 : index
      %g = memref.get_global @counter : memref<1xi32>
      memref.store %value, %g[%c0] : memref<1xi32>
      gpu.return
    }

    gpu.func @reader(%out: memref<?xi32>) kernel {
      %c0 = arith.constant 0 : index
      %g = memref.get_global @counter : memref<1xi32>
      %v = memref.load %g[%c0] : memref<1xi32>
      memref.store %v, %out[%c0] : memref<?xi32>
      gpu.return
    }
  }

  // An internal function the optimizer specializes in a part to the one
  // argument that part passes (5 in @times5's): the parts' functions differ,
  // so the module is compiled whole, one function for both arguments.
  // SPECIAL: .func  (.param .b32 func_retval0) affine(
  // SPECIAL-NEXT: .param .b32 affine_param_0,
  // SPECIAL-NEXT: .param .b32 affine_param_1
  // SPECIAL-NOT: {{^}}.func {{.*}}affine(
  // SPECIAL-LABEL: .entry times3(
  // SPECIAL: st.param.b32 [param1], 3;
  // SPECIAL: call.uni (retval0), affine, (param0, param1);
  // SPECIAL-LABEL: .entry times5(
  // SPECIAL: st.param.b32 [param1], 5;
  // SPECIAL: call.uni (retval0), affine, (param0, param1);
  gpu.module @specialized {
    func.func @affine(%x: i32, %a: i32) -> i32 attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]} {
      %c1 = arith.constant 1 : i32
      %m = arith.muli %x, %a : i32
      %r = arith.addi %m, %c1 : i32
      return %r : i32
    }

    gpu.func @times3(%out: memref<?xi32>) kernel {
      %tid = gpu.thread_id x
      %x = arith.index_cast %tid : index to i32
      %c3 = arith.constant 3 : i32
      %r = func.call @affine(%x, %c3) : (i32, i32) -> i32
      memref.store %r, %out[%tid] : memref<?xi32>
      gpu.return
    }

    gpu.func @times5(%out: memref<?xi32>) kernel {
      %tid = gpu.thread_id x
      %x = arith.index_cast %tid : index to i32
      %c5 = arith.constant 5 : i32
      %r = func.call @affine(%x, %c5) : (i32, i32) -> i32
      memref.store %r, %out[%tid] : memref<?xi32>
      gpu.return
    }
  }
}
