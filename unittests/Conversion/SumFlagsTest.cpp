//===- SumFlagsTest.cpp - Flags of sums before the NVPTX backend ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "SumFlags.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <memory>

namespace {

/// The instruction named `name` in @f.
llvm::Instruction *named(llvm::Module &module, llvm::StringRef name) {
  for (llvm::Instruction &inst : module.getFunction("f")->getEntryBlock())
    if (inst.getName() == name)
      return &inst;
  ADD_FAILURE() << "no instruction %" << name.str();
  return nullptr;
}

/// The module of LLVM IR `text`; a test failure where it does not parse.
std::unique_ptr<llvm::Module> parse(const char *text,
                                    llvm::LLVMContext &context) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  if (!module)
    ADD_FAILURE() << error.getMessage().str();
  return module;
}

bool isDisjoint(llvm::Module &module, llvm::StringRef name) {
  llvm::Instruction *inst = named(module, name);
  return inst && llvm::cast<llvm::PossiblyDisjointInst>(inst)->isDisjoint();
}

bool hasNoUnsignedWrap(llvm::Module &module, llvm::StringRef name) {
  llvm::Instruction *inst = named(module, name);
  return inst && inst->hasNoUnsignedWrap();
}

bool hasNoSignedWrap(llvm::Module &module, llvm::StringRef name) {
  llvm::Instruction *inst = named(module, name);
  return inst && inst->hasNoSignedWrap();
}

TEST(SumFlagsTest, DropsOnlyTheFlagsOfSumsOfTwoVariables) {
  // A swizzled shared-memory offset as the optimizer leaves it: bit fields
  // of two variables joined by `or disjoint`, a tile's offset added with
  // `add nuw nsw`, then constant element offsets.
  const char *text = R"(
    target triple = "nvptx64-nvidia-cuda"
    define i64 @f(i64 %row, i64 %col, i64 %tile) {
      %hi = shl i64 %row, 7
      %lo = and i64 %col, 127
      %both = or disjoint i64 %hi, %lo
      %next = or disjoint i64 %both, 128
      %first = or disjoint i64 256, %lo
      %plain = or i64 %row, %col
      %tiled = add nuw nsw i64 %both, %tile
      %step = add nuw nsw i64 %tiled, 4096
      %scaled = mul nuw nsw i64 %tile, %row
      %sum = add i64 %next, %first
      %sum2 = add i64 %sum, %plain
      %sum3 = add i64 %sum2, %step
      %all = add i64 %sum3, %scaled
      ret i64 %all
    }
  )";
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(text, context);
  ASSERT_TRUE(module);
  ASSERT_TRUE(isDisjoint(*module, "both"));
  ASSERT_TRUE(hasNoUnsignedWrap(*module, "tiled"));

  mlir::cute::dropFlagsOfVariableSums(*module);

  EXPECT_FALSE(isDisjoint(*module, "both"));
  EXPECT_FALSE(isDisjoint(*module, "plain"));
  EXPECT_FALSE(hasNoUnsignedWrap(*module, "tiled"));
  // nsw stays: only nuw sent the backend's question around.
  EXPECT_TRUE(hasNoSignedWrap(*module, "tiled"));
  // With a constant on either side the backend folds the sum into an
  // address's offset: its flags stay.
  EXPECT_TRUE(isDisjoint(*module, "next"));
  EXPECT_TRUE(isDisjoint(*module, "first"));
  EXPECT_TRUE(hasNoUnsignedWrap(*module, "step"));
  // Not a sum.
  EXPECT_TRUE(hasNoUnsignedWrap(*module, "scaled"));
  EXPECT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
}

TEST(SumFlagsTest, LeavesOtherTargetsAlone) {
  const char *text = R"(
    target triple = "amdgcn-amd-amdhsa"
    define i64 @f(i64 %hi, i64 %lo) {
      %both = or disjoint i64 %hi, %lo
      ret i64 %both
    }
  )";
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(text, context);
  ASSERT_TRUE(module);
  mlir::cute::dropFlagsOfVariableSums(*module);
  EXPECT_TRUE(isDisjoint(*module, "both"));
}

} // namespace
