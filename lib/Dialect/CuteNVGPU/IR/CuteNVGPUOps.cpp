//===- CuteNVGPUOps.cpp - Partitioning, gemm and copy ---------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/Targets.h"

#include "Verification.h"

#include "cute-mlir/Atom/Gmma.h"
#include "cute-mlir/Dialect/Cute/IR/AlgebraOpSyntax.h"
#include "cute-mlir/Layout/Notation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::AlgebraResult;
using cute::AlgebraValue;
using cute::Result;
using cute::TensorValue;

/// The types of a TMA copy's completion after its tensors' types: none (a
/// store), the mbarriers' memref, or a pipeline and its state.
static ParseResult parseCompletionTypes(OpAsmParser &parser, Type &barriers,
                                        Type &pipeline, Type &state) {
  if (failed(parser.parseOptionalComma()))
    return success();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (!isa<PipelineType>(first)) {
    barriers = first;
    return success();
  }
  pipeline = first;
  return failure(parser.parseComma() || parser.parseType(state));
}

static void printCompletionTypes(OpAsmPrinter &printer, Operation *,
                                 Type barriers, Type pipeline, Type state) {
  if (barriers)
    printer << ", " << barriers;
  if (pipeline)
    printer << ", " << pipeline << ", " << state;
}

#define GET_OP_CLASSES
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Partitioning
//===----------------------------------------------------------------------===//

/// The tensor restricted to a thread's values: their layout, and the base
/// moved to the first (into the swizzle's offset when swizzled, as CuTe does).
static AlgebraResult
restrictTo(TensorValue tensor,
           const Result<std::pair<cute::Layout, cute::Int>> &part) {
  if (part.failed())
    return part.takeError();
  tensor.layout = part->first;
  if (tensor.swizzle)
    tensor.swizzleOffset = tensor.swizzleOffset + part->second;
  else
    tensor.offset = tensor.offset + part->second;
  return AlgebraValue(tensor);
}

template <class Adaptor, class Partition>
static AlgebraResult partitionMma(ArrayRef<AlgebraValue> operands,
                                  Adaptor adaptor, Partition partition) {
  CUTE_TRY(tensor, cute::tensorOf(operands[0]));
  CUTE_TRY(thread, cute::intOf(operands[1]));
  CUTE_TRY(mma, adaptor.getTiledMma().getTiledMma());
  return restrictTo(tensor, partition(mma, tensor.layout, thread));
}

AlgebraResult PartitionAOp::compute(ArrayRef<AlgebraValue> operands,
                                    Adaptor adaptor) {
  return partitionMma(operands, adaptor,
                      [](const cute::TiledMma &m, const cute::Layout &l,
                         const cute::Int &t) { return m.partitionA(l, t); });
}

AlgebraResult PartitionBOp::compute(ArrayRef<AlgebraValue> operands,
                                    Adaptor adaptor) {
  return partitionMma(operands, adaptor,
                      [](const cute::TiledMma &m, const cute::Layout &l,
                         const cute::Int &t) { return m.partitionB(l, t); });
}

AlgebraResult PartitionCOp::compute(ArrayRef<AlgebraValue> operands,
                                    Adaptor adaptor) {
  return partitionMma(operands, adaptor,
                      [](const cute::TiledMma &m, const cute::Layout &l,
                         const cute::Int &t) { return m.partitionC(l, t); });
}

/// A thread's source or destination partition of a TiledCopy.
template <class Adaptor, class Partition>
static AlgebraResult partitionCopy(ArrayRef<AlgebraValue> operands,
                                   Adaptor adaptor, Partition partition) {
  CUTE_TRY(tensor, cute::tensorOf(operands[0]));
  CUTE_TRY(thread, cute::intOf(operands[1]));
  CUTE_TRY(copy, adaptor.getTiledCopy().getTiledCopy());
  return restrictTo(tensor, partition(copy, tensor.layout, thread));
}

AlgebraResult PartitionSOp::compute(ArrayRef<AlgebraValue> operands,
                                    Adaptor adaptor) {
  return partitionCopy(operands, adaptor,
                       [](const cute::TiledCopy &c, const cute::Layout &l,
                          const cute::Int &t) { return c.partitionS(l, t); });
}

