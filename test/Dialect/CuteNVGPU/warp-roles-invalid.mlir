// RUN: cute-opt %s -split-input-file -verify-diagnostics

gpu.module @k {
  gpu.func @registers_not_in_steps_of_8() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{setmaxnreg takes 24 to 256 registers in steps of 8; the producer role asks for 42}}
    cute_nvgpu.warp_specialize producer 1 registers 42 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @too_many_registers() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{setmaxnreg takes 24 to 256 registers in steps of 8; the consumer role asks for 264}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 264 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

// 2^57 warpgroups of 128 threads wrap around to 128 threads in 64 bits:
// the count is bounded before it is multiplied out.
gpu.module @k {
  gpu.func @warpgroups_overflow() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error @+1 {{the producer role asks for 144115188075855872 warpgroups, more than the 8 of a block}}
    cute_nvgpu.warp_specialize producer 144115188075855872 registers 24 {
    ^bb0(%wg: index):
    } consumer 1 registers 24 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @no_consumers() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error @+1 {{the consumer role needs at least one warpgroup, got 0}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 0 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @budgets_exceed_the_register_file() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{the register budgets add up to 68608 registers (warpgroups x 128 x registers), more than the block's 64512 (384 threads x 168 at entry), which setmaxnreg moves between roles}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 248 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

// Within the SM's 65536 registers, but over the 64512 the block starts
// with: the consumers' setmaxnreg.inc would wait forever for registers the
// producer never gives back.
gpu.module @k {
  gpu.func @budgets_exceed_the_block() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{the register budgets add up to 65536 registers (warpgroups x 128 x registers), more than the block's 64512 (384 threads x 168 at entry), which setmaxnreg moves between roles}}
    cute_nvgpu.warp_specialize producer 1 registers 32 {
    ^bb0(%wg: index):
    } consumer 2 registers 240 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @more_than_a_block() kernel {
    // expected-error @+1 {{the roles need 1152 threads, more than a block's 1024}}
    cute_nvgpu.warp_specialize producer 1 registers 24 {
    ^bb0(%wg: index):
    } consumer 8 registers 32 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @block_size_unknown() kernel {
    // expected-error @+1 {{setmaxnreg needs the block's size fixed at the kernel's entry: give @block_size_unknown known_block_size = array<i32: 384, 1, 1>, the threads of its roles}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @block_size_differs() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{give @block_size_differs known_block_size = array<i32: 384, 1, 1>}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

// Only the outer producer's warps would reach the inner op, which splits
// the whole block again (two setmaxnreg pairs, run by a part of it).
gpu.module @k {
  gpu.func @nested() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      // expected-error @+1 {{warp roles split the threads of the whole block: it cannot be nested in a role of another cute_nvgpu.warp_specialize}}
      cute_nvgpu.warp_specialize producer 1 registers 40 {
      ^bb0(%a: index):
      } consumer 2 registers 232 {
      ^bb0(%b: index):
      }
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

// A terminator at the end of a role was inlined before the lowering's
// scf.yield ("must be the last operation in the parent block").
gpu.module @k {
  gpu.func @terminator_in_a_role() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{the producer region holds no terminator: its threads leave the role at its end, but it ends with 'llvm.unreachable'}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      llvm.unreachable
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @terminator_in_the_consumer() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{the consumer region holds no terminator: its threads leave the role at its end, but it ends with 'llvm.unreachable'}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
      %c0 = arith.constant 0 : index
      llvm.unreachable
    }
    gpu.return
  }
}

// -----

func.func @outside_a_kernel() {
  // expected-error @+1 {{warp roles split the threads of a kernel: it must be inside a gpu.func}}
  cute_nvgpu.warp_specialize producer 1 registers 40 {
  ^bb0(%wg: index):
  } consumer 2 registers 232 {
  ^bb0(%wg: index):
  }
  return
}

// -----

gpu.module @k {
  gpu.func @region_without_index() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{the consumer region takes one argument, its warpgroup's index in the role (an index)}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: i32):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @wgmma_in_the_producer() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{wgmma runs in the consumer role only: the producer role has given its registers away}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      nvvm.wgmma.fence.aligned
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

#wg = #cute_nvgpu.tiled_mma<#cute_nvgpu.SM90_64x64x16_F32F16F16_SS, "(1,1,1)">
gpu.module @k {
  gpu.func @wgmma_gemm_in_the_producer(%a: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                                       %b: !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">,
                                       %c: !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error @+1 {{wgmma runs in the consumer role only}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      cute_nvgpu.gemm #wg, %a, %b, %c : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,8),1,1):((1,2,4),0,0)">
    } consumer 1 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k {
  gpu.func @pipeline_created_in_a_role(%bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
      // expected-error @+1 {{every thread of the block initializes the pipeline together: create it before cute_nvgpu.warp_specialize, not in a role}}
      %p = cute_nvgpu.pipeline_create %bars consumers 256 : memref<4xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<2>
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

// A role's register budget moves with setmaxnreg, an sm_90a instruction: on
// an older target the op is an error, not a crash of the PTX backend.
gpu.module @k [#nvvm.target<chip = "sm_80">] {
  gpu.func @setmaxnreg_on_sm80() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{'cute_nvgpu.warp_specialize' op setmaxnreg needs sm_90 or newer, but the target is sm_80}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

gpu.module @k [#nvvm.target<chip = "sm_90">] {
  gpu.func @setmaxnreg_on_sm90() kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
    // expected-error @+1 {{'cute_nvgpu.warp_specialize' op setmaxnreg needs sm_90a or a newer architecture-specific target, but the target is sm_90}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}

// -----

// The budgets share out one block's registers: two blocks an SM would each
// start with half of them.
gpu.module @k [#nvvm.target<chip = "sm_90a">] {
  gpu.func @two_blocks_per_sm() kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 2 : i32} {
    // expected-error @+1 {{'cute_nvgpu.warp_specialize' op register budgets share out one block's registers, but @two_blocks_per_sm sets nvvm.minctasm (blocks per SM) to 2 : i32; setmaxnreg needs 1}}
    cute_nvgpu.warp_specialize producer 1 registers 40 {
    ^bb0(%wg: index):
    } consumer 2 registers 232 {
    ^bb0(%wg: index):
    }
    gpu.return
  }
}
