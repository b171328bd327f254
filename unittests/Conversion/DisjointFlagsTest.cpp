//===- DisjointFlagsTest.cpp - Disjoint flags before the NVPTX backend ----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "DisjointFlags.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <memory>

namespace {

/// Whether the instruction named `name` in @f is an `or disjoint`.
bool isDisjoint(llvm::Module &module, llvm::StringRef name) {
  for (llvm::Instruction &inst : module.getFunction("f")->getEntryBlock())
    if (inst.getName() == name)
      return llvm::cast<llvm::PossiblyDisjointInst>(inst).isDisjoint();
  ADD_FAILURE() << "no instruction %" << name.str();
  return false;
}

TEST(DisjointFlagsTest, DropsOnlyTheFlagsOfOrsOfTwoVariables) {
  // A swizzled shared-memory offset as the optimizer leaves it: bit fields
  // of two variables joined by `or disjoint`, then a constant element offset.
  const char *text = R"(
    define i64 @f(i64 %row, i64 %col) {
      %hi = shl i64 %row, 7
      %lo = and i64 %col, 127
      %both = or disjoint i64 %hi, %lo
      %next = or disjoint i64 %both, 128
      %first = or disjoint i64 256, %lo
      %plain = or i64 %row, %col
      %sum = add i64 %next, %first
      %all = add i64 %sum, %plain
      ret i64 %all
    }
  )";
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  ASSERT_TRUE(module) << error.getMessage().str();
  ASSERT_TRUE(isDisjoint(*module, "both"));

  mlir::cute::dropVariableDisjointFlags(*module);

  EXPECT_FALSE(isDisjoint(*module, "both"));
  // With a constant on either side the backend folds the `or` into an
  // address's offset: the flag stays.
  EXPECT_TRUE(isDisjoint(*module, "next"));
  EXPECT_TRUE(isDisjoint(*module, "first"));
  EXPECT_FALSE(isDisjoint(*module, "plain"));
  EXPECT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
}

} // namespace
