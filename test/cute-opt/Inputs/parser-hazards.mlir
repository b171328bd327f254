// Each function holds one construct MLIR 22's parser crashes on
// (parser-hazards.test).

func.func @index_array() attributes {a = array<index: 1, 2>} {
  return
}

// -----

// An empty one, with white space, inside an array attribute.
func.func @spaced() attributes {a = [array <  index >]} {
  return
}

// -----

func.func @result_number() -> i32 {
  %pair:2 = "test.pair"() : () -> (i32, i32)
  return %pair#2147483648 : i32
}

// -----

func.func @overflow(%x: i32) -> i32 {
  return %x#99999999999999999999999 : i32
}
