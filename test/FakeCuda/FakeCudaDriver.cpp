//===- FakeCudaDriver.cpp - A recording stand-in for libcuda.so.1 ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Implements the driver entry points the runtime resolves, on host memory:
// allocations are malloc, copies memcpy, launches and tensor-map encodings
// are recorded. Every call checks that a context is current, as the real
// driver requires. "PTX" is accepted when it contains ".entry <name>".
//
//===----------------------------------------------------------------------===//

#include "FakeCudaState.h"

#include "cute-mlir/Runtime/CudaDriver.h"

#include <cstdlib>
#include <cstring>

using namespace cute::runtime;

namespace {

FakeCudaState state;
thread_local int contextDepth = 0;
CUcontext const kContext = reinterpret_cast<CUcontext>(0x1000);

constexpr CUresult kInvalidContext = 201;
constexpr CUresult kInvalidPtx = 218;
constexpr CUresult kNotFound = 500;

bool inContext(const char *call) {
  if (contextDepth > 0)
    return true;
  state.callsWithoutContext.push_back(call);
  return false;
}

struct FakeModule {
  std::string text;
};

} // namespace

#define REQUIRE_CONTEXT(name)                                                  \
  if (!inContext(name))                                                        \
  return kInvalidContext

extern "C" {

FakeCudaState *fakeCudaState() { return &state; }

CUresult cuInit(unsigned) { return CUDA_SUCCESS; }

CUresult cuGetErrorName(CUresult result, const char **name) {
  switch (result) {
  case kInvalidContext:
    *name = "CUDA_ERROR_INVALID_CONTEXT";
    return CUDA_SUCCESS;
  case kInvalidPtx:
    *name = "CUDA_ERROR_INVALID_PTX";
    return CUDA_SUCCESS;
  case kNotFound:
    *name = "CUDA_ERROR_NOT_FOUND";
    return CUDA_SUCCESS;
  default:
    return 1; // CUDA_ERROR_INVALID_VALUE
  }
}

CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int) {
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice) {
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 114; // an H100 PCIe's; the SXM's 132 is the usual guess
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = 0;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = 232448;
    break;
  default:
    *value = 0;
  }
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::strncpy(name, "Fake GPU", length);
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  *context = kContext;
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext context) {
  if (context != kContext)
    return kInvalidContext;
  ++contextDepth;
  return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent_v2(CUcontext *context) {
  if (contextDepth == 0)
    return kInvalidContext;
  --contextDepth;
  *context = kContext;
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  REQUIRE_CONTEXT("cuModuleLoadData");
  *module = reinterpret_cast<CUmodule>(
      new FakeModule{static_cast<const char *>(image)});
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned count,
                            int *options, void **values) {
  REQUIRE_CONTEXT("cuModuleLoadDataEx");
  char *log = nullptr;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      log = static_cast<char *>(values[i]);
    if (options[i] == CU_JIT_OPTIMIZATION_LEVEL)
      state.jitOptLevel =
          static_cast<int>(reinterpret_cast<intptr_t>(values[i]));
  }
  const char *text = static_cast<const char *>(image);
  if (!std::strstr(text, ".entry")) {
    if (log)
      std::strcpy(log, "ptxas fatal: no .entry in the fake PTX");
    return kInvalidPtx;
  }
  *module = reinterpret_cast<CUmodule>(new FakeModule{text});
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module) {
  REQUIRE_CONTEXT("cuModuleUnload");
  delete reinterpret_cast<FakeModule *>(module);
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  REQUIRE_CONTEXT("cuModuleGetFunction");
  const std::string &text = reinterpret_cast<FakeModule *>(module)->text;
  size_t at = text.find(std::string(".entry ") + name);
  if (at == std::string::npos)
    return kNotFound;
  *function =
      reinterpret_cast<CUfunction>(const_cast<char *>(text.c_str()) + at);
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction, int attribute, int value) {
  REQUIRE_CONTEXT("cuFuncSetAttribute");
  if (attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    state.dynamicSharedLimits.push_back(value);
  if (attribute == CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED)
    state.nonPortableClusters.push_back(value);
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned smem,
                        CUstream, void **params, void **) {
  REQUIRE_CONTEXT("cuLaunchKernel");
  FakeLaunch launch{{gx, gy, gz}, {bx, by, bz}, smem, {0, 0, 0}, 0, {}};
  for (int i = 0; params && i < 4 && params[i]; ++i)
    launch.params.push_back(params[i]);
  state.launches.push_back(launch);
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction, void **,
                          void **) {
  REQUIRE_CONTEXT("cuLaunchKernelEx");
  FakeLaunch launch{{config->gridDimX, config->gridDimY, config->gridDimZ},
                    {config->blockDimX, config->blockDimY, config->blockDimZ},
                    config->sharedMemBytes,
                    {0, 0, 0},
                    0,
                    {}};
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &a = config->attrs[i];
    if (a.id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      launch.cluster[0] = a.value.clusterDim.x;
      launch.cluster[1] = a.value.clusterDim.y;
      launch.cluster[2] = a.value.clusterDim.z;
    }
    if (a.id == CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE)
      launch.schedulingPolicy = a.value.clusterSchedulingPolicyPreference;
  }
  state.launches.push_back(launch);
  return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *stream, unsigned) {
  REQUIRE_CONTEXT("cuStreamCreate");
  *stream = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(CUstream) {
  REQUIRE_CONTEXT("cuStreamSynchronize");
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy_v2(CUstream stream) {
  REQUIRE_CONTEXT("cuStreamDestroy");
  delete reinterpret_cast<int *>(stream);
  return CUDA_SUCCESS;
}

CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned) {
  REQUIRE_CONTEXT("cuStreamWaitEvent");
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned) {
  REQUIRE_CONTEXT("cuEventCreate");
  *event = reinterpret_cast<CUevent>(new int(0));
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent, CUstream) {
  REQUIRE_CONTEXT("cuEventRecord");
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent) {
  REQUIRE_CONTEXT("cuEventSynchronize");
  return CUDA_SUCCESS;
}

CUresult cuEventElapsedTime_v2(float *ms, CUevent, CUevent) {
  REQUIRE_CONTEXT("cuEventElapsedTime");
  *ms = 1.5f;
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy_v2(CUevent event) {
  REQUIRE_CONTEXT("cuEventDestroy");
  delete reinterpret_cast<int *>(event);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  REQUIRE_CONTEXT("cuMemAlloc");
  *ptr = reinterpret_cast<CUdeviceptr>(std::malloc(bytes));
  ++state.liveAllocations;
  return CUDA_SUCCESS;
}

CUresult cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes, unsigned) {
  return cuMemAlloc_v2(ptr, bytes);
}

CUresult cuMemFree_v2(CUdeviceptr ptr) {
  REQUIRE_CONTEXT("cuMemFree");
  std::free(reinterpret_cast<void *>(ptr));
  --state.liveAllocations;
  return CUDA_SUCCESS;
}

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  REQUIRE_CONTEXT("cuMemcpy");
  std::memcpy(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
              bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream) {
  return cuMemcpy(dst, src, bytes);
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream) {
  REQUIRE_CONTEXT("cuMemsetD16Async");
  auto *p = reinterpret_cast<unsigned short *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                          CUstream) {
  REQUIRE_CONTEXT("cuMemsetD32Async");
  auto *p = reinterpret_cast<unsigned *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuMemHostRegister_v2(void *ptr, size_t bytes, unsigned) {
  REQUIRE_CONTEXT("cuMemHostRegister");
  state.registered.push_back(ptr);
  state.registeredBytes.push_back(bytes);
  return CUDA_SUCCESS;
}

CUresult cuMemHostUnregister(void *) {
  REQUIRE_CONTEXT("cuMemHostUnregister");
  return CUDA_SUCCESS;
}

CUresult cuTensorMapEncodeTiled(CUtensorMap *map, int dataType, unsigned rank,
                                void *address, const uint64_t *dims,
                                const uint64_t *strides, const unsigned *box,
                                const unsigned *elementStrides, int interleave,
                                int swizzle, int l2Promotion, int oobFill) {
  // The real call needs no context either.
  FakeTensorMap record{dataType, swizzle, rank,       address,     {},     {},
                       {},       {},      interleave, l2Promotion, oobFill};
  for (unsigned i = 0; i < rank; ++i) {
    record.dims.push_back(dims[i]);
    record.box.push_back(box[i]);
    record.elementStrides.push_back(elementStrides[i]);
    if (i + 1 < rank)
      record.strides.push_back(strides[i]);
  }
  state.tensorMaps.push_back(record);
  std::memset(map, 0xA5, sizeof(*map));
  return CUDA_SUCCESS;
}

} // extern "C"
