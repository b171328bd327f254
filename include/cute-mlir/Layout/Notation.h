//===- Notation.h - Reading CuTe notation -----------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Reads the notation CuTe prints:
//
//   leaf     := INT | '-' INT | '_' INT        (static: 4, -1, _4)
//             | '?' NAME? ('{' 'div' '=' INT '}')?   (dynamic: ?, ?N,
//             ?{div=16}) | '_'                              (slice marker,
//             where allowed)
//   tuple    := '(' term (',' term)* ')'
//   term     := (tuple | leaf) (':' (tuple | leaf))?
//   swizzle  := 'Sw<' INT ',' INT ',' INT '>'
//   composed := (swizzle | layout) 'o' leaf 'o' layout
//
// A term with ':' is a layout (shape:stride); a tuple whose elements include
// layouts or `_` is a tiler. Every `?NAME` within one reader names the same
// unknown; each bare `?` is a fresh one.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_NOTATION_H
#define CUTE_MLIR_LAYOUT_NOTATION_H

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Swizzle.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace mlir {
namespace cute {

/// A parsed piece of notation: an integer leaf, `_`, a layout or a tuple of
/// terms.
class Term {
public:
  enum class Kind { Int, Underscore, Layout, Tuple };

  static Term ofInt(Int v);
  static Term ofUnderscore();
  static Term ofLayout(Layout l);
  static Term ofTuple(std::vector<Term> elements);

  Kind kind() const { return termKind; }
  const Int &intValue() const { return leaf; }
  const Layout &layout() const { return layoutValue; }
  const std::vector<Term> &elements() const { return elems; }

  /// The term as an IntTuple (ints and `_` only).
  Result<IntTuple> toIntTuple() const;
  /// The term as a tiler: layouts, `_`, ints n (n:1) and tuples of these.
  Result<Tiler> toTiler() const;

private:
  Kind termKind = Kind::Int;
  Int leaf;
  Layout layoutValue;
  std::vector<Term> elems;
};

/// A cursor over CuTe notation.
class NotationReader {
public:
  explicit NotationReader(std::string_view text) : text(text) {}

  /// Read a term at the cursor.
  Result<Term> readTerm();
  /// Read `Sw<B,M,S>` at the cursor.
  Result<Swizzle> readSwizzle();
  /// True if the cursor is at `Sw<`.
  bool atSwizzle();
  /// Read ` o offset o layout` after an outer function.
  Result<ComposedLayout> readComposedTail(ComposedLayout::Outer outer);
  /// True if the cursor is at the composition operator ` o `.
  bool atCompose();

  void skipSpace();
  bool atEnd();
  char peek();
  /// Consume `c` (after spaces) if it is next.
  bool consume(char c);
  /// Consume an identifier [A-Za-z_][A-Za-z0-9_]* if one is next.
  std::optional<std::string> readIdentifier();
  /// Read a signed integer literal.
  Result<int64_t> readInteger();
  size_t position() const { return pos; }
  /// An error that points at the cursor.
  AlgebraError errorHere(const std::string &message);

private:
  Result<Term> readPrimary();
  Result<Int> readUnknown();

  std::string_view text;
  size_t pos = 0;
  int depth = 0;
  int values = 0; // leaves read so far
  std::map<std::string, Int> namedUnknowns;
};

/// Parse a whole string as an IntTuple (`_` allowed only if asked).
Result<IntTuple> parseIntTuple(std::string_view text,
                               bool allowUnderscore = false);
/// Parse a whole string as a layout `shape:stride`.
Result<Layout> parseLayout(std::string_view text);
/// Parse a whole string as a tiler.
Result<Tiler> parseTiler(std::string_view text);
/// Parse a whole string as `Sw<B,M,S>`.
Result<Swizzle> parseSwizzle(std::string_view text);
/// Parse a whole string as a composed layout.
Result<ComposedLayout> parseComposedLayout(std::string_view text);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LAYOUT_NOTATION_H
