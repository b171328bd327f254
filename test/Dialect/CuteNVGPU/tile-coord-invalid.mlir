// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @empty_bands(%w: index, %tm: index, %tn: index) {
  // expected-error @+1 {{tile rows come in bands of at least one row, got group 0}}
  %m, %n = cute_nvgpu.tile_coord %w, %tm, %tn group 0
  return
}
