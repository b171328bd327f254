// An entry function with an argument, which cute-run cannot call.
module {
func.func @main(%n: index) {
  return
}
}
