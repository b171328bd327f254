//===- FuzzerOracle.h - What a fuzz target counts as a failure --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A crash, hang or sanitizer report is a failure by itself. Beyond those, a
// target reports a failure through `fuzzFailure`: an input rejected without
// a located error, or a result that does not read back as itself.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_FUZZERS_FUZZERORACLE_H
#define CUTE_MLIR_TOOLS_CUTE_FUZZERS_FUZZERORACLE_H

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace cute_fuzz {

/// Print what went wrong and the input, then abort: libFuzzer saves the
/// input as a crash; the standalone driver exits with a failure.
[[noreturn]] inline void fuzzFailure(std::string_view what,
                                     std::string_view input) {
  std::fprintf(stderr, "cute-fuzz: %.*s\ninput:\n%.*s\n",
               static_cast<int>(what.size()), what.data(),
               static_cast<int>(input.size()), input.data());
  std::abort();
}

} // namespace cute_fuzz

#endif // CUTE_MLIR_TOOLS_CUTE_FUZZERS_FUZZERORACLE_H
