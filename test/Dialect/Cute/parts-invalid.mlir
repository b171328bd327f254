// RUN: cute-opt %s -split-input-file -verify-diagnostics

func.func @too_few(%m: memref<?xf16, 1>, %i: index) {
  // expected-error @+1 {{'cute.from_parts' op expects 5 parts for '!cute.tensor<f16, gmem, "(?,?):(?,1)">', got 3}}
  %t = cute.from_parts %m, %i, %i : (memref<?xf16, 1>, index, index) -> !cute.tensor<f16, gmem, "(?,?):(?,1)">
  return
}

// -----

func.func @wrong_element(%m: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'cute.from_parts' op operand #0 must be a 1-D memref of 'f16' with the identity layout, got 'memref<?xf32>'}}
  %t = cute.from_parts %m, %i : (memref<?xf32>, index) -> !cute.tensor<f16, gmem, "8:1">
  return
}

// -----

func.func @not_index(%i: i32) {
  // expected-error @+1 {{'cute.from_parts' op operand #0 must be index, got 'i32'}}
  %s = cute.from_parts %i : (i32) -> !cute.shape<"(?,4)">
  return
}

// -----

func.func @coordinate_tensor(%t: !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">) {
  // expected-error @+1 {{'cute.to_parts' op cannot split '!cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">' into parts: a coordinate tensor has no memory to pass; pass its shape and make it again}}
  %p:3 = cute.to_parts %t : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)"> -> index, index, index
  return
}

// -----

func.func @not_cute(%i: index) {
  // expected-error @+1 {{'cute.from_parts' op cannot split 'i32' into parts: not a cute type}}
  %x = cute.from_parts %i : (index) -> i32
  return
}

// -----

func.func @results(%t: !cute.tensor<f32, gmem, "?:1">) {
  // expected-error @+1 {{'cute.to_parts' op expects 3 parts for '!cute.tensor<f32, gmem, "?:1">', got 2}}
  %p:2 = cute.to_parts %t : !cute.tensor<f32, gmem, "?:1"> -> memref<?xf32>, index
  return
}
