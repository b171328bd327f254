//===- FakeCudaState.h - What the fake CUDA driver recorded -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The tests load libFakeCuda.so as the driver (CUTE_MLIR_LIBCUDA) and read
// back, through fakeCudaState(), the arguments the runtime passed to it.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_UNITTESTS_RUNTIME_FAKECUDASTATE_H
#define CUTE_MLIR_UNITTESTS_RUNTIME_FAKECUDASTATE_H

#include <cstdint>
#include <string>
#include <vector>

struct FakeLaunch {
  unsigned grid[3], block[3], smem;
  unsigned cluster[3]; // zero unless launched through cuLaunchKernelEx
  int schedulingPolicy;
  std::vector<void *> params;
};

struct FakeTensorMap {
  int dataType, swizzle;
  unsigned rank;
  void *address;
  std::vector<uint64_t> dims, strides;
  std::vector<uint32_t> box;
  std::vector<uint32_t> elementStrides;
  int interleave, l2Promotion, oobFill;
};

struct FakeCudaState {
  /// Calls made while no context was current (should stay empty).
  std::vector<std::string> callsWithoutContext;
  int jitOptLevel = -1;
  std::vector<FakeLaunch> launches;
  std::vector<int> dynamicSharedLimits; // cuFuncSetAttribute values
  std::vector<int> nonPortableClusters; // cuFuncSetAttribute values
  std::vector<FakeTensorMap> tensorMaps;
  std::vector<void *> registered; // cuMemHostRegister pointers
  std::vector<size_t> registeredBytes;
  unsigned liveAllocations = 0;
};

extern "C" FakeCudaState *fakeCudaState();

#endif // CUTE_MLIR_UNITTESTS_RUNTIME_FAKECUDASTATE_H
