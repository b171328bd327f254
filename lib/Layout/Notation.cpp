//===- Notation.cpp - Reading CuTe notation -------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Notation.h"

#include <cctype>
#include <climits>

using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// Term
//===----------------------------------------------------------------------===//

Term Term::ofInt(Int v) {
  Term t;
  t.termKind = Kind::Int;
  t.leaf = std::move(v);
  return t;
}

Term Term::ofUnderscore() {
  Term t;
  t.termKind = Kind::Underscore;
  return t;
}

Term Term::ofLayout(Layout l) {
  Term t;
  t.termKind = Kind::Layout;
  t.layoutValue = std::move(l);
  return t;
}

Term Term::ofTuple(std::vector<Term> elements) {
  Term t;
  t.termKind = Kind::Tuple;
  t.elems = std::move(elements);
  return t;
}

Result<IntTuple> Term::toIntTuple() const {
  switch (termKind) {
  case Kind::Int:
    return IntTuple(leaf);
  case Kind::Underscore:
    return IntTuple::underscore();
  case Kind::Layout:
    return algebraError("expected an integer tuple, got the layout " +
                        layoutValue.str());
  case Kind::Tuple: {
    std::vector<IntTuple> r;
    for (const Term &e : elems) {
      CUTE_TRY(t, e.toIntTuple());
      r.push_back(t);
    }
    return IntTuple::tuple(std::move(r));
  }
  }
  return algebraError("unreachable");
}

Result<Tiler> Term::toTiler() const {
  switch (termKind) {
  case Kind::Int:
    // An integer tiler N is the layout N:1, so N is a size.
    if (leaf.isStatic() && leaf.value() < 1)
      return algebraError("a tiler's size must be positive, not " + leaf.str());
    return Tiler::integer(IntTuple(leaf));
  case Kind::Underscore:
    return Tiler::underscore();
  case Kind::Layout:
    return Tiler(layoutValue);
  case Kind::Tuple: {
    std::vector<Tiler> r;
    for (const Term &e : elems) {
      CUTE_TRY(t, e.toTiler());
      r.push_back(t);
    }
    return Tiler::tuple(std::move(r));
  }
  }
  return algebraError("unreachable");
}

//===----------------------------------------------------------------------===//
// NotationReader
//===----------------------------------------------------------------------===//

void NotationReader::skipSpace() {
  while (pos < text.size() &&
         std::isspace(static_cast<unsigned char>(text[pos])))
    ++pos;
}

bool NotationReader::atEnd() {
  skipSpace();
  return pos >= text.size();
}

char NotationReader::peek() {
  skipSpace();
  return pos < text.size() ? text[pos] : '\0';
}

bool NotationReader::consume(char c) {
  if (peek() != c)
    return false;
  ++pos;
  return true;
}

AlgebraError NotationReader::errorHere(const std::string &message) {
  return algebraError(message + " at column " + std::to_string(pos + 1));
}

std::optional<std::string> NotationReader::readIdentifier() {
  skipSpace();
  size_t start = pos;
  if (pos >= text.size() ||
      !(std::isalpha(static_cast<unsigned char>(text[pos])) ||
        text[pos] == '_'))
    return std::nullopt;
  while (
      pos < text.size() &&
      (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
    ++pos;
  return std::string(text.substr(start, pos - start));
}

Result<int64_t> NotationReader::readInteger() {
  skipSpace();
  bool negative = false;
  if (pos < text.size() && text[pos] == '-') {
    negative = true;
    ++pos;
  }
  if (pos >= text.size() ||
      !std::isdigit(static_cast<unsigned char>(text[pos])))
    return errorHere("expected an integer");
  int64_t v = 0;
  while (pos < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[pos]))) {
    int digit = text[pos++] - '0';
    if (v > (INT64_MAX - digit) / 10)
      return errorHere("integer literal overflows 64 bits");
    v = v * 10 + digit;
  }
  return negative ? -v : v;
}

