//===- Calculator.h - The cute-layout expression language -------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Expressions are CuTe function calls over values in CuTe notation, e.g.
// `logical_divide((8,8):(1,8), (2:1,4:2))`. Every computation is done by the
// layout library; this file only parses, dispatches and prints.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_CALCULATOR_CALCULATOR_H
#define CUTE_MLIR_CALCULATOR_CALCULATOR_H

#include "cute-mlir/Layout/Notation.h"

#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace mlir {
namespace cute {

/// A value of the calculator language.
struct CalcValue {
  /// A list of integers, as `eval` produces.
  struct Values {
    std::vector<Int> items;
  };
  /// A bare identifier such as LayoutRight.
  struct Name {
    std::string text;
  };
  /// Lines of text, such as the traits of an atom, and how to draw an SVG
  /// picture of what they describe (empty when there is none). Drawing is
  /// left until asked for: a value too large to draw is still a value.
  struct Text {
    std::string text;
    std::function<Result<std::string>()> draw;
  };
  std::variant<Term, Swizzle, ComposedLayout, Values, Name, Text> value;

  /// CuTe notation; with `asTypeSlots`, dynamic leaves print as the `?` /
  /// `?{div=N}` slots of a cute type instead of expressions.
  std::string str(bool asTypeSlots = false) const;
};

/// Parse and evaluate one expression.
Result<CalcValue> evaluateExpression(std::string_view text);

/// The names of the functions the language knows, for --help.
std::vector<std::string> calculatorFunctions();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_CALCULATOR_CALCULATOR_H
