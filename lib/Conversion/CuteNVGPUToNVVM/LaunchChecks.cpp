//===- LaunchChecks.cpp - Launch configurations the GPU accepts -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A launch with too many threads, too much shared memory or too large a
// cluster fails only at run time, far from its cause; a launch with another
// block than the kernel's known_block_size runs wrongly; a kernel with more
// static shared memory than a block may have fails in ptxas, with no
// location; a negative known_block_size or nvvm.maxntid fails LLVM's
// translation, with no location. Kernels, their launch bounds and constant
// launch configurations are checked here instead.
//
//===----------------------------------------------------------------------===//

#include "KnownLaunchValues.h"

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Conversion/SharedMemory.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InterleavedRange.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTENVGPUCHECKLAUNCHESPASS
#include "cute-mlir/Conversion/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;

namespace {

constexpr int64_t kMaxBlockThreads = 1024;
constexpr int64_t kMaxBlockDims[3] = {1024, 1024, 64};

/// Static shared memory beyond this needs the dynamic opt-in (ptxas refuses
/// more, on every architecture).
constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;

/// The threads of a block of `sizes`.
int64_t product(ArrayRef<int64_t> sizes) {
  int64_t total = 1;
  for (int64_t size : sizes)
    total *= size;
  return total;
}

/// Where a block of `sizes` threads (x, y, z) breaks the hardware's
/// limits: the first dimension outside 1 .. kMaxBlockDims, or, with none,
/// a product above kMaxBlockThreads (dimension -1); nothing if it fits.
std::optional<int> blockLimitBroken(ArrayRef<int64_t> sizes) {
  assert(sizes.size() <= 3 && "a block has three dimensions");
  for (auto [i, size] : llvm::enumerate(sizes))
    if (size < 1 || size > kMaxBlockDims[i])
      return int(i);
  if (product(sizes) > kMaxBlockThreads)
    return -1;
  return std::nullopt;
}

/// A block's threads as a list of up to three sizes (known_block_size,
/// nvvm.maxntid, nvvm.reqntid), against the hardware's limits.
LogicalResult checkBlockSizes(gpu::GPUFuncOp func, StringRef name,
                              ArrayRef<int32_t> sizes32) {
  SmallVector<int64_t> sizes(sizes32.begin(), sizes32.end());
  std::optional<int> broken = blockLimitBroken(sizes);
  if (!broken)
    return success();
  if (*broken < 0)
    return func.emitOpError()
           << name << " " << llvm::interleaved_array(sizes) << " is "
           << product(sizes) << " threads, more than the " << kMaxBlockThreads
           << " of a block";
  return func.emitOpError()
         << name << " " << llvm::interleaved_array(sizes) << ": dimension "
         << *broken << " must be 1 to " << kMaxBlockDims[*broken];
}

/// A function's launch bounds: its known sizes, which the lowering turns
/// into `.maxntid`/`.reqntid` and ranges, and the NVVM attributes a user may
/// write directly. LLVM's translation fails unlocated on a negative array
/// entry, and negative or zero scalars reach the PTX, where ptxas refuses
/// them far from their cause.
LogicalResult checkLaunchBounds(gpu::GPUFuncOp func) {
  if (std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize())
    if (failed(checkBlockSizes(func, "known_block_size", *block)))
      return failure();
  if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize())
    for (auto [i, size] : llvm::enumerate(*grid))
      if (size < 1)
        return func.emitOpError()
               << "known_grid_size " << llvm::interleaved_array(*grid)
               << ": dimension " << i << " must be at least 1";
  for (StringRef name : {NVVM::NVVMDialect::getMaxntidAttrName(),
                         NVVM::NVVMDialect::getReqntidAttrName()})
    if (auto sizes = func->getAttrOfType<DenseI32ArrayAttr>(name))
      if (failed(checkBlockSizes(func, name, sizes.asArrayRef())))
        return failure();
  if (auto cluster = func->getAttrOfType<DenseI32ArrayAttr>(
          NVVM::NVVMDialect::getClusterDimAttrName()))
    for (auto [i, size] : llvm::enumerate(cluster.asArrayRef()))
      if (size < 1)
        return func.emitOpError()
               << NVVM::NVVMDialect::getClusterDimAttrName() << " "
               << llvm::interleaved_array(cluster.asArrayRef())
               << ": dimension " << i << " must be at least 1";
  for (StringRef name : {NVVM::NVVMDialect::getMinctasmAttrName(),
                         NVVM::NVVMDialect::getMaxnregAttrName(),
                         NVVM::NVVMDialect::getClusterMaxBlocksAttrName()})
    if (auto value = func->getAttrOfType<IntegerAttr>(name))
      if (!value.getValue().isStrictlyPositive())
        return func.emitOpError()
               << name << " is " << value << ", but must be at least 1";
  return success();
}

