//===- ArithEmitterTest.cpp - The arithmetic of dynamic layouts -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// cute::ArithEmitter turns the algebra's dynamic values into `arith` ops.
// With constants bound to the unknowns every op folds, and the constant it
// folds to must be what the algebra evaluates (CuTe's integer semantics),
// also where signed and unsigned division differ.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Matchers.h"

#include <gtest/gtest.h>

using namespace mlir;
using cute::Int;

namespace {
class ArithEmission : public ::testing::Test {
protected:
  ArithEmission() { context.loadDialect<arith::ArithDialect>(); }

  /// The constant `v` folds to, emitted with `n` bound to `value`.
  std::optional<int64_t> emitted(const Int &v, int64_t value) {
    Location loc = UnknownLoc::get(&context);
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    OpBuilder builder(module->getBodyRegion());
    cute::LayoutTracer tracer;
    tracer.bind(n, arith::ConstantIndexOp::create(builder, loc, value));
    cute::ArithEmitter emitter(builder, loc, tracer);
    APInt folded;
    if (!matchPattern(emitter.emit(v), m_ConstantInt(&folded)))
      return std::nullopt;
    return folded.getSExtValue();
  }

  /// What the algebra evaluates `v` to with `n` = `value`.
  std::optional<int64_t> evaluated(const Int &v, int64_t value) {
    return v.evaluate(
        [&](const Int &) -> std::optional<int64_t> { return value; });
  }

  MLIRContext context;
  Int n = Int::unknown("N");
};
} // namespace

TEST_F(ArithEmission, CeilDivOfPositiveOperandsIsTheCeiling) {
  for (int64_t value : {1, 2, 7, 8, 9, 127, 128}) {
    EXPECT_EQ(emitted(cute::ceilDiv(n, Int(8)), value), (value + 7) / 8);
    EXPECT_EQ(emitted(cute::ceilDiv(Int(100), n), value),
              evaluated(cute::ceilDiv(Int(100), n), value));
  }
}

// CuTe's ceil_div is (a + b - 1) / b, truncating: ceil_div(-4, 2) is -1
// where arith.ceildivsi's ceiling is -2. The emitted code computes the
// algebra's value, as the algebra folds constants.
TEST_F(ArithEmission, CeilDivOfNegativeOperandsIsCuTesFormula) {
  Int negative = Int(0) - n;
  for (const Int &v :
       {cute::ceilDiv(negative, Int(2)), cute::ceilDiv(n, Int(-2)),
        cute::ceilDiv(negative, Int(-3)), cute::ceilDiv(negative, negative)})
    for (int64_t value : {1, 2, 3, 4, 5, 6, 7}) {
      std::optional<int64_t> want = evaluated(v, value);
      ASSERT_TRUE(want.has_value());
      EXPECT_EQ(emitted(v, value), want) << v.str() << " at ?N = " << value;
    }
  EXPECT_EQ(emitted(cute::ceilDiv(negative, Int(2)), 4), -1);
}
