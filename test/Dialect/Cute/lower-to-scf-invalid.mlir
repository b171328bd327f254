// RUN: cute-opt %s -cute-lower-to-scf -split-input-file -verify-diagnostics

// What cute-lower-to-scf cannot lower says why, at the op.

// A vector of a strided tensor is one load or store per element: a million
// of them is an error before the first is emitted (this took 17 s).
func.func @load_vector_too_long_to_unroll(%buf: memref<?xf32>) -> vector<1048576xf32> {
  %l = cute.static : !cute.layout<"1048576:3">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"1048576:3">) -> !cute.tensor<f32, gmem, "1048576:3">
  // expected-error @+1 {{'cute.load_vector' op the tensor is not contiguous, so the lowering unrolls the 1048576 elements of 'vector<1048576xf32>', more than the 4096 it unrolls}}
  %v = cute.load_vector %t : !cute.tensor<f32, gmem, "1048576:3"> -> vector<1048576xf32>
  return %v : vector<1048576xf32>
}

// -----

func.func @store_vector_too_long_to_unroll(%buf: memref<?xf32>, %v: vector<1048576xf32>) {
  %l = cute.static : !cute.layout<"1048576:3">
  %t = cute.make_tensor %buf, %l : (memref<?xf32>, !cute.layout<"1048576:3">) -> !cute.tensor<f32, gmem, "1048576:3">
  // expected-error @+1 {{'cute.store_vector' op the tensor is not contiguous, so the lowering unrolls the 1048576 elements of 'vector<1048576xf32>', more than the 4096 it unrolls}}
  cute.store_vector %v, %t : vector<1048576xf32>, !cute.tensor<f32, gmem, "1048576:3">
  return
}
