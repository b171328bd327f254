//===- LayoutNotationFuzzer.cpp - Fuzz the CuTe notation reader -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Reads the input as each kind of value the notation has (tuple, layout,
// tiler, swizzle, composed layout). Whatever reads must print as text that
// reads back to the same text: the printer and the reader agree.
//
//===----------------------------------------------------------------------===//

#include "FuzzerOracle.h"

#include "cute-mlir/Layout/Notation.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir::cute;

template <typename T, typename Parse>
static void checkReadsBack(std::string_view input, Parse parse) {
  Result<T> value = parse(input);
  if (value.failed()) {
    if (value.message().empty())
      cute_fuzz::fuzzFailure("rejected with an empty message", input);
    return;
  }
  std::string printed = value->str();
  Result<T> again = parse(printed);
  if (again.failed())
    cute_fuzz::fuzzFailure("printed form `" + printed +
                               "` does not read back: " + again.message(),
                           input);
  if (again->str() != printed)
    cute_fuzz::fuzzFailure("printed form `" + printed + "` reads back as `" +
                               again->str() + "`",
                           input);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  checkReadsBack<IntTuple>(
      input, [](std::string_view t) { return parseIntTuple(t, true); });
  checkReadsBack<Layout>(input, parseLayout);
  checkReadsBack<Tiler>(input, parseTiler);
  checkReadsBack<Swizzle>(input, parseSwizzle);
  checkReadsBack<ComposedLayout>(input, parseComposedLayout);
  return 0;
}
