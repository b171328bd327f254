// RUN: cute-opt %s -split-input-file --nvvm-attach-target="chip=sm_90a" --cute-nvgpu-check-launches -verify-diagnostics | FileCheck %s

// Constant launch configurations are checked against the hardware's rules
// (and the kernel's known_block_size) before anything is lowered.

// A launch within every limit passes unchanged.
// CHECK-LABEL: func.func @fits
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
      gpu.return
    }
  }
  func.func @fits() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c132 = arith.constant 132 : index
    %c384 = arith.constant 384 : index
    %smem = arith.constant 232448 : i32
    // CHECK: gpu.launch_func @kernels::@k clusters in
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c132, %c1, %c1) threads in (%c384, %c1, %c1) dynamic_shared_memory_size %smem
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @too_many_threads() {
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    // expected-error @+1 {{a block is at most (1024, 1024, 64) threads, each at least 1, got [2048, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c2048, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @too_many_threads_in_all() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    // expected-error @+1 {{a block holds at most 1024 threads, got 4096 ([64, 64, 1])}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c64, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
      gpu.return
    }
  }
  func.func @not_the_known_block() {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    // expected-error @+1 {{launches @k with a block of [256, 1, 1], but the kernel was compiled for its known_block_size [384, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @cluster_too_large() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit), got 16 ([4, 4, 1])}}
    gpu.launch_func @kernels::@k clusters in (%c4, %c4, %c1) blocks in (%c16, %c16, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

// (2^62 + 1) x 4 x 1 CTAs is 4 in 64 bits: each extent is checked first.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @cluster_overflow() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %huge = arith.constant 4611686018427387905 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit), got extents [4611686018427387905, 4, 1]}}
    gpu.launch_func @kernels::@k clusters in (%huge, %c4, %c1) blocks in (%huge, %c4, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @partial_cluster() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{the grid [7, 1, 1] is not a whole number of clusters [2, 1, 1]}}
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c7, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

// A kernel's ops that work in clusters of [X, Y] (their mbarrier arrivals
// and tile walks reach the CTAs of such a cluster) run only in clusters of
// (X, Y, 1).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%w: index, %tm: index, %tn: index, %out: memref<?xindex>) kernel {
      %c0 = arith.constant 0 : index
      // expected-note @+1 {{the kernel's op is here}}
      %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [2, 1]
      memref.store %m, %out[%c0] : memref<?xindex>
      gpu.return
    }
  }
  func.func @transposed_cluster(%w: index, %out: memref<?xindex>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{launches @k in clusters of [1, 2, 1], but its cute_nvgpu.tile_coord works in clusters of [2, 1, 1]}}
    gpu.launch_func @kernels::@k clusters in (%c1, %c2, %c1) blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1) args(%w : index, %w : index, %w : index, %out : memref<?xindex>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%bars: memref<8xi64, #gpu.address_space<workgroup>>) kernel {
      // expected-note @+1 {{the kernel's op is here}}
      %pipe = cute_nvgpu.pipeline_create %bars consumers 128 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
      gpu.return
    }
  }
  func.func @no_cluster(%bars: memref<8xi64, #gpu.address_space<workgroup>>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{launches @k without clusters, but its cute_nvgpu.pipeline_create works in clusters of [2, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) args(%bars : memref<8xi64, #gpu.address_space<workgroup>>)
    return
  }
}

// -----

// The same kernel in clusters of its shape is accepted.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%w: index, %tm: index, %tn: index, %out: memref<?xindex>) kernel {
      %c0 = arith.constant 0 : index
      %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [2, 1]
      memref.store %m, %out[%c0] : memref<?xindex>
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @matching_cluster
  func.func @matching_cluster(%w: index, %out: memref<?xindex>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    // CHECK: gpu.launch_func @kernels::@k clusters in
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c2, %c1) threads in (%c128, %c1, %c1) args(%w : index, %w : index, %w : index, %out : memref<?xindex>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @too_much_shared_memory() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %smem = arith.constant 232449 : i32
    // expected-error @+1 {{asks for 232449 bytes of dynamic shared memory, more than the 232448 a block of sm_90a can have}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %smem
    return
  }
}

// -----

