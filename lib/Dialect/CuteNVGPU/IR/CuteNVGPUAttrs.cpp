//===- CuteNVGPUAttrs.cpp - Atoms, TiledMMA and TiledCopy -----------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.h"

#include "cute-mlir/Atom/Coverage.h"
#include "cute-mlir/Layout/Notation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cctype>

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::Result;

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrInterfaces.cpp.inc"

/// A bare keyword parameter (`load`, `store`, ...).
static ParseResult parseKeyword(AsmParser &parser, std::string &keyword) {
  return parser.parseKeywordOrString(&keyword);
}
static void printKeyword(AsmPrinter &printer, StringRef keyword) {
  printer << keyword;
}

/// `box = [E0, E1, ...]` or `smem = "layout"` (the tile the box is derived
/// from, kept in its canonical spelling).
static ParseResult parseTmaTile(AsmParser &parser, SmallVector<int64_t> &box,
                                std::string &smem) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef key;
  if (parser.parseKeyword(&key))
    return failure();
  if (key == "box")
    return failure(
        parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
          return parser.parseInteger(box.emplace_back());
        }));
  if (key != "smem")
    return parser.emitError(loc)
           << "expected `box = [...]` or `smem = \"layout\"`, got `" << key
           << "`";
  std::string text;
  if (parser.parseEqual())
    return failure();
  loc = parser.getCurrentLocation();
  if (parser.parseString(&text))
    return failure();
  Result<cute::ComposedLayout> tile = cute::parseSmemTile(text);
  if (tile.failed())
    return parser.emitError(loc) << tile.message();
  smem = cute::smemTileStr(*tile);
  return success();
}

static void printTmaTile(AsmPrinter &printer, ArrayRef<int64_t> box,
                         StringRef smem) {
  if (!smem.empty()) {
    printer << "smem = \"" << smem << "\"";
    return;
  }
  printer << "box = [";
  llvm::interleaveComma(box, printer);
  printer << "]";
}

/// `, swizzle = S` and `, multicast = M`, each optional, in either order.
/// (Two optional groups of the declarative format that both start with `,`
/// cannot be told apart, so the first would swallow the second.)
static ParseResult parseTmaOptions(AsmParser &parser, int64_t &swizzle,
                                   int64_t &multicast) {
  swizzle = 0;
  multicast = 1;
  bool seenSwizzle = false, seenMulticast = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return failure();
    bool *seen = key == "swizzle"     ? &seenSwizzle
                 : key == "multicast" ? &seenMulticast
                                      : nullptr;
    if (!seen)
      return parser.emitError(loc)
             << "expected `swizzle` or `multicast`, got `" << key << "`";
    if (*seen)
      return parser.emitError(loc) << "`" << key << "` is given twice";
    *seen = true;
    if (parser.parseEqual() ||
        parser.parseInteger(key == "swizzle" ? swizzle : multicast))
      return failure();
  }
  return success();
}

static void printTmaOptions(AsmPrinter &printer, int64_t swizzle,
                            int64_t multicast) {
  if (swizzle != 0)
    printer << ", swizzle = " << swizzle;
  if (multicast != 1)
    printer << ", multicast = " << multicast;
}

#define GET_ATTRDEF_CLASSES
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.cpp.inc"

void CuteNVGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.cpp.inc"
      >();
}

Attribute CuteNVGPUDialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  // An MMA atom's CuTe name alone: #cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN.
  Result<cute::MmaAtom> atom = cute::lookupMmaAtom(mnemonic.str());
  if (atom)
    return MmaAtomAttr::getChecked([&] { return parser.emitError(loc); },
                                   getContext(), mnemonic);
  // A name in CuTe's SM<arch>_ form: say what is wrong with it.
  if (mnemonic.size() > 2 && mnemonic.starts_with("SM") &&
      std::isdigit(static_cast<unsigned char>(mnemonic[2]))) {
    parser.emitError(loc) << "not an MMA atom: " << atom.message();
    return Attribute();
  }
  parser.emitError(loc) << "unknown cute_nvgpu attribute `" << mnemonic
                        << "` (not an attribute mnemonic nor an MMA atom's "
                           "CuTe name)";
  return Attribute();
}

void CuteNVGPUDialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

Type mlir::cute_nvgpu::valueTypeOf(MLIRContext *context,
                                   const std::string &name) {
  Builder b(context);
  if (name == "f16")
    return b.getF16Type();
  if (name == "bf16")
    return b.getBF16Type();
  if (name == "tf32" || name == "f32")
    return b.getF32Type();
  if (name == "f64")
    return b.getF64Type();
  if (name == "s8" || name == "u8")
    return b.getIntegerType(8);
  if (name == "s32")
    return b.getIntegerType(32);
  if (name == "e4m3")
    return b.getType<Float8E4M3FNType>();
  if (name == "e5m2")
    return b.getType<Float8E5M2Type>();
  return Type();
}

