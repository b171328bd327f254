//===- LayoutExpressionFuzzer.cpp - Fuzz the layout calculator ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Evaluates the input as a `cute-layout` expression: the notation reader,
// every algebra function and the atom tables behind it. A rejection must say
// why; a result must print.
//
//===----------------------------------------------------------------------===//

#include "FuzzerOracle.h"

#include "cute-mlir/Calculator/Calculator.h"

#include <cstddef>
#include <cstdint>

using namespace mlir::cute;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  Result<CalcValue> value = evaluateExpression(input);
  if (value.failed()) {
    if (value.message().empty())
      cute_fuzz::fuzzFailure("rejected with an empty message", input);
    return 0;
  }
  // Printing walks the whole result (and the dynamic leaves' expressions);
  // a picture may be refused (too large), with a reason.
  (void)value->str();
  (void)value->str(/*asTypeSlots=*/true);
  if (const auto *text = std::get_if<CalcValue::Text>(&value->value))
    if (text->draw) {
      Result<std::string> picture = text->draw();
      if (picture.failed() && picture.message().empty())
        cute_fuzz::fuzzFailure("a picture refused with an empty message",
                               input);
    }
  return 0;
}