// Static shared memory: a workgroup attribution and a workgroup global the
// kernel uses add up; past 48 KiB a block needs the dynamic opt-in.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<4096xf32, #gpu.address_space<workgroup>>
    memref.global "private" @unused : memref<65536xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'gpu.func' op has 53248 bytes of static shared memory, more than the 49152 a block may have without the dynamic opt-in (use gpu.dynamic_shared_memory)}}
    gpu.func @k() workgroup(%a : memref<18432xf16, #gpu.address_space<workgroup>>) kernel {
      %t = memref.get_global @tile : memref<4096xf32, #gpu.address_space<workgroup>>
      %u = memref.get_global @tile : memref<4096xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Within 48 KiB of static shared memory, the dynamic part must leave room
// for it.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<8192xf32, 3>
    gpu.func @k() kernel {
      %t = memref.get_global @tile : memref<8192xf32, 3>
      gpu.return
    }
  }
  func.func @launch() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %smem = arith.constant 200000 : i32
    // expected-error @+1 {{asks for 200000 bytes of dynamic shared memory beside the kernel's 32768 bytes of static shared memory, more than the 232448 a block of sm_90a can have}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %smem
    return
  }
}

// -----

// The kernel's views of dynamic shared memory reach 96 KiB + 64 bytes (the
// furthest view's shift and extent, whatever the order): a launch with
// less, or with none, would read and write past the block's allocation.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %cBars = arith.constant 98304 : index
      %stages = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<49152xf16, #gpu.address_space<workgroup>>
      %bars = memref.view %dyn[%cBars][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi64, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @too_little_dynamic_shared_memory() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %smem = arith.constant 98304 : i32
    // expected-error @+1 {{launches @k with 98304 bytes of dynamic shared memory, but the kernel's views of gpu.dynamic_shared_memory reach 98368 bytes}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %smem
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c1024 = arith.constant 1024 : index
      %tile = memref.view %dyn[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @no_dynamic_shared_memory() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{launches @k with 0 bytes of dynamic shared memory, but the kernel's views of gpu.dynamic_shared_memory reach 1536 bytes}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

// Exactly what the views reach passes; a view at a run-time offset leaves
// the kernel's need unknown, so its launches are not checked against it.
// CHECK-LABEL: func.func @enough_or_unknown
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fixed() kernel {
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c512 = arith.constant 512 : index
      %tile = memref.view %dyn[%c512][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @moving(%offset: index) kernel {
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tile = memref.view %dyn[%offset][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @enough_or_unknown(%offset: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %smem = arith.constant 1024 : i32
    // CHECK: gpu.launch_func @kernels::@fixed
    gpu.launch_func @kernels::@fixed blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %smem
    // CHECK: gpu.launch_func @kernels::@moving
    gpu.launch_func @kernels::@moving blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%offset : index)
    return
  }
}

// -----

// Known sizes no launch can have: the lowering would turn a negative one into
// `.maxntid` and fail in LLVM's translation, with no location (mutation
// fuzzer).
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op known_block_size [32, 1, -3]: dimension 2 must be 1 to 64}}
  gpu.func @negative() kernel attributes {known_block_size = array<i32: 32, 1, -3>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op known_block_size [64, 32, 1] is 2048 threads, more than the 1024 of a block}}
  gpu.func @too_many_threads() kernel attributes {known_block_size = array<i32: 64, 32, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op known_grid_size [0, 1, 1]: dimension 0 must be at least 1}}
  gpu.func @empty_grid() kernel attributes {known_grid_size = array<i32: 0, 1, 1>} {
    gpu.return
  }
}

// -----

// A device function's known block size is checked too: GPU-to-NVVM uses it
// for the thread index's range.
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op known_block_size [0, 1, 1]: dimension 0 must be 1 to 1024}}
  gpu.func @helper() attributes {known_block_size = array<i32: 0, 1, 1>} {
    gpu.return
  }
}

// -----