AlgebraResult PartitionDOp::compute(ArrayRef<AlgebraValue> operands,
                                    Adaptor adaptor) {
  return partitionCopy(operands, adaptor,
                       [](const cute::TiledCopy &c, const cute::Layout &l,
                          const cute::Int &t) { return c.partitionD(l, t); });
}

AlgebraResult RetileOp::compute(ArrayRef<AlgebraValue> operands,
                                Adaptor adaptor) {
  CUTE_TRY(tensor, cute::tensorOf(operands[0]));
  CUTE_TRY(copy, adaptor.getTiledCopy().getTiledCopy());
  CUTE_TRY(layout, copy.retile(tensor.layout));
  tensor.layout = layout;
  return AlgebraValue(tensor);
}

/// `#atom, %tensor[, %thread]`: the atom is the op's TiledMMA or TiledCopy
/// attribute `AttrTy`, the rest as cute::parseAlgebraOpTail parses it.
template <typename OpTy, typename AttrTy>
static ParseResult parsePartitionOp(OpAsmParser &parser, OperationState &result,
                                    StringAttr atomName, unsigned numOperands) {
  AttrTy atom;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseAttribute(atom) || parser.parseComma() ||
      cute::parseAlgebraOperands(parser, operands, numOperands, numOperands))
    return failure();
  result.addAttribute(atomName, atom);
  return cute::parseAlgebraOpTail<OpTy>(parser, result, operands);
}

static void printPartitionOp(OpAsmPrinter &printer, Operation *op,
                             StringAttr atomName) {
  printer << ' ';
  printer.printAttribute(op->getAttr(atomName));
  printer << ", " << op->getOperands();
  cute::printAlgebraOpTail(printer, op, {atomName});
}

