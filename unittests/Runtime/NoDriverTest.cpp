//===- NoDriverTest.cpp - The runtime on a machine without a driver -------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Runtime/MgpuABI.h"
#include "cute-mlir/Runtime/Runtime.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace cute::runtime;

namespace {

TEST(NoDriver, EntryPointsReportOnceAndReturnNull) {
  setenv("CUTE_MLIR_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  testing::internal::CaptureStderr();
  EXPECT_EQ(mgpuModuleLoadJIT(const_cast<char *>(".entry k"), 2), nullptr);
  EXPECT_EQ(mgpuMemAlloc(64, nullptr, false), nullptr);
  EXPECT_EQ(mgpuStreamCreate(), nullptr);
  EXPECT_EQ(cuteMultiprocessorCount(), 0);
  mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  mgpuMemFree(nullptr, nullptr);
  std::string log = testing::internal::GetCapturedStderr();
  const std::string expected =
      "cute-runtime: no GPU can be used: cannot load the CUDA driver "
      "(/nonexistent/libcuda.so.1)";
  size_t first = log.find(expected);
  ASSERT_NE(first, std::string::npos) << log;
  EXPECT_EQ(log.find(expected, first + 1), std::string::npos) << log;
  EXPECT_EQ(errorCount(), 1u);

  DeviceInfo info;
  std::string why;
  EXPECT_FALSE(probeDevice(&info, &why));
  EXPECT_NE(why.find("cannot load the CUDA driver"), std::string::npos) << why;
}

} // namespace
