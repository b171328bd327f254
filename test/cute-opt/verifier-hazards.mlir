// RUN: cute-opt %s --split-input-file --verify-diagnostics
//
// IR that MLIR 22's GPU verifiers crash on: the verifier of
// `gpu.container_module` reads every launch's operands and its kernel's
// function type before it verifies either op, and the verifiers of
// `gpu.func` and `gpu.launch` trust `workgroup_attributions` (the latter
// also counts only 12 ids and sizes where clusters make 18). cute-opt verifies those ops first, so
// each gets the error its own verifier gives.

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  func.func @launch(%c: index) {
    // expected-error @below {{operand count (6) does not match with the total size (65542) specified in attribute 'operandSegmentSizes'}}
    "gpu.launch_func"(%c, %c, %c, %c, %c, %c) <{kernel = @k::@f, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 65536, 0, 0>}> : (index, index, index, index, index, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @below {{requires attribute 'function_type'}}
    "gpu.func"() ({
      gpu.return
    }) {gpu.kernel, sym_name = "f"} : () -> ()
  }
  func.func @launch(%c: index) {
    gpu.launch_func @k::@f blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}

// -----

gpu.module @k {
  // expected-error @below {{'workgroup_attributions' must be an i64 from 0 to 1 (the body's arguments beyond the function's inputs), not true}}
  "gpu.func"() ({
  ^bb0(%a: memref<4xf32, 3>):
    gpu.return
  }) {function_type = () -> (), sym_name = "f", workgroup_attributions = 1 : i1} : () -> ()
}

// -----

gpu.module @k {
  // expected-error @below {{'workgroup_attributions' must be an i64 from 0 to 0 (the body's arguments beyond the function's inputs), not -3 : i64}}
  "gpu.func"() ({
    gpu.return
  }) {function_type = () -> (), sym_name = "f", workgroup_attributions = -3 : i64} : () -> ()
}

// -----

gpu.module @k {
  // expected-error @below {{'workgroup_attributions' must be an i64 from 0 to 1 (the body's arguments beyond the function's inputs), not 2 : i64}}
  "gpu.func"() ({
  ^bb0(%x: f32, %a: memref<4xf32, 3>):
    gpu.return
  }) {function_type = (f32) -> (), sym_name = "f", workgroup_attributions = 2 : i64} : () -> ()
}

// -----

// In bounds, as the custom syntax writes it: no error.
gpu.module @k {
  gpu.func @f(%x: f32) workgroup(%a: memref<4xf32, 3>) {
    gpu.return
  }
}

// -----

// A launch with clusters has 18 ids and sizes: no argument is left for a
// workgroup attribution (upstream's verifier counted 12 and read past the
// arguments: found by fuzz-mutate).
func.func @clustered(%s: index) {
  // expected-error @below {{'gpu.launch' op 'workgroup_attributions' must be an i64 from 0 to 0 (the body's arguments beyond its 18 ids and sizes), not 1 : i64}}
  "gpu.launch"(%s, %s, %s, %s, %s, %s, %s, %s, %s) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0>}> ({
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index, %a12: index, %a13: index, %a14: index, %a15: index, %a16: index, %a17: index):
    gpu.terminator
  }) {workgroup_attributions = 1 : i64} : (index, index, index, index, index, index, index, index, index) -> ()
  return
}

// -----

// One attribution argument after the 18: in bounds, no error.
func.func @clustered_with_attribution(%s: index) {
  "gpu.launch"(%s, %s, %s, %s, %s, %s, %s, %s, %s) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0>}> ({
  ^bb0(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index, %a12: index, %a13: index, %a14: index, %a15: index, %a16: index, %a17: index, %w: memref<4xf32, #gpu.address_space<workgroup>>):
    gpu.terminator
  }) {workgroup_attributions = 1 : i64} : (index, index, index, index, index, index, index, index, index) -> ()
  return
}

// -----

// A gpu.launch or gpu.func without its region: the attribution checks above
// leave it to the op's verifier instead of reading a body it lacks.
func.func @launch_without_body(%c: index) {
  // expected-error @below {{'gpu.launch' op requires one region}}
  "gpu.launch"(%c) : (index) -> ()
  return
}

// -----

gpu.module @k {
  // expected-error @below {{'gpu.func' op requires one region}}
  "gpu.func"() <{function_type = () -> ()}> {sym_name = "f"} : () -> ()
}

// -----

// operandSegmentSizes that do not add up to the operands: the attribution
// check reads the cluster operands through them only once they do.
func.func @launch_with_bad_segments(%c: index) {
  // expected-error @below {{operand count (9) does not match with the total size (65545) specified in attribute 'operandSegmentSizes'}}
  "gpu.launch"(%c, %c, %c, %c, %c, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 65536, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0>}> ({
    "gpu.terminator"() : () -> ()
  }) : (index, index, index, index, index, index, index, index, index) -> ()
  return
}

// -----

// A gpu.module without its region, which the container module's verifier
// would look the launched kernel up in.
module attributes {gpu.container_module} {
  // expected-error @below {{'gpu.module' op requires one region}}
  "gpu.module"() <{sym_name = "kernels"}> : () -> ()
  func.func @launch_into_no_module(%c: index) {
    gpu.launch_func @kernels::@k blocks in (%c, %c, %c) threads in (%c, %c, %c)
    return
  }
}
