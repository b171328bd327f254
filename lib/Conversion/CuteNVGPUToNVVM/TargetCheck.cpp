//===- TargetCheck.cpp - cute-to-ptx's target options, checked ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "TargetCheck.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/Targets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();

using namespace mlir;
using llvm::StringRef;
using llvm::Twine;

namespace {

/// LLVM's NVPTX backend, as subtarget information: which chips it knows
/// and which `ptxNN` features it has; null if the target is not built.
const llvm::MCSubtargetInfo *nvptxInfo() {
  static std::unique_ptr<llvm::MCSubtargetInfo> info = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    llvm::Triple triple("nvptx64-nvidia-cuda");
    std::string error;
    const llvm::Target *target =
        llvm::TargetRegistry::lookupTarget(triple, error);
    return std::unique_ptr<llvm::MCSubtargetInfo>(
        target ? target->createMCSubtargetInfo(triple, "sm_80", "") : nullptr);
  }();
  return info.get();
}

/// The newest PTX ISA version LLVM's NVPTX backend can emit (90 for 9.0).
int newestPtxIsa(const llvm::MCSubtargetInfo &info) {
  int newest = 0;
  for (const llvm::SubtargetFeatureKV &feature :
       info.getAllProcessorFeatures()) {
    StringRef name = feature.Key;
    int version = 0;
    if (name.consume_front("ptx") && !name.getAsInteger(10, version))
      newest = std::max(newest, version);
  }
  return newest;
}

/// The first of `features` (`+ptx80,+sm_90a`) that LLVM's NVPTX backend
/// does not know, or "": it would warn on stderr and ignore it, so a
/// misspelt `+ptx84` would silently compile for the chip's oldest PTX ISA.
std::string unknownFeature(const llvm::MCSubtargetInfo &info,
                           StringRef features) {
  SmallVector<StringRef> list;
  features.split(list, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef feature : list) {
    StringRef name = feature.trim();
    if (!name.consume_front("+"))
      name.consume_front("-");
    if (!llvm::any_of(info.getAllProcessorFeatures(),
                      [&](const llvm::SubtargetFeatureKV &known) {
                        return name == known.Key;
                      }))
      return feature.trim().str();
  }
  return "";
}

} // namespace

std::string cute::nvptxTargetError(StringRef chip, StringRef features) {
  const llvm::MCSubtargetInfo *info = nvptxInfo();
  if (info && !info->isCPUStringValid(chip))
    return ("chip '" + chip +
            "' is not a chip LLVM's NVPTX backend knows (sm_80, sm_90a, ...)")
        .str();
  // LLVM exits the process on a PTX ISA older than the chip.
  std::optional<int> first = cute_nvgpu::firstPtxIsaOf(chip);
  int newest = info ? newestPtxIsa(*info) : 0;
  for (int version : cute_nvgpu::ptxFeatureVersions(features)) {
    if (first && version < *first)
      return ("features '" + features + "' ask for PTX ISA " +
              Twine(version / 10) + "." + Twine(version % 10) +
              ", which has no " + chip + ": it needs +ptx" + Twine(*first) +
              " or newer")
          .str();
    if (newest && version > newest)
      return ("features '" + features + "' ask for PTX ISA " +
              Twine(version / 10) + "." + Twine(version % 10) +
              ", newer than LLVM's NVPTX backend emits (+ptx" + Twine(newest) +
              ")")
          .str();
  }
  // After the PTX ISA checks, which say more about a `+ptxNN` LLVM lacks.
  if (info) {
    std::string unknown = unknownFeature(*info, features);
    if (!unknown.empty())
      return ("feature '" + unknown + "' in '" + features +
              "' is not one LLVM's NVPTX backend knows (+ptx80, +ptx84, ...)")
          .str();
  }
  return "";
}

std::string cute::targetOptionsError(const CuteToPTXOptions &options) {
  std::string error = nvptxTargetError(options.chip, options.features);
  if (!error.empty())
    return error;
  // NVVM's target attribute refuses it when parsed, but nvvm-attach-target
  // builds the attribute unchecked.
  if (options.optLevel > 3)
    return "O " + std::to_string(options.optLevel) +
           " is not an optimisation level (0-3)";
  if (!llvm::is_contained({"isa", "assembly", "bin", "binary", "fatbin",
                           "fatbinary", "offload", "offloading"},
                          StringRef(options.format)))
    return "format '" + options.format +
           "' is not a binary format: isa (PTX), bin (cubin) or fatbin";
  return "";
}
