//===- HostProgram.cpp - C API: host functions that launch kernels --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir-c/HostProgram.h"

#include "CompileSession.h"

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/ExecutionEngine/HostEngine.h"
#include "cute-mlir/ExecutionEngine/ProgramAbort.h"
#include "cute-mlir/Runtime/Runtime.h"
#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"

#include <algorithm>

using namespace mlir;

namespace {
struct Signature {
  std::string name;
  std::vector<std::string> arguments, results;
};

struct HostProgram {
  bool succeeded = false;
  std::string diagnostics, lowered;
  std::vector<Signature> functions;
};

struct HostEngine {
  std::unique_ptr<ExecutionEngine> engine;
  std::string error;
  bool noGpu = false;
  bool aborted = false;
};

HostProgram *unwrap(MlirCuteHostProgram p) {
  return static_cast<HostProgram *>(p.ptr);
}
HostEngine *unwrap(MlirCuteHostEngine e) {
  return static_cast<HostEngine *>(e.ptr);
}

MlirStringRef toRef(const std::string &s) {
  return mlirStringRefCreate(s.data(), s.size());
}
MlirStringRef none() { return mlirStringRefCreate(nullptr, 0); }
StringRef str(MlirStringRef s) { return StringRef(s.data, s.length); }

template <typename T> std::string printed(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os);
  return text;
}

/// The public host functions a client can call, before lowering.
std::vector<Signature> describeFunctions(ModuleOp module) {
  std::vector<Signature> result;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || !func.isPublic())
      continue;
    Signature signature{func.getName().str(), {}, {}};
    for (Type type : func.getArgumentTypes())
      signature.arguments.push_back(printed(type));
    for (Type type : func.getResultTypes())
      signature.results.push_back(printed(type));
    result.push_back(std::move(signature));
  }
  return result;
}

const Signature *functionAt(MlirCuteHostProgram p, intptr_t function) {
  const HostProgram &program = *unwrap(p);
  if (function < 0 || size_t(function) >= program.functions.size())
    return nullptr;
  return &program.functions[function];
}

MlirStringRef typeAt(const std::vector<std::string> &types, intptr_t i) {
  if (i < 0 || size_t(i) >= types.size())
    return none();
  return toRef(types[i]);
}
} // namespace

MlirCuteHostProgram mlirCuteCompileHostProgram(MlirStringRef source,
                                               MlirStringRef sourceName,
                                               MlirStringRef chip,
                                               MlirStringRef features,
                                               int optLevel) {
  auto *program = new HostProgram;
  // On a large stack, as mlirCuteCompile.
  mlir::cute::runOnLargeStack([&] {
    mlir::cute::CompileSession session(str(source), str(sourceName),
                                       program->diagnostics);
    OwningOpRef<ModuleOp> module = session.parse();
    if (!module)
      return;
    program->functions = describeFunctions(*module);

    mlir::cute::CuteToPTXOptions target =
        mlir::cute::CompileSession::targetOptions(chip, features, optLevel);
    PassManager pm(&session.getContext());
    mlir::cute::buildCuteToPTXPipeline(pm, target);
    mlir::cute::buildGPUHostToLLVMPipeline(pm);
    if (failed(pm.run(*module)))
      return;
    // The generic form reads back whatever dialects the lowering left.
    llvm::raw_string_ostream os(program->lowered);
    module->print(os, OpPrintingFlags().printGenericOpForm());
    program->succeeded = true;
  });
  return MlirCuteHostProgram{program};
}

void mlirCuteHostProgramDestroy(MlirCuteHostProgram p) { delete unwrap(p); }

bool mlirCuteHostProgramSucceeded(MlirCuteHostProgram p) {
  return unwrap(p)->succeeded;
}

MlirStringRef mlirCuteHostProgramGetDiagnostics(MlirCuteHostProgram p) {
  return toRef(unwrap(p)->diagnostics);
}

MlirStringRef mlirCuteHostProgramGetLowered(MlirCuteHostProgram p) {
  return toRef(unwrap(p)->lowered);
}

intptr_t mlirCuteHostProgramGetNumFunctions(MlirCuteHostProgram p) {
  return unwrap(p)->functions.size();
}

MlirStringRef mlirCuteHostProgramGetFunctionName(MlirCuteHostProgram p,
                                                 intptr_t function) {
  const Signature *f = functionAt(p, function);
  return f ? toRef(f->name) : none();
}

intptr_t mlirCuteHostProgramGetFunctionNumArguments(MlirCuteHostProgram p,
                                                    intptr_t function) {
  const Signature *f = functionAt(p, function);
  return f ? f->arguments.size() : 0;
}

