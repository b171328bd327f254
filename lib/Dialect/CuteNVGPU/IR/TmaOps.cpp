//===- TmaOps.cpp - TMA descriptors, TMA copies and mbarriers -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

#include "cute-mlir/Layout/Notation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::Result;

/// The box extent of mode `mode` of a `rank`-mode tensor: TMA lists the last
/// mode first.
static int64_t boxExtentOfMode(const cute::TmaAtom &atom, size_t mode) {
  return atom.box[atom.box.size() - 1 - mode];
}

/// The extent of mode `mode` that one copy moves: the box's, times the boxes
/// side by side in the last mode.
static int64_t copyExtentOfMode(const cute::TmaAtom &atom, size_t mode) {
  int64_t extent = boxExtentOfMode(atom, mode);
  return mode + 1 == atom.box.size() ? extent * atom.boxes : extent;
}

//===----------------------------------------------------------------------===//
// make_tma_descriptor
//===----------------------------------------------------------------------===//

/// A descriptor is made and freed by the host, through the driver, which
/// kernels cannot call.
static LogicalResult verifyHostOp(Operation *op) {
  if (op->getParentOfType<gpu::GPUModuleOp>())
    return op->emitOpError() << "is a host op and cannot be used in a "
                                "gpu.module (a kernel takes the descriptor "
                                "as an !llvm.ptr argument)";
  return success();
}

LogicalResult MakeTmaDescriptorOp::verify() {
  if (failed(verifyHostOp(*this)))
    return failure();
  Result<cute::TmaAtom> atom = getAtom().getTmaAtom();
  if (atom.failed())
    return emitOpError() << atom.message();
  auto type = cast<cute::TensorType>(getTensor().getType());
  if (type.getMemory() != "gmem")
    return emitOpError() << "a TMA descriptor describes a tensor in gmem, not "
                         << type.getMemory();
  if (type.getElementType() != getAtom().getValueType())
    return emitOpError() << "the tensor has elements of type "
                         << type.getElementType() << " but the atom copies "
                         << getAtom().getValueType();
  if (type.isSwizzled())
    return emitOpError() << "a global tensor for TMA cannot be swizzled";
  Result<cute::Layout> layout = innerLayoutOf(type);
  if (layout.failed())
    return emitOpError() << layout.message();
  if (layout->depth() > 1)
    return emitOpError() << "the TMA dimensions are the tensor's modes, which "
                            "must not be nested; got "
                         << layout->str();
  size_t rank = layout->rank();
  if (rank != atom->box.size())
    return emitOpError() << "the atom's box has " << atom->box.size()
                         << " dimensions, but the tensor has " << rank
                         << " modes";
  cute::Int inner = layout->mode(rank - 1).stride().value();
  if (!inner.is(1))
    return emitOpError() << "the last mode is TMA's innermost dimension and "
                            "must have stride 1, got "
                         << inner.str();
  int64_t bytes = atom->valueBits / 8;
  for (size_t i = 0; i + 1 < rank; ++i) {
    cute::Int stride = layout->mode(i).stride().value();
    if (stride.isStatic() && (stride.value() * bytes) % 16 != 0)
      return emitOpError() << "TMA needs strides of 16 bytes or multiples; "
                           << "mode " << i << " has stride " << stride.value()
                           << " (" << stride.value() * bytes << " bytes)";
  }
  return success();
}

LogicalResult DestroyTmaDescriptorOp::verify() { return verifyHostOp(*this); }

/// Loads of the cp.async.bulk family complete on an mbarrier (`barriers`),
/// stores and reductions in the bulk async group: `what` names the family
/// ("TMA", "bulk") and `kind` the copy in the diagnostics.
static LogicalResult verifyCompletion(Operation *op, StringRef what,
                                      StringRef kind, bool load, Value barriers,
                                      Value barrierIndex) {
  // The syntax allows `%bars[]`, and a generic form either operand alone.
  if (bool(barriers) != bool(barrierIndex))
    return op->emitOpError()
           << "an mbarrier is named by the barriers and an index into them: "
              "`barrier %bars[%i]`";
  if (load && !barriers)
    return op->emitOpError()
           << "a " << what << " " << kind
           << " completes on an mbarrier: add `barrier "
              "%bars[%i]`"
           << (what == "TMA" ? " or `pipeline %pipe[%state]`" : "");
  if (!load && barriers)
    return op->emitOpError() << "a " << what << " " << kind
                             << " completes in a bulk async group, not on an "
                                "mbarrier";
  if (barriers)
    return verifyMbarrierOperand(op, cast<MemRefType>(barriers.getType()));
  return success();
}

