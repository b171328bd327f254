//===- ParserHazards.cpp - What MLIR 22's parser crashes on ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The text is scanned as MLIR's lexer sees it; bytecode, which cannot be
// scanned, is read once under crash recovery.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"

#include <unistd.h>

using namespace mlir;

namespace {

/// Characters of an MLIR bare identifier or value name after its first.
bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// Walks a buffer's text as MLIR's lexer sees it for what the parser crashes
/// on, skipping string literals and comments.
class ParserHazardScanner {
public:
  ParserHazardScanner(const llvm::SourceMgr &sourceMgr, MLIRContext *context)
      : sourceMgr(sourceMgr), context(context),
        buffer(sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())),
        text(buffer->getBuffer()) {}

  LogicalResult run() {
    bool ok = true;
    for (size_t i = 0; i < text.size();) {
      char c = text[i];
      if (c == '"') {
        i = skipString(i);
      } else if (c == '/' && text.substr(i, 2) == "//") {
        i = text.find('\n', i);
        if (i == StringRef::npos)
          break;
      } else if (c == '%') {
        i = checkValueUse(i, ok);
      } else if (c == 'a' && (i == 0 || !isIdentifierChar(text[i - 1]))) {
        i = checkDenseArray(i, ok);
      } else if (opensNesting(i)) {
        if (++depth > cute::kMaxNesting) {
          emitError(i) << "brackets nest deeper than " << cute::kMaxNesting
                       << " levels, where MLIR 22's parser, which recurses "
                          "once a level, may run out of stack";
          return failure();
        }
        ++i;
      } else if (closesNesting(i)) {
        depth -= depth > 0;
        ++i;
      } else {
        ++i;
      }
    }
    return success(ok);
  }

private:
  /// (, [, { and the < of a type or attribute's parameters (`memref<`,
  /// `!llvm.ptr<`: right after a name, unlike a comparison).
  bool opensNesting(size_t i) const {
    char c = text[i];
    return c == '(' || c == '[' || c == '{' ||
           (c == '<' && i > 0 && isIdentifierChar(text[i - 1]));
  }

  /// ), ], } and a > that is not part of `->` or `>=`.
  bool closesNesting(size_t i) const {
    char c = text[i];
    return c == ')' || c == ']' || c == '}' ||
           (c == '>' && !(i > 0 && text[i - 1] == '-') &&
            !(i + 1 < text.size() && text[i + 1] == '='));
  }

  size_t skipString(size_t quote) {
    size_t i = quote + 1;
    while (i < text.size() && text[i] != '"' && text[i] != '\n')
      i += text[i] == '\\' ? 2 : 1;
    return std::min(i + 1, text.size());
  }

  size_t skipSpace(size_t i) const {
    while (i < text.size() && llvm::isSpace(text[i]))
      ++i;
    return i;
  }

  /// `%name#N`: the parser sizes a table of the name's results to N + 1
  /// before it knows whether %name has that many (2^31 is out of memory).
  size_t checkValueUse(size_t percent, bool &ok) {
    size_t i = percent + 1;
    while (i < text.size() && isIdentifierChar(text[i]))
      ++i;
    if (i == percent + 1 || i >= text.size() || text[i] != '#')
      return i;
    size_t digits = i + 1, end = digits;
    while (end < text.size() && llvm::isDigit(text[end]))
      ++end;
    uint64_t number = 0;
    bool tooLarge = false;
    for (size_t d = digits; d < end && !tooLarge; ++d) {
      number = number * 10 + (text[d] - '0');
      tooLarge = number > cute::kMaxResultNumber;
    }
    if (tooLarge) {
      emitError(percent)
          << "result number " << text.slice(digits, end) << " of "
          << text.slice(percent, i) << " is larger than "
          << cute::kMaxResultNumber
          << ", which MLIR 22's parser cannot take without running out of "
             "memory";
      ok = false;
    }
    return end;
  }

  /// `array<index ...>`: the parser asks `index` for its bit width and
  /// crashes, where other non-integer element types get an error.
  size_t checkDenseArray(size_t start, bool &ok) {
    size_t i = start;
    while (i < text.size() && isIdentifierChar(text[i]))
      ++i;
    if (text.slice(start, i) != "array")
      return i;
    size_t angle = skipSpace(i);
    if (angle >= text.size() || text[angle] != '<')
      return i;
    size_t type = skipSpace(angle + 1);
    size_t typeEnd = type;
    while (typeEnd < text.size() && isIdentifierChar(text[typeEnd]))
      ++typeEnd;
    if (text.slice(type, typeEnd) == "index") {
      emitError(type) << "a dense array of 'index' elements crashes MLIR 22's "
                         "parser; give the elements a width (i64)";
      ok = false;
    }
    // The < is left to the nesting count.
    return i;
  }

  InFlightDiagnostic emitError(size_t offset) {
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(text.data() + offset),
        sourceMgr.getMainFileID());
    return mlir::emitError(FileLineColLoc::get(
        context, buffer->getBufferIdentifier(), line, column));
  }

  const llvm::SourceMgr &sourceMgr;
  MLIRContext *context;
  const llvm::MemoryBuffer *buffer;
  StringRef text;
  unsigned depth = 0;
};

} // namespace

/// Reads bytecode into a scratch context under crash recovery: MLIR 22's
/// reader aborts on some damaged files (a length read as 2^34 sizes a
/// SmallVector) instead of rejecting them, and corrupts the heap on others.
/// A fatal error becomes a diagnostic; a crash ends the process with exit
/// status 1 and a message.
static LogicalResult checkBytecode(const llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  MLIRContext scratch(context->getDialectRegistry(),
                      MLIRContext::Threading::DISABLED);
  scratch.allowUnregisteredDialects(context->allowsUnregisteredDialects());
  ScopedDiagnosticHandler quiet(&scratch,
                                [](Diagnostic &) { return success(); });
  // A fatal error (the reader's is one) ends the attempt instead of the
  // process, its message kept for ours.
  std::string reason;
  llvm::ScopedFatalErrorHandler fatal(
      [](void *reason, const char *message, bool) {
        *static_cast<std::string *>(reason) = message;
        if (llvm::CrashRecoveryContext *recovery =
                llvm::CrashRecoveryContext::GetCurrent())
          recovery->HandleExit(1);
      },
      &reason);
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  bool survived = recovery.RunSafely([&] {
    Block block;
    (void)parseSourceFile(sourceMgr, &block,
                          ParserConfig(&scratch, /*verifyAfterParse=*/false));
  });
  if (survived)
    return success();
  if (reason.empty()) {
    // A signal: the heap may be corrupt (glibc aborts with its lock held), so
    // nothing that allocates is safe, nor is going on.
    StringRef name = buffer->getBufferIdentifier();
    static const char message[] =
        ": error: MLIR 22's bytecode reader crashed on this file (damaged "
        "bytecode)\n";
    (void)!::write(2, name.data(), name.size());
    (void)!::write(2, message, sizeof(message) - 1);
    ::_exit(1);
  }
  return emitError(
             FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0))
         << "MLIR 22's bytecode reader crashes on this file (damaged "
            "bytecode): "
         << reason;
}

LogicalResult cute::checkParserHazards(const llvm::SourceMgr &sourceMgr,
                                       MLIRContext *context) {
  if (isBytecode(sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                     ->getMemBufferRef()))
    return checkBytecode(sourceMgr, context);
  return ParserHazardScanner(sourceMgr, context).run();
}
