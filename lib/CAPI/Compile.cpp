//===- Compile.cpp - C API of the cute-to-PTX compiler --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir-c/Compile.h"

#include "CompileSession.h"

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Conversion/SharedMemory.h"
#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
struct Kernel {
  std::string name;
  std::vector<std::string> argumentTypes;
  std::vector<std::optional<int64_t>> knownValues;
  llvm::StringMap<std::array<int32_t, 3>> dims;
  int64_t dynamicSharedBytes = -1;
};

struct Module {
  std::string name, ptx;
  std::vector<Kernel> kernels;
};

struct Compilation {
  bool succeeded = false;
  std::string diagnostics;
  std::vector<Module> modules;
};

Compilation *unwrap(MlirCuteCompilation c) {
  return static_cast<Compilation *>(c.ptr);
}

MlirStringRef toRef(const std::string &s) {
  return mlirStringRefCreate(s.data(), s.size());
}

StringRef str(MlirStringRef s) { return StringRef(s.data, s.length); }

const Kernel *kernelAt(MlirCuteCompilation c, intptr_t module,
                       intptr_t kernel) {
  const Compilation &comp = *unwrap(c);
  if (module < 0 || size_t(module) >= comp.modules.size())
    return nullptr;
  const std::vector<Kernel> &kernels = comp.modules[module].kernels;
  if (kernel < 0 || size_t(kernel) >= kernels.size())
    return nullptr;
  return &kernels[kernel];
}

/// The kernels' signatures, taken before lowering rewrites them.
llvm::StringMap<std::vector<Kernel>> describeKernels(ModuleOp module) {
  llvm::StringMap<std::vector<Kernel>> result;
  module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return;
    Kernel kernel;
    kernel.name = func.getName().str();
    for (Type type : func.getArgumentTypes()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      type.print(os);
      kernel.argumentTypes.push_back(std::move(text));
    }
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto known =
          func.getArgAttrOfType<IntegerAttr>(i, cute::kKnownValueAttrName);
      kernel.knownValues.push_back(
          known ? std::optional(known.getValue().getSExtValue())
                : std::nullopt);
    }
    for (NamedAttribute attr : func->getAttrs())
      if (auto dims = dyn_cast<DenseI32ArrayAttr>(attr.getValue()))
        if (dims.size() == 3)
          kernel.dims[attr.getName()] = {dims[0], dims[1], dims[2]};
    kernel.dynamicSharedBytes = cute::dynamicSharedBytes(func).value_or(-1);
    auto gpuModule = func->getParentOfType<gpu::GPUModuleOp>();
    result[gpuModule.getName()].push_back(std::move(kernel));
  });
  return result;
}
} // namespace

MlirCuteCompilation mlirCuteCompileToPtx(MlirStringRef source,
                                         MlirStringRef sourceName,
                                         MlirStringRef chip,
                                         MlirStringRef features, int optLevel) {
  return mlirCuteCompile(source, sourceName, chip, features, optLevel,
                         mlirStringRefCreateFromCString("isa"));
}

/// mlirCuteCompile's work, into `comp`.
static void compile(Compilation &comp, MlirStringRef source,
                    MlirStringRef sourceName, MlirStringRef chip,
                    MlirStringRef features, int optLevel,
                    MlirStringRef format) {
  cute::CompileSession session(str(source), str(sourceName), comp.diagnostics);
  MLIRContext &context = session.getContext();
  OwningOpRef<ModuleOp> module = session.parse();
  if (!module)
    return;
  llvm::StringMap<std::vector<Kernel>> kernels = describeKernels(*module);

  cute::CuteToPTXOptions target =
      cute::CompileSession::targetOptions(chip, features, optLevel);
  target.format = str(format).str();
  if (target.format != "isa" && target.format != "bin" &&
      target.format != "fatbin") {
    comp.diagnostics = "error: unknown object format '" + target.format +
                       "' (expected isa, bin or fatbin)\n";
    return;
  }
  PassManager pm(&context);
  cute::buildCuteToPTXPipeline(pm, target);
  if (failed(pm.run(*module)))
    return;

  for (gpu::BinaryOp binary : module->getOps<gpu::BinaryOp>()) {
    auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
    Module result;
    result.name = binary.getSymName().str();
    result.ptx = object.getObject().getValue().str();
    result.kernels = std::move(kernels[result.name]);
    comp.modules.push_back(std::move(result));
  }
  comp.succeeded = true;
}

