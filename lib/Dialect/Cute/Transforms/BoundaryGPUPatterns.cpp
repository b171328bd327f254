//===- BoundaryGPUPatterns.cpp - Cute values across GPU boundaries --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// gpu.func is a function with extra entry-block arguments (its workgroup and
// private attributions), so the upstream FunctionOpInterface pattern does
// not fit it; gpu.return and gpu.launch_func carry values like func.return
// and func.call.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/BoundaryConversion.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {

/// gpu.func: the inputs become their parts; attributions stay.
struct GPUFuncSignature : public OpConversionPattern<gpu::GPUFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::GPUFuncOp func, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    FunctionType type = func.getFunctionType();
    Block &entry = func.getBody().front();
    TypeConverter::SignatureConversion signature(entry.getNumArguments());
    SmallVector<Type> inputs;
    SmallVector<Attribute> argAttrs;
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      SmallVector<Type> parts;
      if (failed(converter.convertType(input, parts)))
        return rewriter.notifyMatchFailure(func, "an input has no parts");
      signature.addInputs(i, parts);
      inputs.append(parts);
      // An argument that keeps its type keeps its attributes.
      DictionaryAttr attrs = func.getArgAttrDict(i);
      for (size_t p = 0; p < parts.size(); ++p)
        argAttrs.push_back(parts.size() == 1 && parts.front() == input && attrs
                               ? Attribute(attrs)
                               : rewriter.getDictionaryAttr({}));
    }
    for (unsigned i = type.getNumInputs(); i < entry.getNumArguments(); ++i)
      signature.addInputs(i, entry.getArgument(i).getType());
    SmallVector<Type> results;
    if (failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(func, "a result has no parts");
    rewriter.applySignatureConversion(&entry, signature, &converter);
    rewriter.modifyOpInPlace(func, [&] {
      func.setFunctionType(rewriter.getFunctionType(inputs, results));
      if (func.getAllArgAttrs())
        func.setAllArgAttrs(argAttrs);
    });
    return success();
  }
};

/// gpu.return: each value as its parts.
struct GPUReturnParts : public OpConversionPattern<gpu::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts;
    for (ValueRange range : adaptor.getOperands())
      llvm::append_range(parts, range);
    rewriter.replaceOpWithNewOp<gpu::ReturnOp>(op, parts);
    return success();
  }
};

/// `value` as the memref type `want` when both are memrefs that differ only
/// in memory space and static sizes: host parts are in the default space.
static Value castToKernelType(OpBuilder &b, Location loc, Value value,
                              Type want) {
  auto type = dyn_cast<MemRefType>(value.getType());
  auto target = dyn_cast<MemRefType>(want);
  if (!type || !target || type == target)
    return value;
  if (type.getMemorySpace() != target.getMemorySpace()) {
    type = MemRefType::get(type.getShape(), type.getElementType(),
                           type.getLayout(), target.getMemorySpace());
    value = memref::MemorySpaceCastOp::create(b, loc, type, value);
  }
  if (type != target && memref::CastOp::areCastCompatible(type, target))
    value = memref::CastOp::create(b, loc, target, value);
  return value;
}

/// gpu.launch_func: each kernel operand as its parts, in the kernel's types.
struct LaunchFuncParts : public OpConversionPattern<gpu::LaunchFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::LaunchFuncOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts;
    for (ValueRange range : adaptor.getKernelOperands())
      llvm::append_range(parts, range);
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        op, op.getKernel());
    if (kernel && kernel.getNumArguments() == parts.size())
      for (auto [part, want] : llvm::zip(parts, kernel.getArgumentTypes()))
        part = castToKernelType(rewriter, op.getLoc(), part, want);
    rewriter.modifyOpInPlace(
        op, [&] { op.getKernelOperandsMutable().assign(parts); });
    return success();
  }
};

} // namespace

void mlir::cute::populateGPUBoundaryConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<GPUFuncSignature, // gpu.func
               GPUReturnParts,   // gpu.return
               LaunchFuncParts>( // gpu.launch_func
      converter, context);
}
