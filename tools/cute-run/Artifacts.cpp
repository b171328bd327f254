//===- Artifacts.cpp - PTX, cubin and SASS files from gpu.binary ops ------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "Artifacts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

/// `path` itself for a single binary, else "<stem>.<name><ext>".
std::string pathFor(StringRef path, StringRef name, bool several) {
  if (!several)
    return path.str();
  llvm::SmallString<256> result(path);
  llvm::sys::path::replace_extension(result, "");
  result += "." + name.str() + llvm::sys::path::extension(path).str();
  return std::string(result);
}

LogicalResult writeFile(StringRef path, StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os << contents;
    // A write error left in the stream ends the process when it closes.
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  if (ec) {
    llvm::errs() << "cute-run: cannot write " << path << ": " << ec.message()
                 << "\n";
    return failure();
  }
  return success();
}

/// A CUDA toolkit program: $CUDA_HOME/bin, /usr/local/cuda/bin, then PATH.
std::string findCudaTool(StringRef name) {
  SmallVector<StringRef> dirs;
  std::optional<std::string> home = llvm::sys::Process::GetEnv("CUDA_HOME");
  std::string homeBin = home ? *home + "/bin" : "";
  if (home)
    dirs.push_back(homeBin);
  dirs.push_back("/usr/local/cuda/bin");
  if (auto found = llvm::sys::findProgramByName(name, dirs))
    return *found;
  if (auto found = llvm::sys::findProgramByName(name))
    return *found;
  return "";
}

/// Runs `args[0]`, with stdout to `stdoutPath` when given.
LogicalResult execute(ArrayRef<StringRef> args, StringRef stdoutPath = "") {
  std::string message;
  std::optional<StringRef> redirects[] = {std::nullopt, std::nullopt,
                                          std::nullopt};
  if (!stdoutPath.empty())
    redirects[1] = stdoutPath;
  int rc = llvm::sys::ExecuteAndWait(args[0], args, std::nullopt, redirects, 0,
                                     0, &message);
  if (rc != 0) {
    llvm::errs() << "cute-run: " << args[0] << " failed (exit " << rc << ")"
                 << (message.empty() ? "" : ": " + message) << "\n";
    return failure();
  }
  return success();
}

} // namespace

LogicalResult mlir::cute::run::writeArtifacts(ModuleOp module, StringRef chip,
                                              StringRef ptxPath,
                                              StringRef cubinPath,
                                              StringRef sassPath) {
  if (ptxPath.empty() && cubinPath.empty() && sassPath.empty())
    return success();
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (binaries.empty()) {
    llvm::errs() << "cute-run: the program has no gpu.module to write\n";
    return failure();
  }
  std::string ptxas, cuobjdump;
  if (!cubinPath.empty() || !sassPath.empty()) {
    ptxas = findCudaTool("ptxas");
    if (ptxas.empty()) {
      llvm::errs() << "cute-run: --write-cubin and --write-sass need ptxas "
                      "(looked in $CUDA_HOME/bin, /usr/local/cuda/bin, PATH)\n";
      return failure();
    }
  }
  if (!sassPath.empty()) {
    cuobjdump = findCudaTool("cuobjdump");
    if (cuobjdump.empty()) {
      llvm::errs() << "cute-run: --write-sass needs cuobjdump (looked in "
                      "$CUDA_HOME/bin, /usr/local/cuda/bin, PATH)\n";
      return failure();
    }
  }
  bool several = binaries.size() > 1;
  for (gpu::BinaryOp binary : binaries) {
    auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
    if (object.getFormat() != gpu::CompilationTarget::Assembly) {
      llvm::errs() << "cute-run: gpu.binary @" << binary.getSymName()
                   << " holds no PTX\n";
      return failure();
    }
    StringRef name = binary.getSymName();
    StringRef ptx = object.getObject().getValue();
    // ptxas needs the PTX in a file; use the requested one or a temporary.
    llvm::SmallString<256> ptxFile;
    if (!ptxPath.empty())
      ptxFile = pathFor(ptxPath, name, several);
    else if (!ptxas.empty() &&
             llvm::sys::fs::createTemporaryFile("cute-run", "ptx", ptxFile))
      return failure();
    if (!ptxFile.empty() && failed(writeFile(ptxFile, ptx)))
      return failure();
    if (ptxas.empty())
      continue;
    // ptxas writes a temporary, copied to --write-cubin by us: ptxas exits 0
    // when it cannot write its output.
    llvm::SmallString<256> cubinFile;
    if (llvm::sys::fs::createTemporaryFile("cute-run", "cubin", cubinFile))
      return failure();
    llvm::scope_exit cleanUp([&] {
      llvm::sys::fs::remove(cubinFile);
      if (ptxPath.empty())
        llvm::sys::fs::remove(ptxFile);
    });
    std::string arch = "-arch=" + chip.str();
    if (failed(execute({ptxas, arch, ptxFile, "-o", cubinFile})))
      return failure();
    if (!cubinPath.empty()) {
      auto cubin = llvm::MemoryBuffer::getFile(cubinFile);
      if (!cubin || (*cubin)->getBufferSize() == 0) {
        llvm::errs() << "cute-run: ptxas wrote no cubin for @" << name << "\n";
        return failure();
      }
      if (failed(writeFile(pathFor(cubinPath, name, several),
                           (*cubin)->getBuffer())))
        return failure();
    }
    if (!sassPath.empty() && failed(execute({cuobjdump, "-sass", cubinFile},
                                            pathFor(sassPath, name, several))))
      return failure();
  }
  return success();
}
