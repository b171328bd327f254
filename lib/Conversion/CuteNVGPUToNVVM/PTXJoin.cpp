//===- PTXJoin.cpp - One PTX module from the PTX of its parts -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PTXJoin.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace {

/// A module-scope statement: a directive ending in `;` (a declaration or a
/// variable, with its initializer) or a function with its body.
struct Statement {
  StringRef text;
  StringRef name;
};

struct ParsedPTX {
  StringRef header;
  SmallVector<Statement> statements;
};

bool startsIdentifier(char c) {
  return llvm::isAlpha(c) || c == '_' || c == '$' || c == '%';
}

bool continuesIdentifier(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$';
}

/// Moves `i` past the comment starting at it, if one does. Sets
/// `unterminated` where a `/*` comment does not end.
bool skipComment(StringRef text, size_t &i, bool &unterminated) {
  StringRef at = text.substr(i);
  if (at.starts_with("//")) {
    i = std::min(text.find('\n', i), text.size());
    return true;
  }
  if (!at.starts_with("/*"))
    return false;
  size_t end = text.find("*/", i + 2);
  unterminated = end == StringRef::npos;
  i = unterminated ? text.size() : end + 2;
  return true;
}

/// Moves `i` past the comment or string (`.pragma "nounroll";`) starting at
/// it, if one does.
bool skipCommentOrString(StringRef text, size_t &i, bool &unterminated) {
  if (skipComment(text, i, unterminated))
    return true;
  if (text[i] != '"')
    return false;
  size_t end = text.find('"', i + 1);
  unterminated = end == StringRef::npos;
  i = unterminated ? text.size() : end + 1;
  return true;
}

/// The name a statement declares or defines: the last identifier outside
/// parentheses before its `[`, `=`, `;` or `{`, or before the `(` of a
/// parameter list. `.func (.param .b32 r) f(...)` declares `f`, `.global
/// .align 4 .b8 t[8] = {...};` declares `t`.
StringRef statementName(StringRef text) {
  StringRef name;
  bool afterIdentifier = false;
  int parens = 0;
  size_t i = 0;
  while (i < text.size()) {
    bool unterminated = false;
    if (skipCommentOrString(text, i, unterminated))
      continue;
    char c = text[i];
    if (c == '(') {
      if (parens == 0 && afterIdentifier)
        return name;
      ++parens;
    } else if (c == ')') {
      --parens;
    } else if (parens == 0 && (c == '[' || c == '=' || c == ';' || c == '{')) {
      return name;
    }
    if (c == '.' || startsIdentifier(c)) {
      size_t end = i + 1;
      while (end < text.size() && continuesIdentifier(text[end]))
        ++end;
      afterIdentifier = parens == 0 && c != '.';
      if (afterIdentifier)
        name = text.slice(i, end);
      i = end;
      continue;
    }
    if (!llvm::isSpace(c))
      afterIdentifier = false;
    ++i;
  }
  return name;
}

/// Splits `ptx` into its header, up to the `.address_size` line, and its
/// module-scope statements.
bool parse(StringRef ptx, ParsedPTX &parsed, std::string &whyNot) {
  size_t directive = ptx.find("\n.address_size");
  if (directive == StringRef::npos) {
    whyNot = "a part has no .address_size directive";
    return false;
  }
  size_t headerEnd = std::min(ptx.find('\n', directive + 1), ptx.size());
  parsed.header = ptx.take_front(headerEnd);
  StringRef rest = ptx.drop_front(headerEnd);

  size_t i = 0;
  while (true) {
    bool unterminated = false;
    while (i < rest.size() && !unterminated) {
      if (llvm::isSpace(rest[i]))
        ++i;
      else if (!skipComment(rest, i, unterminated))
        break;
    }
    if (unterminated) {
      whyNot = "a part's PTX ends inside a comment";
      return false;
    }
    if (i == rest.size())
      return true;
    size_t start = i;
    int braces = 0;
    bool initializer = false, done = false;
    while (i < rest.size() && !done) {
      if (skipCommentOrString(rest, i, unterminated))
        continue;
      char c = rest[i++];
      if (c == '{') {
        ++braces;
      } else if (c == '}') {
        // A body ends the statement; an initializer's braces end before `;`.
        done = --braces == 0 && !initializer;
      } else if (braces == 0 && c == '=') {
        initializer = true;
      } else if (braces == 0 && c == ';') {
        done = true;
      }
      if (braces < 0)
        break;
    }
    if (!done || unterminated) {
      whyNot = "a part's PTX ends inside a statement";
      return false;
    }
    StringRef text = rest.slice(start, i);
    if (text.starts_with(".file") || text.starts_with(".section")) {
      whyNot = "the parts have debug information";
      return false;
    }
    StringRef name = statementName(text);
    if (name.empty()) {
      whyNot = ("cannot read the name of `" + text.take_front(60) + "`").str();
      return false;
    }
    parsed.statements.push_back({text, name});
  }
}

/// `text` as two compilations of one function in different parts must
/// agree on it: without comments (`// callseq 3` counts the module's calls)
/// and without the function numbers of branch labels (`$L__BB3_7`), which
/// count the module's functions.
std::string comparable(StringRef text) {
  constexpr StringRef label = "$L__BB";
  std::string result;
  result.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    bool unterminated = false;
    if (skipComment(text, i, unterminated))
      continue;
    if (text.substr(i).starts_with(label)) {
      result += label;
      i += label.size();
      size_t digits = i;
      while (digits < text.size() && llvm::isDigit(text[digits]))
        ++digits;
      if (digits > i && text.substr(digits).starts_with("_"))
        i = digits;
      continue;
    }
    result += text[i++];
  }
  return result;
}

} // namespace

std::optional<std::string> cute::joinPTXModules(ArrayRef<StringRef> parts,
                                                std::string &whyNot) {
  SmallVector<ParsedPTX> parsed(parts.size());
  for (auto [ptx, module] : llvm::zip_equal(parts, parsed)) {
    if (!parse(ptx, module, whyNot))
      return std::nullopt;
    if (module.header != parsed.front().header) {
      whyNot = "the parts' headers differ";
      return std::nullopt;
    }
  }
  std::string joined = parsed.empty() ? "" : parsed.front().header.str();
  joined += "\n";
  llvm::StringMap<StringRef> written;
  for (const ParsedPTX &module : parsed) {
    for (const Statement &statement : module.statements) {
      auto [it, inserted] = written.try_emplace(statement.name, statement.text);
      if (!inserted) {
        if (it->second != statement.text &&
            comparable(it->second) != comparable(statement.text)) {
          whyNot =
              ("two parts define `" + statement.name + "` differently").str();
          return std::nullopt;
        }
        continue;
      }
      joined += "\n";
      joined += statement.text;
      joined += "\n";
    }
  }
  return joined;
}