MlirStringRef mlirCuteHostProgramGetFunctionArgumentType(MlirCuteHostProgram p,
                                                         intptr_t function,
                                                         intptr_t argument) {
  const Signature *f = functionAt(p, function);
  return f ? typeAt(f->arguments, argument) : none();
}

intptr_t mlirCuteHostProgramGetFunctionNumResults(MlirCuteHostProgram p,
                                                  intptr_t function) {
  const Signature *f = functionAt(p, function);
  return f ? f->results.size() : 0;
}

MlirStringRef mlirCuteHostProgramGetFunctionResultType(MlirCuteHostProgram p,
                                                       intptr_t function,
                                                       intptr_t result) {
  const Signature *f = functionAt(p, function);
  return f ? typeAt(f->results, result) : none();
}

MlirCuteHostEngine mlirCuteHostEngineCreate(MlirStringRef lowered,
                                            int optLevel) {
  auto *result = new HostEngine;
  mlir::cute::CompileSession session(str(lowered), "<lowered>", result->error);
  // The text may come from a saved program (Program.from_json): parse it on
  // a large stack, as mlirCuteCompile does.
  OwningOpRef<ModuleOp> module;
  mlir::cute::runOnLargeStack([&] { module = session.parse(); });
  if (!module)
    return MlirCuteHostEngine{result};
  // Loading kernels without a GPU would only count CUDA errors: say why.
  if (!module->getOps<gpu::BinaryOp>().empty()) {
    ::cute::runtime::DeviceInfo device;
    std::string why;
    if (!::cute::runtime::probeDevice(&device, &why)) {
      result->error = "no GPU can be used: " + why;
      result->noGpu = true;
      return MlirCuteHostEngine{result};
    }
  }
  auto engine = mlir::cute::createHostEngine(
      *module, unsigned(std::clamp(optLevel, 0, 3)));
  if (!engine) {
    result->error =
        "cannot JIT the host code: " + llvm::toString(engine.takeError());
    return MlirCuteHostEngine{result};
  }
  unsigned errorsBefore = ::cute::runtime::errorCount();
  // The module-load constructors load the PTX here.
  (*engine)->initialize();
  if (unsigned errors = ::cute::runtime::errorCount() - errorsBefore) {
    result->error = "loading the kernels failed with " +
                    std::to_string(errors) +
                    " CUDA error(s), reported on stderr";
    return MlirCuteHostEngine{result};
  }
  result->engine = std::move(*engine);
  return MlirCuteHostEngine{result};
}

void mlirCuteHostEngineDestroy(MlirCuteHostEngine e) { delete unwrap(e); }

bool mlirCuteHostEngineSucceeded(MlirCuteHostEngine e) {
  return unwrap(e)->engine && unwrap(e)->error.empty();
}

MlirStringRef mlirCuteHostEngineGetError(MlirCuteHostEngine e) {
  return toRef(unwrap(e)->error);
}

bool mlirCuteHostEngineFoundNoGpu(MlirCuteHostEngine e) {
  return unwrap(e)->noGpu;
}

bool mlirCuteHostEngineAborted(MlirCuteHostEngine e) {
  return unwrap(e)->aborted;
}

bool mlirCuteHostEngineInvoke(MlirCuteHostEngine e, MlirStringRef name,
                              void **args, void *stream) {
  HostEngine &host = *unwrap(e);
  if (!host.engine) {
    host.error = "the engine was not created";
    return false;
  }
  host.error.clear();
  host.aborted = false;
  // The packed wrapper reads one pointer per argument and per result.
  auto wrapper = host.engine->lookupPacked(str(name));
  if (!wrapper) {
    host.error = "no host function @" + str(name).str() + " (" +
                 llvm::toString(wrapper.takeError()) + ")";
    return false;
  }
  unsigned errorsBefore = ::cute::runtime::errorCount();
  void *previous = ::cute::runtime::setStreamOverride(stream);
  host.aborted = !mlir::cute::callCatchingAbort(*wrapper, args);
  ::cute::runtime::setStreamOverride(previous);
  if (host.aborted) {
    host.error = "@" + str(name).str() +
                 " aborted (a failed assertion: its message is on stdout)";
    return false;
  }
  if (unsigned errors = ::cute::runtime::errorCount() - errorsBefore) {
    host.error = "@" + str(name).str() + " met " + std::to_string(errors) +
                 " CUDA error(s), reported on stderr";
    return false;
  }
  return true;
}