MlirCuteCompilation mlirCuteCompile(MlirStringRef source,
                                    MlirStringRef sourceName,
                                    MlirStringRef chip, MlirStringRef features,
                                    int optLevel, MlirStringRef format) {
  auto *comp = new Compilation;
  // On a large stack: MLIR recurses over what it reads, and the caller's
  // thread (a Python interpreter's) may have 8 MiB.
  cute::runOnLargeStack([&] {
    compile(*comp, source, sourceName, chip, features, optLevel, format);
  });
  return MlirCuteCompilation{comp};
}

void mlirCuteCompilationDestroy(MlirCuteCompilation c) { delete unwrap(c); }

bool mlirCuteCompilationSucceeded(MlirCuteCompilation c) {
  return unwrap(c)->succeeded;
}

MlirStringRef mlirCuteCompilationGetDiagnostics(MlirCuteCompilation c) {
  return toRef(unwrap(c)->diagnostics);
}

intptr_t mlirCuteCompilationGetNumModules(MlirCuteCompilation c) {
  return unwrap(c)->modules.size();
}

MlirStringRef mlirCuteCompilationGetModuleName(MlirCuteCompilation c,
                                               intptr_t module) {
  const Compilation &comp = *unwrap(c);
  if (module < 0 || size_t(module) >= comp.modules.size())
    return mlirStringRefCreate(nullptr, 0);
  return toRef(comp.modules[module].name);
}

MlirStringRef mlirCuteCompilationGetModulePtx(MlirCuteCompilation c,
                                              intptr_t module) {
  const Compilation &comp = *unwrap(c);
  if (module < 0 || size_t(module) >= comp.modules.size())
    return mlirStringRefCreate(nullptr, 0);
  return toRef(comp.modules[module].ptx);
}

intptr_t mlirCuteCompilationGetNumKernels(MlirCuteCompilation c,
                                          intptr_t module) {
  const Compilation &comp = *unwrap(c);
  if (module < 0 || size_t(module) >= comp.modules.size())
    return 0;
  return comp.modules[module].kernels.size();
}

MlirStringRef mlirCuteCompilationGetKernelName(MlirCuteCompilation c,
                                               intptr_t module,
                                               intptr_t kernel) {
  const Kernel *k = kernelAt(c, module, kernel);
  return k ? toRef(k->name) : mlirStringRefCreate(nullptr, 0);
}

intptr_t mlirCuteCompilationGetKernelNumArguments(MlirCuteCompilation c,
                                                  intptr_t module,
                                                  intptr_t kernel) {
  const Kernel *k = kernelAt(c, module, kernel);
  return k ? k->argumentTypes.size() : 0;
}

MlirStringRef mlirCuteCompilationGetKernelArgumentType(MlirCuteCompilation c,
                                                       intptr_t module,
                                                       intptr_t kernel,
                                                       intptr_t arg) {
  const Kernel *k = kernelAt(c, module, kernel);
  if (!k || arg < 0 || size_t(arg) >= k->argumentTypes.size())
    return mlirStringRefCreate(nullptr, 0);
  return toRef(k->argumentTypes[arg]);
}

bool mlirCuteCompilationGetKernelDims(MlirCuteCompilation c, intptr_t module,
                                      intptr_t kernel, MlirStringRef which,
                                      int32_t *dims) {
  const Kernel *k = kernelAt(c, module, kernel);
  if (!k)
    return false;
  auto it = k->dims.find(str(which));
  if (it == k->dims.end())
    return false;
  std::copy(it->second.begin(), it->second.end(), dims);
  return true;
}

bool mlirCuteCompilationGetKernelArgumentKnownValue(MlirCuteCompilation c,
                                                    intptr_t module,
                                                    intptr_t kernel,
                                                    intptr_t arg,
                                                    int64_t *value) {
  const Kernel *k = kernelAt(c, module, kernel);
  if (!k || arg < 0 || size_t(arg) >= k->knownValues.size() ||
      !k->knownValues[arg])
    return false;
  *value = *k->knownValues[arg];
  return true;
}

int64_t mlirCuteCompilationGetKernelDynamicSharedBytes(MlirCuteCompilation c,
                                                       intptr_t module,
                                                       intptr_t kernel) {
  const Kernel *k = kernelAt(c, module, kernel);
  return k ? k->dynamicSharedBytes : -1;
}