std::optional<int> mlir::cute_nvgpu::smOfChip(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  if (!chip.consume_back("a"))
    chip.consume_back("f");
  int sm = 0;
  if (chip.getAsInteger(10, sm))
    return std::nullopt;
  return sm;
}

std::optional<int> mlir::cute_nvgpu::firstPtxIsaOf(StringRef chip) {
  return llvm::StringSwitch<std::optional<int>>(chip)
      .Case("sm_70", 60)
      .Case("sm_72", 61)
      .Case("sm_75", 63)
      .Case("sm_80", 70)
      .Case("sm_86", 71)
      .Case("sm_87", 74)
      .Cases({"sm_89", "sm_90"}, 78)
      .Case("sm_90a", 80)
      .Cases({"sm_100", "sm_100a", "sm_101", "sm_101a"}, 86)
      .Cases({"sm_120", "sm_120a"}, 87)
      .Cases({"sm_103", "sm_103a", "sm_121", "sm_121a"}, 88)
      .Default(std::nullopt);
}

int mlir::cute_nvgpu::elementBits(Type type) {
  return type.isIntOrFloat() ? static_cast<int>(type.getIntOrFloatBitWidth())
                             : 0;
}

int64_t mlir::cute_nvgpu::maxThreadRegisterValues(Type element) {
  int64_t bits = element.isIndex() ? 64 : elementBits(element);
  if (bits == 0)
    return 0;
  return kMaxThreadRegisters * 32 / std::max<int64_t>(bits, 8);
}

/// A layout `shape:stride`, or a shape alone for its compact column-major
/// layout (CuTe's Layout<Shape<...>>).
static Result<cute::Layout> parseLayoutOrShape(StringRef text) {
  if (!text.contains(':')) {
    CUTE_TRY(shape, cute::parseIntTuple(text.str()));
    for (const cute::IntTuple &leaf : cute::leaves(shape))
      if (!leaf.value().isStatic() || leaf.value().value() < 1)
        return cute::algebraError("a shape's leaves are positive integers, "
                                  "got " +
                                  shape.str());
    return cute::makeLayout(shape);
  }
  return cute::parseLayout(text.str());
}

//===----------------------------------------------------------------------===//
// MMA atoms
//===----------------------------------------------------------------------===//

LogicalResult MmaAtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  StringRef name) {
  Result<cute::MmaAtom> atom = cute::lookupMmaAtom(name.str());
  if (atom.failed())
    return emitError() << "not an MMA atom: " << atom.message();
  return success();
}

cute::MmaAtom MmaAtomAttr::getTraits() const {
  return *cute::lookupMmaAtom(getName().str());
}

SmallVector<Type, 4> MmaAtomAttr::getValueTypes() const {
  cute::MmaAtom atom = getTraits();
  MLIRContext *context = getContext();
  return {valueTypeOf(context, atom.typeD), valueTypeOf(context, atom.typeA),
          valueTypeOf(context, atom.typeB), valueTypeOf(context, atom.typeC)};
}

//===----------------------------------------------------------------------===//
// Copy atoms
//===----------------------------------------------------------------------===//

LogicalResult CopyAtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef name, Type valueType) {
  Result<cute::CopyAtom> atom = cute::lookupCopyAtom(name.str());
  if (atom.failed())
    return emitError() << "not a copy atom: " << atom.message();
  int bits = elementBits(valueType);
  if (bits == 0 || atom->bitsPerThread() % bits != 0)
    return emitError() << name << " moves " << atom->bitsPerThread()
                       << " bits per thread, not a whole number of "
                       << valueType << " values";
  Result<std::pair<int64_t, int64_t>> values =
      cute::valuesPerThread(*atom, bits);
  if (values.failed())
    return emitError() << "not a copy atom for " << valueType << ": "
                       << values.message();
  return success();
}

cute::CopyAtom CopyAtomAttr::getTraits() const {
  return *cute::lookupCopyAtom(getName().str());
}

StringRef CopyAtomAttr::getSourceMemory() const {
  StringRef name = getName();
  if (name.contains("_LDSM_"))
    return "smem";
  if (name.contains("_STSM_"))
    return "rmem";
  if (name.contains("CP_ASYNC"))
    return "gmem";
  return "";
}

