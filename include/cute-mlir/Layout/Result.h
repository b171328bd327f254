//===- Result.h - Value-or-error results of the layout algebra --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every operation of the layout algebra that CuTe can reject (a divisibility
// condition, a rank mismatch, an overflow, a fact that is not known about a
// dynamic value) returns a Result<T>: either the value or an AlgebraError whose
// message names the violated condition. Nothing in the library aborts on
// user input and nothing throws; callers (the calculator, verifiers, folders)
// turn the message into a diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_RESULT_H
#define CUTE_MLIR_LAYOUT_RESULT_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace mlir {
namespace cute {

/// Why an algebra operation rejected its input, in words a user can act on.
struct AlgebraError {
  std::string message;
};

/// Make an error value; converts to any Result<T>.
inline AlgebraError algebraError(std::string message) {
  return AlgebraError{std::move(message)};
}

/// Either a T or an AlgebraError.
template <class T> class [[nodiscard]] Result {
public:
  Result(T value) : value(std::move(value)) {}
  Result(AlgebraError error) : error(std::move(error.message)) {}

  explicit operator bool() const { return value.has_value(); }
  bool failed() const { return !value.has_value(); }

  T &operator*() {
    assert(value && "dereferencing a failed Result");
    return *value;
  }
  const T &operator*() const {
    assert(value && "dereferencing a failed Result");
    return *value;
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }

  /// The error message; only meaningful when failed().
  const std::string &message() const { return error; }
  AlgebraError takeError() const { return AlgebraError{error}; }

  /// Prefix the error message with the name of the enclosing operation.
  Result<T> &context(const std::string &op) {
    if (failed() && error.rfind(op + ":", 0) != 0)
      error = op + ": " + error;
    return *this;
  }

private:
  std::optional<T> value;
  std::string error;
};

} // namespace cute
} // namespace mlir

/// Evaluate `expr` (a Result); on failure return its error from the enclosing
/// function, otherwise bind the value to `var`.
#define CUTE_TRY(var, expr)                                                    \
  auto var##OrError = (expr);                                                  \
  if (var##OrError.failed())                                                   \
    return var##OrError.takeError();                                           \
  auto var = std::move(*var##OrError)

#endif // CUTE_MLIR_LAYOUT_RESULT_H
