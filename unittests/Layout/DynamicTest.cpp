//===- DynamicTest.cpp - The algebra over dynamic leaves ------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Layouts with run-time leaves `?M`, `?N{div=16}`: the symbolic results, the
// facts that decide CuTe's conditions, the errors that name a missing fact,
// and agreement with the static algebra: a dynamic result evaluated at
// concrete values computes the same function as the static result of the
// same expression with those values written in.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"
#include "cute-mlir/Layout/Swizzle.h"

#include "gtest/gtest.h"

#include <functional>
#include <map>
#include <regex>

using namespace mlir::cute;
using namespace mlir::cute::test;

namespace {

using Values = std::map<std::string, int64_t>;

/// The arguments of a call, `(a, b, ...)`, read by one reader so that they
/// share their unknowns.
std::vector<Term> arguments(std::string_view text) {
  NotationReader reader(text);
  Result<Term> t = reader.readTerm();
  if (!t || !reader.atEnd() || t->kind() != Term::Kind::Tuple) {
    ADD_FAILURE() << "cannot read the arguments " << text << ": "
                  << (t ? "not a tuple" : t.message());
    return {};
  }
  return t->elements();
}

Layout asLayout(const Term &t) {
  if (t.kind() != Term::Kind::Layout) {
    ADD_FAILURE() << "expected a layout argument";
    return Layout();
  }
  return t.layout();
}

Tiler asTiler(const Term &t) {
  Result<Tiler> tiler = t.toTiler();
  if (!tiler) {
    ADD_FAILURE() << tiler.message();
    return Tiler::underscore();
  }
  return *tiler;
}

IntTuple asTuple(const Term &t) {
  Result<IntTuple> tuple = t.toIntTuple();
  if (!tuple) {
    ADD_FAILURE() << tuple.message();
    return IntTuple();
  }
  return *tuple;
}

/// `text` with every `?NAME` or `?NAME{div=D}` replaced by its value.
std::string writeIn(const std::string &text, const Values &values) {
  std::string out = text;
  for (const auto &[name, value] : values)
    out = std::regex_replace(
        out, std::regex("\\?" + name + "(\\{div=[0-9]+\\})?(?![A-Za-z0-9_])"),
        std::to_string(value));
  return out;
}

IntTuple substitute(const IntTuple &t, const Values &values) {
  if (t.isTuple()) {
    std::vector<IntTuple> elems;
    for (const IntTuple &e : t.elements())
      elems.push_back(substitute(e, values));
    return IntTuple::tuple(elems);
  }
  std::optional<int64_t> v =
      t.value().evaluate([&](const Int &u) -> std::optional<int64_t> {
        auto it = values.find(u.unknownName());
        if (it == values.end())
          return std::nullopt;
        return it->second;
      });
  EXPECT_TRUE(v.has_value()) << "cannot evaluate " << t.str();
  return IntTuple(v.value_or(0));
}

Layout substitute(const Layout &l, const Values &values) {
  Result<Layout> r = Layout::get(substitute(l.shape(), values),
                                 substitute(l.stride(), values));
  EXPECT_TRUE(r) << r.message();
  return r ? *r : Layout();
}

std::vector<int64_t> valuesOf(const Layout &l) {
  std::vector<int64_t> v;
  for (int64_t i = 0, n = size(l).value(); i < n; ++i) {
    Result<Int> x = l(IntTuple(i));
    EXPECT_TRUE(x && x->isStatic()) << l.str();
    v.push_back(x && x->isStatic() ? x->value() : -1);
  }
  return v;
}

using Operation = std::function<Result<Layout>(const std::vector<Term> &)>;

Operation tiling(Result<Layout> (*op)(const Layout &, const Tiler &)) {
  return [op](const std::vector<Term> &a) {
    return op(asLayout(a[0]), asTiler(a[1]));
  };
}

Operation pair(Result<Layout> (*op)(const Layout &, const Layout &)) {
  return [op](const std::vector<Term> &a) {
    return op(asLayout(a[0]), asLayout(a[1]));
  };
}

/// The dynamic result of `op` on `args`, evaluated at `values`, computes the
/// same function (with the same mode sizes, unless the static result may
/// coalesce modes the dynamic one cannot) as `op` on the arguments with the
/// values written in.
void expectAgreesWithStatic(const char *name, const Operation &op,
                            const std::string &args,
                            const std::vector<Values> &at,
                            bool sameModeSizes = true) {
  Result<Layout> dynamic = op(arguments(args));
  ASSERT_TRUE(dynamic) << name << args << ": " << dynamic.message();
  for (const Values &values : at) {
    std::string concrete = writeIn(args, values);
    Result<Layout> expected = op(arguments(concrete));
    ASSERT_TRUE(expected) << name << concrete << ": " << expected.message();
    ASSERT_TRUE(expected->isStatic()) << expected->str();
    Layout got = substitute(*dynamic, values);
    std::string what = std::string(name) + concrete + ": dynamic " +
                       dynamic->str() + " gives " + got.str() + ", static " +
                       expected->str();
    if (sameModeSizes) {
      EXPECT_EQ(productEach(got.shape()).str(),
                productEach(expected->shape()).str())
          << what;
    }
    EXPECT_EQ(size(got).value(), size(*expected).value()) << what;
    EXPECT_EQ(valuesOf(got), valuesOf(*expected)) << what;
  }
}

//===----------------------------------------------------------------------===//
// Symbolic results
//===----------------------------------------------------------------------===//

TEST(DynamicDivide, GivesCeilDivRestModes) {
  std::vector<Term> a = arguments("((?M,?N):(1,?M), (128,64))");
  EXPECT_EQ(
      show(logicalDivide(asLayout(a[0]), asTiler(a[1]))),
      "((128,ceil_div(?M,128)),(64,ceil_div(?N,64))):((1,128),(?M,64*?M))");
  EXPECT_EQ(
      show(zippedDivide(asLayout(a[0]), asTiler(a[1]))),
      "((128,64),(ceil_div(?M,128),ceil_div(?N,64))):((1,?M),(128,64*?M))");
  EXPECT_EQ(show(tiledDivide(asLayout(a[0]), asTiler(a[1]))),
            "((128,64),ceil_div(?M,128),ceil_div(?N,64)):((1,?M),128,64*?M)");
  Result<Layout> z = zippedDivide(asLayout(a[0]), asTiler(a[1]));
  ASSERT_TRUE(z);
  EXPECT_EQ(size(*z).str(), "8192*(ceil_div(?M,128)*ceil_div(?N,64))");
}

TEST(DynamicDivide, UsesDivisibilityFactsToDivideExactly) {
  std::vector<Term> a = arguments("((?M{div=128},?N):(1,?M), (128,64))");
  EXPECT_EQ(show(logicalDivide(asLayout(a[0]), asTiler(a[1]))),
            "((128,?M/128),(64,ceil_div(?N,64))):((1,128),(?M,64*?M))");
  std::vector<Term> b = arguments("(?M{div=32}:1, 32:1)");
  EXPECT_EQ(show(logicalDivide(asLayout(b[0]), asTiler(b[1]))),
            "(32,?M/32):(1,32)");
}

TEST(DynamicDivide, MatchesCuTesDynamicEnforcementTest) {
  // test/unit/cute/core/logical_divide.cpp: with a dynamic layout size CuTe
  // keeps the stride of the rest mode even where it has size 1.
  struct Case {
    const char *args;
    int64_t m;
    const char *expected;
  } cases[] = {
      {"(?M:1, 32:1)", 48, "(32,2):(1,32)"},
      {"(?M:1, 32:1)", 2, "(32,1):(1,32)"},
      {"(?M:1, 48:1)", 32, "(48,1):(1,48)"},
  };
  for (const Case &c : cases) {
    std::vector<Term> a = arguments(c.args);
    Result<Layout> d = logicalDivide(asLayout(a[0]), asTiler(a[1]));
    ASSERT_TRUE(d) << d.message();
    EXPECT_EQ(substitute(*d, {{"M", c.m}}).str(), c.expected)
        << c.args << " at M=" << c.m << ": " << d->str();
  }
}

TEST(DynamicLayout, PrintsExpressionsAndTypeSlots) {
  Result<Layout> l = parseLayout("(?M{div=16},4):(1,?M)");
  ASSERT_TRUE(l) << l.message();
  EXPECT_EQ(l->str(), "(?M,4):(1,?M)");
  EXPECT_EQ(l->typeStr(), "(?{div=16},4):(1,?{div=16})");
  EXPECT_FALSE(l->isStatic());
  EXPECT_EQ(size(*l).str(), "4*?M");
  EXPECT_EQ(size(*l).divisor(), 64);
  // (?M-1) + 3*?M + 1 collects into 4*?M.
  EXPECT_EQ(cosize(*l).str(), "4*?M");
  EXPECT_EQ(size(*parseLayout("(?M,?N):(1,?M)")).str(), "?M*?N");
}

TEST(DynamicLayout, CoalescesOnlyStaticModesAsCuTeDoes) {
  EXPECT_EQ(coalesce(*parseLayout("(4,?N):(1,4)")).str(), "(4,?N):(1,4)");
  EXPECT_EQ(coalesce(*parseLayout("(?N,4):(1,?N)")).str(), "(?N,4):(1,?N)");
  EXPECT_EQ(coalesce(*parseLayout("(2,4,?N):(1,2,8)")).str(), "(8,?N):(1,8)");
  EXPECT_EQ(filter(*parseLayout("(?M,1):(1,7)")).str(), "?M:1");
  EXPECT_EQ(rightInverse(*parseLayout("(4,?N):(1,4)")).str(), "(4,?N):(1,4)");
}

TEST(DynamicLayout, EvaluatesToAnExpressionAtAStaticCoordinate) {
  Result<Layout> l = parseLayout("(?M,?N):(1,?M)");
  ASSERT_TRUE(l);
  EXPECT_EQ(show((*l)(IntTuple::tuple({3, 2}))), "(2*?M)+3");
}

TEST(DynamicComplement, OfAStrideTheCotargetDivides) {
  EXPECT_EQ(show(complement(*parseLayout("?N:1"), IntTuple(64))),
            "ceil_div(64,?N):?N");
  EXPECT_EQ(show(complement(*parseLayout("4:?S"))),
            "(?S,ceil_div((3*?S)+1,4*?S)):(1,4*?S)");
}

//===----------------------------------------------------------------------===//
// Facts decide CuTe's conditions
//===----------------------------------------------------------------------===//

TEST(DynamicComposition, WithoutAFactSaysWhichFactIsNeeded) {
  std::vector<Term> a = arguments("((?N,4):(1,?N), 16:1)");
  Result<Layout> r = composition(asLayout(a[0]), asLayout(a[1]));
  ASSERT_FALSE(r) << r->str();
  EXPECT_EQ(r.message(), "composition: shape divisibility condition cannot be "
                         "verified: needs 16 % min(?N,16) == 0 (a fact such "
                         "as ?N{div=16} decides it)");
}

TEST(DynamicComposition, WithTheDivisibilityFactIsStatic) {
  std::vector<Term> a = arguments("((?N{div=16},4):(1,?N), 16:1)");
  EXPECT_EQ(show(composition(asLayout(a[0]), asLayout(a[1]))), "16:1");
  std::vector<Term> b = arguments("((?N{div=16},4):(1,?N), (16,4):(1,?N))");
  EXPECT_EQ(show(composition(asLayout(b[0]), asLayout(b[1]))), "(16,4):(1,?N)");
  std::vector<Term> c = arguments("(?M:2, 4:3)");
  EXPECT_EQ(show(composition(asLayout(c[0]), asLayout(c[1]))), "4:6");
}

TEST(DynamicUpcast, NamesTheFactThatWouldMakeTheStrideDivisible) {
  Result<Layout> r = upcast(*parseLayout("(8,?N):(1,?S)"), 4);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "upcast: dynamic stride ?S needs ?S % 4 == 0 (a fact "
                         "such as ?S{div=4} decides it)");
  EXPECT_EQ(show(upcast(*parseLayout("(8,?N):(1,?S{div=8})"), 4)),
            "(2,?N):(1,?S/4)");
}

