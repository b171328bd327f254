// A launch whose operandSegmentSizes do not add up, which MLIR 22's verifier
// of gpu.container_module reads before verifying the launch
// (input-guards.test).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c = arith.constant 1 : index
    "gpu.launch_func"(%c, %c, %c, %c, %c, %c) <{kernel = @k::@f, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 65536, 0, 0>}> : (index, index, index, index, index, index) -> ()
    return
  }
}
