// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @empty_bands(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{tile rows come in bands of at least one row, got group 0}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 0
  return
}

// -----

// The group is an I64Attr, whose getter is unsigned: -1 read as 2^64 - 1.
func.func @negative_bands(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{tile rows come in bands of at least one row, got group -1}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group -1
  return
}

// -----

// 2^32 x 2^32 CTAs overflow to 0 when multiplied out.
func.func @cluster_overflow(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{a cluster holds 1 .. 8 CTAs (the portable limit every cluster-capable GPU launches), got [4294967296, 4294967296]}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 8 cluster [4294967296, 4294967296]
  return
}

// -----

gpu.module @kernels {
  gpu.func @count_in_a_kernel() kernel {
    // expected-error @+1 {{is a host op and cannot be used in a gpu.module (a kernel's grid size is gpu.grid_dim)}}
    %sms = cute_nvgpu.multiprocessor_count
    gpu.return
  }
}
