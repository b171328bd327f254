//===- ModuleToBinary.cpp - gpu.modules to gpu.binaries, kernels parallel -===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"

#include "KernelSplit.h"
#include "PTXJoin.h"
#include "SumFlags.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringSwitch.h"

#include <mutex>

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTEGPUMODULETOBINARYPASS
#include "cute-mlir/Conversion/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;

namespace {

/// The timing property NVVM's serializer records on the module it compiles
/// and `createObject` copies into the object.
constexpr StringLiteral kCodegenTimeAttr = "LLVMIRToISATimeInMs";

using Object = SmallVector<char, 0>;

/// The PTX of `module` for `target`, its kernels compiled in parallel and
/// joined; std::nullopt where the module is compiled whole instead (see the
/// pass description), failure where a kernel does not compile.
FailureOr<std::optional<Object>>
compileByKernel(gpu::GPUModuleOp module, gpu::TargetAttrInterface target,
                const gpu::TargetOptions &options) {
  SmallVector<OwningOpRef<gpu::GPUModuleOp>> parts =
      cute::splitGpuModuleByKernel(module);
  if (parts.empty())
    return std::optional<Object>();

  MLIRContext *context = module.getContext();
  SmallVector<std::optional<Object>> ptx(parts.size());
  // Diagnostics reach the handler in the kernels' order, as they would
  // compiled one after another.
  ParallelDiagnosticHandler diagnostics(context);
  LogicalResult compiled = failableParallelForEach(
      context, llvm::seq<size_t>(0, parts.size()), [&](size_t i) {
        diagnostics.setOrderIDForThread(i);
        ptx[i] = target.serializeToObject(parts[i].get(), options);
        diagnostics.eraseOrderIDForThread();
        return success(ptx[i].has_value());
      });
  if (failed(compiled))
    return failure();

  SmallVector<StringRef> texts;
  int64_t codegenMs = 0;
  for (auto [part, text] : llvm::zip_equal(parts, ptx)) {
    texts.push_back(StringRef(text->data(), text->size()));
    if (auto time = (*part)->getAttrOfType<IntegerAttr>(kCodegenTimeAttr))
      codegenMs += time.getInt();
  }
  std::string whyNot;
  std::optional<std::string> joined = cute::joinPTXModules(texts, whyNot);
  if (!joined)
    return std::optional<Object>();
  module->setAttr(kCodegenTimeAttr,
                  Builder(context).getI64IntegerAttr(codegenMs));
  return std::optional<Object>(Object(joined->begin(), joined->end()));
}

LogicalResult compileModule(gpu::GPUModuleOp module,
                            const gpu::TargetOptions &options) {
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets)
    return module.emitError("the module has no target attributes");
  SmallVector<Attribute> objects;
  for (Attribute attr : targets) {
    auto target = dyn_cast<gpu::TargetAttrInterface>(attr);
    if (!target)
      return module.emitError()
             << "target " << attr << " is not a GPU target attribute";
    std::optional<Object> object;
    if (options.getCompilationTarget() == gpu::CompilationTarget::Assembly &&
        isa<NVVM::NVVMTargetAttr>(attr)) {
      FailureOr<std::optional<Object>> byKernel =
          compileByKernel(module, target, options);
      if (failed(byKernel))
        return module.emitError() << "cannot compile the kernels for " << attr;
      object = std::move(*byKernel);
    }
    if (!object)
      object = target.serializeToObject(module, options);
    if (!object)
      return module.emitError() << "cannot compile the module for " << attr;
    Attribute created = target.createObject(module, *object, options);
    if (!created)
      return module.emitError()
             << "cannot make the object of the module for " << attr;
    objects.push_back(created);
  }
  OpBuilder builder(module);
  builder.setInsertionPointAfter(module);
  auto handler = dyn_cast_or_null<gpu::OffloadingLLVMTranslationAttrInterface>(
      module.getOffloadingHandlerAttr());
  gpu::BinaryOp::create(builder, module.getLoc(), module.getName(), handler,
                        builder.getArrayAttr(objects));
  module->erase();
  return success();
}

struct CuteGpuModuleToBinaryPass
    : public cute::impl::CuteGpuModuleToBinaryPassBase<
          CuteGpuModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<gpu::CompilationTarget> format =
        llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(
            compilationTarget)
            .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
            .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
            .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
            .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
            .Default(std::nullopt);
    if (!format) {
      getOperation()->emitError() << "unknown format `" << compilationTarget
                                  << "` (expected llvm, isa, bin or fatbin)";
      return signalPassFailure();
    }
    // Targets may ask for it while kernels compile in parallel.
    std::mutex parentTableMutex;
    std::optional<SymbolTable> parentTable;
    auto lazyParentTable = [&]() -> SymbolTable * {
      std::lock_guard<std::mutex> lock(parentTableMutex);
      if (!parentTable) {
        Operation *table = SymbolTable::getNearestSymbolTable(getOperation());
        if (!table)
          return nullptr;
        parentTable.emplace(table);
      }
      return &*parentTable;
    };
    SmallVector<Attribute> libraries;
    for (const std::string &path : linkFiles)
      libraries.push_back(StringAttr::get(&getContext(), path));
    gpu::TargetOptions options(toolkitPath, libraries, cmdOptions,
                               /*elfSection=*/{}, *format, lazyParentTable,
                               /*initialLlvmIRCallback=*/{},
                               /*linkedLlvmIRCallback=*/{},
                               cute::dropFlagsOfVariableSums);

    for (Region &region : getOperation()->getRegions())
      for (Block &block : region)
        for (auto module :
             llvm::make_early_inc_range(block.getOps<gpu::GPUModuleOp>()))
          if (failed(compileModule(module, options)))
            return signalPassFailure();
  }
};

} // namespace