//===----------------------------------------------------------------------===//
// tma_copy
//===----------------------------------------------------------------------===//

/// The shared-memory side of a TMA copy is the box, row-major over the
/// global tensor's modes (the last fastest), with the atom's swizzle.
static LogicalResult verifySharedTile(TmaCopyOp op, const cute::TmaAtom &atom,
                                      cute::TensorType smem) {
  int bits = atom.valueBits;
  Result<cute::Layout> layout = innerLayoutOf(smem);
  if (layout.failed())
    return op.emitOpError() << layout.message();
  size_t rank = atom.box.size();
  std::vector<cute::IntTuple> extents;
  bool matches = layout->rank() == rank;
  for (size_t i = 0; matches && i < rank; ++i) {
    cute::Int extent = cute::size(layout->mode(i));
    matches = extent.is(boxExtentOfMode(atom, i));
    extents.push_back(cute::IntTuple(extent));
  }
  if (!matches || !layout->isStatic()) {
    std::string want;
    for (size_t i = 0; i < rank; ++i)
      want += (i ? "," : "(") + std::to_string(boxExtentOfMode(atom, i));
    return op.emitOpError() << "the shared-memory tile must be static with "
                               "the box's extents in the tensor's mode order "
                            << want << "), got " << layout->str();
  }
  cute::Layout rowMajor =
      cute::makeLayoutRowMajor(cute::IntTuple::tuple(std::move(extents)));
  if (!cute::coalesce(*layout).identical(cute::coalesce(rowMajor)))
    return op.emitOpError()
           << "TMA writes the box row-major (the last mode fastest), as "
           << rowMajor.str() << ", but the shared-memory tile is "
           << layout->str();
  int64_t swizzle = 0;
  if (smem.isSwizzled()) {
    Result<cute::ComposedLayout> composed =
        cute::parseComposedLayout(smem.getLayout().str());
    const auto *sw = !composed.failed()
                         ? std::get_if<cute::Swizzle>(&composed->outer())
                         : nullptr;
    if (!sw)
      return op.emitOpError()
             << "cannot read the shared-memory swizzle of " << smem;
    Result<int> bytes = cute::tmaSwizzleBytes(*sw, bits);
    if (bytes.failed())
      return op.emitOpError() << bytes.message();
    swizzle = *bytes;
  }
  if (swizzle != atom.swizzleBytes)
    return op.emitOpError()
           << "the TMA atom swizzles " << atom.swizzleBytes
           << " bytes, but the shared-memory tile is "
           << (swizzle ? "swizzled by " + std::to_string(swizzle) + " bytes"
                       : std::string("not swizzled"));
  return success();
}

/// An atom written from its shared-memory tile fills the tile's box (for a
/// multicast, one CTA's share of it) wherever it starts: the tensor's
/// layout must be the box's, mode by mode, and its swizzle the tile's.
static LogicalResult verifyBoxLayout(TmaCopyOp op, const cute::TmaAtom &atom,
                                     cute::TensorType smem) {
  Result<cute::ComposedLayout> tile =
      cute::parseSmemTile(smem.getLayout().str());
  if (tile.failed())
    return op.emitOpError() << tile.message();
  cute::ComposedLayout box = atom.boxLayout();
  const auto *got = std::get_if<cute::Swizzle>(&tile->outer());
  const auto &want = std::get<cute::Swizzle>(box.outer());
  bool same = got && ((got->bits() == 0 && want.bits() == 0) || *got == want);
  const cute::Layout &gotInner = tile->inner(), &wantInner = box.inner();
  same = same && gotInner.rank() == wantInner.rank();
  for (size_t i = 0; same && i < wantInner.rank(); ++i)
    same = cute::coalesce(gotInner.mode(i))
               .identical(cute::coalesce(wantInner.mode(i)));
  if (!same)
    return op.emitOpError()
           << "the shared-memory tensor " << smem.getLayout().str()
           << " does not lay out the atom's box " << cute::smemTileStr(box)
           << " (" << (atom.multicastCtas > 1 ? "each CTA's share of " : "")
           << "its smem tile " << cute::smemTileStr(*atom.smem)
           << ", at any offset)";
  return success();
}

