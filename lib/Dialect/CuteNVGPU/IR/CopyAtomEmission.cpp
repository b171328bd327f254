//===- CopyAtomEmission.cpp - One copy atom as NVVM -----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A thread's values are its registers' bits in order, as in CuTe's copy
// traits: value v of a b16 ldmatrix destination is half v % 2 of register
// v / 2. Memory sides arrive as LLVM pointers to the thread's first value.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

/// The type LLVM holds `element` in: fp8 as i8 (LLVM has no fp8).
static Type storageTypeOf(Type element) {
  if (LLVM::isCompatibleType(element))
    return element;
  return IntegerType::get(element.getContext(),
                          element.getIntOrFloatBitWidth());
}

/// `n` values of `element` read from `words`, registers of `word` bits each,
/// low bits first.
static SmallVector<Value> valuesOfWords(OpBuilder &b, Location loc,
                                        ValueRange words, Type element) {
  SmallVector<Value> values;
  Type storage = storageTypeOf(element);
  for (Value word : words) {
    int64_t bits = word.getType().getIntOrFloatBitWidth();
    int64_t per = bits / element.getIntOrFloatBitWidth();
    Value vec =
        LLVM::BitcastOp::create(b, loc, VectorType::get({per}, storage), word);
    for (int64_t i = 0; i < per; ++i) {
      Value v = vector::ExtractOp::create(b, loc, vec, i);
      if (storage != element)
        v = arith::BitcastOp::create(b, loc, element, v);
      values.push_back(v);
    }
  }
  return values;
}

/// `values` packed into registers of `bits` bits, low bits first.
static SmallVector<Value> wordsOfValues(OpBuilder &b, Location loc,
                                        ValueRange values, int64_t bits) {
  SmallVector<Value> words;
  Type element = values.front().getType();
  Type storage = storageTypeOf(element);
  int64_t per = bits / element.getIntOrFloatBitWidth();
  for (size_t i = 0; i < values.size(); i += per) {
    SmallVector<Value> lanes;
    for (Value v : values.slice(i, per))
      lanes.push_back(storage == element
                          ? v
                          : arith::BitcastOp::create(b, loc, storage, v));
    Value vec = vector::FromElementsOp::create(
        b, loc, VectorType::get({per}, storage), lanes);
    words.push_back(
        LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), vec));
  }
  return words;
}

/// A vector of `n` values loaded from `ptr`, aligned to its width.
static SmallVector<Value> loadValues(OpBuilder &b, Location loc, Value ptr,
                                     Type element, int64_t n) {
  Type storage = storageTypeOf(element);
  auto vecType = VectorType::get({n}, storage);
  int64_t bytes = n * element.getIntOrFloatBitWidth() / 8;
  Value vec = LLVM::LoadOp::create(b, loc, vecType, ptr, bytes);
  SmallVector<Value> values;
  for (int64_t i = 0; i < n; ++i) {
    Value v = vector::ExtractOp::create(b, loc, vec, i);
    if (storage != element)
      v = arith::BitcastOp::create(b, loc, element, v);
    values.push_back(v);
  }
  return values;
}

static void storeValues(OpBuilder &b, Location loc, ValueRange values,
                        Value ptr) {
  Type element = values.front().getType();
  Type storage = storageTypeOf(element);
  SmallVector<Value> lanes;
  for (Value v : values)
    lanes.push_back(
        storage == element ? v : arith::BitcastOp::create(b, loc, storage, v));
  int64_t n = values.size();
  Value vec = vector::FromElementsOp::create(
      b, loc, VectorType::get({n}, storage), lanes);
  int64_t bytes = n * element.getIntOrFloatBitWidth() / 8;
  LLVM::StoreOp::create(b, loc, vec, ptr, bytes);
}

/// The ldmatrix / stmatrix attributes of an atom name: matrices and .trans.
static std::pair<int32_t, NVVM::MMALayout> matrixForm(StringRef name) {
  // SM75_U32x4_LDSM_N: 4 matrices; SM75_U16x8_LDSM_T: 8 b16 = 4 matrices.
  StringRef count = name.drop_front(name.find('x') + 1);
  int32_t n = 0;
  count.take_while([](char c) { return c >= '0' && c <= '9'; })
      .getAsInteger(10, n);
  bool trans = name.ends_with("_T");
  return {trans ? n / 2 : n,
          trans ? NVVM::MMALayout::col : NVVM::MMALayout::row};
}

