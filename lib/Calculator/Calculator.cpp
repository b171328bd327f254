//===- Calculator.cpp - The cute-layout expression language ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Calculator/Calculator.h"

#include "cute-mlir/Atom/CopyAtom.h"
#include "cute-mlir/Atom/MmaAtom.h"
#include "cute-mlir/Atom/Picture.h"
#include "cute-mlir/Atom/TiledCopy.h"
#include "cute-mlir/Atom/TiledMma.h"

#include <cctype>
#include <functional>
#include <map>

using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static std::string termStr(const Term &t, bool asTypeSlots = false) {
  switch (t.kind()) {
  case Term::Kind::Int:
    return asTypeSlots ? t.intValue().typeStr() : t.intValue().str();
  case Term::Kind::Underscore:
    return "_";
  case Term::Kind::Layout:
    return asTypeSlots ? t.layout().typeStr() : t.layout().str();
  case Term::Kind::Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < t.elements().size(); ++i)
      s += (i ? "," : "") + termStr(t.elements()[i], asTypeSlots);
    return s + ")";
  }
  }
  return "";
}

std::string CalcValue::str(bool asTypeSlots) const {
  if (const auto *t = std::get_if<Term>(&value))
    return termStr(*t, asTypeSlots);
  if (const auto *s = std::get_if<Swizzle>(&value))
    return s->str();
  if (const auto *c = std::get_if<ComposedLayout>(&value))
    return c->str();
  if (const auto *v = std::get_if<Values>(&value)) {
    std::string s;
    for (size_t i = 0; i < v->items.size(); ++i)
      s += (i ? " " : "") +
           (asTypeSlots ? v->items[i].typeStr() : v->items[i].str());
    return s;
  }
  if (const auto *t = std::get_if<Text>(&value))
    return t->text;
  return std::get<Name>(value).text;
}

//===----------------------------------------------------------------------===//
// Values to arguments
//===----------------------------------------------------------------------===//

