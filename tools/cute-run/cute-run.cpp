//===- cute-run.cpp - Compile and run a cute-mlir program on the GPU ------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// cute-run takes a module with gpu.modules written in the cute dialects and
// host functions that launch them, lowers it (cute-to-llvm: kernels to PTX,
// host code to LLVM calling the mgpu* runtime), JIT-compiles the host code,
// and runs the entry function. The PTX is loaded through the CUDA driver by
// libCuteRuntime's module-load constructor.
//
//===----------------------------------------------------------------------===//

#include "Artifacts.h"
#include "CompileCache.h"
#include "ModuleLinking.h"

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/ExecutionEngine/HostEngine.h"
#include "cute-mlir/ExecutionEngine/ProgramAbort.h"
#include "cute-mlir/InitAllDialects.h"
#include "cute-mlir/InitAllPasses.h"
#include "cute-mlir/Runtime/Runtime.h"
#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <map>

using namespace mlir;
namespace cl = llvm::cl;
namespace rt = ::cute::runtime;

namespace {

cl::OptionCategory category("cute-run options");

cl::list<std::string> inputFiles(cl::Positional,
                                 cl::desc("<input .mlir> [more .mlir]: the "
                                          "modules are merged into the first"),
                                 cl::OneOrMore, cl::cat(category));
cl::opt<std::string> chip("chip",
                          cl::desc("target chip, e.g. sm_80 or sm_90a "
                                   "(default: the GPU's, else sm_80)"),
                          cl::cat(category));
cl::opt<std::string> features("features", cl::desc("PTX features, e.g. +ptx80"),
                              cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("optimisation level (0-3)"),
                           cl::init(3), cl::Prefix, cl::cat(category));

/// -O, at most 3, for the host JIT and the kernels alike.
unsigned clampedOptLevel() { return std::min<unsigned>(optLevel, 3); }
cl::opt<std::string> entry("entry",
                           cl::desc("host function to run: no arguments, "
                                    "returning nothing or an i32 exit code"),
                           cl::init("main"), cl::cat(category));
cl::opt<unsigned> repeat("repeat",
                         cl::desc("run the entry N times and print each "
                                  "kernel's median time (CUDA events)"),
                         cl::init(0), cl::cat(category));
cl::opt<std::string> writePtx("write-ptx", cl::desc("write the PTX here"),
                              cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> writeCubin("write-cubin",
                                cl::desc("write a cubin here (runs ptxas)"),
                                cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> writeSass("write-sass",
                               cl::desc("write the SASS here (runs ptxas "
                                        "and cuobjdump)"),
                               cl::value_desc("file"), cl::cat(category));
cl::opt<bool> compileOnly("compile-only",
                          cl::desc("lower and write the requested files, "
                                   "but do not run"),
                          cl::cat(category));
cl::opt<std::string> cacheDir("cache-dir",
                              cl::desc("content-hash cache of lowered modules "
                                       "(default: $XDG_CACHE_HOME/cute-mlir "
                                       "or ~/.cache/cute-mlir)"),
                              cl::cat(category));
cl::opt<bool> noCache("no-cache", cl::desc("neither read nor write the cache"),
                      cl::cat(category));
cl::list<std::string> sharedLibs("shared-libs",
                                 cl::desc("more libraries for the host code"),
                                 cl::CommaSeparated, cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("say what is compiled, cached and run"),
                      cl::cat(category));

/// sm_<major><minor>, with the "a" suffix from sm_90 on: our wgmma and TMA
/// lowering needs the architecture-specific features.
std::string chipOf(const rt::DeviceInfo &info) {
  std::string name = "sm_" + std::to_string(info.computeMajor) +
                     std::to_string(info.computeMinor);
  return info.computeMajor >= 9 ? name + "a" : name;
}

/// The (lowered) entry must take nothing and return nothing or an i32.
LogicalResult checkEntry(ModuleOp module, bool &returnsI32) {
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(entry);
  if (!func || func.isExternal())
    return module.emitError()
           << "no host function @" << entry << " to run (see --entry)";
  LLVM::LLVMFunctionType type = func.getFunctionType();
  Type result = type.getReturnType();
  returnsI32 = result.isInteger(32);
  if (type.getNumParams() != 0 ||
      !(returnsI32 || isa<LLVM::LLVMVoidType>(result)))
    return func.emitError() << "the entry @" << entry
                            << " must take no arguments and return nothing or "
                               "an i32";
  return success();
}

void printTimings(llvm::raw_ostream &os) {
  std::map<std::string, std::vector<float>> byKernel;
  for (const auto &timing : rt::takeKernelTimings())
    byKernel[timing.kernel].push_back(timing.milliseconds);
  for (auto &[kernel, times] : byKernel) {
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    float median =
        n % 2 ? times[n / 2] : 0.5f * (times[n / 2 - 1] + times[n / 2]);
    os << llvm::formatv("cute-run: {0}: median {1:F4} ms, min {2:F4} ms over "
                        "{3} launches\n",
                        kernel, median, times.front(), n);
  }
}

/// Parses each input and links the later modules into the first: kernels
/// in one file, a host driver in another.
OwningOpRef<ModuleOp>
parseAndMerge(std::vector<std::unique_ptr<llvm::MemoryBuffer>> inputs,
              llvm::SourceMgr &sourceMgr, MLIRContext &context) {
  OwningOpRef<ModuleOp> merged;
  for (auto &input : inputs) {
    // The diagnostic handler's manager owns every buffer; the parser reads
    // the main buffer of its own, so each file gets a view of its own.
    unsigned id = sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
    llvm::SourceMgr single;
    single.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(
            sourceMgr.getMemoryBuffer(id)->getMemBufferRef(),
            /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    // A host-only file may launch kernels it does not define: verify the
    // merged module instead.
    OwningOpRef<ModuleOp> module =
        mlir::cute::parseSourceFileGuarded(single, &context,
                                           /*verifyAfterParse=*/false);
    if (!module)
      return nullptr;
    if (!merged) {
      merged = std::move(module);
      continue;
    }
    if (failed(cute_run::linkInto(*merged, *module)))
      return nullptr;
  }
  // Symbols defined in two files collide here.
  if (failed(mlir::cute::verifyGuarded(*merged)))
    return nullptr;
  return merged;
}

int runEntry(ModuleOp module, bool returnsI32) {
  std::vector<std::string> libraries(sharedLibs.begin(), sharedLibs.end());
  auto engine =
      mlir::cute::createHostEngine(module, clampedOptLevel(), libraries);
  if (!engine) {
    llvm::errs() << "cute-run: cannot JIT the host code: "
                 << llvm::toString(engine.takeError()) << "\n";
    return 1;
  }
  // Runs the module-load constructors: the PTX is JIT-loaded here.
  (*engine)->initialize();

  auto wrapper = (*engine)->lookupPacked(entry);
  if (!wrapper) {
    llvm::errs() << "cute-run: running @" << entry
                 << " failed: " << llvm::toString(wrapper.takeError()) << "\n";
    return 1;
  }
  rt::setKernelTiming(repeat > 0);
  int32_t exitCode = 0;
  for (unsigned i = 0, e = std::max(1u, unsigned(repeat)); i < e; ++i) {
    int32_t result = 0;
    void *results[] = {&result};
    // A failed cf.assert: its message is on stdout, flushed.
    if (!mlir::cute::callCatchingAbort(*wrapper,
                                       returnsI32 ? results : nullptr)) {
      llvm::errs() << "cute-run: @" << entry
                   << " aborted (a failed assertion: its message is above)\n";
      return 1;
    }
    if (result != 0)
      exitCode = result;
  }
  // The program printed through C stdio; keep the report after its output.
  std::fflush(stdout);
  if (repeat > 0)
    printTimings(llvm::outs());
  if (unsigned errors = rt::errorCount()) {
    llvm::errs() << "cute-run: " << errors << " CUDA error(s), see above\n";
    return 1;
  }
  return exitCode;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::cute::registerAllPasses();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "cute-run: lower a cute-mlir program to PTX and host code, load the "
      "PTX through the CUDA driver and run the entry function\n");

  rt::DeviceInfo device;
  std::string noGpu;
  bool haveGpu = !compileOnly && rt::probeDevice(&device, &noGpu);
  if (haveGpu && verbose)
    llvm::errs() << "cute-run: device " << device.name << " (" << chipOf(device)
                 << ")\n";

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  mlir::cute::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // An error names its place in the user's source; the op it is attached to
  // can be the whole lowered module, thousands of lines after the message.
  context.printOpOnDiagnostic(false);

  std::vector<std::unique_ptr<llvm::MemoryBuffer>> inputs;
  std::string contents; // the cache key's input part
  for (const std::string &file : inputFiles) {
    std::string error;
    inputs.push_back(openInputFile(file, &error));
    if (!inputs.back()) {
      llvm::errs() << "cute-run: " << error << "\n";
      return 1;
    }
    contents += std::to_string(inputs.back()->getBufferSize()) + ":";
    contents += inputs.back()->getBuffer();
  }

  mlir::cute::CuteToPTXOptions target;
  target.chip = !chip.empty() ? chip : haveGpu ? chipOf(device) : "sm_80";
  target.features = features;
  target.optLevel = clampedOptLevel();

  mlir::cute::run::CompileCache cache(!noCache, cacheDir, contents, target);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = cache.load(context);
  if (module) {
    if (verbose)
      llvm::errs() << "cute-run: cache hit " << cache.path() << "\n";
  } else {
    // On a large stack: MLIR recurses over what it reads.
    bool compiled = false;
    mlir::cute::runOnLargeStack([&] {
      module = parseAndMerge(std::move(inputs), sourceMgr, context);
      if (!module)
        return;
      PassManager pm(&context);
      mlir::cute::buildCuteToPTXPipeline(pm, target);
      mlir::cute::buildGPUHostToLLVMPipeline(pm);
      compiled = succeeded(pm.run(*module));
    });
    if (!compiled)
      return 1;
    if (verbose)
      llvm::errs() << "cute-run: compiled for " << target.chip << "\n";
    cache.store(*module);
  }

  if (failed(mlir::cute::run::writeArtifacts(*module, target.chip, writePtx,
                                             writeCubin, writeSass)))
    return 1;
  // The entry is checked where it would run and wherever it was named: a
  // misspelt --entry is an error even with --compile-only.
  bool returnsI32 = false;
  if ((!compileOnly || entry.getNumOccurrences()) &&
      failed(checkEntry(*module, returnsI32)))
    return 1;
  if (compileOnly)
    return 0;
  if (!haveGpu) {
    llvm::errs() << "cute-run: compiled " << inputFiles.front() << " for "
                 << target.chip << " but did not run it: no GPU can be used ("
                 << noGpu << ")\n";
    if (writePtx.empty())
      llvm::errs() << "cute-run: pass --write-ptx=<file> to keep the PTX\n";
    else
      llvm::errs() << "cute-run: the PTX is in " << writePtx << "\n";
    return 2;
  }
  return runEntry(*module, returnsI32);
}