/// The global side is a tile of coordinates, one mode per TMA dimension.
static LogicalResult verifyCoordinateTile(TmaCopyOp op,
                                          const cute::TmaAtom &atom,
                                          cute::TensorType coords) {
  Result<cute::Layout> layout = innerLayoutOf(coords);
  if (layout.failed())
    return op.emitOpError() << layout.message();
  size_t rank = atom.box.size();
  if (layout->rank() != rank)
    return op.emitOpError()
           << "the coordinate tile has " << layout->rank()
           << " modes, but the box has " << rank << " dimensions";
  for (size_t i = 0; i < rank; ++i) {
    cute::Int extent = cute::size(layout->mode(i));
    if (extent.isStatic() && !extent.is(copyExtentOfMode(atom, i)))
      return op.emitOpError()
             << "mode " << i << " of the coordinate tile has extent "
             << extent.value() << ", but the "
             << (atom.boxes > 1 ? std::to_string(atom.boxes) + " boxes have "
                                : std::string("box has "))
             << copyExtentOfMode(atom, i) << " (the box lists the last mode "
             << "first)";
  }
  return success();
}

/// The CTAs of the cluster a multicast load writes to, where the IR says:
/// the pipeline's `cluster [X, Y]`, else the kernel's known_cluster_size or
/// nvvm.cluster_dim.
static std::optional<int64_t> clusterCtasOf(TmaCopyOp op) {
  if (Value pipeline = op.getPipeline()) {
    auto create = pipeline.getDefiningOp<PipelineCreateOp>();
    if (!create)
      return std::nullopt;
    auto [x, y] = create.getClusterShape();
    return x * y;
  }
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  if (!kernel)
    return std::nullopt;
  std::optional<ArrayRef<int32_t>> sizes = kernel.getKnownClusterSize();
  if (!sizes)
    if (auto dims = kernel->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getClusterDimAttrName()))
      sizes = dims.asArrayRef();
  if (!sizes)
    return std::nullopt;
  // Extents past a cluster's 16 CTAs are the launch checks' to report.
  int64_t ctas = 1;
  for (int32_t size : *sizes) {
    if (size < 1 || size > 16)
      return std::nullopt;
    ctas *= size;
  }
  return ctas;
}

/// A constant multicast mask writes to CTAs of the cluster: at least one
/// (the issuing CTA's barrier expects the bytes), and only CTAs the cluster
/// has (bit i is CTA rank i).
static LogicalResult verifyMulticastMask(TmaCopyOp op) {
  APInt value;
  if (!matchPattern(op.getMulticast(), m_ConstantInt(&value)))
    return success();
  uint64_t mask = value.getZExtValue();
  if (mask == 0)
    return op.emitOpError() << "the multicast mask is 0, which writes the box "
                               "to no CTA: set a bit for each CTA of the "
                               "cluster that receives it";
  std::optional<int64_t> ctas = clusterCtasOf(op);
  if (!ctas || *ctas >= 16 || mask < (uint64_t(1) << *ctas))
    return success();
  return op.emitOpError() << "the multicast mask 0x"
                          << llvm::utohexstr(mask, /*LowerCase=*/true)
                          << " names CTA ranks up to " << llvm::Log2_64(mask)
                          << ", but the "
                          << (op.getPipeline() ? "pipeline's" : "kernel's")
                          << " cluster has " << *ctas << " CTAs (bits 0.."
                          << *ctas - 1 << ")";
}

