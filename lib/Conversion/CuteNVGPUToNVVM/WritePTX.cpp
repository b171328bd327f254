//===- WritePTX.cpp - The PTX of each gpu.binary, to a file ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTEWRITEPTXPASS
#include "cute-mlir/Conversion/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;

namespace {

struct CuteWritePTXPass
    : public cute::impl::CuteWritePTXPassBase<CuteWritePTXPass> {
  using Base::Base;

  void runOnOperation() override {
    if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
      getOperation().emitError()
          << "cannot create the directory `" << dir << "`: " << ec.message();
      return signalPassFailure();
    }
    bool wrote = false;
    WalkResult result = getOperation().walk([&](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjects()) {
        auto object = cast<gpu::ObjectAttr>(attr);
        if (object.getFormat() != gpu::CompilationTarget::Assembly)
          continue;
        std::string chip = "unknown";
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget()))
          chip = nvvm.getChip().str();
        SmallString<128> path(dir);
        llvm::sys::path::append(path,
                                binary.getSymName() + "." + chip + ".ptx");
        std::error_code ec;
        llvm::raw_fd_ostream os(path, ec);
        if (ec) {
          binary.emitError()
              << "cannot write `" << path << "`: " << ec.message();
          return WalkResult::interrupt();
        }
        os << object.getObject().getValue();
        // A write error left in the stream ends the process when it closes.
        os.close();
        if (os.has_error()) {
          binary.emitError()
              << "cannot write `" << path << "`: " << os.error().message();
          os.clear_error();
          return WalkResult::interrupt();
        }
        // At the file written (line 0: no source line is shown), not at the
        // binary, whose one line is the whole PTX.
        mlir::emitRemark(FileLineColLoc::get(binary.getContext(), path, 0, 0))
            << "wrote " << binary.getSymName() << " for " << chip;
        wrote = true;
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    if (!wrote) {
      getOperation().emitError()
          << "no gpu.binary holds PTX: run gpu-module-to-binary with "
             "format=isa first";
      signalPassFailure();
    }
  }
};

} // namespace
