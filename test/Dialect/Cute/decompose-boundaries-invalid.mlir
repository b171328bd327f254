// RUN: cute-opt %s -cute-decompose-boundaries -split-input-file -verify-diagnostics

// expected-error @+1 {{'func.func' op cannot pass '!cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">' across a boundary: a coordinate tensor has no memory to pass; pass its shape and make it again}}
func.func @identity_argument(%t: !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">) {
  return
}

// -----

func.func @identity_iter_arg(%s: !cute.shape<"(?,?)">, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %id = cute.make_identity_tensor %s : !cute.shape<"(?,?)">
  // expected-error @+1 {{'scf.for' op cannot pass '!cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">' across a boundary}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %id) -> (!cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">) {
    // expected-error @+1 {{'scf.yield' op cannot pass}}
    scf.yield %t : !cute.tensor<!cute.coord<"(?,?)">, coord, "(?,?):(1,16777216)">
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op cannot pass}}
func.func private @callee(!cute.tensor<!cute.coord<"?">, coord, "?:1">)

func.func @identity_call(%s: !cute.shape<"?">) {
  %id = cute.make_identity_tensor %s : !cute.shape<"?">
  // expected-error @+1 {{'func.call' op cannot pass}}
  func.call @callee(%id) : (!cute.tensor<!cute.coord<"?">, coord, "?:1">) -> ()
  return
}
