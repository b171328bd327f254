//===- CudaHeaderTest.cpp - CudaDriver.h agrees with cuda.h ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The runtime declares the driver's types itself so that it builds without a
// CUDA toolkit. Where the toolkit is installed, this test checks those
// declarations against cuda.h: enum values, struct sizes and field offsets.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Runtime/CudaDriver.h"

#include "gtest/gtest.h"

#include <cstddef>

#ifdef CUTE_MLIR_HAVE_CUDA_H
#include <cuda.h>

namespace rt = cute::runtime;

static_assert(rt::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT ==
              ::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
static_assert(rt::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ==
              ::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
static_assert(rt::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ==
              ::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
static_assert(rt::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN ==
              ::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
static_assert(rt::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ==
              ::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
static_assert(rt::CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED ==
              ::CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED);
static_assert(rt::CU_JIT_INFO_LOG_BUFFER == ::CU_JIT_INFO_LOG_BUFFER);
static_assert(rt::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES ==
              ::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
static_assert(rt::CU_JIT_ERROR_LOG_BUFFER == ::CU_JIT_ERROR_LOG_BUFFER);
static_assert(rt::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES ==
              ::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
static_assert(rt::CU_JIT_OPTIMIZATION_LEVEL == ::CU_JIT_OPTIMIZATION_LEVEL);
static_assert(rt::CU_STREAM_NON_BLOCKING == ::CU_STREAM_NON_BLOCKING);
static_assert(rt::CU_EVENT_DEFAULT == ::CU_EVENT_DEFAULT);
static_assert(rt::CU_EVENT_DISABLE_TIMING == ::CU_EVENT_DISABLE_TIMING);
static_assert(rt::CU_MEM_ATTACH_GLOBAL == ::CU_MEM_ATTACH_GLOBAL);
static_assert(rt::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION ==
              ::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
static_assert(rt::CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE ==
              ::CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE);
static_assert(rt::CU_CLUSTER_SCHEDULING_POLICY_SPREAD ==
              ::CU_CLUSTER_SCHEDULING_POLICY_SPREAD);
static_assert(rt::CUDA_ERROR_NO_DEVICE == ::CUDA_ERROR_NO_DEVICE);

static_assert(sizeof(rt::CUlaunchAttribute) == sizeof(::CUlaunchAttribute));
static_assert(offsetof(rt::CUlaunchAttribute, value) ==
              offsetof(::CUlaunchAttribute, value));
static_assert(sizeof(rt::CUlaunchConfig) == sizeof(::CUlaunchConfig));
static_assert(offsetof(rt::CUlaunchConfig, sharedMemBytes) ==
              offsetof(::CUlaunchConfig, sharedMemBytes));
static_assert(offsetof(rt::CUlaunchConfig, hStream) ==
              offsetof(::CUlaunchConfig, hStream));
static_assert(offsetof(rt::CUlaunchConfig, attrs) ==
              offsetof(::CUlaunchConfig, attrs));
static_assert(offsetof(rt::CUlaunchConfig, numAttrs) ==
              offsetof(::CUlaunchConfig, numAttrs));
static_assert(sizeof(rt::CUtensorMap) == sizeof(::CUtensorMap));
static_assert(alignof(rt::CUtensorMap) == alignof(::CUtensorMap));
#endif

TEST(CudaHeader, DeclarationsMatchCudaH) {
#ifndef CUTE_MLIR_HAVE_CUDA_H
  GTEST_SKIP() << "no CUDA toolkit: cuda.h is not installed";
#endif
  // The checks are the static_asserts above; reaching here means they held.
  SUCCEED();
}
