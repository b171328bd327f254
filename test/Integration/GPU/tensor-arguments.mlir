// REQUIRES: cuda-sm80
// RUN: cute-run %s --chip=sm_80 --no-cache | FileCheck %s

// Cute tensors across every boundary -cute-decompose-boundaries converts,
// checked element by element on the GPU. The host passes four tensors to a
// host function, which launches a kernel taking them: sources A and B
// row-major M x N with a padded leading dimension, D and a scratch tensor
// column-major with their own. The kernel's 96 threads walk the rows
// grid-stride with the two sources as scf.for iter_args, swapped every step
// (a thread's k-th row comes from A when k is even, from B when odd); an
// scf.if picks D or the scratch tensor; a device function returns the row
// slices of a source and of the output, another writes 2 * x + 1 along
// them. Expected: D(i,j) = 2 * (k even ? A : B)(i,j) + 1 with k = i / 96;
// D's padding and the scratch still NaN.

// CHECK: mismatches 0

!row = !cute.tensor<f32, gmem, "(?,?):(?,1)">
!col = !cute.tensor<f32, gmem, "(?,?):(1,?)">
!x = !cute.tensor<f32, gmem, "(?):(1)">
!y = !cute.tensor<f32, gmem, "(?):(?)">
module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @rows_at(%a: !row, %d: !col, %i: index) -> (!x, !y) {
    %c = cute.make_coord %i : !cute.coord<"(?,_)">
    %src = cute.slice %a[%c] : !row, !cute.coord<"(?,_)">
    %dst = cute.slice %d[%c] : !col, !cute.coord<"(?,_)">
    return %src, %dst : !x, !y
  }

  func.func @scale_row(%x: !cute.tensor<f32, gmem, "(?):(1)">,
                       %y: !cute.tensor<f32, gmem, "(?):(?)">) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %l = cute.get_layout %x : !cute.tensor<f32, gmem, "(?):(1)">
    %n = cute.size %l : !cute.layout<"(?):(1)">
    scf.for %j = %c0 to %n step %c1 {
      %c = cute.make_coord %j : !cute.coord<"?">
      %v = cute.load %x[%c] : !cute.tensor<f32, gmem, "(?):(1)">, !cute.coord<"?"> -> f32
      %w = arith.mulf %v, %two : f32
      %z = arith.addf %w, %one : f32
      cute.store %z, %y[%c] : f32, !cute.tensor<f32, gmem, "(?):(?)">, !cute.coord<"?">
    }
    return
  }

  gpu.func @transpose_scale(%a: !row, %b: !row, %d: !col, %scratch: !col,
                            %useD: i1) kernel {
    %tx = gpu.thread_id x
    %bx = gpu.block_id x
    %bdim = gpu.block_dim x
    %gdim = gpu.grid_dim x
    %base = arith.muli %bx, %bdim : index
    %t = arith.addi %base, %tx : index
    %all = arith.muli %bdim, %gdim : index
    %out = scf.if %useD -> !col {
      scf.yield %d : !col
    } else {
      scf.yield %scratch : !col
    }
    %la = cute.get_layout %a : !row
    %rows = cute.get %la [0] : !cute.layout<"(?,?):(?,1)">
    %m = cute.size %rows : !cute.layout<"?:?">
    %last:2 = scf.for %i = %t to %m step %all iter_args(%x = %a, %y = %b) -> (!row, !row) {
      %src, %dst = func.call @rows_at(%x, %out, %i) : (!row, !col, index) -> (!x, !y)
      func.call @scale_row(%src, %dst) : (!x, !y) -> ()
      scf.yield %y, %x : !row, !row
    }
    gpu.return
  }
}

// The host side of the boundary: tensors in, a launch with tensors out.
func.func @launch(%a: !row, %b: !row, %d: !col, %scratch: !col) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %true = arith.constant true
  gpu.launch_func @kernels::@transpose_scale blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1)
      args(%a : !row, %b : !row, %d : !col, %scratch : !col, %true : i1)
  return
}