TEST(DynamicInverse, LeftInverseNeedsStaticStrides) {
  Result<Layout> r = leftInverse(*parseLayout("4:?S"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("needs static strides"), std::string::npos);
}

TEST(DynamicSwizzle, SwizzlesADynamicOffsetAsAnExpression) {
  Result<ComposedLayout> c =
      parseComposedLayout("Sw<3,4,3> o 0 o (8,?N):(?N,1)");
  ASSERT_TRUE(c) << c.message();
  // Row 1 sits at offset ?N: its swizzle is an expression; at N = 64 it is
  // Sw<3,4,3>(64) = 64 (bits 7..9 are zero).
  Result<Int> v = (*c)(IntTuple::tuple({1, 0}));
  ASSERT_TRUE(v) << v.message();
  ASSERT_TRUE(v->isDynamic());
  EXPECT_EQ(v->evaluate([](const Int &) { return 64; }), 64);
  // At N = 128, bit 7 moves into bit 4: 128 ^ 16 = 144.
  EXPECT_EQ(v->evaluate([](const Int &) { return 128; }), 144);
  // Coordinate (0,j) stays static: its offset does not involve ?N.
  EXPECT_EQ(show((*c)(IntTuple::tuple({0, 5}))), "5");
}

//===----------------------------------------------------------------------===//
// Agreement with the static algebra
//===----------------------------------------------------------------------===//

std::vector<Values> gridMN(std::initializer_list<int64_t> ms,
                           std::initializer_list<int64_t> ns) {
  std::vector<Values> grid;
  for (int64_t m : ms)
    for (int64_t n : ns)
      grid.push_back({{"M", m}, {"N", n}});
  return grid;
}

TEST(DynamicAgreement, DividesAgreeWithStaticDividesAtEveryValue) {
  std::vector<Values> at = gridMN({1, 7, 128, 200, 256, 1000}, {1, 64, 100});
  expectAgreesWithStatic("logical_divide", tiling(logicalDivide),
                         "((?M,?N):(1,?M), (128,64))", at);
  expectAgreesWithStatic("zipped_divide", tiling(zippedDivide),
                         "((?M,?N):(1,?M), (128,64))", at);
  expectAgreesWithStatic("tiled_divide", tiling(tiledDivide),
                         "((?M,?N):(1,?M), (128,64))", at);
  expectAgreesWithStatic("logical_divide", tiling(logicalDivide),
                         "((?M,?N):(?N,1), (16:2,(2,4):(1,8)))",
                         gridMN({32, 64, 96}, {8, 16, 40}));
  expectAgreesWithStatic("logical_divide", tiling(logicalDivide),
                         "(?M:1, 32:1)", gridMN({1, 2, 32, 48, 100}, {1}));
}

TEST(DynamicAgreement, ProductsAgreeWithStaticProductsAtEveryValue) {
  expectAgreesWithStatic("logical_product", tiling(logicalProduct),
                         "((2,2):(1,2), (?M,4))", gridMN({1, 3, 8}, {1}));
  expectAgreesWithStatic("blocked_product", pair(blockedProduct),
                         "((2,2):(1,2), (?M,2):(1,?M))",
                         gridMN({1, 3, 8}, {1}));
  expectAgreesWithStatic("raked_product", pair(rakedProduct),
                         "((2,2):(1,2), (?M,2):(1,?M))",
                         gridMN({1, 3, 8}, {1}));
  expectAgreesWithStatic(
      "tile_to_shape",
      [](const std::vector<Term> &a) {
        return tileToShape(asLayout(a[0]), asTuple(a[1]));
      },
      "((8,8):(8,1), (?M{div=8},?N{div=8}))", gridMN({8, 24, 64}, {8, 40}));
}

TEST(DynamicAgreement, ComplementAndCompositionAgreeAtEveryValue) {
  expectAgreesWithStatic(
      "complement",
      [](const std::vector<Term> &a) { return complement(asLayout(a[0])); },
      "(4:?M)", gridMN({1, 2, 3, 5, 16}, {1}), /*sameModeSizes=*/false);
  expectAgreesWithStatic(
      "complement",
      [](const std::vector<Term> &a) {
        return complement(asLayout(a[0]), asTuple(a[1]));
      },
      "(?M:1, 64)", gridMN({1, 2, 3, 4, 64, 100}, {1}));
  expectAgreesWithStatic("composition", pair(composition),
                         "((?M{div=4},?N):(1,?M), (4,2):(1,?M))",
                         gridMN({4, 8, 12}, {2, 3}));
  expectAgreesWithStatic("composition", pair(composition),
                         "((?M,?N):(1,?M), (?M,?N):(1,?M))",
                         gridMN({1, 2, 3}, {1, 5}));
}

// The conditions below hold for every value the facts allow, and CuTe C++
// accepts these dynamic inputs:
//  - (?N,4):(1,?N) o 2:1 needs 2 % min(?N,2) == 0; min(?N,2) is 1 or 2, both
//    divide 2. The dynamic result keeps both modes (as CuTe C++ does), so only
//    the function is compared.
//  - logical_divide((?N{div=16},4):(1,?N), 16:1): the complement's rest
//    stride is 16*(?N/16), which is ?N because 16 divides ?N.
TEST(DynamicAgreement, ConditionsThatTheFactsSettleAreAccepted) {
  expectAgreesWithStatic("composition", pair(composition),
                         "((?N,4):(1,?N), 2:1)", gridMN({1}, {1, 2, 5}),
                         /*sameModeSizes=*/false);
  expectAgreesWithStatic("logical_divide", tiling(logicalDivide),
                         "((?N{div=16},4):(1,?N), 16:1)",
                         gridMN({1}, {16, 32, 48}));
}

} // namespace