LogicalResult TmaCopyOp::verify() {
  Result<cute::TmaAtom> atom = getAtom().getTmaAtom();
  if (atom.failed())
    return emitOpError() << atom.message();
  bool load = atom->kind == cute::TmaKind::Load ||
              atom->kind == cute::TmaKind::LoadMulticast;
  auto src = cast<cute::TensorType>(getSrc().getType());
  auto dst = cast<cute::TensorType>(getDst().getType());
  cute::TensorType coords = load ? src : dst, smem = load ? dst : src;
  StringRef coordSide = load ? "source" : "destination";
  StringRef smemSide = load ? "destination" : "source";
  if (coords.getMemory() != "coord")
    return emitOpError() << "the " << coordSide << " of a TMA "
                         << cute::str(atom->kind)
                         << " is a tile of coordinates (a coord tensor), not "
                         << coords.getMemory();
  if (smem.getMemory() != "smem")
    return emitOpError() << "the " << smemSide << " of a TMA "
                         << cute::str(atom->kind) << " is in smem, not "
                         << smem.getMemory();
  if (smem.getElementType() != getAtom().getValueType())
    return emitOpError() << "the shared-memory tile has elements of type "
                         << smem.getElementType() << " but the atom copies "
                         << getAtom().getValueType();
  if (bool(getPipeline()) != bool(getPipelineState()))
    return emitOpError() << "a pipeline completion names a pipeline and its "
                            "state: `pipeline %pipe[%state]`";
  if (getPipeline()) {
    if (!load)
      return emitOpError() << "only a TMA load completes on a pipeline "
                              "stage; a TMA "
                           << cute::str(atom->kind)
                           << " completes in a bulk async group";
    if (getBarriers())
      return emitOpError() << "a TMA load completes on an mbarrier or on a "
                              "pipeline stage, not both";
    // A multicast stage is refilled only once every CTA it writes to has
    // released it: the pipeline's cluster says which CTAs those are.
    if (atom->kind == cute::TmaKind::LoadMulticast)
      if (auto create = getPipeline().getDefiningOp<PipelineCreateOp>()) {
        auto [x, y] = create.getClusterShape();
        if (atom->multicastCtas != x && atom->multicastCtas != y)
          return emitOpError()
                 << "a multicast load into a pipeline goes to a row or a "
                    "column of the pipeline's cluster ("
                 << x << "x" << y << "), but the atom multicasts to "
                 << atom->multicastCtas
                 << " CTAs: create the pipeline with `cluster [X, Y]`";
      }
    if (failed(verifyPipelineState(*this, getPipeline(), getPipelineState())))
      return failure();
  } else if (failed(verifyCompletion(*this, "TMA", cute::str(atom->kind), load,
                                     getBarriers(), getBarrierIndex()))) {
    return failure();
  }
  bool multicast = atom->kind == cute::TmaKind::LoadMulticast;
  if (multicast && !getMulticast())
    return emitOpError() << "a multicast load needs `multicast %mask` (i16, "
                            "one bit per CTA of the cluster)";
  if (!multicast && getMulticast())
    return emitOpError() << "only a load_multicast atom takes a multicast "
                            "mask";
  if (multicast && failed(verifyMulticastMask(*this)))
    return failure();
  if (failed(verifyCoordinateTile(*this, *atom, coords)) ||
      failed(atom->smem ? verifyBoxLayout(*this, *atom, smem)
                        : verifySharedTile(*this, *atom, smem)))
    return failure();
  // cp.async.bulk.tensor is PTX ISA 8.0 (sm_90 alone defaults to 7.8).
  return checkTarget(*this, atom->name(), 90, /*ptxIsa=*/80);
}

//===----------------------------------------------------------------------===//
// bulk_copy
//===----------------------------------------------------------------------===//

LogicalResult BulkCopyOp::verify() {
  BulkCopyAttr atom = getAtom();
  cute::CopyAtom traits = atom.getTraits();
  bool load = atom.getDirection() == "load";
  Type element = atom.getValueType();
  // The attribute checked that the bytes are whole values.
  int64_t values = atom.getBytes() * 8 / elementBits(element);
  for (auto [side, type, memory] :
       {std::make_tuple("source", cast<cute::TensorType>(getSrc().getType()),
                        atom.getSourceMemory()),
        std::make_tuple("destination",
                        cast<cute::TensorType>(getDst().getType()),
                        atom.getDestinationMemory())}) {
    if (type.getElementType() != element)
      return emitOpError() << "the " << side << " has elements of type "
                           << type.getElementType() << " but the atom copies "
                           << element;
    if (type.getMemory() != memory)
      return emitOpError() << traits.name << " "
                           << (side[0] == 's' ? "reads" : "writes") << " "
                           << memory << ", but the " << side << " is in "
                           << type.getMemory();
    Result<cute::Layout> layout = innerLayoutOf(type);
    if (layout.failed())
      return emitOpError() << layout.message();
    if (!cute::size(*layout).is(values))
      return emitOpError() << "the bulk copy moves " << values
                           << " values, but the " << side << " has "
                           << cute::size(*layout).str();
    if (failed(checkVectors(*this, side, type, values, traits.name)))
      return failure();
  }
  if (failed(verifyCompletion(*this, "bulk", atom.getDirection(), load,
                              getBarriers(), getBarrierIndex())))
    return failure();
  // cp.async.bulk is PTX ISA 8.0.
  return checkTarget(*this, traits.name, traits.arch, /*ptxIsa=*/80);
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

LogicalResult mlir::cute_nvgpu::verifyMbarrierOperand(Operation *op,
                                                      MemRefType type) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
  auto number = dyn_cast_or_null<IntegerAttr>(type.getMemorySpace());
  bool shared = (space && space.getValue() == gpu::AddressSpace::Workgroup) ||
                (number && number.getInt() == 3);
  if (!shared)
    return op->emitOpError() << "mbarriers live in shared memory "
                                "(#gpu.address_space<workgroup>), not in "
                             << type;
  return success();
}

