//===- Layout.cpp - C API of the layout algebra and atoms -----------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir-c/Layout.h"

#include "cute-mlir/Atom/CopyAtom.h"
#include "cute-mlir/Atom/MmaAtom.h"
#include "cute-mlir/Calculator/Calculator.h"
#include "cute-mlir/Layout/Render.h"

#include <optional>
#include <string>
#include <vector>

using namespace mlir::cute;

namespace {
/// What a handle points to: the value and every string handed out for it,
/// so that the strings live as long as the handle.
struct ValueBox {
  std::optional<CalcValue> value;
  std::string error;
  std::string notation[2];
  std::string table, svg, renderError;
};

ValueBox *unwrap(MlirCuteValue value) {
  return static_cast<ValueBox *>(value.ptr);
}

MlirStringRef toRef(const std::string &s) {
  return mlirStringRefCreate(s.data(), s.size());
}

const Layout *layoutOf(const ValueBox &box) {
  if (!box.value)
    return nullptr;
  const auto *term = std::get_if<Term>(&box.value->value);
  return term && term->kind() == Term::Kind::Layout ? &term->layout() : nullptr;
}

/// A sorted list computed once, for the index-based accessors.
const std::vector<std::string> &functionNames() {
  static const std::vector<std::string> names = calculatorFunctions();
  return names;
}
const std::vector<std::string> &mmaNames() {
  static const std::vector<std::string> names = mmaAtomNames();
  return names;
}
const std::vector<std::string> &copyNames() {
  static const std::vector<std::string> names = copyAtomNames();
  return names;
}

MlirStringRef nameAt(const std::vector<std::string> &names, intptr_t index) {
  if (index < 0 || static_cast<size_t>(index) >= names.size())
    return mlirStringRefCreate(nullptr, 0);
  return toRef(names[index]);
}
} // namespace

MlirCuteValue mlirCuteEvaluate(MlirStringRef expression) {
  auto *box = new ValueBox;
  Result<CalcValue> result =
      evaluateExpression(std::string_view(expression.data, expression.length));
  if (result.failed())
    box->error = result.message();
  else
    box->value = std::move(*result);
  return MlirCuteValue{box};
}

void mlirCuteValueDestroy(MlirCuteValue value) { delete unwrap(value); }

MlirCuteValueKind mlirCuteValueGetKind(MlirCuteValue value) {
  const ValueBox &box = *unwrap(value);
  if (!box.value)
    return MlirCuteValueKindError;
  const auto &v = box.value->value;
  if (const auto *term = std::get_if<Term>(&v)) {
    switch (term->kind()) {
    case Term::Kind::Int:
      return MlirCuteValueKindInt;
    case Term::Kind::Tuple:
      return MlirCuteValueKindTuple;
    case Term::Kind::Layout:
      return MlirCuteValueKindLayout;
    case Term::Kind::Underscore:
      return MlirCuteValueKindUnderscore;
    }
  }
  if (std::holds_alternative<Swizzle>(v))
    return MlirCuteValueKindSwizzle;
  if (std::holds_alternative<ComposedLayout>(v))
    return MlirCuteValueKindComposedLayout;
  if (std::holds_alternative<CalcValue::Values>(v))
    return MlirCuteValueKindValues;
  if (std::holds_alternative<CalcValue::Name>(v))
    return MlirCuteValueKindName;
  return MlirCuteValueKindText;
}

MlirStringRef mlirCuteValueGetError(MlirCuteValue value) {
  return toRef(unwrap(value)->error);
}

MlirStringRef mlirCuteValueGetNotation(MlirCuteValue value, bool typeSlots) {
  ValueBox &box = *unwrap(value);
  std::string &text = box.notation[typeSlots];
  if (box.value && text.empty())
    text = box.value->str(typeSlots);
  return toRef(text);
}

bool mlirCuteValueGetTable(MlirCuteValue value, MlirStringRef *table,
                           MlirStringRef *error) {
  ValueBox &box = *unwrap(value);
  const Layout *layout = layoutOf(box);
  if (!layout) {
    box.renderError = "a table needs a layout, got " +
                      (box.value ? box.value->str() : box.error);
    *error = toRef(box.renderError);
    return false;
  }
  Result<std::string> text = renderTable(*layout);
  if (text.failed()) {
    box.renderError = text.message();
    *error = toRef(box.renderError);
    return false;
  }
  box.table = std::move(*text);
  *table = toRef(box.table);
  return true;
}

bool mlirCuteValueGetSvg(MlirCuteValue value, MlirStringRef *svg,
                         MlirStringRef *error) {
  ValueBox &box = *unwrap(value);
  if (box.value)
    if (const auto *text = std::get_if<CalcValue::Text>(&box.value->value))
      if (text->draw) {
        Result<std::string> drawing = text->draw();
        if (drawing.failed()) {
          box.renderError = drawing.message();
          *error = toRef(box.renderError);
          return false;
        }
        box.svg = std::move(*drawing);
        *svg = toRef(box.svg);
        return true;
      }
  const Layout *layout = layoutOf(box);
  if (!layout) {
    box.renderError = "a picture needs a layout, an atom, a TiledMMA or a "
                      "TiledCopy, got " +
                      (box.value ? box.value->str() : box.error);
    *error = toRef(box.renderError);
    return false;
  }
  Result<std::string> drawing = renderSvg(*layout);
  if (drawing.failed()) {
    box.renderError = drawing.message();
    *error = toRef(box.renderError);
    return false;
  }
  box.svg = std::move(*drawing);
  *svg = toRef(box.svg);
  return true;
}

intptr_t mlirCuteGetNumFunctions() { return functionNames().size(); }
MlirStringRef mlirCuteGetFunctionName(intptr_t index) {
  return nameAt(functionNames(), index);
}
intptr_t mlirCuteGetNumMmaAtoms() { return mmaNames().size(); }
MlirStringRef mlirCuteGetMmaAtomName(intptr_t index) {
  return nameAt(mmaNames(), index);
}
intptr_t mlirCuteGetNumCopyAtoms() { return copyNames().size(); }
MlirStringRef mlirCuteGetCopyAtomName(intptr_t index) {
  return nameAt(copyNames(), index);
}