Result<Int> NotationReader::readUnknown() {
  ++pos; // '?'
  std::string name;
  while (
      pos < text.size() &&
      (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
    name += text[pos++];
  if (!name.empty() && std::isdigit(static_cast<unsigned char>(name[0])))
    return errorHere("the name of an unknown must start with a letter");
  int64_t divisibility = 1;
  if (pos < text.size() && text[pos] == '{') {
    ++pos;
    std::optional<std::string> key = readIdentifier();
    if (!key || *key != "div" || !consume('='))
      return errorHere("expected `div=N` in the fact of an unknown");
    CUTE_TRY(d, readInteger());
    if (d < 1)
      return errorHere("a divisibility fact must be positive");
    divisibility = d;
    if (!consume('}'))
      return errorHere("expected `}`");
  }
  if (name.empty())
    return Int::unknown("", divisibility);
  auto it = namedUnknowns.find(name);
  if (it != namedUnknowns.end()) {
    if (divisibility != 1 && divisibility != it->second.divisor())
      return errorHere("?" + name + " is stated with two different facts");
    return it->second;
  }
  Int v = Int::unknown(name, divisibility);
  namedUnknowns.emplace(name, v);
  return v;
}

/// Deeper nesting than this is refused rather than risking the stack.
static constexpr int kMaxNesting = 256;
/// So are more values than this: expressions over as many unknowns (a
/// size, say) nest as deep as there are values, and 100000 overflowed the
/// stack. CuTe's layouts have tens.
static constexpr int kMaxValues = 4096;

Result<Term> NotationReader::readPrimary() {
  char c = peek();
  if (c != '(' && ++values > kMaxValues)
    return errorHere("more than " + std::to_string(kMaxValues) +
                     " values in one input");
  if (c == '(') {
    if (++depth > kMaxNesting)
      return errorHere("tuples nested more than " +
                       std::to_string(kMaxNesting) + " deep");
    ++pos;
    if (consume(')'))
      return errorHere("empty tuple");
    std::vector<Term> elems;
    do {
      CUTE_TRY(e, readTerm());
      elems.push_back(e);
    } while (consume(','));
    if (!consume(')'))
      return errorHere("expected `,` or `)`");
    --depth;
    return Term::ofTuple(std::move(elems));
  }
  if (c == '?') {
    CUTE_TRY(v, readUnknown());
    return Term::ofInt(v);
  }
  if (c == '_') {
    ++pos;
    if (pos < text.size() &&
        std::isdigit(static_cast<unsigned char>(text[pos]))) {
      CUTE_TRY(v, readInteger());
      return Term::ofInt(Int(v));
    }
    return Term::ofUnderscore();
  }
  if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
    CUTE_TRY(v, readInteger());
    return Term::ofInt(Int(v));
  }
  if (c == '\0')
    return errorHere("unexpected end of input");
  return errorHere(std::string("unexpected `") + c + "`");
}

Result<Term> NotationReader::readTerm() {
  CUTE_TRY(shape, readPrimary());
  if (!consume(':'))
    return shape;
  CUTE_TRY(stride, readPrimary());
  CUTE_TRY(shapeTuple, shape.toIntTuple());
  CUTE_TRY(strideTuple, stride.toIntTuple());
  CUTE_TRY(layout, Layout::get(shapeTuple, strideTuple));
  return Term::ofLayout(layout);
}

bool NotationReader::atSwizzle() {
  skipSpace();
  return text.substr(pos, 3) == "Sw<";
}

Result<Swizzle> NotationReader::readSwizzle() {
  if (!atSwizzle())
    return errorHere("expected `Sw<B,M,S>`");
  pos += 3;
  CUTE_TRY(b, readInteger());
  if (!consume(','))
    return errorHere("expected `,`");
  CUTE_TRY(m, readInteger());
  if (!consume(','))
    return errorHere("expected `,`");
  CUTE_TRY(s, readInteger());
  if (!consume('>'))
    return errorHere("expected `>`");
  if (b > INT_MAX || m > INT_MAX || s > INT_MAX || s <= INT_MIN)
    return errorHere("swizzle parameters out of range");
  return Swizzle::get(int(b), int(m), int(s));
}

bool NotationReader::atCompose() {
  skipSpace();
  return pos + 1 < text.size() && text[pos] == 'o' &&
         !std::isalnum(static_cast<unsigned char>(text[pos + 1])) &&
         text[pos + 1] != '_';
}

Result<ComposedLayout>
NotationReader::readComposedTail(ComposedLayout::Outer outer) {
  if (!atCompose())
    return errorHere("expected `o`");
  ++pos;
  CUTE_TRY(offsetTerm, readPrimary());
  if (offsetTerm.kind() != Term::Kind::Int)
    return errorHere("the offset of a composed layout must be an integer");
  if (!atCompose())
    return errorHere("expected `o` before the inner layout");
  ++pos;
  CUTE_TRY(innerTerm, readTerm());
  if (innerTerm.kind() != Term::Kind::Layout)
    return errorHere("the inner part of a composed layout must be a layout");
  return ComposedLayout(std::move(outer), offsetTerm.intValue(),
                        innerTerm.layout());
}

//===----------------------------------------------------------------------===//
// Whole-string parsers
//===----------------------------------------------------------------------===//

template <class T>
static Result<T> requireEnd(NotationReader &reader, Result<T> value) {
  if (value && !reader.atEnd())
    return reader.errorHere("unexpected trailing text");
  return value;
}

Result<IntTuple> mlir::cute::parseIntTuple(std::string_view text,
                                           bool allowUnderscore) {
  NotationReader reader(text);
  CUTE_TRY(term, reader.readTerm());
  CUTE_TRY(tuple, term.toIntTuple());
  if (!allowUnderscore && tuple.hasUnderscore())
    return algebraError("`_` is not allowed here");
  return requireEnd(reader, Result<IntTuple>(tuple));
}

Result<Layout> mlir::cute::parseLayout(std::string_view text) {
  NotationReader reader(text);
  CUTE_TRY(term, reader.readTerm());
  if (term.kind() != Term::Kind::Layout)
    return algebraError("expected a layout `shape:stride`");
  return requireEnd(reader, Result<Layout>(term.layout()));
}

Result<Tiler> mlir::cute::parseTiler(std::string_view text) {
  NotationReader reader(text);
  CUTE_TRY(term, reader.readTerm());
  return requireEnd(reader, term.toTiler());
}

Result<Swizzle> mlir::cute::parseSwizzle(std::string_view text) {
  NotationReader reader(text);
  return requireEnd(reader, reader.readSwizzle());
}

Result<ComposedLayout> mlir::cute::parseComposedLayout(std::string_view text) {
  NotationReader reader(text);
  ComposedLayout::Outer outer = Layout();
  if (reader.atSwizzle()) {
    CUTE_TRY(sw, reader.readSwizzle());
    outer = sw;
  } else {
    CUTE_TRY(term, reader.readTerm());
    if (term.kind() != Term::Kind::Layout)
      return algebraError("expected a swizzle or a layout before `o`");
    outer = term.layout();
  }
  return requireEnd(reader, reader.readComposedTail(outer));
}
