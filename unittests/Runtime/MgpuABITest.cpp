//===- MgpuABITest.cpp - The mgpu* entry points against a fake driver -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "FakeCudaState.h"

#include "cute-mlir/Runtime/MgpuABI.h"
#include "cute-mlir/Runtime/Runtime.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <thread>

using namespace cute::runtime;

namespace {

/// Points the runtime at the fake driver before its first (lazy) load.
FakeCudaState &fake() {
  static FakeCudaState *state = [] {
    setenv("CUTE_MLIR_LIBCUDA", CUTE_MLIR_FAKE_LIBCUDA, 1);
    void *library = dlopen(CUTE_MLIR_FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    auto get =
        reinterpret_cast<FakeCudaState *(*)()>(dlsym(library, "fakeCudaState"));
    return get();
  }();
  return *state;
}

const char *kPtx = ".version 8.0\n.target sm_90a\n.visible .entry gemm_tn()\n";

TEST(MgpuABI, ProbeReportsTheDevice) {
  fake();
  DeviceInfo info;
  std::string why;
  ASSERT_TRUE(probeDevice(&info, &why)) << why;
  EXPECT_EQ(info.name, "Fake GPU");
  EXPECT_EQ(info.computeMajor, 9);
  EXPECT_EQ(info.computeMinor, 0);
  EXPECT_EQ(info.maxSharedMemoryOptIn, 232448);
  EXPECT_EQ(info.multiprocessorCount, 114);
}

TEST(MgpuABI, MultiprocessorCountIsTheDevicesAttribute) {
  FakeCudaState &state = fake();
  EXPECT_EQ(cuteMultiprocessorCount(), 114);
  EXPECT_TRUE(state.callsWithoutContext.empty());
}

TEST(MgpuABI, LaunchAboveTheOptInLimitIsReported) {
  FakeCudaState &state = fake();
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 2);
  void *function = mgpuModuleGetFunction(module, "gemm_tn");
  testing::internal::CaptureStderr();
  mgpuLaunchKernel(function, 1, 1, 1, 128, 1, 1, 300000, nullptr, nullptr,
                   nullptr, 0);
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("the launch asks for 300000 bytes of dynamic shared "
                     "memory; the device allows 232448"),
            std::string::npos)
      << log;
  EXPECT_EQ(state.dynamicSharedLimits.back(), 300000);
  mgpuModuleUnload(module);
}

TEST(MgpuABI, ModuleLoadLaunchWithDynamicSharedMemory) {
  FakeCudaState &state = fake();
  size_t launches = state.launches.size();
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 3);
  ASSERT_NE(module, nullptr);
  EXPECT_EQ(state.jitOptLevel, 3);
  void *function = mgpuModuleGetFunction(module, "gemm_tn");
  ASSERT_NE(function, nullptr);
  void *stream = mgpuStreamCreate();
  int argument = 7;
  void *params[] = {&argument, nullptr};
  mgpuLaunchKernel(function, 4, 2, 1, 128, 1, 1, 98304, stream, params, nullptr,
                   1);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  ASSERT_EQ(state.launches.size(), launches + 1);
  const FakeLaunch &launch = state.launches.back();
  EXPECT_EQ(launch.grid[0], 4u);
  EXPECT_EQ(launch.grid[1], 2u);
  EXPECT_EQ(launch.block[0], 128u);
  EXPECT_EQ(launch.smem, 98304u);
  ASSERT_EQ(launch.params.size(), 1u);
  EXPECT_EQ(launch.params[0], &argument);
  // Above 48 KiB the function's limit must be raised before the launch.
  ASSERT_FALSE(state.dynamicSharedLimits.empty());
  EXPECT_EQ(state.dynamicSharedLimits.back(), 98304);
  mgpuModuleUnload(module);
  EXPECT_TRUE(state.callsWithoutContext.empty());
}

TEST(MgpuABI, ClusterLaunchPassesClusterDimensions) {
  FakeCudaState &state = fake();
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 2);
  void *function = mgpuModuleGetFunction(module, "gemm_tn");
  mgpuLaunchClusterKernel(function, 2, 1, 1, 8, 4, 1, 384, 1, 1, 0, nullptr,
                          nullptr, nullptr);
  const FakeLaunch &launch = state.launches.back();
  EXPECT_EQ(launch.cluster[0], 2u);
  EXPECT_EQ(launch.cluster[1], 1u);
  EXPECT_EQ(launch.cluster[2], 1u);
  EXPECT_EQ(launch.grid[0], 8u); // blocks, not clusters
  EXPECT_EQ(launch.grid[1], 4u);
  EXPECT_EQ(launch.block[0], 384u);
  EXPECT_EQ(launch.schedulingPolicy, 1); // SPREAD
  mgpuModuleUnload(module);
}

