// Text like the parser's hazards where it is none (parser-hazards.test): in
// strings, comments and dialect types, and result numbers within bounds.
// array<index: 1> in a comment, and %x#2147483648 too.
func.func @f(%a: !llvm.array<4 x i64>, %v: i64) -> i64
    attributes {s = "array<index: 1> and %x#2147483648", n = array<i64: 1>} {
  %pair:2 = arith.addui_extended %v, %v : i64, i1
  return %pair#0 : i64
}