#define CUTE_NVGPU_PARTITION_SYNTAX(OpTy, AttrTy, atom, numOperands)           \
  ParseResult OpTy::parse(OpAsmParser &parser, OperationState &result) {       \
    return parsePartitionOp<OpTy, AttrTy>(                                     \
        parser, result, get##atom##AttrName(result.name), numOperands);        \
  }                                                                            \
  void OpTy::print(OpAsmPrinter &printer) {                                    \
    printPartitionOp(printer, *this, get##atom##AttrName());                   \
  }

CUTE_NVGPU_PARTITION_SYNTAX(PartitionAOp, TiledMmaAttr, TiledMma, 2)
CUTE_NVGPU_PARTITION_SYNTAX(PartitionBOp, TiledMmaAttr, TiledMma, 2)
CUTE_NVGPU_PARTITION_SYNTAX(PartitionCOp, TiledMmaAttr, TiledMma, 2)
CUTE_NVGPU_PARTITION_SYNTAX(PartitionSOp, TiledCopyAttr, TiledCopy, 2)
CUTE_NVGPU_PARTITION_SYNTAX(PartitionDOp, TiledCopyAttr, TiledCopy, 2)
CUTE_NVGPU_PARTITION_SYNTAX(RetileOp, TiledCopyAttr, TiledCopy, 1)

#undef CUTE_NVGPU_PARTITION_SYNTAX

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

LogicalResult mlir::cute_nvgpu::checkTarget(Operation *op,
                                            const std::string &atom, int arch,
                                            int ptxIsa, bool archSpecific) {
  for (NVVM::NVVMTargetAttr target : nvvmTargetsOf(op)) {
    StringRef chip = target.getChip();
    std::optional<int> sm = smOfChip(chip);
    if (!sm)
      return op->emitOpError()
             << "cannot read the target chip `" << chip << "`";
    if (arch > *sm)
      return op->emitOpError() << atom << " needs sm_" << arch
                               << " or newer, but the target is " << chip;
    // wgmma and setmaxnreg exist only on the architecture-specific target.
    if (arch == 90 && atom.find("SM90_64x") == 0 && chip != "sm_90a")
      return op->emitOpError()
             << atom << " is a wgmma, which needs sm_90a, but the target is "
             << chip;
    if (archSpecific && !chip.ends_with("a"))
      return op->emitOpError() << atom << " needs sm_" << arch
                               << "a or a newer architecture-specific "
                                  "target, but the target is "
                               << chip;
    if (ptxIsa > ptxIsaOf(target))
      return op->emitOpError()
             << atom << " needs PTX ISA " << ptxIsa / 10 << "." << ptxIsa % 10
             << ": give the target features=+ptx" << ptxIsa;
  }
  return success();
}

/// The tensor's layout, without its swizzle.
Result<cute::Layout> mlir::cute_nvgpu::innerLayoutOf(cute::TensorType type) {
  return cute::parseLayout(type.getInnerLayout().str());
}

//===----------------------------------------------------------------------===//
// gemm
//===----------------------------------------------------------------------===//

LogicalResult GemmOp::verify() {
  TiledMmaAttr tiled = getTiledMma();
  Result<cute::TiledMma> mma = tiled.getTiledMma();
  if (mma.failed())
    return emitOpError() << mma.message();
  const cute::MmaAtom &atom = mma->atom();
  SmallVector<Type, 4> types = tiled.getMmaAtom().getValueTypes();
  bool universal = atom.arch == 0;
  struct Operand {
    const char *name;
    cute::TensorType type;
    Type element;
    const char *memory;
    int64_t values;
  } operands[] = {
      {"A", cast<cute::TensorType>(getA().getType()), types[1],
       universal                                           ? ""
       : atom.sourceA == cute::OperandSource::SharedMemory ? "smem"
                                                           : "rmem",
       cute::size(atom.aLayout.mode(1)).value()},
      {"B", cast<cute::TensorType>(getB().getType()), types[2],
       universal                                           ? ""
       : atom.sourceB == cute::OperandSource::SharedMemory ? "smem"
                                                           : "rmem",
       cute::size(atom.bLayout.mode(1)).value()},
      {"C", cast<cute::TensorType>(getC().getType()), types[3],
       universal ? "" : "rmem", cute::size(atom.cLayout.mode(1)).value()},
  };
  SmallVector<cute::Layout, 3> layouts;
  for (const Operand &o : operands) {
    if (o.type.getElementType() != o.element)
      return emitOpError() << o.name << " has elements of type "
                           << o.type.getElementType() << " but " << atom.name
                           << " takes " << o.element;
    if (*o.memory && o.type.getMemory() != o.memory)
      return emitOpError() << atom.name << " reads " << o.name << " from "
                           << o.memory << ", but it is in "
                           << o.type.getMemory();
    Result<cute::Layout> layout = innerLayoutOf(o.type);
    if (layout.failed())
      return emitOpError() << layout.message();
    // As CuTe's gemm: A (V,M) and B (V,N) are one k-block, (V,M,1) and
    // (V,N,1).
    bool oneKBlock = o.name[0] != 'C' && layout->rank() == 2;
    if (layout->rank() != 3 && !oneKBlock)
      return emitOpError() << o.name << " must be one thread's partition, "
                           << "with modes (FrgV, Rest, Rest)"
                           << (o.name[0] == 'C' ? "" : " or (FrgV, Rest)")
                           << ", got " << layout->str();
    if (oneKBlock)
      layout = cute::appendTo(*layout, 3);
    cute::Int values = cute::size(layout->mode(0));
    if (!values.is(o.values))
      return emitOpError() << o.name << " has " << values.str()
                           << " values per atom (its first mode), but "
                           << atom.name << " takes " << o.values;
    layouts.push_back(*layout);
  }
  auto extent = [&](int operand, int mode) {
    return cute::size(layouts[operand].mode(mode));
  };
  struct Agreement {
    const char *what;
    int lhs, lhsMode, rhs, rhsMode;
  } agreements[] = {{"M", 0, 1, 2, 1}, {"N", 1, 1, 2, 2}, {"K", 0, 2, 1, 2}};
  for (const Agreement &a : agreements) {
    cute::Int l = extent(a.lhs, a.lhsMode), r = extent(a.rhs, a.rhsMode);
    // As for memref dims, a run-time extent agrees with any other: only
    // two known extents can be told apart here.
    if (l.isStatic() && r.isStatic() && l.value() != r.value())
      return emitOpError() << "the operands tile " << a.what
                           << " differently: " << l.str() << " vs " << r.str();
  }
  // A wgmma reads a shared-memory operand through matrix descriptors: each
  // atom's tile (mode 0, with the tensor's swizzle) must be a canonical GMMA
  // layout a descriptor can name.
  for (int i : {0, 1}) {
    const Operand &o = operands[i];
    if (StringRef(o.memory) != "smem" || !layouts[i].mode(0).isStatic())
      continue;
    cute::Swizzle swizzle = *cute::Swizzle::get(0, 0, 0);
    if (o.type.isSwizzled()) {
      Result<cute::ComposedLayout> composed =
          cute::parseComposedLayout(o.type.getLayout().str());
      const auto *sw = composed.failed()
                           ? nullptr
                           : std::get_if<cute::Swizzle>(&composed->outer());
      if (!sw)
        continue;
      swizzle = *sw;
    }
    cute::GmmaMajor major = i == 0 ? atom.majorA : atom.majorB;
    cute::ComposedLayout tile(swizzle, 0, layouts[i].mode(0));
    Result<cute::GmmaDescriptor> fields =
        cute::makeGmmaDescriptor(tile, elementBits(o.element), major);
    if (fields.failed())
      return emitOpError() << "no wgmma descriptor for " << o.name << " ("
                           << (o.type.isSwizzled() ? tile.str()
                                                   : tile.inner().str())
                           << ", " << cute::str(major)
                           << "-major): " << fields.message();
  }
  return checkTarget(*this, atom.name, atom.arch, atom.ptxIsa);
}

//===----------------------------------------------------------------------===//
// copy
//===----------------------------------------------------------------------===//

LogicalResult mlir::cute_nvgpu::checkVectors(Operation *op, const char *side,
                                             cute::TensorType type,
                                             int64_t vector,
                                             const std::string &atom) {
  if (vector <= 1 || type.getMemory() == "rmem")
    return success();
  Result<cute::Layout> layout = innerLayoutOf(type);
  if (layout.failed())
    return op->emitOpError() << layout.message();
  cute::Layout first = layout->mode(0);
  for (int64_t i = 0; i < vector; ++i) {
    Result<cute::Int> at = first(cute::IntTuple(i));
    if (at.failed() || !at->is(i))
      return op->emitOpError()
             << atom << " moves " << vector << " contiguous values, but the "
             << side << "'s values " << first.str() << " are not contiguous";
  }
  // Every stride that does not walk inside a vector must keep alignment.
  std::vector<cute::IntTuple> shapes = cute::leaves(layout->shape());
  std::vector<cute::IntTuple> strides = cute::leaves(layout->stride());
  int64_t inside = 1;
  for (size_t i = 0; i < shapes.size(); ++i) {
    const cute::Int &stride = strides[i].value();
    const cute::Int &shape = shapes[i].value();
    if (inside < vector) {
      if (!shape.isStatic())
        break;
      inside *= shape.value();
      continue;
    }
    if (stride.is(0) || shape.is(1))
      continue;
    if (stride.divisor() % vector != 0)
      return op->emitOpError() << atom << " needs each " << vector
                               << "-value vector aligned, but the " << side
                               << " steps by " << stride.str() << " values";
  }
  // A swizzle must move whole vectors: its lowest XORed bit is above them.
  if (type.isSwizzled()) {
    Result<cute::ComposedLayout> composed =
        cute::parseComposedLayout(type.getLayout().str());
    const auto *sw = !composed.failed()
                         ? std::get_if<cute::Swizzle>(&composed->outer())
                         : nullptr;
    if (sw && sw->bits() > 0 && (int64_t(1) << sw->base()) % vector != 0)
      return op->emitOpError()
             << atom << " moves " << vector << "-value vectors, but the "
             << side << "'s swizzle " << sw->str() << " splits them";
  }
  return success();
}

CopyAtomAttrInterface CopyOp::getCopyAtom() {
  Attribute attr = getCopy();
  if (auto tiled = dyn_cast<TiledCopyAttr>(attr))
    return tiled.getCopyAtom();
  return dyn_cast<CopyAtomAttrInterface>(attr);
}

LogicalResult CopyOp::verify() {
  Attribute attr = getCopy();
  CopyAtomAttrInterface atom = getCopyAtom();
  std::optional<cute::TiledCopy> tiled;
  if (auto t = dyn_cast<TiledCopyAttr>(attr)) {
    Result<cute::TiledCopy> copy = t.getTiledCopy();
    if (copy.failed())
      return emitOpError() << copy.message();
    tiled = *copy;
  }
  if (!atom)
    return emitOpError() << "expected a copy atom or a #cute_nvgpu.tiled_copy, "
                            "got "
                         << attr;
  if (isa<TmaAtomAttr>(atom))
    return emitOpError() << "a TMA atom copies a box through its descriptor: "
                            "use cute_nvgpu.tma_copy";
  if (isa<BulkCopyAttr>(atom))
    return emitOpError() << "a bulk copy completes on an mbarrier or in a "
                            "bulk async group: use cute_nvgpu.bulk_copy";
  cute::CopyAtom traits = atom.getTraits();
  Type element = atom.getValueType();
  int bits = elementBits(element);
  auto src = cast<cute::TensorType>(getSrc().getType());
  auto dst = cast<cute::TensorType>(getDst().getType());
  for (auto [side, type, memory] :
       {std::make_tuple("source", src, atom.getSourceMemory()),
        std::make_tuple("destination", dst, atom.getDestinationMemory())}) {
    if (type.getElementType() != element)
      return emitOpError() << "the " << side << " has elements of type "
                           << type.getElementType() << " but the atom copies "
                           << element;
    if (!memory.empty() && type.getMemory() != memory)
      return emitOpError() << traits.name << " "
                           << (side[0] == 's' ? "reads" : "writes") << " "
                           << memory << ", but the " << side << " is in "
                           << type.getMemory();
  }
  Result<cute::Layout> srcLayout = innerLayoutOf(src),
                       dstLayout = innerLayoutOf(dst);
  if (srcLayout.failed())
    return emitOpError() << srcLayout.message();
  if (dstLayout.failed())
    return emitOpError() << dstLayout.message();
  cute::Int srcSize = cute::size(*srcLayout), dstSize = cute::size(*dstLayout);
  if (srcSize.isStatic() && dstSize.isStatic() &&
      srcSize.value() != dstSize.value())
    return emitOpError() << "the source has " << cute::size(*srcLayout).str()
                         << " values but the destination has "
                         << cute::size(*dstLayout).str();
  if (Value pred = getPred()) {
    auto type = cast<cute::TensorType>(pred.getType());
    if (!type.getElementType().isInteger(1))
      return emitOpError() << "the predicate must hold i1, not "
                           << type.getElementType();
    Result<cute::Layout> predLayout = innerLayoutOf(type);
    if (predLayout.failed())
      return emitOpError() << predLayout.message();
    cute::Int first = cute::size(srcLayout->mode(0));
    cute::Int predSize = cute::size(*predLayout);
    if (first.isStatic() && srcSize.isStatic() && predSize.isStatic() &&
        predSize.value() * first.value() != srcSize.value())
      return emitOpError() << "the predicate has " << predSize.str()
                           << " entries, but the copy makes "
                           << srcSize.value() / first.value()
                           << " atom calls (one per rest position of "
                           << srcLayout->str() << ")";
  }
  // Values per thread of one atom, on each side (the attribute checked that
  // none is split).
  std::pair<int64_t, int64_t> perThread = *cute::valuesPerThread(traits, bits);
  int64_t srcVector = perThread.first, dstVector = perThread.second;
  for (auto [side, layout, vector] :
       {std::make_tuple("source", *srcLayout, srcVector),
        std::make_tuple("destination", *dstLayout, dstVector)}) {
    cute::Int first = cute::size(layout.mode(0));
    if (first.isStatic() && first.value() % vector != 0)
      return emitOpError() << "the " << side << "'s first mode has "
                           << first.str() << " values, not a multiple of the "
                           << vector << " that " << traits.name
                           << " moves per thread";
  }
  if (failed(checkVectors(*this, "source", src, srcVector, traits.name)) ||
      failed(checkVectors(*this, "destination", dst, dstVector, traits.name)))
    return failure();
  return checkTarget(*this, traits.name, traits.arch);
}