TEST(MgpuABI, ClustersOverEightCTAsAreAllowedFirst) {
  // The driver refuses a cluster of more than 8 CTAs
  // (CUDA_ERROR_INVALID_CLUSTER_SIZE) unless the function allows
  // non-portable sizes; upstream's CUDA test launches 4x4 clusters.
  FakeCudaState &state = fake();
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 2);
  void *function = mgpuModuleGetFunction(module, "gemm_tn");
  size_t before = state.nonPortableClusters.size();
  mgpuLaunchClusterKernel(function, 2, 4, 1, 8, 4, 1, 32, 1, 1, 0, nullptr,
                          nullptr, nullptr);
  EXPECT_EQ(state.nonPortableClusters.size(), before); // 8: portable
  mgpuLaunchClusterKernel(function, 4, 4, 1, 16, 16, 1, 32, 1, 1, 0, nullptr,
                          nullptr, nullptr);
  ASSERT_EQ(state.nonPortableClusters.size(), before + 1);
  EXPECT_EQ(state.nonPortableClusters.back(), 1);
  EXPECT_EQ(state.launches.back().cluster[0], 4u);
  EXPECT_EQ(state.launches.back().cluster[1], 4u);
  mgpuModuleUnload(module);
}

TEST(MgpuABI, BadPtxIsReportedWithTheJitLog) {
  fake();
  unsigned errors = errorCount();
  testing::internal::CaptureStderr();
  void *module = mgpuModuleLoadJIT(const_cast<char *>("not ptx"), 2);
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(module, nullptr);
  EXPECT_EQ(errorCount(), errors + 1);
  EXPECT_NE(log.find("'cuModuleLoadDataEx' failed with "
                     "'CUDA_ERROR_INVALID_PTX'"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("no .entry in the fake PTX"), std::string::npos) << log;
}

TEST(MgpuABI, MissingFunctionIsReported) {
  fake();
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 2);
  testing::internal::CaptureStderr();
  void *function = mgpuModuleGetFunction(module, "no_such_kernel");
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(function, nullptr);
  EXPECT_NE(log.find("'cuModuleGetFunction' failed with "
                     "'CUDA_ERROR_NOT_FOUND'"),
            std::string::npos)
      << log;
  mgpuModuleUnload(module);
}

TEST(MgpuABI, AllocCopyMemsetRoundTrip) {
  FakeCudaState &state = fake();
  unsigned live = state.liveAllocations;
  EXPECT_EQ(mgpuMemAlloc(0, nullptr, false), nullptr);
  void *device = mgpuMemAlloc(64, nullptr, false);
  ASSERT_NE(device, nullptr);
  mgpuMemset32(device, 0xDEADBEEF, 16, nullptr); // count is in elements
  uint32_t host[16];
  mgpuMemcpy(host, device, sizeof(host), nullptr);
  for (uint32_t word : host)
    EXPECT_EQ(word, 0xDEADBEEFu);
  mgpuMemset16(device, 0x1234, 2, nullptr);
  mgpuMemcpy(host, device, sizeof(host), nullptr);
  EXPECT_EQ(host[0], 0x12341234u);
  EXPECT_EQ(host[1], 0xDEADBEEFu);
  mgpuMemFree(device, nullptr);
  EXPECT_EQ(state.liveAllocations, live);
}

TEST(MgpuABI, HostRegisterMemRefRegistersTheViewedBytes) {
  FakeCudaState &state = fake();
  float data[6 * 8];
  // memref<6x8xf32, strided<[8, 1], offset: 8>>: rows 1..6 of a 7x8 buffer.
  int64_t descriptor[] = {reinterpret_cast<int64_t>(data),
                          reinterpret_cast<int64_t>(data),
                          8,
                          5,
                          8,
                          8,
                          1};
  mgpuMemHostRegisterMemRef(2, descriptor, sizeof(float));
  ASSERT_FALSE(state.registered.empty());
  EXPECT_EQ(state.registered.back(), data + 8);
  EXPECT_EQ(state.registeredBytes.back(), 5u * 8 * sizeof(float));
}