func.func @fill(%h: memref<?xf32>, %size: index, %shift: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c97 = arith.constant 97 : index
  scf.for %i = %c0 to %size step %c1 {
    %s = arith.addi %i, %shift : index
    %r = arith.remui %s, %c97 : index
    %r1 = arith.addi %r, %c1 : index
    %ri = arith.index_cast %r1 : index to i32
    %f = arith.uitofp %ri : i32 to f32
    memref.store %f, %h[%i] : memref<?xf32>
  }
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c96 = arith.constant 96 : index
  %m = arith.constant 200 : index
  %n = arith.constant 37 : index
  %lda = arith.constant 41 : index
  %ldd = arith.constant 203 : index
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %sizeA = arith.muli %m, %lda : index
  %sizeD = arith.muli %n, %ldd : index

  %hA = memref.alloc(%sizeA) : memref<?xf32>
  %hB = memref.alloc(%sizeA) : memref<?xf32>
  func.call @fill(%hA, %sizeA, %c0) : (memref<?xf32>, index, index) -> ()
  func.call @fill(%hB, %sizeA, %c96) : (memref<?xf32>, index, index) -> ()
  %dA = gpu.alloc (%sizeA) : memref<?xf32>
  %dB = gpu.alloc (%sizeA) : memref<?xf32>
  %dD = gpu.alloc (%sizeD) : memref<?xf32>
  %dS = gpu.alloc (%sizeD) : memref<?xf32>
  gpu.memcpy %dA, %hA : memref<?xf32>, memref<?xf32>
  gpu.memcpy %dB, %hB : memref<?xf32>, memref<?xf32>
  gpu.memset %dD, %nan : memref<?xf32>, f32
  gpu.memset %dS, %nan : memref<?xf32>, f32
  %gA = memref.memory_space_cast %dA : memref<?xf32> to memref<?xf32, 1>
  %gB = memref.memory_space_cast %dB : memref<?xf32> to memref<?xf32, 1>
  %gD = memref.memory_space_cast %dD : memref<?xf32> to memref<?xf32, 1>
  %gS = memref.memory_space_cast %dS : memref<?xf32> to memref<?xf32, 1>

  %s = cute.make_shape %m, %n : !cute.shape<"(?,?)">
  %sa = cute.make_stride %lda : !cute.stride<"(?,1)">
  %la = cute.make_layout %s, %sa : !cute.shape<"(?,?)">, !cute.stride<"(?,1)">
  %sd = cute.make_stride %ldd : !cute.stride<"(1,?)">
  %ld = cute.make_layout %s, %sd : !cute.shape<"(?,?)">, !cute.stride<"(1,?)">
  %tA = cute.make_tensor %gA, %la : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !row
  %tB = cute.make_tensor %gB, %la : (memref<?xf32, 1>, !cute.layout<"(?,?):(?,1)">) -> !row
  %tD = cute.make_tensor %gD, %ld : (memref<?xf32, 1>, !cute.layout<"(?,?):(1,?)">) -> !col
  %tS = cute.make_tensor %gS, %ld : (memref<?xf32, 1>, !cute.layout<"(?,?):(1,?)">) -> !col
  func.call @launch(%tA, %tB, %tD, %tS) : (!row, !row, !col, !col) -> ()

  %hD = memref.alloc(%sizeD) : memref<?xf32>
  %hS = memref.alloc(%sizeD) : memref<?xf32>
  gpu.memcpy %hD, %dD : memref<?xf32>, memref<?xf32>
  gpu.memcpy %hS, %dS : memref<?xf32>, memref<?xf32>

  // Every element of D's storage: the written ones and the padding.
  %threads = arith.constant 96 : index
  %bad = scf.for %e = %c0 to %sizeD step %c1 iter_args(%acc = %c0) -> (index) {
    %j = arith.divui %e, %ldd : index
    %i = arith.remui %e, %ldd : index
    %got = memref.load %hD[%e] : memref<?xf32>
    %inRows = arith.cmpi ult, %i, %m : index
    %k = arith.divui %i, %threads : index
    %parity = arith.remui %k, %c2 : index
    %fromA = arith.cmpi eq, %parity, %c0 : index
    %iSafe = arith.select %inRows, %i, %c0 : index
    %rowOff = arith.muli %iSafe, %lda : index
    %at = arith.addi %rowOff, %j : index
    %va = memref.load %hA[%at] : memref<?xf32>
    %vb = memref.load %hB[%at] : memref<?xf32>
    %v = arith.select %fromA, %va, %vb : f32
    %w = arith.mulf %v, %two : f32
    %expect = arith.addf %w, %one : f32
    %isExpected = arith.cmpf oeq, %got, %expect : f32
    %isNaN = arith.cmpf uno, %got, %got : f32
    %ok = arith.select %inRows, %isExpected, %isNaN : i1
    %scratch = memref.load %hS[%e] : memref<?xf32>
    %scratchNaN = arith.cmpf uno, %scratch, %scratch : f32
    %both = arith.andi %ok, %scratchNaN : i1
    %miss = arith.select %both, %c0, %c1 : index
    %acc1 = arith.addi %acc, %miss : index
    scf.yield %acc1 : index
  }
  %badI = arith.index_cast %bad : index to i64
  vector.print str "mismatches "
  vector.print %badI : i64
  %rc = arith.index_cast %bad : index to i32
  return %rc : i32
}
}
