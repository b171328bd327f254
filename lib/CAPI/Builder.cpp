//===- Builder.cpp - C API for building cute IR ---------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir-c/Builder.h"

#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/InitAllDialects.h"
#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>

using namespace mlir;

namespace {
/// The diagnostics of one builder context, kept until taken.
struct DiagnosticLog {
  std::string text;
  DiagnosticEngine::HandlerID handler;
};

std::mutex logsMutex;
llvm::DenseMap<MLIRContext *, std::unique_ptr<DiagnosticLog>> &logs() {
  static llvm::DenseMap<MLIRContext *, std::unique_ptr<DiagnosticLog>> map;
  return map;
}

/// `file:line:col` for the Python frames a front end locates ops at, MLIR's
/// own form for any other location.
void printLocation(Location loc, llvm::raw_ostream &os) {
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    os << file.getFilename().getValue() << ':' << file.getLine() << ':'
       << file.getColumn();
    return;
  }
  if (auto named = dyn_cast<NameLoc>(loc))
    return printLocation(named.getChildLoc(), os);
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    if (!fused.getLocations().empty())
      return printLocation(fused.getLocations().front(), os);
  }
  loc.print(os);
}

StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  llvm_unreachable("unknown severity");
}

void logDiagnostic(const Diagnostic &diag, llvm::raw_ostream &os) {
  printLocation(diag.getLocation(), os);
  os << ": " << severityName(diag.getSeverity()) << ": " << diag.str() << '\n';
  for (const Diagnostic &note : diag.getNotes())
    logDiagnostic(note, os);
}

cute::TensorType asTensor(MlirType type) {
  return dyn_cast_or_null<cute::TensorType>(unwrap(type));
}
} // namespace

MlirContext mlirCuteBuilderContextCreate(void) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  cute::registerAllDialects(registry);
  auto *context = new MLIRContext(registry);
  // Ops are created by name: their dialects must be loaded beforehand.
  context->loadAllAvailableDialects();
  context->printOpOnDiagnostic(false);
  auto log = std::make_unique<DiagnosticLog>();
  std::string *text = &log->text;
  log->handler =
      context->getDiagEngine().registerHandler([text](Diagnostic &d) {
        llvm::raw_string_ostream os(*text);
        logDiagnostic(d, os);
        return success();
      });
  std::lock_guard<std::mutex> lock(logsMutex);
  logs()[context] = std::move(log);
  return wrap(context);
}

void mlirCuteBuilderContextDestroy(MlirContext context) {
  MLIRContext *ctx = unwrap(context);
  {
    std::lock_guard<std::mutex> lock(logsMutex);
    logs().erase(ctx);
  }
  delete ctx;
}

void mlirCuteBuilderContextTakeDiagnostics(MlirContext context,
                                           MlirStringCallback callback,
                                           void *userData) {
  std::string text;
  {
    std::lock_guard<std::mutex> lock(logsMutex);
    auto it = logs().find(unwrap(context));
    if (it != logs().end())
      std::swap(text, it->second->text);
  }
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}

MlirStringRef mlirCuteTypeGetKind(MlirType type) {
  StringRef kind = llvm::TypeSwitch<Type, StringRef>(unwrap(type))
                       .Case([](cute::IntTupleType) { return "int_tuple"; })
                       .Case([](cute::ShapeType) { return "shape"; })
                       .Case([](cute::StrideType) { return "stride"; })
                       .Case([](cute::CoordType) { return "coord"; })
                       .Case([](cute::TileType) { return "tile"; })
                       .Case([](cute::LayoutType) { return "layout"; })
                       .Case([](cute::PtrType) { return "ptr"; })
                       .Case([](cute::TensorType) { return "tensor"; })
                       .Default([](Type) { return ""; });
  return wrap(kind);
}

MlirStringRef mlirCuteTypeGetNotation(MlirType type) {
  // The spec strings live in the context's type storage, as long as it.
  StringRef spec =
      llvm::TypeSwitch<Type, StringRef>(unwrap(type))
          .Case<cute::IntTupleType, cute::ShapeType, cute::StrideType,
                cute::CoordType, cute::TileType, cute::LayoutType>(
              [](auto t) { return t.getSpec(); })
          .Case([](cute::TensorType t) { return t.getLayout(); })
          .Default([](Type) { return StringRef(); });
  return wrap(spec);
}

MlirType mlirCuteTypeGetElementType(MlirType type) {
  Type t = unwrap(type);
  if (auto tensor = dyn_cast<cute::TensorType>(t))
    return wrap(tensor.getElementType());
  if (auto ptr = dyn_cast<cute::PtrType>(t))
    return wrap(ptr.getElementType());
  return MlirType{nullptr};
}

MlirStringRef mlirCuteTypeGetMemory(MlirType type) {
  Type t = unwrap(type);
  if (auto tensor = dyn_cast<cute::TensorType>(t))
    return wrap(tensor.getMemory());
  if (auto ptr = dyn_cast<cute::PtrType>(t))
    return wrap(ptr.getMemory());
  return wrap(StringRef());
}

MlirType mlirCuteTensorTypeGet(MlirLocation location, MlirType element,
                               MlirStringRef memory, MlirStringRef layout) {
  Location loc = unwrap(location);
  return wrap(cute::TensorType::getChecked([&] { return emitError(loc); },
                                           loc.getContext(), unwrap(element),
                                           unwrap(memory), unwrap(layout)));
}

MlirType mlirCuteFragmentTypeLike(MlirLocation location, MlirType like) {
  Location loc = unwrap(location);
  cute::TensorType tensor = asTensor(like);
  if (!tensor) {
    emitError(loc) << "a fragment is made like a cute tensor, not "
                   << unwrap(like);
    return MlirType{nullptr};
  }
  // As MakeFragmentOp::verify: the inner layout's compact fragment.
  cute::Result<cute::Layout> layout =
      cute::parseLayout(tensor.getInnerLayout().str());
  if (!layout.failed())
    layout = cute::makeFragmentLike(*layout);
  if (layout.failed()) {
    emitError(loc) << layout.message();
    return MlirType{nullptr};
  }
  return wrap(cute::TensorType::get(loc.getContext(), tensor.getElementType(),
                                    "rmem", layout->str()));
}

intptr_t mlirCuteTmaAtomGetBox(MlirAttribute atom, int64_t *box,
                               int64_t *swizzleBytes) {
  auto attr = dyn_cast_or_null<cute_nvgpu::TmaAtomAttr>(unwrap(atom));
  if (!attr)
    return 0;
  cute::Result<cute::TmaAtom> tma = attr.getTmaAtom();
  if (tma.failed() || tma->box.size() > 5)
    return 0;
  llvm::copy(tma->box, box);
  *swizzleBytes = tma->swizzleBytes;
  return tma->box.size();
}
