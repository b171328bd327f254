//===- AttributeFuzzer.cpp - Fuzz the cute type and attribute parsers -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Parses the input as a type when it starts with `!cute`, as an attribute
// when it starts with `#cute` (so `cute_nvgpu` too): the custom parsers and
// verifiers of both dialects. One context serves every input: loading the
// dialects the cute ones depend on (LLVM, NVVM, GPU) for each input would
// cut the rate twentyfold, and what parsing leaves behind (uniqued types and
// attributes) is what a long compile session leaves too. A rejection must be a
// located error; what parses must print as text that parses back to the same
// uniqued object.
//
//===----------------------------------------------------------------------===//

#include "FuzzerOracle.h"
#include "MLIRFuzzing.h"

#include "cute-mlir/Support/InputGuards.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;

template <typename T> static std::string printed(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os);
  return text;
}

template <typename T, typename Parse>
static void checkRoundTrip(std::string_view input, Parse parse) {
  static std::unique_ptr<MLIRContext> context =
      cute_fuzz::makeContext(cute_fuzz::Dialects::Cute);
  std::string text;
  {
    cute_fuzz::DiagnosticCollector diagnostics(*context);
    T value = parse(input, context.get());
    if (!value) {
      diagnostics.expectLocatedError("parsing", input);
      return;
    }
    text = printed(value);
    cute_fuzz::DiagnosticCollector again(*context);
    T reparsed = parse(text, context.get());
    if (reparsed != value)
      cute_fuzz::fuzzFailure(
          "printed form `" + text + "` does not parse back as itself", input);
  }
}

/// Whether the tools would refuse `input` before parsing it, for what crashes
/// MLIR 22's own parser (a dense array of `index`, say): not ours to find.
static bool hitsParserHazard(std::string_view input) {
  static MLIRContext context(MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(input.data(), input.size()), "fuzz-input"),
      llvm::SMLoc());
  return failed(cute::checkParserHazards(sourceMgr, &context));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  if (hitsParserHazard(input))
    return 0;
  // MLIR's lexer reads the byte after the buffer as its end marker, which a
  // std::string has and libFuzzer's input has not.
  std::string text(input);
  input = text;
  if (input.substr(0, 5) == "!cute")
    checkRoundTrip<Type>(input, [](std::string_view t, MLIRContext *c) {
      return parseType(llvm::StringRef(t.data(), t.size()), c);
    });
  else if (input.substr(0, 5) == "#cute")
    checkRoundTrip<Attribute>(input, [](std::string_view t, MLIRContext *c) {
      return parseAttribute(llvm::StringRef(t.data(), t.size()), c);
    });
  return 0;
}
