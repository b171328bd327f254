// RUN: cute-opt %s --split-input-file --cute-to-ptx="chip=sm_90a" --verify-diagnostics
// RUN: not cute-opt %s --split-input-file --cute-to-ptx="chip=sm_90a features=+ptx84" 2>&1 | FileCheck %s --check-prefix=PTX84

// A kernel's parameters fit the space PTX gives them: 4352 bytes before PTX
// ISA 8.1, 32764 from it. ptxas rejected larger ones ("uses too much
// parameter space (0x1108 bytes, 0x1100 max)") after the pipeline had
// succeeded. The limits are ptxas's, checked at both edges.

// 4352 bytes: the most PTX 8.0 allows.
gpu.module @at_limit {
  gpu.func @params(%a: !llvm.array<544 x i64>) kernel {
    gpu.return
  }
}

// -----

gpu.module @over_limit {
  // expected-error @+1 {{kernel @params takes 4360 bytes of parameters, more than the 4352 PTX allows before PTX ISA 8.1 (features=+ptx81 or newer allows 32764); pass large data in memory}}
  gpu.func @params(%a: !llvm.array<545 x i64>) kernel {
    gpu.return
  }
}

// -----

// 32768 bytes: more than PTX 8.1 and newer allow too.
// PTX84-NOT: error: kernel @params takes 4360 bytes
// PTX84: error: kernel @params takes 32768 bytes of parameters, more than the 32764 PTX allows; pass large data in memory
gpu.module @over_new_limit {
  // expected-error @+1 {{kernel @params takes 32768 bytes of parameters, more than the 4352 PTX allows}}
  gpu.func @params(%a: !llvm.array<4096 x i64>) kernel {
    gpu.return
  }
}

// -----

// A module compiled for two targets takes the older PTX ISA's limit: its
// own target asks for PTX 8.4, the first pipeline's for sm_90a's default,
// 8.0. Under the second pipeline (8.4 too) it compiles.
// PTX84-NOT: error: kernel @mixed
gpu.module @two_targets [#nvvm.target<chip = "sm_90a", features = "+ptx84">] {
  // expected-error @+1 {{kernel @mixed takes 4360 bytes of parameters, more than the 4352 PTX allows}}
  gpu.func @mixed(%a: !llvm.array<545 x i64>) kernel {
    gpu.return
  }
}

// -----

// An array whose size in bytes overflows 64 bits: the data layout's size
// wrapped to 0 bytes, and LLVM's backend aborted on the parameter. The next
// parameter's alignment must not wrap the count either.
// PTX84: error: kernel @huge takes more than 2^32 bytes of parameters
gpu.module @overflowing [#nvvm.target<chip = "sm_90a", features = "+ptx84">] {
  // expected-error @+1 {{kernel @huge takes more than 2^32 bytes of parameters, more than the 4352 PTX allows}}
  gpu.func @huge(%a: !llvm.array<9223372036854775808 x i64>, %b: i64) kernel {
    gpu.return
  }
}

// -----

// Parameters that hold no data: LLVM's NVPTX backend aborted on an empty
// aggregate ("Empty parameter types are not supported"), and the data layout
// divided by the zero alignment of an i0 (SIGFPE).
gpu.module @empty_struct {
  // expected-error @+1 {{kernel @params parameter 1 is of '!llvm.struct<()>', which holds no data: PTX cannot pass it}}
  gpu.func @params(%a: i32, %b: !llvm.struct<()>) kernel {
    gpu.return
  }
}

// -----

gpu.module @empty_array {
  // expected-error @+1 {{kernel @params parameter 0 is of '!llvm.array<0 x i64>', which holds no data: PTX cannot pass it}}
  gpu.func @params(%a: !llvm.array<0 x i64>) kernel {
    gpu.return
  }
}

// -----

gpu.module @zero_width {
  // expected-error @+1 {{kernel @params parameter 0 is of '!llvm.array<544 x i0>', which has a zero-width integer (i0): PTX cannot pass it}}
  gpu.func @params(%a: !llvm.array<544 x i0>) kernel {
    gpu.return
  }
}

// -----

// A device function's parameters and result go through the same backend
// code, which aborted on them alike (mutation fuzzer).
gpu.module @device_function {
  // expected-error @+1 {{function @helper parameter 0 is of '!llvm.array<544 x i0>', which has a zero-width integer (i0): PTX cannot pass it}}
  gpu.func @helper(%a: !llvm.array<544 x i0>) {
    gpu.return
  }
}

// -----

gpu.module @device_result {
  // expected-error @+1 {{function @nothing result is of '!llvm.struct<()>', which holds no data: PTX cannot pass it}}
  func.func @nothing() -> !llvm.struct<()> {
    %0 = llvm.mlir.undef : !llvm.struct<()>
    return %0 : !llvm.struct<()>
  }
}

// -----

// A device function's aggregate whose size wraps LLVM's arithmetic: 2^66
// bytes came out as none, and the backend aborted as for an empty type.
gpu.module @device_huge {
  // expected-error @+1 {{function @helper parameter 0 is of '!llvm.array<9223372036854775808 x i64>', which is more than 2^32 bytes: PTX cannot pass it}}
  gpu.func @helper(%a: !llvm.array<9223372036854775808 x i64>, %b: i64) {
    gpu.return
  }
}

// -----

// Under 2^32 bytes but 2^31 values, each of which the backend passes on its
// own: it took ten minutes and 24 GiB before it was refused, and 544 integers
// of 2^22 bits (2^25 parts of 64 bits) past the fuzzer's time limit (mutation
// fuzzer). 65536 parts, the most it takes, compile.
gpu.module @device_many {
  // expected-error @+1 {{function @helper parameter 0 is of '!llvm.array<2147483648 x i3>', which LLVM's NVPTX backend passes as 2147483648 parts of at most 64 bits, more than the 65536 a device function may take by value; pass large data in memory}}
  gpu.func @helper(%a: !llvm.array<2147483648 x i3>) {
    gpu.return
  }
}

// -----

gpu.module @device_wide {
  // expected-error @+1 {{function @helper parameter 1 is of '!llvm.array<544 x i4194304>', which LLVM's NVPTX backend passes as 35651584 parts}}
  gpu.func @helper(%x: i32, %a: !llvm.array<544 x i4194304>) {
    gpu.return
  }
}

// -----

gpu.module @device_most {
  gpu.func @most(%a: !llvm.array<4 x struct<(vector<2xi32>, array<16382 x i8>)>>, %b: i4194304) {
    gpu.return
  }
}

// -----

gpu.module @device_many_result {
  // expected-error @+1 {{function @many result is of '!llvm.struct<(array<65536 x i8>, i8)>', which LLVM's NVPTX backend passes as 65537 parts}}
  func.func @many() -> !llvm.struct<(array<65536 x i8>, i8)> {
    %0 = llvm.mlir.undef : !llvm.struct<(array<65536 x i8>, i8)>
    return %0 : !llvm.struct<(array<65536 x i8>, i8)>
  }
}