TEST(MgpuABI, TensorMapFromMemRefReversesDimensions) {
  FakeCudaState &state = fake();
  alignas(16) static uint16_t matrix[256 * 512];
  // memref<256x512xf16>: the driver wants the innermost dimension first.
  int64_t descriptor[] = {reinterpret_cast<int64_t>(matrix),
                          reinterpret_cast<int64_t>(matrix),
                          0,
                          256,
                          512,
                          512,
                          1};
  int64_t box[] = {64, 64};
  void *map = mgpuTensorMapEncodeTiledMemref(2, descriptor, /*FLOAT16=*/6, 0,
                                             /*SWIZZLE_128B=*/3, 0, 0, box);
  ASSERT_NE(map, nullptr);
  const FakeTensorMap &record = state.tensorMaps.back();
  EXPECT_EQ(record.rank, 2u);
  EXPECT_EQ(record.dataType, 6);
  EXPECT_EQ(record.swizzle, 3);
  EXPECT_EQ(record.address, matrix);
  EXPECT_EQ(record.dims, (std::vector<uint64_t>{512, 256}));
  EXPECT_EQ(record.strides, (std::vector<uint64_t>{1024})); // bytes
  EXPECT_EQ(record.box, (std::vector<uint32_t>{64, 64}));
  // The returned pointer is a (fake) device copy of the encoded map.
  EXPECT_EQ(static_cast<unsigned char *>(map)[0], 0xA5);
  unsigned live = state.liveAllocations;
  cuteTmaDescriptorDestroy(map);
  EXPECT_EQ(state.liveAllocations, live - 1);
  cuteTmaDescriptorDestroy(nullptr); // ignored, like free(NULL)
  EXPECT_EQ(state.liveAllocations, live - 1);
}

TEST(MgpuABI, TensorMapRejectsBadRankAndType) {
  fake();
  int64_t descriptor[16] = {};
  int64_t box[6] = {};
  testing::internal::CaptureStderr();
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(6, descriptor, 6, 0, 0, 0, 0, box),
            nullptr);
  EXPECT_EQ(mgpuTensorMapEncodeTiledMemref(2, descriptor, 13, 0, 0, 0, 0, box),
            nullptr);
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("rank 1 to 5, got 6"), std::string::npos) << log;
  EXPECT_NE(log.find("unknown CUtensorMapDataType 13"), std::string::npos);
}

TEST(MgpuABI, TmaDescriptorFromLayout) {
  FakeCudaState &state = fake();
  alignas(16) static float tensor[4 * 96 * 40];
  // A (40, 96, 4) tensor with strides (96, 1, 96 * 40), as
  // make_tma_descriptor passes it: innermost first, so extents (96, 40, 4)
  // and element strides (1, 96, 3840).
  void *map = cuteTmaDescriptorCreate(tensor, /*FLOAT32=*/7, 3, 64, 96, 40, 4,
                                      1, 1, 1, 96, 3840, 1, 1, 32, 16, 1, 1, 1);
  ASSERT_NE(map, nullptr);
  const FakeTensorMap &record = state.tensorMaps.back();
  EXPECT_EQ(record.rank, 3u);
  EXPECT_EQ(record.dataType, 7);
  EXPECT_EQ(record.swizzle, /*SWIZZLE_64B=*/2);
  EXPECT_EQ(record.address, tensor);
  EXPECT_EQ(record.dims, (std::vector<uint64_t>{96, 40, 4}));
  EXPECT_EQ(record.strides, (std::vector<uint64_t>{384, 15360})); // bytes
  EXPECT_EQ(record.box, (std::vector<uint32_t>{32, 16, 1}));
  EXPECT_EQ(static_cast<unsigned char *>(map)[0], 0xA5);
  mgpuMemFree(map, nullptr);
}