// NVVM's launch bounds written by hand: LLVM's translation failed unlocated
// on the negative arrays, and the scalars reached the PTX as they were.
gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op nvvm.maxntid [-1, 1, 1]: dimension 0 must be 1 to 1024}}
  gpu.func @maxntid() kernel attributes {nvvm.maxntid = array<i32: -1, 1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op nvvm.cluster_dim [2, -1, 1]: dimension 1 must be at least 1}}
  gpu.func @cluster_dim() kernel attributes {nvvm.cluster_dim = array<i32: 2, -1, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op nvvm.maxnreg is 0 : i32, but must be at least 1}}
  gpu.func @maxnreg() kernel attributes {nvvm.maxnreg = 0 : i32} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op nvvm.minctasm is -2 : i128, but must be at least 1}}
  gpu.func @minctasm() kernel attributes {nvvm.minctasm = -2 : i128} {
    gpu.return
  }
}

// -----

// A kernel compiled for known launch values takes only those.
// CHECK-LABEL: func.func @specialized_fits
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: index {cute.known_value = 2048 : index}, %n: index) kernel
        attributes {known_grid_size = array<i32: 132, 1, 1>,
                    known_cluster_size = array<i32: 2, 1, 1>} {
      gpu.return
    }
  }
  func.func @specialized_fits(%n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c132 = arith.constant 132 : index
    %c2048 = arith.constant 2048 : index
    // CHECK: gpu.launch_func @kernels::@k clusters in
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c132, %c1, %c1) threads in (%c1, %c1, %c1) args(%c2048 : index, %n : index)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: index, %k: i32 {cute.known_value = -1 : i32}) kernel {
      gpu.return
    }
  }
  func.func @other_known_value(%m: index) {
    %c1 = arith.constant 1 : index
    %k = arith.constant 64 : i32
    // expected-error @+1 {{passes 64 as argument #1 of @k, which was compiled for cute.known_value = -1}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : index, %k : i32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_grid_size = array<i32: 132, 1, 1>} {
      gpu.return
    }
  }
  func.func @other_grid() {
    %c1 = arith.constant 1 : index
    %c114 = arith.constant 114 : index
    // expected-error @+1 {{launches @k with a grid of [114, 1, 1], but the kernel was compiled for its known_grid_size [132, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c114, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      gpu.return
    }
  }
  func.func @other_cluster() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{launches @k with a cluster of [1, 4, 1], but the kernel was compiled for its known_cluster_size [2, 1, 1]}}
    gpu.launch_func @kernels::@k clusters in (%c1, %c4, %c1) blocks in (%c4, %c4, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// A constant size is checked when the launch's other sizes are known only at
// run time (cute-specialize-kernels guards those): `?` marks them.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_grid_size = array<i32: 4, 1, 1>,
                                     known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
  func.func @other_grid_x(%y: index) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{launches @k with a grid of [3, ?, 1], but the kernel was compiled for its known_grid_size [4, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c3, %y, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
  func.func @other_block_y(%x: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    // expected-error @+1 {{launches @k with a block of [?, 2, 1], but the kernel was compiled for its known_block_size [128, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%x, %c2, %c1)
    return
  }
}

// -----

// An i1 is named as MLIR prints it; an attribute of another type than the
// argument's is left to cute-specialize-kernels.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%flag: i1 {cute.known_value = false}, %m: index {cute.known_value = 7 : i32}) kernel {
      gpu.return
    }
  }
  func.func @other_flag() {
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    // expected-error @+1 {{passes 1 as argument #0 of @k, which was compiled for cute.known_value = 0}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%true : i1, %c1 : index)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      gpu.return
    }
  }
  func.func @no_clusters() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{launches @k without clusters, but the kernel was compiled for its known_cluster_size [2, 1, 1]}}
    gpu.launch_func @kernels::@k blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// A chip without clusters reads no cluster register: NVPTX's instruction
// selection would abort on it.
gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%out: memref<?xindex>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'gpu.cluster_dim' op reads a thread-block cluster register, which needs sm_90 or newer, but the gpu.module's target is sm_80}}
    %n = gpu.cluster_dim x
    memref.store %n, %out[%c0] : memref<?xindex>
    gpu.return
  }
}

// -----

gpu.module @kernels [#nvvm.target<chip = "sm_75">] {
  gpu.func @k(%out: memref<?xi32>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'nvvm.read.ptx.sreg.cluster.nctarank' op reads a thread-block cluster register, which needs sm_90 or newer, but the gpu.module's target is sm_75}}
    %n = nvvm.read.ptx.sreg.cluster.nctarank : i32
    memref.store %n, %out[%c0] : memref<?xi32>
    gpu.return
  }
}
