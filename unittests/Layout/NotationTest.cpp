//===- NotationTest.cpp - Reading and printing CuTe notation --------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The readers of Notation.h: round trips of what CuTe prints, unknowns and
// their facts, tilers, composed layouts, and errors that point at a column.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
using namespace mlir::cute::test;

namespace {

/// The message of a parse that must fail.
template <class T> std::string errorOf(const Result<T> &r) {
  EXPECT_FALSE(r) << "unexpectedly parsed as " << (r ? r->str() : "");
  return r ? "" : r.message();
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

TEST(ParseIntTuple, PrintsBackWhatItRead) {
  for (const char *text : {"6", "(4,3)", "(3,(6,2),8)", "((2,3),4)", "(4)",
                           "((4))", "-3", "(1,(2,(3,(4))))"})
    EXPECT_EQ(show(parseIntTuple(text)), text);
}

TEST(ParseIntTuple, ReadsCuTesStaticIntSpellingAndSpaces) {
  EXPECT_EQ(show(parseIntTuple("(_4,_8)")), "(4,8)");
  EXPECT_EQ(show(parseIntTuple("  ( 3 , ( 6 , 2 ) )  ")), "(3,(6,2))");
}

TEST(ParseIntTuple, AcceptsTheSliceMarkerOnlyWhenAsked) {
  EXPECT_NE(errorOf(parseIntTuple("(_,2)")).find("`_` is not allowed"),
            std::string::npos);
  Result<IntTuple> t = parseIntTuple("(_,(2,_))", /*allowUnderscore=*/true);
  ASSERT_TRUE(t) << t.message();
  EXPECT_TRUE(t->hasUnderscore());
  EXPECT_EQ(t->str(), "(_,(2,_))");
  EXPECT_TRUE(t->mode(0).isUnderscore());
}

TEST(ParseIntTuple, RejectsALayout) {
  EXPECT_NE(errorOf(parseIntTuple("4:1")).find("expected an integer tuple"),
            std::string::npos);
}

TEST(ParseLayout, PrintsBackWhatItRead) {
  for (const char *text :
       {"8:1", "(2,4):(1,2)", "(3,(2,3)):(3,(12,1))", "((4,2)):((2,1))", "4:-1",
        "(2,2):(0,1)", "((2,2),(3,2)):((1,6),(2,12))"})
    EXPECT_EQ(show(parseLayout(text)), text);
  EXPECT_EQ(show(parseLayout(" ( 2 , 3 ) : ( 1 , 2 ) ")), "(2,3):(1,2)");
}

TEST(ParseLayout, RejectsATupleWithoutStrides) {
  EXPECT_NE(errorOf(parseLayout("(2,3)")).find("expected a layout"),
            std::string::npos);
}

TEST(ParseTiler, ReadsLayoutsIntsAndUnderscoresByMode) {
  Result<Tiler> t = parseTiler("(2:1,4:2)");
  ASSERT_TRUE(t) << t.message();
  ASSERT_TRUE(t->isTuple());
  EXPECT_EQ(t->rank(), 2u);
  EXPECT_EQ(t->mode(1).layout().str(), "4:2");
  // An int n stands for n:1 (and n:1 prints as n, as CuTe writes a shape
  // used as a tiler).
  EXPECT_TRUE(
      parseTiler("(4,8)")->mode(0).layout().identical(*parseLayout("4:1")));
  EXPECT_EQ(show(parseTiler("(4,8)")), "(4,8)");
  EXPECT_EQ(show(parseTiler("(4:1,8:1)")), "(4,8)");
  EXPECT_EQ(show(parseTiler("(_,(3,8:2))")), "(_,(3,8:2))");
  Result<Tiler> u = parseTiler("_");
  ASSERT_TRUE(u) << u.message();
  EXPECT_TRUE(u->isUnderscore());
  Result<Tiler> l = parseTiler("(2,2):(4,1)");
  ASSERT_TRUE(l) << l.message();
  EXPECT_TRUE(l->isLayout());
  EXPECT_EQ(l->rank(), 1u);
}

TEST(ParseTiler, RejectsAnIntegerThatIsNotASize) {
  // n stands for n:1: a layout's shape, positive. (A fuzzer's TiledMMA
  // permutation of -32 once reached a vector of -32 elements.)
  for (const char *text : {"-32", "(32,-32,16)", "(_,0)"}) {
    Result<Tiler> t = parseTiler(text);
    ASSERT_FALSE(t) << text;
    EXPECT_NE(t.message().find("a tiler's size must be positive"),
              std::string::npos)
        << t.message();
  }
}

TEST(ParseComposedLayout, PrintsBackSwizzleOffsetAndInnerLayout) {
  for (const char *text : {"Sw<3,4,3> o 0 o (8,64):(64,1)",
                           "Sw<2,1,-2> o 0 o 512:1", "(4,2):(2,1) o 1 o 8:1"})
    EXPECT_EQ(show(parseComposedLayout(text)), text);
  Result<ComposedLayout> c = parseComposedLayout("Sw<3,4,3> o 8 o (8,8):(8,1)");
  ASSERT_TRUE(c) << c.message();
  EXPECT_TRUE(c->offset().is(8));
  EXPECT_EQ(c->inner().str(), "(8,8):(8,1)");
  EXPECT_TRUE(std::holds_alternative<Swizzle>(c->outer()));
}

TEST(ParseSwizzle, ReadsTheThreeParameters) {
  Result<Swizzle> s = parseSwizzle("Sw<3,4,-3>");
  ASSERT_TRUE(s) << s.message();
  EXPECT_EQ(s->bits(), 3);
  EXPECT_EQ(s->base(), 4);
  EXPECT_EQ(s->shift(), -3);
  EXPECT_EQ(s->str(), "Sw<3,4,-3>");
}

TEST(NotationReader, ReadsSeveralTermsThatShareTheirUnknowns) {
  NotationReader reader("((?M,?N):(1,?M), (128,64))");
  Result<Term> args = reader.readTerm();
  ASSERT_TRUE(args) << args.message();
  EXPECT_TRUE(reader.atEnd());
  ASSERT_EQ(args->kind(), Term::Kind::Tuple);
  ASSERT_EQ(args->elements().size(), 2u);
  ASSERT_EQ(args->elements()[0].kind(), Term::Kind::Layout);
  EXPECT_EQ(args->elements()[1].kind(), Term::Kind::Tuple);
  const Layout &l = args->elements()[0].layout();
  EXPECT_TRUE(l.shape().mode(0).value().identical(l.stride().mode(1).value()));
  Result<Tiler> tiler = args->elements()[1].toTiler();
  EXPECT_EQ(show(tiler), "(128,64)");
}

//===----------------------------------------------------------------------===//
// Unknowns
//===----------------------------------------------------------------------===//

TEST(Unknowns, OneNameIsOneUnknownWithinAReader) {
  Result<Layout> l = parseLayout("(?M,4):(1,?M)");
  ASSERT_TRUE(l) << l.message();
  const Int &shape = l->shape().mode(0).value();
  const Int &stride = l->stride().mode(1).value();
  EXPECT_TRUE(shape.isUnknown());
  EXPECT_EQ(shape.unknownName(), "M");
  EXPECT_TRUE(shape.identical(stride));
  EXPECT_EQ(l->str(), "(?M,4):(1,?M)");
  EXPECT_EQ(l->typeStr(), "(?,4):(1,?)");
}

TEST(Unknowns, SeparateReadsAndBareQuestionMarksAreDistinct) {
  Result<IntTuple> a = parseIntTuple("?M"), b = parseIntTuple("?M");
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(a->value().identical(b->value()));
  Result<IntTuple> t = parseIntTuple("(?,?)");
  ASSERT_TRUE(t) << t.message();
  EXPECT_FALSE(t->mode(0).value().identical(t->mode(1).value()));
  EXPECT_EQ(t->str(), "(?,?)");
}

TEST(Unknowns, CarryADivisibilityFactStatedOnceOrRepeated) {
  Result<IntTuple> t = parseIntTuple("(?N{div=16},?N,?N{div=16})");
  ASSERT_TRUE(t) << t.message();
  const Int &n = t->mode(0).value();
  EXPECT_EQ(n.divisor(), 16);
  EXPECT_EQ(n.lowerBound(), 16);
  EXPECT_TRUE(n.identical(t->mode(1).value()));
  EXPECT_TRUE(n.identical(t->mode(2).value()));
  // A named unknown prints by name; its type slot shows the fact.
  EXPECT_EQ(t->str(), "(?N,?N,?N)");
  EXPECT_EQ(t->typeStr(), "(?{div=16},?{div=16},?{div=16})");
  Result<IntTuple> anon = parseIntTuple("?{div=8}");
  ASSERT_TRUE(anon) << anon.message();
  EXPECT_EQ(anon->value().divisor(), 8);
  EXPECT_EQ(anon->str(), "?{div=8}");
}

TEST(Unknowns, RejectTwoDifferentFactsForOneName) {
  EXPECT_NE(errorOf(parseIntTuple("(?N{div=16},?N{div=8})"))
                .find("?N is stated with two different facts"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

struct ErrorCase {
  const char *text;
  const char *message;
};

TEST(ParseErrors, NameTheProblemAndTheColumn) {
  const ErrorCase cases[] = {
      {"(2,3", "expected `,` or `)` at column 5"},
      {"(2,3):(1", "expected `,` or `)` at column 9"},
      {"(2,3) x", "unexpected trailing text at column 7"},
      {"()", "empty tuple at column 3"},
      {"4:", "unexpected end of input at column 3"},
      {"(2,#)", "unexpected `#` at column 4"},
      {"?3", "the name of an unknown must start with a letter at column 3"},
      {"?N{dv=2}", "expected `div=N` in the fact of an unknown at column 6"},
      {"?N{div=0}", "a divisibility fact must be positive at column 9"},
      {"?N{div=4", "expected `}` at column 9"},
      {"99999999999999999999", "integer literal overflows 64 bits at column"},
  };
  for (const ErrorCase &c : cases) {
    std::string message = errorOf(parseIntTuple(c.text));
    EXPECT_NE(message.find(c.message), std::string::npos)
        << c.text << " gave: " << message;
  }
}

TEST(ParseErrors, OfLayoutsNameTheViolatedCondition) {
  const ErrorCase cases[] = {
      {"(2,3):(1,2,3)", "shape (2,3) and stride (1,2,3) are not congruent"},
      {"(0,2):(1,2)", "shape (0,2) has a leaf that is not positive: 0"},
      {"(-1,2):(1,2)", "shape (-1,2) has a leaf that is not positive: -1"},
      {"(2,3):(1,_)", "a layout cannot hold `_`"},
      {"(2,3):(1,2) 4", "unexpected trailing text at column 13"},
  };
  for (const ErrorCase &c : cases) {
    std::string message = errorOf(parseLayout(c.text));
    EXPECT_NE(message.find(c.message), std::string::npos)
        << c.text << " gave: " << message;
  }
}

TEST(ParseErrors, OfSwizzlesAndComposedLayouts) {
  const ErrorCase swizzles[] = {
      {"Sw<3,4,2>", "|S| must be at least B, got S=2 and B=3"},
      {"Sw<-1,4,2>", "B must be non-negative"},
      {"Sw<3,-4,3>", "M must be non-negative"},
      {"Sw<3,30,3>", "B+M+|S| must be at most 31"},
      {"Sw<3,4>", "expected `,` at column 7"},
      {"Sw<3,4,3", "expected `>` at column 9"},
      {"Sx<3,4,3>", "expected `Sw<B,M,S>` at column 1"},
  };
  for (const ErrorCase &c : swizzles) {
    std::string message = errorOf(parseSwizzle(c.text));
    EXPECT_NE(message.find(c.message), std::string::npos)
        << c.text << " gave: " << message;
  }
  const ErrorCase composed[] = {
      {"Sw<3,4,3> o (2,2) o 8:1", "offset of a composed layout must be an "
                                  "integer"},
      {"Sw<3,4,3> o 0 o (8,8)", "inner part of a composed layout must be a "
                                "layout"},
      {"Sw<3,4,3> o 0", "expected `o` before the inner layout"},
      {"Sw<3,4,3>", "expected `o`"},
      {"(8,8) o 0 o 8:1", "expected a swizzle or a layout"},
  };
  for (const ErrorCase &c : composed) {
    std::string message = errorOf(parseComposedLayout(c.text));
    EXPECT_NE(message.find(c.message), std::string::npos)
        << c.text << " gave: " << message;
  }
}

} // namespace
