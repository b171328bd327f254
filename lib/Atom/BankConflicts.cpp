//===- BankConflicts.cpp - Shared-memory bank conflicts, statically -------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/BankConflicts.h"

#include <algorithm>
#include <map>
#include <set>

using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// The hardware model
//===----------------------------------------------------------------------===//

/// The lanes of each phase: [first, first + lanesPerPhase).
static Result<int64_t> lanesPerPhase(const WarpAccess &access) {
  int64_t width = access.bytesPerLane;
  if (access.matrices != 0) {
    if (width != 16)
      return algebraError("a matrix row is 16 bytes, not " +
                          std::to_string(width));
    if (access.matrices != 1 && access.matrices != 2 && access.matrices != 4)
      return algebraError("ldmatrix / stmatrix move 1, 2 or 4 matrices, not " +
                          std::to_string(access.matrices));
    return 8;
  }
  switch (width) {
  case 1:
  case 2:
  case 4:
    return 32;
  case 8:
    return 16;
  case 16:
    return 8;
  default:
    return algebraError("no shared-memory access moves " +
                        std::to_string(width) + " bytes per lane");
  }
}

Result<BankConflicts>
mlir::cute::analyzeBankConflicts(const WarpAccess &access) {
  if (access.lanes.size() > size_t(kWarpLanes))
    return algebraError("a warp has 32 lanes, not " +
                        std::to_string(access.lanes.size()));
  CUTE_TRY(perPhase, lanesPerPhase(access));
  // ldmatrix .xN reads the row addresses of lanes 0 .. 8N-1 only.
  int64_t active = access.matrices ? 8 * access.matrices : kWarpLanes;
  int64_t width = access.bytesPerLane;
  BankConflicts result;
  for (int64_t first = 0; first < active; first += perPhase) {
    // Distinct words of the phase, by bank.
    std::map<int64_t, std::set<int64_t>> wordsOfBank;
    for (int64_t lane = first;
         lane < first + perPhase && lane < int64_t(access.lanes.size());
         ++lane) {
      const std::optional<int64_t> &address = access.lanes[lane];
      if (!address)
        continue;
      if (*address < 0 || *address % width != 0)
        return algebraError("lane " + std::to_string(lane) + " accesses " +
                            std::to_string(width) + " bytes at byte " +
                            std::to_string(*address) +
                            ", which is not aligned to them");
      for (int64_t word = *address / kBankBytes;
           word * kBankBytes < *address + width; ++word)
        wordsOfBank[word % kSharedBanks].insert(word);
    }
    if (wordsOfBank.empty())
      continue;
    int64_t degree = 0;
    for (const auto &[bank, words] : wordsOfBank)
      degree = std::max<int64_t>(degree, words.size());
    result.phases += 1;
    result.wavefronts += degree;
    result.degree = std::max(result.degree, degree);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Instructions of copy atoms
//===----------------------------------------------------------------------===//

static std::string widthName(int64_t bytes) {
  return std::to_string(bytes * 8) + "-bit";
}

Result<SharedInstruction>
mlir::cute::vectorInstruction(int64_t values, int valueBits, bool load) {
  int64_t bits = values * valueBits;
  if (bits % 8 != 0 ||
      (bits != 8 && bits != 16 && bits != 32 && bits != 64 && bits != 128))
    return algebraError("no shared-memory access moves " +
                        std::to_string(values) + " values of " +
                        std::to_string(valueBits) + " bits");
  SharedInstruction inst;
  inst.bytesPerLane = bits / 8;
  inst.valuesPerInstruction = values;
  inst.name =
      std::string(load ? "ld.shared " : "st.shared ") + widthName(bits / 8);
  return inst;
}

Result<SharedInstruction> mlir::cute::sharedInstructionOf(const CopyAtom &atom,
                                                          int valueBits,
                                                          bool sharedIsSource) {
  CUTE_TRY(counts, valuesPerThread(atom, valueBits));
  int64_t values = sharedIsSource ? counts.first : counts.second;
  const std::string &name = atom.name;
  bool ldsm = name.find("_LDSM_") != std::string::npos;
  bool stsm = name.find("_STSM_") != std::string::npos;
  if (ldsm || stsm) {
    if (ldsm != sharedIsSource)
      return algebraError(name + (ldsm ? " reads" : " writes") +
                          " shared memory, it does not " +
                          (ldsm ? "write" : "read") + " it");
    // SM75_U32x4_LDSM_N: 4 matrices; SM75_U16x8_LDSM_T: 8 b16 = 4 matrices.
    bool transposed = name.size() > 2 && name.substr(name.size() - 2) == "_T";
    int64_t count = std::atoll(name.c_str() + name.find('x') + 1);
    SharedInstruction inst;
    inst.matrices = transposed ? count / 2 : count;
    inst.bytesPerLane = 16;
    inst.valuesPerInstruction = values;
    inst.name = std::string(ldsm ? "ldmatrix" : "stmatrix") + ".x" +
                std::to_string(inst.matrices) + (transposed ? ".trans" : "");
    return inst;
  }
  if (name.find("CP_ASYNC") != std::string::npos) {
    if (sharedIsSource)
      return algebraError(name + " writes shared memory, it does not read it");
    int64_t bytes = atom.bitsPerThread() / 8;
    SharedInstruction inst;
    inst.bytesPerLane = bytes;
    inst.valuesPerInstruction = values;
    inst.name = "cp.async " + std::to_string(bytes) + "B";
    return inst;
  }
  return vectorInstruction(values, valueBits, sharedIsSource);
}

//===----------------------------------------------------------------------===//
// Accesses from layouts
//===----------------------------------------------------------------------===//

/// The element offset of value `v` of mode 0 at rest position `r` (the
/// lowering's flat coordinate: the rest modes colexicographically).
static Result<int64_t> elementAt(const ThreadSharedView &view, int64_t v,
                                 int64_t r) {
  const Layout &l = view.layout;
  std::vector<IntTuple> coord = {IntTuple(v)};
  for (size_t i = 1; i < l.rank(); ++i) {
    int64_t extent = size(l.mode(i)).value();
    coord.push_back(IntTuple(r % extent));
    r /= extent;
  }
  IntTuple c = l.rank() == 0 ? IntTuple(v) : IntTuple::tuple(std::move(coord));
  CUTE_TRY(at, l(c));
  if (!at.isStatic())
    return algebraError("the layout " + l.str() + " is not static");
  int64_t inner = view.swizzleOffset + at.value();
  if (view.swizzle)
    inner = (*view.swizzle)(inner);
  return view.offset + inner;
}

Result<std::vector<WarpAccess>>
mlir::cute::warpAccesses(const std::vector<ThreadSharedView> &lanes,
                         int valueBits, const SharedInstruction &instruction) {
  if (lanes.empty() || lanes.size() > size_t(kWarpLanes))
    return algebraError("a warp has 1 to 32 lanes, not " +
                        std::to_string(lanes.size()));
  if (valueBits % 8 != 0)
    return algebraError("values of " + std::to_string(valueBits) +
                        " bits are not whole bytes");
  const Layout &first = lanes.front().layout;
  Int total = size(first);
  Int run = first.rank() == 0 ? total : size(first.mode(0));
  if (!total.isStatic() || !run.isStatic())
    return algebraError("the layout " + first.str() + " is not static");
  for (const ThreadSharedView &lane : lanes)
    if (!lane.layout.shape().identical(first.shape()))
      return algebraError("lanes have views of different shapes: " +
                          first.str() + " and " + lane.layout.str());
  int64_t per = instruction.valuesPerInstruction;
  if (per <= 0 || run.value() % per != 0)
    return algebraError("the first mode of " + first.str() +
                        " is not a whole number of runs of " +
                        std::to_string(per) + " values");
  int64_t calls = run.value() / per;
  int64_t rest = total.value() / run.value();
  std::vector<WarpAccess> accesses;
  for (int64_t r = 0; r < rest; ++r)
    for (int64_t i = 0; i < calls; ++i) {
      WarpAccess access;
      access.bytesPerLane = instruction.bytesPerLane;
      access.matrices = instruction.matrices;
      for (const ThreadSharedView &lane : lanes) {
        CUTE_TRY(element, elementAt(lane, i * per, r));
        access.lanes.push_back(element * (valueBits / 8));
      }
      accesses.push_back(std::move(access));
    }
  return accesses;
}

Result<std::vector<ThreadSharedView>>
mlir::cute::copyThreadViews(const TiledCopy &copy, const Layout &tensor,
                            const std::optional<Swizzle> &swizzle,
                            bool sharedIsSource, int64_t firstThread,
                            int64_t count) {
  std::vector<ThreadSharedView> views;
  for (int64_t t = firstThread; t < firstThread + count; ++t) {
    Result<std::pair<Layout, Int>> part = sharedIsSource
                                              ? copy.partitionS(tensor, t)
                                              : copy.partitionD(tensor, t);
    if (part.failed())
      return algebraError(part.message());
    if (!part->second.isStatic())
      return algebraError("the offset of thread " + std::to_string(t) +
                          " is not static");
    views.push_back(
        ThreadSharedView{part->first, swizzle, part->second.value(), 0});
  }
  return views;
}

//===----------------------------------------------------------------------===//
// Summaries
//===----------------------------------------------------------------------===//

void ConflictSummary::add(const BankConflicts &c) {
  if (instructions == 0) {
    minWavefronts = maxWavefronts = c.wavefronts;
  } else {
    minWavefronts = std::min(minWavefronts, c.wavefronts);
    maxWavefronts = std::max(maxWavefronts, c.wavefronts);
  }
  instructions += 1;
  degree = std::max(degree, c.degree);
  phases = std::max(phases, c.phases);
  wavefronts += c.wavefronts;
  idealWavefronts += c.phases;
}

std::string ConflictSummary::str() const {
  std::string phaseText =
      std::to_string(phases) + (phases == 1 ? " phase, " : " phases, ");
  std::string each =
      minWavefronts == maxWavefronts
          ? std::to_string(maxWavefronts) +
                (maxWavefronts == 1 ? " wavefront each" : " wavefronts each")
          : std::to_string(minWavefronts) + " to " +
                std::to_string(maxWavefronts) + " wavefronts each";
  if (degree <= 1)
    return phaseText + each + ", conflict-free";
  return phaseText + (minWavefronts == maxWavefronts ? "" : "up to ") +
         std::to_string(degree) + "-way bank conflict: " + each + " (ideal " +
         std::to_string(phases) + ")";
}
