//===- BankConflicts.h - Shared-memory bank conflicts, statically -*- C++
//-*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// How many shared-memory wavefronts one warp-wide instruction costs, from the
// byte address each lane accesses. The model is the one NVIDIA's profiler
// counts against (Volta to Hopper):
//
// - Shared memory has 32 banks of 4-byte words; word w is in bank w % 32.
// - A request is served in phases of lanes that depend on the access width:
//   up to 32-bit accesses in one phase of 32 lanes, 64-bit accesses in two
//   phases of 16 lanes, 128-bit accesses in four phases of 8 lanes. An
//   ldmatrix / stmatrix .xN has one phase per 8x8 matrix: the 8 lanes that
//   give its row addresses, 16 bytes each.
// - Within a phase, lanes that touch the same word share it (a broadcast);
//   a bank that must deliver k distinct words takes k wavefronts. The
//   phase's conflict degree is that k at its worst bank.
// - The instruction costs the sum of its phases' degrees in wavefronts; it
//   ideally costs one per phase (with a lane active).
//
// The second half derives the lanes' addresses from layouts, as the lowering
// issues the instructions: a thread's values in shared memory are a layout
// (behind an optional swizzle), and each instruction moves a run of
// consecutive values of the first mode at one position of the rest modes,
// from the address of the run's first value.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_BANKCONFLICTS_H
#define CUTE_MLIR_ATOM_BANKCONFLICTS_H

#include "cute-mlir/Atom/TiledCopy.h"
#include "cute-mlir/Layout/Swizzle.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace cute {

/// The lanes of a warp.
inline constexpr int64_t kWarpLanes = 32;
/// Shared-memory banks and the bytes of a bank's word.
inline constexpr int64_t kSharedBanks = 32;
inline constexpr int64_t kBankBytes = 4;

/// One warp-wide shared-memory instruction.
struct WarpAccess {
  /// Bytes each lane reads or writes from its address: 1, 2, 4, 8 or 16 for
  /// a vector access; 16 (one matrix row) for ldmatrix / stmatrix.
  int64_t bytesPerLane = 4;
  /// ldmatrix / stmatrix: the number of 8x8 matrices (1, 2 or 4), each
  /// addressed by 8 lanes in order. 0 for a vector access.
  int64_t matrices = 0;
  /// The byte address of each lane's access (from a base aligned to 128
  /// bytes), or nullopt for a lane that does not take part. At most 32.
  std::vector<std::optional<int64_t>> lanes;
};

/// What an instruction costs.
struct BankConflicts {
  /// Phases with an active lane: the ideal number of wavefronts.
  int64_t phases = 0;
  int64_t wavefronts = 0;
  /// The most distinct words one bank delivers in one phase; 1 (or 0 when no
  /// lane is active) means conflict-free.
  int64_t degree = 0;
};

/// The phases, wavefronts and conflict degree of `access`, or an error for a
/// width the hardware has no such instruction for or a misaligned address.
Result<BankConflicts> analyzeBankConflicts(const WarpAccess &access);

/// Where one thread's values lie in shared memory, in elements: value `c`
/// at `offset + swizzle(swizzleOffset + layout(c))`, as a swizzled tensor's
/// element lies (the swizzle, when present, acts on element offsets).
struct ThreadSharedView {
  Layout layout;
  std::optional<Swizzle> swizzle;
  int64_t swizzleOffset = 0;
  int64_t offset = 0;
};

/// The instructions that move a thread's values to or from shared memory.
struct SharedInstruction {
  /// The instruction as a remark names it: `ldmatrix.x4`, `stmatrix.x2.trans`,
  /// `cp.async 16B`, `ld.shared 128-bit`, `st.shared 32-bit`.
  std::string name;
  /// Consecutive values of the view's first mode one instruction moves.
  int64_t valuesPerInstruction = 1;
  /// As in WarpAccess.
  int64_t bytesPerLane = 4;
  int64_t matrices = 0;
};

/// The instruction a copy atom issues on its shared-memory side
/// (`sharedIsSource`: shared memory is what it reads) for values of
/// `valueBits` bits.
Result<SharedInstruction>
sharedInstructionOf(const CopyAtom &atom, int valueBits, bool sharedIsSource);

/// A plain vector load or store of `values` values of `valueBits` bits.
Result<SharedInstruction> vectorInstruction(int64_t values, int valueBits,
                                            bool load);

/// The warp's access for each instruction its lanes issue over their views,
/// in the lowering's order (runs of the first mode, then the rest modes
/// colexicographically). `lanes` holds the views of lanes 0, 1, ... (fewer
/// than 32 leaves the others inactive); their layouts must be static and of
/// one shape.
Result<std::vector<WarpAccess>>
warpAccesses(const std::vector<ThreadSharedView> &lanes, int valueBits,
             const SharedInstruction &instruction);

/// The views of threads `firstThread` .. `firstThread + count - 1` of a
/// TiledCopy's partition of a static shared-memory tensor (its source side
/// when `sharedIsSource`, else its destination side).
Result<std::vector<ThreadSharedView>>
copyThreadViews(const TiledCopy &copy, const Layout &tensor,
                const std::optional<Swizzle> &swizzle, bool sharedIsSource,
                int64_t firstThread, int64_t count = kWarpLanes);

/// The cost of a sequence of instructions (all of one op, every warp).
struct ConflictSummary {
  /// Instructions analysed.
  int64_t instructions = 0;
  /// The worst instruction's degree, and the range of wavefronts one
  /// instruction costs.
  int64_t degree = 0;
  int64_t minWavefronts = 0, maxWavefronts = 0;
  /// Phases of one instruction (the largest, when they differ).
  int64_t phases = 0;
  /// Sums over all the instructions.
  int64_t wavefronts = 0;
  int64_t idealWavefronts = 0;

  void add(const BankConflicts &c);
  /// `4 phases, 4 wavefronts each, conflict-free` or `4 phases, 8-way bank
  /// conflict: 32 wavefronts each (ideal 4)`.
  std::string str() const;
};

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_BANKCONFLICTS_H