StringRef CopyAtomAttr::getDestinationMemory() const {
  StringRef name = getName();
  if (name.contains("_LDSM_"))
    return "rmem";
  if (name.contains("_STSM_") || name.contains("CP_ASYNC"))
    return "smem";
  return "";
}

static Result<cute::TmaKind> tmaKindOf(StringRef kind) {
  return cute::parseTmaKind(kind.str());
}

/// The atom the attribute describes: given by its box, or derived from the
/// shared-memory tile it fills.
static Result<cute::TmaAtom> tmaAtomOf(StringRef kind, Type valueType,
                                       ArrayRef<int64_t> box, int64_t swizzle,
                                       int64_t multicast, StringRef smem) {
  CUTE_TRY(k, tmaKindOf(kind));
  if (smem.empty())
    return cute::makeTmaAtom(k, std::vector<int64_t>(box.begin(), box.end()),
                             elementBits(valueType), swizzle, multicast);
  if (!box.empty())
    return cute::algebraError("a TMA atom takes a box or an smem layout, not "
                              "both");
  if (swizzle != 0)
    return cute::algebraError("the swizzle of a TMA atom written from its "
                              "smem layout is that layout's");
  CUTE_TRY(tile, cute::parseSmemTile(smem.str()));
  Result<cute::TmaAtom> atom =
      cute::makeTmaAtomFromSmem(k, tile, elementBits(valueType), multicast);
  if (atom.failed())
    return cute::algebraError("TMA cannot fill the shared-memory tile " +
                              smem.str() + ": " + atom.message());
  return atom;
}

LogicalResult TmaAtomAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  StringRef kind, Type valueType,
                                  ArrayRef<int64_t> box, int64_t swizzle,
                                  int64_t multicast, StringRef smem) {
  Result<cute::TmaAtom> atom =
      tmaAtomOf(kind, valueType, box, swizzle, multicast, smem);
  if (atom.failed())
    return emitError() << atom.message();
  return success();
}

Result<cute::TmaAtom> TmaAtomAttr::getTmaAtom() const {
  return tmaAtomOf(getKind(), getValueType(), getBox(), getSwizzle(),
                   getMulticast(), getSmem());
}

cute::CopyAtom TmaAtomAttr::getTraits() const {
  return getTmaAtom()->copyAtom();
}

StringRef TmaAtomAttr::getSourceMemory() const {
  return getKind().starts_with("load") ? "gmem" : "smem";
}

StringRef TmaAtomAttr::getDestinationMemory() const {
  return getKind().starts_with("load") ? "smem" : "gmem";
}

LogicalResult BulkCopyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef direction, Type valueType,
                                   int64_t bytes) {
  if (direction != "load" && direction != "store")
    return emitError() << "a bulk copy is a load or a store, not " << direction;
  Result<cute::CopyAtom> atom =
      cute::makeBulkCopyAtom(direction == "load", bytes);
  if (atom.failed())
    return emitError() << atom.message();
  int bits = elementBits(valueType);
  if (bits == 0 || (bytes * 8) % bits != 0)
    return emitError() << bytes << " bytes are not a whole number of "
                       << valueType << " values";
  return success();
}

cute::CopyAtom BulkCopyAttr::getTraits() const {
  return *cute::makeBulkCopyAtom(getDirection() == "load", getBytes());
}

StringRef BulkCopyAttr::getSourceMemory() const {
  return getDirection() == "load" ? "gmem" : "smem";
}

StringRef BulkCopyAttr::getDestinationMemory() const {
  return getDirection() == "load" ? "smem" : "gmem";
}

//===----------------------------------------------------------------------===//
// TiledMMA
//===----------------------------------------------------------------------===//

static Result<cute::TiledMma>
buildTiledMma(Attribute atom, StringRef atomLayout, StringRef permutation) {
  auto mma = dyn_cast<MmaAtomAttrInterface>(atom);
  if (!mma)
    return cute::algebraError("the atom is not an MMA atom");
  CUTE_TRY(layout, parseLayoutOrShape(atomLayout));
  cute::Tiler perm = cute::Tiler::tuple({});
  if (!permutation.empty()) {
    CUTE_TRY(p, cute::parseTiler(permutation.str()));
    perm = p;
  }
  return cute::TiledMma::get(mma.getTraits(), layout, perm);
}

/// The exact-cover check of one partition, or a diagnostic naming a tile too
/// large to check apart from one that is not covered exactly.
static LogicalResult
checkPartition(function_ref<InFlightDiagnostic()> emitError, StringRef what,
               const cute::Layout &tv, const cute::IntTuple &tile) {
  int64_t elements = cute::product(tile).value();
  if (elements > cute::kMaxCoverElements)
    return emitError() << what << " tile " << tile.str() << " has " << elements
                       << " elements, more than the " << cute::kMaxCoverElements
                       << " a tile may have";
  Result<int64_t> cover = cute::checkExactCover(tv, tile);
  if (cover.failed())
    return emitError() << what
                       << " partition is not exact: " << cover.message();
  return success();
}