namespace {
using Args = std::vector<CalcValue>;

CalcValue ofTerm(Term t) { return CalcValue{std::move(t)}; }
CalcValue ofLayout(Layout l) { return ofTerm(Term::ofLayout(std::move(l))); }
CalcValue ofInt(Int v) { return ofTerm(Term::ofInt(std::move(v))); }

/// Turn an IntTuple back into a term for printing.
Term termOf(const IntTuple &t) {
  if (t.isUnderscore())
    return Term::ofUnderscore();
  if (t.isInt())
    return Term::ofInt(t.value());
  std::vector<Term> elems;
  for (const IntTuple &e : t.elements())
    elems.push_back(termOf(e));
  return Term::ofTuple(std::move(elems));
}

CalcValue ofTuple(const IntTuple &t) { return ofTerm(termOf(t)); }

std::string describe(const CalcValue &v) {
  if (const auto *t = std::get_if<Term>(&v.value)) {
    switch (t->kind()) {
    case Term::Kind::Int:
      return "the integer " + t->intValue().str();
    case Term::Kind::Underscore:
      return "`_`";
    case Term::Kind::Layout:
      return "the layout " + t->layout().str();
    case Term::Kind::Tuple:
      return "the tuple " + termStr(*t);
    }
  }
  if (std::holds_alternative<Swizzle>(v.value))
    return "the swizzle " + v.str();
  if (std::holds_alternative<ComposedLayout>(v.value))
    return "the composed layout " + v.str();
  if (std::holds_alternative<CalcValue::Values>(v.value))
    return "a list of values";
  if (std::holds_alternative<CalcValue::Text>(v.value))
    return "text";
  return "the name " + v.str();
}

Result<Layout> asLayout(const CalcValue &v) {
  if (const auto *t = std::get_if<Term>(&v.value))
    if (t->kind() == Term::Kind::Layout)
      return t->layout();
  return algebraError("expected a layout, got " + describe(v));
}

Result<IntTuple> asIntTuple(const CalcValue &v) {
  if (const auto *t = std::get_if<Term>(&v.value))
    if (t->kind() != Term::Kind::Layout)
      return t->toIntTuple();
  return algebraError("expected an integer or a tuple, got " + describe(v));
}

/// A layout, or a shape standing for its compact column-major layout (CuTe's
/// Layout<Shape<...>>), as the atom and thread layouts of tiled atoms take.
Result<Layout> asLayoutOrShape(const CalcValue &v) {
  if (Result<IntTuple> shape = asIntTuple(v)) {
    // Layout::get checks the shape's leaves are positive.
    CUTE_TRY(checked, Layout::get(*shape, repeatLike(*shape, IntTuple(0))));
    (void)checked;
    return makeLayout(*shape);
  }
  return asLayout(v);
}

Result<Tiler> asTiler(const CalcValue &v) {
  if (const auto *t = std::get_if<Term>(&v.value))
    return t->toTiler();
  return algebraError("expected a tiler, got " + describe(v));
}

Result<int64_t> asStaticInt(const CalcValue &v) {
  if (const auto *t = std::get_if<Term>(&v.value))
    if (t->kind() == Term::Kind::Int && t->intValue().isStatic())
      return t->intValue().value();
  return algebraError("expected a static integer, got " + describe(v));
}

Result<CalcValue> requireArity(const std::string &fn, const Args &args,
                               size_t lo, size_t hi) {
  if (args.size() < lo || args.size() > hi) {
    std::string want = lo == hi
                           ? std::to_string(lo)
                           : std::to_string(lo) + " to " + std::to_string(hi);
    return algebraError(fn + " takes " + want + " argument(s), got " +
                        std::to_string(args.size()));
  }
  return CalcValue{CalcValue::Name{""}};
}

/// Apply a layout operation to a layout, or to the inner layout of a composed
/// layout (keeping its outer function and offset).
Result<CalcValue>
onLayoutOrInner(const CalcValue &v,
                const std::function<Result<Layout>(const Layout &)> &fn) {
  if (const auto *c = std::get_if<ComposedLayout>(&v.value)) {
    CUTE_TRY(inner, fn(c->inner()));
    return CalcValue{c->withInner(inner)};
  }
  CUTE_TRY(layout, asLayout(v));
  CUTE_TRY(r, fn(layout));
  return ofLayout(r);
}

/// Evaluate a layout-like value at every index of its domain.
Result<CalcValue> evalAll(const CalcValue &v) {
  CalcValue::Values out;
  // A 512x512 tile. Values with dynamic leaves are expressions: a million
  // of them took seconds to build and print.
  constexpr int64_t kMaxValues = 1 << 18;
  if (const auto *sw = std::get_if<Swizzle>(&v.value)) {
    if (sw->period() > kMaxValues)
      return algebraError("eval of more than 2^18 values is refused");
    for (int64_t i = 0; i < sw->period(); ++i)
      out.items.push_back((*sw)(i));
    return CalcValue{out};
  }
  std::function<Result<Int>(int64_t)> at;
  Int n;
  if (const auto *c = std::get_if<ComposedLayout>(&v.value)) {
    n = size(c->inner());
    at = [c](int64_t i) { return (*c)(IntTuple(i)); };
  } else {
    CUTE_TRY(layout, asLayout(v));
    n = size(layout);
    at = [layout](int64_t i) { return layout(IntTuple(i)); };
  }
  if (!n.isStatic())
    return algebraError("eval needs a static size, got " + n.str());
  if (n.value() > kMaxValues)
    return algebraError("eval of more than 2^18 values is refused");
  for (int64_t i = 0; i < n.value(); ++i) {
    CUTE_TRY(x, at(i));
    out.items.push_back(x);
  }
  return CalcValue{out};
}

using Handler = std::function<Result<CalcValue>(const Args &)>;

/// A function of the language: its arity and handler.
struct Function {
  size_t minArgs, maxArgs;
  Handler handler;
};

/// A function (layout-like, tiler) -> layout-like, e.g. logical_divide.
Function tilingFunction(Result<Layout> (*op)(const Layout &, const Tiler &)) {
  return {2, 2, [op](const Args &a) -> Result<CalcValue> {
            CUTE_TRY(tiler, asTiler(a[1]));
            return onLayoutOrInner(
                a[0], [&](const Layout &l) { return op(l, tiler); });
          }};
}

/// A function (layout-like, layout) -> layout-like, e.g. blocked_product.
Function layoutPairFunction(Result<Layout> (*op)(const Layout &,
                                                 const Layout &)) {
  return {2, 2, [op](const Args &a) -> Result<CalcValue> {
            CUTE_TRY(rhs, asLayout(a[1]));
            return onLayoutOrInner(a[0],
                                   [&](const Layout &l) { return op(l, rhs); });
          }};
}

/// A function of one layout-like value that cannot fail, e.g. coalesce.
Function plainFunction(Layout (*op)(const Layout &)) {
  return {1, 1, [op](const Args &a) {
            return onLayoutOrInner(
                a[0], [&](const Layout &l) -> Result<Layout> { return op(l); });
          }};
}

/// A function (layout, optional profile) -> layout: coalesce, filter.
Function profiledFunction(Layout (*plain)(const Layout &),
                          Result<Layout> (*byProfile)(const Layout &,
                                                      const IntTuple &)) {
  return {1, 2, [plain, byProfile](const Args &a) -> Result<CalcValue> {
            if (a.size() == 1)
              return onLayoutOrInner(
                  a[0],
                  [&](const Layout &l) -> Result<Layout> { return plain(l); });
            CUTE_TRY(profile, asIntTuple(a[1]));
            return onLayoutOrInner(
                a[0], [&](const Layout &l) { return byProfile(l, profile); });
          }};
}

Result<CalcValue> makeLayoutCall(const Args &a) {
  // make_layout(shape), make_layout(shape, stride),
  // make_layout(shape, LayoutLeft|LayoutRight), make_layout(L0, L1, ...).
  if (std::holds_alternative<Term>(a[0].value) &&
      std::get<Term>(a[0].value).kind() == Term::Kind::Layout) {
    std::vector<Layout> modes;
    for (const CalcValue &v : a) {
      CUTE_TRY(l, asLayout(v));
      modes.push_back(l);
    }
    return ofLayout(makeLayout(modes));
  }
  CUTE_TRY(shape, asIntTuple(a[0]));
  CUTE_TRY(checked, Layout::get(shape, repeatLike(shape, IntTuple(0))));
  (void)checked;
  if (a.size() == 1)
    return ofLayout(makeLayout(shape));
  if (a.size() > 2)
    return algebraError("make_layout takes layouts, or a shape and a stride");
  if (const auto *name = std::get_if<CalcValue::Name>(&a[1].value)) {
    if (name->text == "LayoutLeft" || name->text == "GenColMajor")
      return ofLayout(makeLayout(shape));
    if (name->text == "LayoutRight" || name->text == "GenRowMajor")
      return ofLayout(makeLayoutRowMajor(shape));
    return algebraError("unknown layout tag `" + name->text +
                        "` (LayoutLeft or LayoutRight)");
  }
  CUTE_TRY(stride, asIntTuple(a[1]));
  CUTE_TRY(layout, Layout::get(shape, stride));
  return ofLayout(layout);
}

Result<CalcValue> compositionCall(const Args &a) {
  // A swizzle outermost makes a composed layout.
  if (const auto *sw = std::get_if<Swizzle>(&a[0].value)) {
    CUTE_TRY(inner, asLayout(a[1]));
    return CalcValue{ComposedLayout(*sw, 0, inner)};
  }
  CUTE_TRY(tiler, asTiler(a[1]));
  return onLayoutOrInner(
      a[0], [&](const Layout &l) { return composition(l, tiler); });
}

Result<CalcValue> crd2idxCall(const Args &a) {
  CUTE_TRY(coord, asIntTuple(a[0]));
  if (a.size() == 3) {
    CUTE_TRY(shape, asIntTuple(a[1]));
    CUTE_TRY(stride, asIntTuple(a[2]));
    CUTE_TRY(layout, Layout::get(shape, stride));
    CUTE_TRY(v, layout(coord));
    return ofInt(v);
  }
  if (const auto *c = std::get_if<ComposedLayout>(&a[1].value)) {
    CUTE_TRY(v, (*c)(coord));
    return ofInt(v);
  }
  if (const auto *sw = std::get_if<Swizzle>(&a[1].value)) {
    if (!coord.isInt())
      return algebraError("a swizzle takes an integer offset");
    CUTE_TRY(v, applySwizzle(*sw, coord.value()));
    return ofInt(v);
  }
  CUTE_TRY(layout, asLayout(a[1]));
  CUTE_TRY(v, layout(coord));
  return ofInt(v);
}

Result<CalcValue> idx2crdCall(const Args &a) {
  CUTE_TRY(idx, asIntTuple(a[0]));
  IntTuple shape;
  if (const auto *t = std::get_if<Term>(&a[1].value);
      t && t->kind() == Term::Kind::Layout) {
    shape = t->layout().shape();
  } else {
    CUTE_TRY(s, asIntTuple(a[1]));
    shape = s;
  }
  CUTE_TRY(coord, idx2crd(idx, shape));
  return ofTuple(coord);
}

/// Size-like queries of a layout, composed layout or tuple.
Result<CalcValue> queryCall(const std::string &fn, const CalcValue &v) {
  Layout layout;
  if (const auto *c = std::get_if<ComposedLayout>(&v.value)) {
    layout = c->inner();
  } else if (std::holds_alternative<Term>(v.value) &&
             std::get<Term>(v.value).kind() != Term::Kind::Layout) {
    CUTE_TRY(t, asIntTuple(v));
    if (fn == "size")
      return ofInt(product(t));
    if (fn == "rank")
      return ofInt(Int(static_cast<int64_t>(t.rank())));
    if (fn == "depth")
      return ofInt(Int(static_cast<int64_t>(t.depth())));
    return algebraError("needs a layout, got " + describe(v));
  } else {
    CUTE_TRY(l, asLayout(v));
    layout = l;
  }
  if (fn == "size")
    return ofInt(size(layout));
  if (fn == "cosize")
    return ofInt(cosize(layout));
  if (fn == "rank")
    return ofInt(Int(static_cast<int64_t>(layout.rank())));
  if (fn == "depth")
    return ofInt(Int(static_cast<int64_t>(layout.depth())));
  if (fn == "shape")
    return ofTuple(layout.shape());
  return ofTuple(layout.stride());
}

Result<CalcValue> getCall(const Args &a) {
  CUTE_TRY(layout, asLayout(a[0]));
  Layout current = layout;
  for (size_t k = 1; k < a.size(); ++k) {
    CUTE_TRY(i, asStaticInt(a[k]));
    if (i < 0 || static_cast<size_t>(i) >= current.rank())
      return algebraError("get: mode " + std::to_string(i) +
                          " is out of range for " + current.str() +
                          " of rank " + std::to_string(current.rank()));
    current = current.mode(static_cast<size_t>(i));
  }
  return ofLayout(current);
}

Result<CalcValue> castCall(const std::string &fn, const Args &a) {
  CUTE_TRY(n, asStaticInt(a[1]));
  if (fn == "recast") {
    CUTE_TRY(newBits, asStaticInt(a[2]));
    return onLayoutOrInner(
        a[0], [&](const Layout &l) { return recast(l, n, newBits); });
  }
  if (const auto *c = std::get_if<ComposedLayout>(&a[0].value)) {
    CUTE_TRY(r, fn == "upcast" ? upcast(*c, n) : downcast(*c, n));
    return CalcValue{r};
  }
  if (const auto *sw = std::get_if<Swizzle>(&a[0].value)) {
    CUTE_TRY(r, fn == "upcast" ? upcast(*sw, n) : downcast(*sw, n));
    return CalcValue{r};
  }
  CUTE_TRY(layout, asLayout(a[0]));
  CUTE_TRY(r, fn == "upcast" ? upcast(layout, n) : downcast(layout, n));
  return ofLayout(r);
}

/// The traits of an MMA atom, one per line, as CuTe prints them.
Result<CalcValue> mmaAtomCall(const Args &a) {
  const auto *name = std::get_if<CalcValue::Name>(&a[0].value);
  if (!name)
    return algebraError("expected an atom name such as "
                        "SM80_16x8x16_F32F16F16F32_TN, got " +
                        describe(a[0]));
  CUTE_TRY(atom, lookupMmaAtom(name->text));
  std::string text = "Shape_MNK: " + atom.shapeMNK.str() + "\n" +
                     "ThrID: " + atom.thrID.str() + "\n" +
                     "ALayout: " + atom.aLayout.str() + "\n" +
                     "BLayout: " + atom.bLayout.str() + "\n" +
                     "CLayout: " + atom.cLayout.str();
  return CalcValue{
      CalcValue::Text{text, [atom] { return renderMmaAtomSvg(atom); }}};
}

/// The traits of a copy atom, one per line, as CuTe prints them.
Result<CalcValue> copyAtomCall(const Args &a) {
  const auto *name = std::get_if<CalcValue::Name>(&a[0].value);
  if (!name)
    return algebraError("expected a copy atom name such as "
                        "SM75_U32x4_LDSM_N, got " +
                        describe(a[0]));
  CUTE_TRY(atom, lookupCopyAtom(name->text));
  std::string text = "ThrID: " + atom.thrID.str() + "\n" +
                     "SrcLayout: " + atom.srcLayout.str() + "\n" +
                     "DstLayout: " + atom.dstLayout.str() + "\n" +
                     "RefLayout: " + atom.refLayout.str();
  return CalcValue{CalcValue::Text{text, nullptr}};
}

/// The tile size and (thread, value) layouts of a TiledMMA, one per line.
Result<CalcValue> tiledMmaCall(const Args &a) {
  const auto *name = std::get_if<CalcValue::Name>(&a[0].value);
  if (!name)
    return algebraError("expected an atom name, got " + describe(a[0]));
  CUTE_TRY(atom, lookupMmaAtom(name->text));
  CUTE_TRY(atomLayout, asLayoutOrShape(a[1]));
  Tiler permutation = Tiler::tuple({});
  if (a.size() == 3) {
    CUTE_TRY(p, asTiler(a[2]));
    permutation = p;
  }
  CUTE_TRY(tiled, TiledMma::get(atom, atomLayout, permutation));
  CUTE_TRY(tvA, tiled.layoutA_TV());
  CUTE_TRY(tvB, tiled.layoutB_TV());
  CUTE_TRY(tvC, tiled.layoutC_TV());
  std::string text = "TileSize: (" + std::to_string(tiled.tileSize(0)) + "," +
                     std::to_string(tiled.tileSize(1)) + "," +
                     std::to_string(tiled.tileSize(2)) + ")\n" +
                     "ThrLayoutVMNK: " + tiled.thrLayoutVMNK().str() + "\n" +
                     "LayoutA_TV: " + tvA.str() + "\n" +
                     "LayoutB_TV: " + tvB.str() + "\n" +
                     "LayoutC_TV: " + tvC.str();
  return CalcValue{
      CalcValue::Text{text, [tiled] { return renderTiledMmaSvg(tiled); }}};
}

/// The bits of a value type given as a number of bits (16) or a name (f16).
Result<int> valueBitsOf(const CalcValue &v) {
  if (const auto *name = std::get_if<CalcValue::Name>(&v.value)) {
    if (int bits = bitsOfValueType(name->text))
      return bits;
    return algebraError("unknown value type " + name->text);
  }
  CUTE_TRY(n, asIntTuple(v));
  if (!n.isTuple() && n.value().isStatic())
    return static_cast<int>(n.value().value());
  return algebraError("expected a value type (f16) or a number of bits, got " +
                      describe(v));
}

std::string describeTiledCopy(const TiledCopy &copy, const Layout &tvS,
                              const Layout &tvD) {
  return "Tiler_MN: " + copy.tileShape().str() + "\n" +
         "TiledLayout_TV: " + copy.layoutTV().str() + "\n" +
         "LayoutS_TV: " + tvS.str() + "\n" + "LayoutD_TV: " + tvD.str();
}

/// tiled_copy(atom, type, threads, values): make_tiled_copy, printed as the
/// tile, the (thread, value) layout and the source / destination views.
Result<CalcValue> tiledCopyCall(const Args &a) {
  const auto *name = std::get_if<CalcValue::Name>(&a[0].value);
  if (!name)
    return algebraError("expected a copy atom name, got " + describe(a[0]));
  CUTE_TRY(atom, lookupCopyAtom(name->text));
  CUTE_TRY(bits, valueBitsOf(a[1]));
  CUTE_TRY(threads, asLayoutOrShape(a[2]));
  CUTE_TRY(values, asLayoutOrShape(a[3]));
  CUTE_TRY(copy, TiledCopy::make(atom, bits, threads, values));
  CUTE_TRY(tvS, copy.layoutS_TV());
  CUTE_TRY(tvD, copy.layoutD_TV());
  return CalcValue{CalcValue::Text{describeTiledCopy(copy, tvS, tvD), [copy] {
                                     return renderTiledCopySvg(copy);
                                   }}};
}

/// tiled_copy_{a,b,c}(copy atom, type, mma atom, atom layout[, permutation]).
Handler tiledCopyForMma(MmaOperand operand) {
  return [operand](const Args &a) -> Result<CalcValue> {
    const auto *copyName = std::get_if<CalcValue::Name>(&a[0].value);
    const auto *mmaName = std::get_if<CalcValue::Name>(&a[2].value);
    if (!copyName || !mmaName)
      return algebraError("expected a copy atom and an MMA atom name");
    CUTE_TRY(atom, lookupCopyAtom(copyName->text));
    CUTE_TRY(bits, valueBitsOf(a[1]));
    CUTE_TRY(mmaAtom, lookupMmaAtom(mmaName->text));
    CUTE_TRY(atomLayout, asLayoutOrShape(a[3]));
    Tiler permutation = Tiler::tuple({});
    if (a.size() == 5) {
      CUTE_TRY(p, asTiler(a[4]));
      permutation = p;
    }
    CUTE_TRY(mma, TiledMma::get(mmaAtom, atomLayout, permutation));
    CUTE_TRY(copy, TiledCopy::forMma(atom, bits, mma, operand));
    CUTE_TRY(tvS, copy.layoutS_TV());
    CUTE_TRY(tvD, copy.layoutD_TV());
    return CalcValue{CalcValue::Text{describeTiledCopy(copy, tvS, tvD), [copy] {
                                       return renderTiledCopySvg(copy);
                                     }}};
  };
}

/// gmma_layout(K|MN, INTER|SW32|SW64|SW128, type): CuTe's GMMA shared-memory
/// layout atom, in elements.
Result<CalcValue> gmmaLayoutCall(const Args &a) {
  const auto *major = std::get_if<CalcValue::Name>(&a[0].value);
  const auto *type = std::get_if<CalcValue::Name>(&a[1].value);
  if (!major || !type)
    return algebraError("expected gmma_layout(K|MN, INTER|SW32|SW64|SW128, "
                        "type)");
  CUTE_TRY(m, parseGmmaMajor(major->text));
  CUTE_TRY(t, parseGmmaLayoutType(type->text));
  CUTE_TRY(bits, valueBitsOf(a[2]));
  CUTE_TRY(atom, gmmaLayoutAtom(m, t, bits));
  return CalcValue{atom};
}

/// gmma_desc(K|MN, type, tile): the descriptor fields of a wgmma operand tile.
Result<CalcValue> gmmaDescCall(const Args &a) {
  const auto *major = std::get_if<CalcValue::Name>(&a[0].value);
  if (!major)
    return algebraError("expected gmma_desc(K|MN, type, tile)");
  CUTE_TRY(m, parseGmmaMajor(major->text));
  CUTE_TRY(bits, valueBitsOf(a[1]));
  const auto *tile = std::get_if<ComposedLayout>(&a[2].value);
  if (!tile)
    return algebraError("expected a swizzled tile Sw<B,M,S> o 0 o layout, "
                        "got " +
                        describe(a[2]));
  CUTE_TRY(desc, makeGmmaDescriptor(*tile, bits, m));
  std::string text =
      "layout_type: " + str(desc.layoutType) + " (" +
      std::to_string(static_cast<int>(desc.layoutType)) + ")\n" +
      "leading_byte_offset: " + std::to_string(desc.leadingByteOffset) + " (" +
      std::to_string(16 * desc.leadingByteOffset) + " bytes)\n" +
      "stride_byte_offset: " + std::to_string(desc.strideByteOffset) + " (" +
      std::to_string(16 * desc.strideByteOffset) + " bytes)";
  return CalcValue{CalcValue::Text{text, nullptr}};
}

const std::map<std::string, Function> &functions() {
  static const std::map<std::string, Function> table = [] {
    std::map<std::string, Function> t;
    for (const char *q :
         {"size", "cosize", "rank", "depth", "shape", "stride"}) {
      std::string name = q;
      t[name] = {1, 1, [name](const Args &a) { return queryCall(name, a[0]); }};
    }
    t["get"] = {2, 8, getCall};
    t["crd2idx"] = {2, 3, crd2idxCall};
    t["idx2crd"] = {2, 2, idx2crdCall};
    t["eval"] = {1, 1, [](const Args &a) { return evalAll(a[0]); }};
    t["mma_atom"] = {1, 1, mmaAtomCall};
    t["tiled_mma"] = {2, 3, tiledMmaCall};
    t["copy_atom"] = {1, 1, copyAtomCall};
    t["tiled_copy"] = {4, 4, tiledCopyCall};
    t["tiled_copy_a"] = {4, 5, tiledCopyForMma(MmaOperand::A)};
    t["tiled_copy_b"] = {4, 5, tiledCopyForMma(MmaOperand::B)};
    t["tiled_copy_c"] = {4, 5, tiledCopyForMma(MmaOperand::C)};
    t["gmma_layout"] = {3, 3, gmmaLayoutCall};
    t["gmma_desc"] = {3, 3, gmmaDescCall};
    t["make_layout"] = {1, 8, makeLayoutCall};
    t["make_ordered_layout"] = {2, 2, [](const Args &a) -> Result<CalcValue> {
                                  CUTE_TRY(shape, asIntTuple(a[0]));
                                  CUTE_TRY(order, asIntTuple(a[1]));
                                  CUTE_TRY(l, makeOrderedLayout(shape, order));
                                  return ofLayout(l);
                                }};
    t["coalesce"] = profiledFunction(coalesce, coalesce);
    t["filter"] = profiledFunction(filter, filter);
    t["filter_zeros"] = plainFunction(filterZeros);
    t["flatten"] = plainFunction(flatten);
    t["right_inverse"] = plainFunction(rightInverse);
    t["nullspace"] = plainFunction(nullspace);
    t["left_inverse"] = {
        1, 1, [](const Args &a) { return onLayoutOrInner(a[0], leftInverse); }};
    t["composition"] = {2, 2, compositionCall};
    t["complement"] = {1, 2, [](const Args &a) -> Result<CalcValue> {
                         CUTE_TRY(layout, asLayout(a[0]));
                         if (a.size() == 1) {
                           CUTE_TRY(r, complement(layout));
                           return ofLayout(r);
                         }
                         CUTE_TRY(cotarget, asIntTuple(a[1]));
                         CUTE_TRY(r, complement(layout, cotarget));
                         return ofLayout(r);
                       }};
    t["logical_divide"] = tilingFunction(logicalDivide);
    t["zipped_divide"] = tilingFunction(zippedDivide);
    t["tiled_divide"] = tilingFunction(tiledDivide);
    t["flat_divide"] = tilingFunction(flatDivide);
    t["logical_product"] = tilingFunction(logicalProduct);
    t["zipped_product"] = tilingFunction(zippedProduct);
    t["tiled_product"] = tilingFunction(tiledProduct);
    t["flat_product"] = tilingFunction(flatProduct);
    t["blocked_product"] = layoutPairFunction(blockedProduct);
    t["raked_product"] = layoutPairFunction(rakedProduct);
    t["max_common_layout"] = {2, 2, [](const Args &a) -> Result<CalcValue> {
                                CUTE_TRY(x, asLayout(a[0]));
                                CUTE_TRY(y, asLayout(a[1]));
                                CUTE_TRY(r, maxCommonLayout(x, y));
                                return ofLayout(r);
                              }};
    t["max_common_vector"] = {2, 2, [](const Args &a) -> Result<CalcValue> {
                                CUTE_TRY(x, asLayout(a[0]));
                                CUTE_TRY(y, asLayout(a[1]));
                                CUTE_TRY(r, maxCommonVector(x, y));
                                return ofInt(r);
                              }};
    for (const char *c : {"upcast", "downcast"}) {
      std::string name = c;
      t[name] = {2, 2, [name](const Args &a) { return castCall(name, a); }};
    }
    t["recast"] = {3, 3, [](const Args &a) { return castCall("recast", a); }};
    t["tile_to_shape"] = {2, 2, [](const Args &a) -> Result<CalcValue> {
                            CUTE_TRY(shape, asIntTuple(a[1]));
                            return onLayoutOrInner(a[0], [&](const Layout &l) {
                              return tileToShape(l, shape);
                            });
                          }};
    for (const char *s : {"slice", "dice"}) {
      std::string name = s;
      t[name] = {2, 2, [name](const Args &a) -> Result<CalcValue> {
                   CUTE_TRY(coord, asIntTuple(a[0]));
                   CUTE_TRY(layout, asLayout(a[1]));
                   CUTE_TRY(r, name == "slice" ? slice(coord, layout)
                                               : dice(coord, layout));
                   return ofLayout(r);
                 }};
    }
    t["shape_div"] = {2, 2, [](const Args &a) -> Result<CalcValue> {
                        CUTE_TRY(x, asIntTuple(a[0]));
                        CUTE_TRY(y, asIntTuple(a[1]));
                        CUTE_TRY(r, shapeDiv(x, y));
                        return ofTuple(r);
                      }};
    t["ceil_div"] = {2, 2, [](const Args &a) -> Result<CalcValue> {
                       CUTE_TRY(x, asIntTuple(a[0]));
                       CUTE_TRY(y, asIntTuple(a[1]));
                       CUTE_TRY(r, ceilDiv(x, y));
                       return ofTuple(r);
                     }};
    return t;
  }();
  return table;
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

class ExpressionParser {
public:
  explicit ExpressionParser(std::string_view text) : reader(text) {}

  Result<CalcValue> parseAll() {
    CUTE_TRY(v, parseExpression());
    if (!reader.atEnd())
      return reader.errorHere("unexpected trailing text");
    return v;
  }

private:
  Result<CalcValue> parseExpression() {
    if (reader.atSwizzle()) {
      CUTE_TRY(sw, reader.readSwizzle());
      if (!reader.atCompose())
        return CalcValue{sw};
      CUTE_TRY(c, reader.readComposedTail(sw));
      return CalcValue{c};
    }
    if (std::isalpha(static_cast<unsigned char>(reader.peek())))
      return parseCallOrName();
    CUTE_TRY(term, reader.readTerm());
    if (term.kind() == Term::Kind::Layout && reader.atCompose()) {
      CUTE_TRY(c, reader.readComposedTail(term.layout()));
      return CalcValue{c};
    }
    return ofTerm(term);
  }

  Result<CalcValue> parseCallOrName() {
    size_t start = reader.position();
    std::string name = *reader.readIdentifier();
    if (reader.peek() == '<') {
      CUTE_TRY(arguments, readTemplateArguments());
      return CalcValue{CalcValue::Name{name + arguments}};
    }
    if (!reader.consume('('))
      return CalcValue{CalcValue::Name{name}};
    auto it = functions().find(name);
    if (it == functions().end())
      return algebraError("unknown function `" + name + "` at column " +
                          std::to_string(start + 1));
    // Calls recurse, and a deep enough nest overflowed the stack.
    if (callDepth == kMaxCallNesting)
      return algebraError("calls nest more than " +
                          std::to_string(kMaxCallNesting) + " deep at column " +
                          std::to_string(start + 1));
    Args args;
    if (!reader.consume(')')) {
      ++callDepth;
      do {
        Result<CalcValue> arg = parseExpression();
        if (arg.failed()) {
          --callDepth;
          return arg;
        }
        args.push_back(*arg);
      } while (reader.consume(','));
      --callDepth;
      if (!reader.consume(')'))
        return reader.errorHere("expected `,` or `)` in the arguments of " +
                                name);
    }
    const Function &fn = it->second;
    CUTE_TRY(ok, requireArity(name, args, fn.minArgs, fn.maxArgs));
    (void)ok;
    Result<CalcValue> result = fn.handler(args);
    return result.context(name);
  }

  /// `<A,B>` after a name, as CuTe's wgmma atoms take their majors
  /// (`SM90_64x64x16_F16F16F16_SS<MN,K>`): identifiers, `::` and commas,
  /// returned with the spaces dropped for the atom tables to read.
  Result<std::string> readTemplateArguments() {
    std::string text = "<";
    reader.consume('<');
    while (true) {
      std::optional<std::string> part = reader.readIdentifier();
      if (!part)
        return reader.errorHere("expected a template argument");
      text += *part;
      if (reader.consume(':')) {
        if (!reader.consume(':'))
          return reader.errorHere("expected `::`");
        text += "::";
        continue;
      }
      if (reader.consume(',')) {
        text += ',';
        continue;
      }
      if (reader.consume('>'))
        return text + '>';
      return reader.errorHere("expected `::`, `,` or `>` in template "
                              "arguments");
    }
  }

  static constexpr int kMaxCallNesting = 256;

  NotationReader reader;
  int callDepth = 0;
};
} // namespace

Result<CalcValue> mlir::cute::evaluateExpression(std::string_view text) {
  OverflowScope scope;
  Result<CalcValue> result = ExpressionParser(text).parseAll();
  if (scope.overflowed())
    return algebraError("integer overflow");
  return result;
}

std::vector<std::string> mlir::cute::calculatorFunctions() {
  std::vector<std::string> names;
  for (const auto &entry : functions())
    names.push_back(entry.first);
  return names;
}