FailureOr<SmallVector<Value>>
CopyAtomAttr::buildCopy(OpBuilder &b, Location loc, Value srcPtr,
                        ValueRange srcValues, Value dstPtr, Value pred,
                        Value mbarrier) const {
  StringRef name = getName();
  if (mbarrier)
    return emitError(loc) << name << " does not complete on an mbarrier";
  cute::CopyAtom traits = getTraits();
  Type element = getValueType();
  int64_t bits = elementBits(element);
  auto [srcCount, dstCount] = *cute::valuesPerThread(traits, bits);
  MLIRContext *ctx = getContext();
  auto shape = NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8);
  auto b16 = NVVM::LdStMatrixEltType::B16;

  if (name.contains("_LDSM_")) {
    if (!srcPtr || dstPtr || pred)
      return emitError(loc) << name << " reads shared memory into registers, "
                            << "unpredicated";
    auto [num, layout] = matrixForm(name);
    Type i32 = b.getI32Type();
    Type resultType = num == 1 ? i32
                               : LLVM::LLVMStructType::getLiteral(
                                     ctx, SmallVector<Type>(num, i32));
    Value result = NVVM::LdMatrixOp::create(b, loc, resultType, srcPtr, num,
                                            layout, shape, b16);
    SmallVector<Value> words;
    if (num == 1)
      words.push_back(result);
    for (int32_t i = 0; num > 1 && i < num; ++i)
      words.push_back(LLVM::ExtractValueOp::create(b, loc, result, i));
    return valuesOfWords(b, loc, words, element);
  }
  if (name.contains("_STSM_")) {
    if (srcPtr || !dstPtr || pred || int64_t(srcValues.size()) != srcCount)
      return emitError(loc) << name << " writes " << srcCount
                            << " register values to shared memory, "
                            << "unpredicated";
    auto [num, layout] = matrixForm(name);
    NVVM::StMatrixOp::create(b, loc, dstPtr,
                             wordsOfValues(b, loc, srcValues, 32), layout,
                             shape, b16);
    return SmallVector<Value>{};
  }
  int64_t bytes = traits.bitsPerThread() / 8;
  if (name.contains("CP_ASYNC")) {
    if (!srcPtr || !dstPtr)
      return emitError(loc) << name << " copies global to shared memory";
    auto cache = name.contains("CACHEGLOBAL") ? NVVM::LoadCacheModifierKind::CG
                                              : NVVM::LoadCacheModifierKind::CA;
    // A false predicate reads no bytes and zero-fills the destination.
    Value srcBytes;
    if (pred)
      srcBytes = arith::SelectOp::create(
          b, loc, pred, arith::ConstantIntOp::create(b, loc, bytes, 32),
          arith::ConstantIntOp::create(b, loc, 0, 32));
    NVVM::CpAsyncOp::create(b, loc, dstPtr, srcPtr, uint32_t(bytes), cache,
                            srcBytes);
    return SmallVector<Value>{};
  }
  // UniversalCopy: one vector of the atom's width.
  if (pred && !dstPtr)
    return emitError(loc) << "a predicated " << name
                          << " into registers is not supported";
  if (!srcPtr && int64_t(srcValues.size()) != srcCount)
    return emitError(loc) << name << " moves " << srcCount << " values";
  OpBuilder::InsertionGuard guard(b);
  if (pred) {
    auto ifOp = scf::IfOp::create(b, loc, pred, /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  SmallVector<Value> values =
      srcPtr ? loadValues(b, loc, srcPtr, element, dstCount)
             : SmallVector<Value>(srcValues.begin(), srcValues.end());
  if (!dstPtr)
    return values;
  storeValues(b, loc, values, dstPtr);
  return SmallVector<Value>{};
}

FailureOr<SmallVector<Value>> TmaAtomAttr::buildCopy(OpBuilder &b, Location loc,
                                                     Value, ValueRange, Value,
                                                     Value, Value) const {
  return emitError(loc) << getTmaAtom()->name()
                        << " is issued with a tensor map, box coordinates "
                           "and an mbarrier, not from pointers";
}

FailureOr<SmallVector<Value>>
BulkCopyAttr::buildCopy(OpBuilder &b, Location loc, Value srcPtr,
                        ValueRange srcValues, Value dstPtr, Value pred,
                        Value mbarrier) const {
  std::string name = getTraits().name;
  bool load = getDirection() == "load";
  if (!srcPtr || !dstPtr || pred)
    return emitError(loc) << name << " copies between memories, unpredicated";
  if (load != bool(mbarrier))
    return emitError(loc) << name
                          << (load ? " completes on an mbarrier, which is "
                                     "missing"
                                   : " completes in a bulk async group, not "
                                     "on an mbarrier");
  Value size = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                        b.getI32IntegerAttr(getBytes()));
  if (load) {
    // The instruction writes shared::cluster addresses, of which the CTA's
    // own shared memory is a part.
    Value clusterPtr = LLVM::AddrSpaceCastOp::create(
        b, loc,
        LLVM::LLVMPointerType::get(
            b.getContext(), unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
        dstPtr);
    NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(
        b, loc, clusterPtr, srcPtr, mbarrier, size,
        /*multicastMask=*/Value(), /*l2CacheHint=*/Value());
  } else {
    NVVM::CpAsyncBulkSharedCTAToGlobalOp::create(b, loc, dstPtr, srcPtr, size,
                                                 /*l2CacheHint=*/Value(),
                                                 /*byteMask=*/Value());
  }
  return SmallVector<Value>{};
}