LogicalResult TiledMmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   Attribute atom, StringRef atomLayout,
                                   StringRef permutation) {
  if (!isa<MmaAtomAttrInterface>(atom))
    return emitError() << "expected an MMA atom, got " << atom;
  Result<cute::TiledMma> mma = buildTiledMma(atom, atomLayout, permutation);
  if (mma.failed())
    return emitError() << mma.message();
  struct Operand {
    const char *name;
    int p, q;
    Result<cute::Layout> tv;
  } operands[] = {{"C", 0, 1, mma->logicalLayoutC_TV()},
                  {"A", 0, 2, mma->logicalLayoutA_TV()},
                  {"B", 1, 2, mma->logicalLayoutB_TV()}};
  for (Operand &o : operands) {
    if (o.tv.failed())
      return emitError() << o.name << ": " << o.tv.message();
    cute::IntTuple tile =
        cute::IntTuple::tuple({mma->tileSize(o.p), mma->tileSize(o.q)});
    if (failed(checkPartition(
            emitError, "the TiledMMA's " + std::string(o.name), *o.tv, tile)))
      return failure();
  }
  return success();
}

Result<cute::TiledMma> TiledMmaAttr::getTiledMma() const {
  return buildTiledMma(getAtom(), getAtomLayout(), getPermutation());
}

//===----------------------------------------------------------------------===//
// TiledCopy
//===----------------------------------------------------------------------===//

static Result<cute::TiledCopy> buildTiledCopy(Attribute atom, StringRef threads,
                                              StringRef values, Attribute mma,
                                              StringRef operand) {
  auto copy = dyn_cast<CopyAtomAttrInterface>(atom);
  if (!copy)
    return cute::algebraError("the atom is not a copy atom");
  int bits = elementBits(copy.getValueType());
  if (mma) {
    auto tiledMma = dyn_cast<TiledMmaAttr>(mma);
    if (!tiledMma)
      return cute::algebraError("`mma` must be a #cute_nvgpu.tiled_mma");
    std::optional<cute::MmaOperand> which;
    if (operand == "A")
      which = cute::MmaOperand::A;
    else if (operand == "B")
      which = cute::MmaOperand::B;
    else if (operand == "C")
      which = cute::MmaOperand::C;
    else
      return cute::algebraError("`operand` is A, B or C, not `" +
                                operand.str() + "`");
    CUTE_TRY(m, tiledMma.getTiledMma());
    return cute::TiledCopy::forMma(copy.getTraits(), bits, m, *which);
  }
  CUTE_TRY(thr, parseLayoutOrShape(threads));
  CUTE_TRY(val, parseLayoutOrShape(values));
  return cute::TiledCopy::make(copy.getTraits(), bits, thr, val);
}

LogicalResult
TiledCopyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      Attribute atom, StringRef threads, StringRef values,
                      Attribute mma, StringRef operand) {
  if (!isa<CopyAtomAttrInterface>(atom))
    return emitError() << "expected a copy atom, got " << atom;
  bool byLayouts = !threads.empty() || !values.empty();
  bool byMma = mma || !operand.empty();
  if (byLayouts == byMma)
    return emitError() << "a tiled copy takes either `threads` and `values` "
                          "or `mma` and `operand`";
  if (byLayouts && (threads.empty() || values.empty()))
    return emitError() << "a tiled copy needs both `threads` and `values`";
  if (byMma && (!mma || operand.empty()))
    return emitError() << "a tiled copy for a TiledMMA needs both `mma` and "
                          "`operand`";
  Result<cute::TiledCopy> copy =
      buildTiledCopy(atom, threads, values, mma, operand);
  if (copy.failed())
    return emitError() << copy.message();
  for (auto [side, tv] : {std::make_pair("source", copy->layoutS_TV()),
                          std::make_pair("destination", copy->layoutD_TV())}) {
    if (tv.failed())
      return emitError() << tv.message();
    if (failed(checkPartition(emitError,
                              "the tiled copy's " + std::string(side), *tv,
                              copy->tileShape())))
      return failure();
  }
  return success();
}

Result<cute::TiledCopy> TiledCopyAttr::getTiledCopy() const {
  return buildTiledCopy(getAtom(), getThreads(), getValues(), getMma(),
                        getOperand());
}
