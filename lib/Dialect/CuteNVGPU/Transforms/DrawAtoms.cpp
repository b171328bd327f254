//===- DrawAtoms.cpp - SVG pictures of the atoms in a module --------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h"

#include "cute-mlir/Atom/Picture.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace cute_nvgpu {
#define GEN_PASS_DEF_CUTENVGPUDRAWATOMSPASS
#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h.inc"
} // namespace cute_nvgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {
struct CuteNVGPUDrawAtomsPass
    : public cute_nvgpu::impl::CuteNVGPUDrawAtomsPassBase<
          CuteNVGPUDrawAtomsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Every picturable attribute, in order of first appearance.
    llvm::SetVector<Attribute> found;
    AttrTypeWalker walker;
    walker.addWalk([&](Attribute attr) {
      if (isa<MmaAtomAttr, TiledMmaAttr, TiledCopyAttr>(attr))
        found.insert(attr);
    });
    getOperation()->walk([&](Operation *op) {
      walker.walk(op->getAttrDictionary());
      if (Attribute properties = op->getPropertiesAsAttribute())
        walker.walk(properties);
    });
    if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
      getOperation()->emitError()
          << "cannot create " << dir << ": " << ec.message();
      return signalPassFailure();
    }
    unsigned counts[3] = {0, 0, 0};
    std::string written;
    for (Attribute attr : found) {
      cute::Result<std::string> svg = cute::algebraError("");
      std::string stem;
      if (auto atom = dyn_cast<MmaAtomAttr>(attr)) {
        svg = cute::renderMmaAtomSvg(atom.getTraits());
        stem = "mma_atom_" + std::to_string(counts[0]++);
      } else if (auto mma = dyn_cast<TiledMmaAttr>(attr)) {
        cute::Result<cute::TiledMma> tiled = mma.getTiledMma();
        svg = tiled.failed() ? tiled.takeError()
                             : cute::renderTiledMmaSvg(*tiled);
        stem = "tiled_mma_" + std::to_string(counts[1]++);
      } else {
        cute::Result<cute::TiledCopy> tiled =
            cast<TiledCopyAttr>(attr).getTiledCopy();
        svg = tiled.failed() ? tiled.takeError()
                             : cute::renderTiledCopySvg(*tiled);
        stem = "tiled_copy_" + std::to_string(counts[2]++);
      }
      if (svg.failed()) {
        getOperation()->emitError()
            << "cannot draw " << attr << ": " << svg.message();
        return signalPassFailure();
      }
      llvm::SmallString<128> path(dir);
      llvm::sys::path::append(path, stem + ".svg");
      std::error_code ec;
      llvm::raw_fd_ostream file(path, ec);
      if (ec) {
        getOperation()->emitError()
            << "cannot write " << path << ": " << ec.message();
        return signalPassFailure();
      }
      file << *svg;
      // A write error left in the stream ends the process when it closes.
      file.close();
      if (file.has_error()) {
        getOperation()->emitError()
            << "cannot write " << path << ": " << file.error().message();
        file.clear_error();
        return signalPassFailure();
      }
      written += (written.empty() ? "" : ", ") + std::string(path);
    }
    if (!written.empty())
      mlir::emitRemark(getOperation()->getLoc()) << "drew " << written;
  }
};
} // namespace