TEST(MgpuABI, TmaDescriptorEncodesAsCuteDoes) {
  FakeCudaState &state = fake();
  alignas(16) static uint16_t tensor[3 * 336 * 208];
  // A batched K-major f16 operand (M, K, L) = (336, 208, 3), strides
  // (208, 1, 336 * 208), filled by 128x64 tiles of
  // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128, 64)):
  // make_tma_descriptor passes it innermost first. Compiled CuTe's answer
  // (make_tma_copy(SM90_TMA_LOAD{}, ...) -> cuTensorMapEncodeTiled):
  // FLOAT16, rank 3, dims 208,336,3, byte strides 416,139776, box 64,128,1,
  // element strides 1,1,1, no interleave, SWIZZLE_128B, L2_128B, no OOB
  // fill.
  void *map =
      cuteTmaDescriptorCreate(tensor, /*FLOAT16=*/6, 3, 128, 208, 336, 3, 1, 1,
                              1, 208, 69888, 1, 1, 64, 128, 1, 1, 1);
  ASSERT_NE(map, nullptr);
  const FakeTensorMap &record = state.tensorMaps.back();
  EXPECT_EQ(record.dataType, 6);
  EXPECT_EQ(record.rank, 3u);
  EXPECT_EQ(record.dims, (std::vector<uint64_t>{208, 336, 3}));
  EXPECT_EQ(record.strides, (std::vector<uint64_t>{416, 139776}));
  EXPECT_EQ(record.box, (std::vector<uint32_t>{64, 128, 1}));
  EXPECT_EQ(record.elementStrides, (std::vector<uint32_t>{1, 1, 1}));
  EXPECT_EQ(record.interleave, /*INTERLEAVE_NONE=*/0);
  EXPECT_EQ(record.swizzle, /*SWIZZLE_128B=*/3);
  EXPECT_EQ(record.l2Promotion, /*L2_PROMOTION_L2_128B=*/2);
  EXPECT_EQ(record.oobFill, /*FLOAT_OOB_FILL_NONE=*/0);
  mgpuMemFree(map, nullptr);
}

TEST(MgpuABI, TmaDescriptorRejectsBadSwizzle) {
  fake();
  alignas(16) static float tensor[64];
  testing::internal::CaptureStderr();
  EXPECT_EQ(cuteTmaDescriptorCreate(tensor, 7, 1, 48, 64, 1, 1, 1, 1, 1, 1, 1,
                                    1, 1, 16, 1, 1, 1, 1),
            nullptr);
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_NE(log.find("0, 32, 64 or 128 bytes, not 48"), std::string::npos)
      << log;
}

TEST(MgpuABI, KernelTimingNamesTheKernel) {
  fake();
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 2);
  void *function = mgpuModuleGetFunction(module, "gemm_tn");
  setKernelTiming(true);
  mgpuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                   0);
  setKernelTiming(false);
  mgpuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                   0);
  std::vector<KernelTiming> timings = takeKernelTimings();
  ASSERT_EQ(timings.size(), 1u);
  EXPECT_EQ(timings[0].kernel, "gemm_tn");
  EXPECT_FLOAT_EQ(timings[0].milliseconds, 1.5f);
  EXPECT_TRUE(takeKernelTimings().empty());
  mgpuModuleUnload(module);
}

TEST(MgpuABI, CallsFromAnotherThreadMakeTheContextCurrent) {
  FakeCudaState &state = fake();
  void *device = nullptr;
  std::thread worker([&] { device = mgpuMemAlloc(32, nullptr, false); });
  worker.join();
  EXPECT_NE(device, nullptr);
  mgpuMemFree(device, nullptr);
  EXPECT_TRUE(state.callsWithoutContext.empty());
}

TEST(MgpuABI, StreamOverrideServesThisThreadsHostCode) {
  FakeCudaState &state = fake();
  void *callers = mgpuStreamCreate();
  ASSERT_NE(callers, nullptr);
  EXPECT_EQ(setStreamOverride(callers), nullptr);
  // Host code's streams are the caller's, and are not destroyed with it.
  void *stream = mgpuStreamCreate();
  EXPECT_EQ(stream, callers);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  // Another thread's host code keeps streams of its own.
  std::thread other([&] {
    void *own = mgpuStreamCreate();
    EXPECT_NE(own, callers);
    mgpuStreamDestroy(own);
  });
  other.join();
  EXPECT_EQ(setStreamOverride(nullptr), callers);
  void *fresh = mgpuStreamCreate();
  EXPECT_NE(fresh, callers);
  mgpuStreamDestroy(fresh);
  // Destroyed once, here (under ASan a second destroy would be reported).
  mgpuStreamDestroy(callers);
  EXPECT_TRUE(state.callsWithoutContext.empty());
}

TEST(MgpuABI, ExportsEveryEntryPoint) {
  const std::vector<ExportedSymbol> &symbols = exportedSymbols();
  // The 26 mgpu* entry points of upstream's host lowering, and ours.
  EXPECT_EQ(symbols.size(), 29u);
  for (const ExportedSymbol &symbol : symbols) {
    EXPECT_TRUE(std::strncmp(symbol.name, "mgpu", 4) == 0 ||
                std::strncmp(symbol.name, "cute", 4) == 0)
        << symbol.name;
    // The table and the dynamic symbol table agree.
    EXPECT_EQ(dlsym(RTLD_DEFAULT, symbol.name), symbol.address) << symbol.name;
  }
}

} // namespace
