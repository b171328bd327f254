//===- UpstreamExclusions.h - Inputs that crash upstream MLIR 22 -*- C++
//-*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// MLIR 22's parser aborts on a dense array of `index` elements
// (`array<index: 1>`, even `array<index>`): a bug of upstream's, not ours.
// The attribute target, which parses attributes and types directly, skips
// such inputs so that fuzzing goes on past it; the module target goes
// through the tools' guards instead (cute-mlir/Support/InputGuards.h).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_FUZZERS_UPSTREAMEXCLUSIONS_H
#define CUTE_MLIR_TOOLS_CUTE_FUZZERS_UPSTREAMEXCLUSIONS_H

#include <cctype>
#include <string_view>

namespace cute_fuzz {

/// Whether `input` may contain `array` `<` `index` (white space allowed
/// between the tokens, as the lexer allows).
inline bool hitsUpstreamIndexArrayCrash(std::string_view input) {
  for (size_t at = input.find("array"); at != std::string_view::npos;
       at = input.find("array", at + 1)) {
    size_t i = at + 5;
    auto skipSpace = [&] {
      while (i < input.size() &&
             std::isspace(static_cast<unsigned char>(input[i])))
        ++i;
    };
    skipSpace();
    if (i >= input.size() || input[i] != '<')
      continue;
    ++i;
    skipSpace();
    if (input.substr(i, 5) == "index")
      return true;
  }
  return false;
}

} // namespace cute_fuzz

#endif // CUTE_MLIR_TOOLS_CUTE_FUZZERS_UPSTREAMEXCLUSIONS_H
