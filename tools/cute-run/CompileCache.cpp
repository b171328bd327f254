//===- CompileCache.cpp - Lowered modules keyed by content hash -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "CompileCache.h"

#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cute::run;

namespace {

std::string defaultDirectory() {
  llvm::SmallString<256> dir;
  if (auto xdg = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty())
    dir = *xdg;
  else if (auto home = llvm::sys::Process::GetEnv("HOME");
           home && !home->empty())
    llvm::sys::path::append(dir, *home, ".cache");
  else
    return "";
  llvm::sys::path::append(dir, "cute-mlir");
  return std::string(dir);
}

/// The compiler is part of the key: a rebuilt cute-run must not reuse
/// modules lowered by an older one.
std::string compilerIdentity() {
  static int anchor;
  std::string self = llvm::sys::fs::getMainExecutable("cute-run", &anchor);
  llvm::sys::fs::file_status status;
  if (self.empty() || llvm::sys::fs::status(self, status))
    return "unknown";
  return self + ":" + std::to_string(status.getSize()) + ":" +
         std::to_string(
             status.getLastModificationTime().time_since_epoch().count());
}

} // namespace

CompileCache::CompileCache(bool enabled, StringRef directory, StringRef input,
                           const CuteToPTXOptions &target) {
  if (!enabled)
    return;
  std::string dir = directory.empty() ? defaultDirectory() : directory.str();
  if (dir.empty())
    return;
  llvm::SHA256 hash;
  auto field = [&](StringRef text) {
    hash.update(text);
    hash.update(StringRef("\0", 1));
  };
  field(compilerIdentity());
  field(target.chip);
  field(target.features);
  field(target.format);
  field(std::to_string(target.optLevel));
  field(input);
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, llvm::toHex(hash.final(), /*LowerCase=*/true) +
                                    ".mlirbc");
  entryPath = std::string(path);
}

OwningOpRef<ModuleOp> CompileCache::load(MLIRContext &context) const {
  if (entryPath.empty() || !llvm::sys::fs::exists(entryPath))
    return nullptr;
  // A damaged entry is a miss, not an error: silence the parser, and read
  // the bytecode once under crash recovery first (InputGuards.h), which
  // turns an abort of MLIR's reader into a miss.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  auto file = llvm::MemoryBuffer::getFile(entryPath);
  if (!file)
    return nullptr;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  if (failed(mlir::cute::checkParserHazards(sourceMgr, &context)))
    return nullptr;
  ParserConfig config(&context);
  return parseSourceFile<ModuleOp>(sourceMgr, config);
}

void CompileCache::store(ModuleOp module) const {
  if (entryPath.empty())
    return;
  StringRef dir = llvm::sys::path::parent_path(entryPath);
  std::string temporary =
      entryPath + ".tmp" + std::to_string(llvm::sys::Process::getProcessId());
  std::error_code ec = llvm::sys::fs::create_directories(dir);
  if (!ec) {
    llvm::raw_fd_ostream os(temporary, ec);
    if (!ec) {
      if (failed(writeBytecodeToFile(module, os)))
        ec = std::make_error_code(std::errc::io_error);
      // A write error left in the stream ends the process when it closes.
      os.close();
      if (os.has_error()) {
        ec = os.error();
        os.clear_error();
      }
    }
  }
  // Rename so that a concurrent run never reads a half-written entry.
  if (!ec)
    ec = llvm::sys::fs::rename(temporary, entryPath);
  if (ec) {
    llvm::sys::fs::remove(temporary);
    llvm::errs() << "cute-run: warning: cannot write the cache entry "
                 << entryPath << ": " << ec.message() << "\n";
  }
}
