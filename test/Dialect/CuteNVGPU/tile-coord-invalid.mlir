// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @empty_bands(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{tile rows come in bands of at least one row, got group 0}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 0
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