LogicalResult MbarrierInitOp::verify() {
  return verifyMbarrierOperand(*this, getBarriers().getType());
}

/// The bytes a copy lands in this CTA's shared memory when it completes on
/// `barriers[index]`; 0 when it does not complete there, nullopt when that
/// cannot be told here (a multicast lands other CTAs' boxes too).
static std::optional<int64_t> bytesLandedOn(Operation *op, Value barriers,
                                            Value index) {
  if (auto copy = dyn_cast<TmaCopyOp>(op)) {
    if (!copy.getAtomAttr())
      return std::nullopt;
    if (copy.getBarriers() != barriers || copy.getBarrierIndex() != index)
      return 0;
    Result<cute::TmaAtom> atom = copy.getAtom().getTmaAtom();
    if (atom.failed() || atom->kind != cute::TmaKind::Load)
      return std::nullopt;
    return atom->copyBytes();
  }
  if (auto copy = dyn_cast<BulkCopyOp>(op)) {
    if (!copy.getAtomAttr())
      return std::nullopt;
    if (copy.getBarriers() != barriers || copy.getBarrierIndex() != index)
      return 0;
    return copy.getAtom().getBytes();
  }
  return 0;
}

/// Whether `op`'s operand segments, where it has them, add up to its
/// operands. The expected-bytes check reads the operands of ops later in the
/// block, which the verifier reaches only after this one: a generic form
/// with segments that overrun the operands must not be read before its own
/// verifier refuses it.
static bool hasConsistentSegments(Operation *op) {
  if (!op->hasTrait<OpTrait::AttrSizedOperandSegments>())
    return true;
  std::optional<Attribute> attr = op->getInherentAttr(
      OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr());
  auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(attr.value_or(Attribute()));
  if (!sizes)
    return false;
  int64_t total = 0;
  for (int32_t size : sizes.asArrayRef()) {
    if (size < 0)
      return false;
    total += size;
  }
  return total == op->getNumOperands();
}

/// An arrival that expects a constant number of bytes, checked against the
/// TMA and bulk loads that complete on the same barrier word (the same
/// memref and index values). Checked only where every such load and every
/// such arrival sits in this block: a count that depends on control flow or
/// on other CTAs' multicasts is the program's to keep.
static LogicalResult verifyExpectedBytes(MbarrierArriveOp arrive) {
  APInt constant;
  if (!arrive.getBytes() || arrive.getCta() ||
      !matchPattern(arrive.getBytes(), m_ConstantInt(&constant)))
    return success();
  Value barriers = arrive.getBarriers(), index = arrive.getIndex();
  Block *block = arrive->getBlock();
  int64_t expected = 0, landed = 0, copies = 0;
  for (Operation *user : barriers.getUsers()) {
    if (!hasConsistentSegments(user))
      return success(); // Its own verifier says what is wrong.
    if (auto other = dyn_cast<MbarrierArriveOp>(user)) {
      if (other.getIndex() != index || !other.getBytes())
        continue;
      APInt bytes;
      if (other->getBlock() != block ||
          !matchPattern(other.getBytes(), m_ConstantInt(&bytes)))
        return success();
      expected += bytes.getSExtValue();
      continue;
    }
    std::optional<int64_t> bytes = bytesLandedOn(user, barriers, index);
    if (!bytes || (*bytes && user->getBlock() != block))
      return success();
    landed += *bytes;
    copies += *bytes != 0;
  }
  if (copies == 0 || expected == landed)
    return success();
  return arrive.emitOpError()
         << "expects " << expected << " bytes on this mbarrier word"
         << (expected != constant.getSExtValue() ? " (with the other "
                                                   "arrivals on it here)"
                                                 : "")
         << ", but the " << copies << " load(s) that complete on it land "
         << landed << ": the phase would "
         << (expected > landed ? "never complete" : "complete early");
}

LogicalResult MbarrierArriveOp::verify() {
  if (failed(verifyMbarrierOperand(*this, getBarriers().getType())))
    return failure();
  if (failed(verifyExpectedBytes(*this)))
    return failure();
  // mapa and shared::cluster arrivals are sm_90's.
  if (getCta())
    return checkTarget(*this, "an mbarrier arrival in a peer CTA", 90,
                       /*ptxIsa=*/80);
  return success();
}

LogicalResult MbarrierWaitOp::verify() {
  return verifyMbarrierOperand(*this, getBarriers().getType());
}