LogicalResult checkKernel(gpu::GPUFuncOp kernel) {
  int64_t bytes = cute::staticSharedBytes(kernel);
  if (bytes > kMaxStaticSharedBytes)
    return kernel.emitOpError()
           << "has " << bytes << " bytes of static shared memory, more than "
           << "the " << kMaxStaticSharedBytes
           << " a block may have without the dynamic opt-in (use "
              "gpu.dynamic_shared_memory)";
  return success();
}

/// The oldest chip among a module's NVVM targets, if it has any.
std::optional<std::pair<int, std::string>> oldestChip(gpu::GPUModuleOp module) {
  std::optional<std::pair<int, std::string>> oldest;
  ArrayAttr targets = module.getTargetsAttr();
  for (Attribute target : targets ? targets.getValue() : ArrayRef<Attribute>())
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
      if (std::optional<int> sm = cute_nvgpu::smOfChip(nvvm.getChip()))
        if (!oldest || *sm < oldest->first)
          oldest = std::make_pair(*sm, nvvm.getChip().str());
  return oldest;
}

/// Reads of the cluster registers on a chip without clusters. LLVM's NVPTX
/// backend aborts on them; NVVM's own check covers only some of the NVVM
/// ops (clusterid.x, not nclusterid), and none of gpu's.
LogicalResult checkClusterReads(gpu::GPUModuleOp module) {
  std::optional<std::pair<int, std::string>> oldest = oldestChip(module);
  if (!oldest || oldest->first >= 90)
    return success();
  WalkResult result = module.walk([&](Operation *op) {
    if (!isa<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
             gpu::ClusterDimBlocksOp, NVVM::ClusterIdXOp, NVVM::ClusterIdYOp,
             NVVM::ClusterIdZOp, NVVM::ClusterDimXOp, NVVM::ClusterDimYOp,
             NVVM::ClusterDimZOp, NVVM::BlockInClusterIdXOp,
             NVVM::BlockInClusterIdYOp, NVVM::BlockInClusterIdZOp,
             NVVM::ClusterDimBlocksXOp, NVVM::ClusterDimBlocksYOp,
             NVVM::ClusterDimBlocksZOp, NVVM::ClusterId, NVVM::ClusterDim>(op))
      return WalkResult::advance();
    op->emitOpError() << "reads a thread-block cluster register, which needs "
                         "sm_90 or newer, but the gpu.module's target is "
                      << oldest->second;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// The opt-in dynamic shared memory of a block on an SM architecture, in
/// bytes (CUDA's programming guide, per compute capability).
std::optional<int64_t> sharedMemoryLimit(int sm) {
  switch (sm) {
  case 70:
  case 72:
    return 96 * 1024;
  case 75:
    return 64 * 1024;
  case 80:
  case 87:
    return 163 * 1024;
  case 86:
  case 89:
    return 99 * 1024;
  case 90:
    return 227 * 1024;
  default:
    return std::nullopt;
  }
}

/// The three values if all are constants.
std::optional<std::array<int64_t, 3>> constants(ValueRange values) {
  std::array<int64_t, 3> out;
  for (auto [i, v] : llvm::enumerate(values)) {
    APInt c;
    if (i >= 3 || !matchPattern(v, m_ConstantInt(&c)))
      return std::nullopt;
    out[i] = c.getSExtValue();
  }
  return out;
}

/// The smallest shared-memory limit over the NVVM targets of `module`.
std::optional<std::pair<int64_t, std::string>>
sharedMemoryLimitOf(gpu::GPUModuleOp module) {
  std::optional<std::pair<int64_t, std::string>> limit;
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets)
    return limit;
  for (Attribute target : targets) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    if (!nvvm)
      continue;
    std::optional<int> sm = cute_nvgpu::smOfChip(nvvm.getChip());
    std::optional<int64_t> bytes = sm ? sharedMemoryLimit(*sm) : std::nullopt;
    if (bytes && (!limit || *bytes < limit->first))
      limit = std::make_pair(*bytes, nvvm.getChip().str());
  }
  return limit;
}

/// An integer as MLIR prints its attribute: i1 as 0 or 1, wider ones signed.
int64_t signedValue(const APInt &value) {
  return value.getBitWidth() == 1 ? value.getZExtValue() : value.getSExtValue();
}

/// A launch's sizes of `kind` (block, grid or cluster) as a diagnostic
/// prints them: `?` for one known only at run time.
std::string printedSizes(gpu::LaunchFuncOp launch, cute::KnownLaunchKind kind) {
  gpu::KernelDim3 sizes = cute::launchSizes(launch, kind);
  SmallVector<std::string> printed;
  for (Value size : {sizes.x, sizes.y, sizes.z}) {
    APInt value;
    printed.push_back(matchPattern(size, m_ConstantInt(&value))
                          ? std::to_string(value.getSExtValue())
                          : "?");
  }
  return llvm::formatv("{0}", llvm::interleaved_array(printed)).str();
}

/// A launch that passes a kernel compiled for known values (its block, grid
/// and cluster sizes, cute.known_value arguments) other constants: the kernel
/// would compute with the values it was compiled for. Values known only at
/// run time are cute-specialize-kernels' to assert.
LogicalResult checkSpecialization(gpu::LaunchFuncOp launch,
                                  gpu::GPUFuncOp kernel) {
  std::optional<ArrayRef<int32_t>> cluster = kernel.getKnownClusterSize();
  if (cluster && !launch.hasClusterSize() &&
      llvm::any_of(*cluster, [](int32_t size) { return size != 1; }))
    return launch.emitOpError()
           << "launches @" << kernel.getName()
           << " without clusters, but the kernel was compiled for its "
              "known_cluster_size "
           << llvm::interleaved_array(*cluster);
  for (const cute::KnownLaunchValue &value :
       cute::knownLaunchValues(launch, kernel)) {
    APInt given;
    if (!matchPattern(value.given, m_ConstantInt(&given)) ||
        given == value.known.getValue())
      continue;
    if (value.kind == cute::KnownLaunchKind::Argument)
      return launch.emitOpError()
             << "passes " << signedValue(given) << " as argument #"
             << value.index << " of @" << kernel.getName()
             << ", which was compiled for " << cute::kKnownValueAttrName
             << " = " << signedValue(value.known.getValue());
    return launch.emitOpError()
           << "launches @" << kernel.getName() << " with a "
           << cute::knownLaunchKindName(value.kind) << " of "
           << printedSizes(launch, value.kind)
           << ", but the kernel was compiled for its "
           << cute::knownLaunchAttrName(value.kind) << " "
           << llvm::interleaved_array(*cute::knownSizes(kernel, value.kind));
  }
  return success();
}

/// The kernel's ops that name the cluster shape they work in (`cluster
/// [X, Y]`: the CTAs their mbarrier arrivals, multicasts and tile walks
/// reach) must be launched in clusters of that shape, or they arrive at
/// CTAs that are not there and walk tiles twice or never.
LogicalResult checkClusterShape(gpu::LaunchFuncOp launch,
                                gpu::GPUFuncOp kernel) {
  std::array<int64_t, 3> given = {1, 1, 1};
  if (launch.hasClusterSize()) {
    gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
    auto ctas = constants({cluster.x, cluster.y, cluster.z});
    if (!ctas)
      return success();
    given = *ctas;
  }
  WalkResult result = kernel.walk([&](Operation *op) {
    std::optional<ArrayRef<int64_t>> shape =
        TypeSwitch<Operation *, std::optional<ArrayRef<int64_t>>>(op)
            .Case<cute_nvgpu::PipelineCreateOp, cute_nvgpu::TileCoordOp,
                  cute_nvgpu::StreamKFixupOp, cute_nvgpu::StreamKFixupWaitOp>(
                [](auto named) { return named.getCluster(); })
            .Default(std::nullopt);
    // Their verifiers checked that a cluster is [X, Y].
    if (!shape)
      return WalkResult::advance();
    if ((*shape)[0] == given[0] && (*shape)[1] == given[1] && given[2] == 1)
      return WalkResult::advance();
    InFlightDiagnostic diag = launch.emitOpError();
    diag << "launches @" << kernel.getName();
    if (launch.hasClusterSize())
      diag << " in clusters of " << llvm::interleaved_array(given);
    else
      diag << " without clusters";
    diag << ", but its " << op->getName() << " works in clusters of ["
         << (*shape)[0] << ", " << (*shape)[1] << ", 1]";
    diag.attachNote(op->getLoc()) << "the kernel's op is here";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

LogicalResult checkLaunch(gpu::LaunchFuncOp launch, ModuleOp root) {
  auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
      launch, launch.getKernel());
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  if (auto threads = constants({block.x, block.y, block.z})) {
    if (std::optional<int> broken = blockLimitBroken(*threads)) {
      if (*broken < 0)
        return launch.emitOpError()
               << "a block holds at most " << kMaxBlockThreads
               << " threads, got " << product(*threads) << " ("
               << llvm::interleaved_array(*threads) << ")";
      return launch.emitOpError()
             << "a block is at most (1024, 1024, 64) threads, each at least "
                "1, got "
             << llvm::interleaved_array(*threads);
    }
  }
  if (kernel && failed(checkSpecialization(launch, kernel)))
    return failure();
  if (launch.hasClusterSize()) {
    gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
    auto ctas = constants({cluster.x, cluster.y, cluster.z});
    if (ctas) {
      // Each extent is bounded before the product, which wraps around (into
      // 1 .. 8 for 2^62 + 1 by 4).
      if (llvm::any_of(*ctas, [](int64_t n) {
            return n < 1 || n > cute_nvgpu::kMaxPortableClusterCtas;
          }))
        return launch.emitOpError()
               << "a cluster holds 1 .. " << cute_nvgpu::kMaxPortableClusterCtas
               << " CTAs (the portable limit), got extents "
               << llvm::interleaved_array(*ctas);
      int64_t total = product(*ctas);
      if (total > cute_nvgpu::kMaxPortableClusterCtas)
        return launch.emitOpError()
               << "a cluster holds 1 .. " << cute_nvgpu::kMaxPortableClusterCtas
               << " CTAs (the portable limit), got " << total << " ("
               << llvm::interleaved_array(*ctas) << ")";
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      if (auto blocks = constants({grid.x, grid.y, grid.z}))
        for (int i = 0; i < 3; ++i)
          if ((*ctas)[i] < 1 || (*blocks)[i] % (*ctas)[i] != 0)
            return launch.emitOpError()
                   << "the grid " << llvm::interleaved_array(*blocks)
                   << " is not a whole number of clusters "
                   << llvm::interleaved_array(*ctas);
    }
  }
  if (kernel && failed(checkClusterShape(launch, kernel)))
    return failure();
  // The launch's dynamic shared memory: none without the operand, unknown
  // when it is not a constant.
  APInt bytes;
  Value dynamic = launch.getDynamicSharedMemorySize();
  std::optional<int64_t> given;
  if (!dynamic)
    given = 0;
  else if (matchPattern(dynamic, m_ConstantInt(&bytes)))
    given = bytes.getSExtValue();
  if (!given)
    return success();
  std::optional<int64_t> used =
      kernel ? cute::dynamicSharedBytes(kernel) : std::nullopt;
  if (used && *given < *used)
    return launch.emitOpError()
           << "launches @" << kernel.getName() << " with " << *given
           << " bytes of dynamic shared memory, but the kernel's views of "
              "gpu.dynamic_shared_memory reach "
           << *used << " bytes";
  if (dynamic) {
    auto module =
        root.lookupSymbol<gpu::GPUModuleOp>(launch.getKernelModuleName());
    int64_t staticBytes = kernel ? cute::staticSharedBytes(kernel) : 0;
    if (module)
      if (auto limit = sharedMemoryLimitOf(module)) {
        if (*given > limit->first)
          return launch.emitOpError()
                 << "asks for " << *given
                 << " bytes of dynamic shared memory, more than the "
                 << limit->first << " a block of " << limit->second
                 << " can have";
        if (*given > limit->first - staticBytes)
          return launch.emitOpError()
                 << "asks for " << *given
                 << " bytes of dynamic shared memory beside the kernel's "
                 << staticBytes << " bytes of static shared memory, more "
                 << "than the " << limit->first << " a block of "
                 << limit->second << " can have";
      }
  }
  return success();
}

struct CuteNVGPUCheckLaunchesPass
    : public cute::impl::CuteNVGPUCheckLaunchesPassBase<
          CuteNVGPUCheckLaunchesPass> {
  void runOnOperation() override {
    ModuleOp root = getOperation();
    WalkResult kernels = root.walk([&](gpu::GPUFuncOp func) {
      return failed(checkLaunchBounds(func)) ||
                     (func.isKernel() && failed(checkKernel(func)))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (kernels.wasInterrupted())
      return signalPassFailure();
    for (auto module : root.getOps<gpu::GPUModuleOp>())
      if (failed(checkClusterReads(module)))
        return signalPassFailure();
    WalkResult result = root.walk([&](gpu::LaunchFuncOp launch) {
      return failed(checkLaunch(launch, root)) ? WalkResult::interrupt()
                                               : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A check changes nothing, so the pass manager need not verify again.
    markAllAnalysesPreserved();
  }
};

} // namespace
