//===- CudaDriver.cpp - Resolve the CUDA Driver API with dlopen -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Runtime/CudaDriver.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace cute::runtime;

namespace {

struct LoadedDriver {
  CudaDriver driver{};
  bool loaded = false;
  std::string error;
};

/// Resolves `name` into `slot`; on failure records which symbol was missing.
template <typename Fn>
bool resolve(void *library, Fn &slot, const char *name, std::string &error) {
  slot = reinterpret_cast<Fn>(dlsym(library, name));
  if (!slot && error.empty())
    error = std::string("the CUDA driver has no symbol '") + name + "'";
  return slot != nullptr;
}

LoadedDriver load() {
  LoadedDriver result;
  const char *override = std::getenv("CUTE_MLIR_LIBCUDA");
  const char *path = override && *override ? override : "libcuda.so.1";
  // RTLD_LOCAL: a test's fake driver must not leak symbols into the process.
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    result.error = std::string("cannot load the CUDA driver (") + path +
                   "): " + (why ? why : "unknown dlopen error");
    return result;
  }
  CudaDriver &d = result.driver;
  std::string &e = result.error;
  resolve(library, d.cuInit, "cuInit", e);
  resolve(library, d.cuGetErrorName, "cuGetErrorName", e);
  resolve(library, d.cuDeviceGetCount, "cuDeviceGetCount", e);
  resolve(library, d.cuDeviceGet, "cuDeviceGet", e);
  resolve(library, d.cuDeviceGetAttribute, "cuDeviceGetAttribute", e);
  resolve(library, d.cuDeviceGetName, "cuDeviceGetName", e);
  resolve(library, d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", e);
  resolve(library, d.cuCtxPushCurrent, "cuCtxPushCurrent_v2", e);
  resolve(library, d.cuCtxPopCurrent, "cuCtxPopCurrent_v2", e);
  resolve(library, d.cuModuleLoadData, "cuModuleLoadData", e);
  resolve(library, d.cuModuleLoadDataEx, "cuModuleLoadDataEx", e);
  resolve(library, d.cuModuleUnload, "cuModuleUnload", e);
  resolve(library, d.cuModuleGetFunction, "cuModuleGetFunction", e);
  resolve(library, d.cuFuncSetAttribute, "cuFuncSetAttribute", e);
  resolve(library, d.cuLaunchKernel, "cuLaunchKernel", e);
  resolve(library, d.cuLaunchKernelEx, "cuLaunchKernelEx", e);
  resolve(library, d.cuStreamCreate, "cuStreamCreate", e);
  resolve(library, d.cuStreamSynchronize, "cuStreamSynchronize", e);
  resolve(library, d.cuStreamDestroy, "cuStreamDestroy_v2", e);
  resolve(library, d.cuStreamWaitEvent, "cuStreamWaitEvent", e);
  resolve(library, d.cuEventCreate, "cuEventCreate", e);
  resolve(library, d.cuEventRecord, "cuEventRecord", e);
  resolve(library, d.cuEventSynchronize, "cuEventSynchronize", e);
  // CUDA 12.8 added the _v2 form; older drivers only have the original.
  std::string ignored;
  if (!resolve(library, d.cuEventElapsedTime, "cuEventElapsedTime_v2", ignored))
    resolve(library, d.cuEventElapsedTime, "cuEventElapsedTime", e);
  resolve(library, d.cuEventDestroy, "cuEventDestroy_v2", e);
  resolve(library, d.cuMemAlloc, "cuMemAlloc_v2", e);
  resolve(library, d.cuMemAllocManaged, "cuMemAllocManaged", e);
  resolve(library, d.cuMemFree, "cuMemFree_v2", e);
  resolve(library, d.cuMemcpy, "cuMemcpy", e);
  resolve(library, d.cuMemcpyAsync, "cuMemcpyAsync", e);
  resolve(library, d.cuMemsetD16Async, "cuMemsetD16Async", e);
  resolve(library, d.cuMemsetD32Async, "cuMemsetD32Async", e);
  resolve(library, d.cuMemHostRegister, "cuMemHostRegister_v2", e);
  resolve(library, d.cuMemHostUnregister, "cuMemHostUnregister", e);
  resolve(library, d.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled", e);
  result.loaded = e.empty();
  if (!result.loaded)
    result.error += " (" + std::string(path) + ")";
  return result;
}

} // namespace

const CudaDriver *cute::runtime::getCudaDriver(std::string *error) {
  static const LoadedDriver loaded = load(); // thread-safe initialisation
  if (!loaded.loaded) {
    if (error)
      *error = loaded.error;
    return nullptr;
  }
  return &loaded.driver;
}

std::string cute::runtime::cudaErrorName(CUresult result) {
  const char *name = nullptr;
  if (const CudaDriver *driver = getCudaDriver())
    if (driver->cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = nullptr;
  return name ? std::string(name) : "CUDA_ERROR_" + std::to_string(result);
}
