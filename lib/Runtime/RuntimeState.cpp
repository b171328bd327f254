//===- RuntimeState.cpp - Lazy initialisation, errors and timings ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "RuntimeState.h"

#include "cute-mlir/Runtime/Runtime.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

using namespace cute::runtime;
using namespace cute::runtime::detail;

namespace {

std::atomic<unsigned> errors{0};
std::atomic<bool> timing{false};
std::mutex timingMutex;
std::vector<KernelTiming> timings;
std::map<CUfunction, std::string> functionNames;

/// The primary context of the default device, created on first use.
struct Device {
  const CudaDriver *driver = nullptr;
  CUcontext context = nullptr;
  DeviceInfo info;
  std::string error;
};

int defaultOrdinal = 0;

Device initialise() {
  Device device;
  const CudaDriver *d = getCudaDriver(&device.error);
  if (!d)
    return device;
  auto fail = [&](CUresult result, const char *call) {
    device.error =
        std::string(call) + " failed with '" + cudaErrorName(result) + "'";
    return device;
  };
  if (CUresult r = d->cuInit(0))
    return fail(r, "cuInit");
  int count = 0;
  if (CUresult r = d->cuDeviceGetCount(&count))
    return fail(r, "cuDeviceGetCount");
  if (count <= defaultOrdinal) {
    device.error = "no CUDA device " + std::to_string(defaultOrdinal) +
                   " (the driver reports " + std::to_string(count) + ")";
    return device;
  }
  CUdevice dev = 0;
  if (CUresult r = d->cuDeviceGet(&dev, defaultOrdinal))
    return fail(r, "cuDeviceGet");
  if (CUresult r = d->cuDevicePrimaryCtxRetain(&device.context, dev))
    return fail(r, "cuDevicePrimaryCtxRetain");
  char name[256] = {0};
  if (d->cuDeviceGetName(name, sizeof(name) - 1, dev) == CUDA_SUCCESS)
    device.info.name = name;
  d->cuDeviceGetAttribute(&device.info.computeMajor,
                          CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  d->cuDeviceGetAttribute(&device.info.computeMinor,
                          CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
  d->cuDeviceGetAttribute(&device.info.multiprocessorCount,
                          CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  d->cuDeviceGetAttribute(&device.info.maxSharedMemoryOptIn,
                          CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                          dev);
  device.driver = d;
  return device;
}

const Device &device() {
  static const Device dev = initialise(); // thread-safe, once
  return dev;
}

} // namespace

bool detail::check(CUresult result, const char *call) {
  if (result == CUDA_SUCCESS)
    return true;
  ++errors;
  std::fprintf(stderr, "cute-runtime: '%s' failed with '%s'\n", call,
               cudaErrorName(result).c_str());
  return false;
}

void detail::reportError(const std::string &message) {
  ++errors;
  std::fprintf(stderr, "cute-runtime: %s\n", message.c_str());
}

ScopedContext::ScopedContext() {
  const Device &dev = device();
  if (!dev.driver) {
    static std::once_flag reported;
    std::call_once(reported,
                   [&] { reportError("no GPU can be used: " + dev.error); });
    return;
  }
  if (check(dev.driver->cuCtxPushCurrent(dev.context), "cuCtxPushCurrent"))
    active = dev.driver;
}

ScopedContext::~ScopedContext() {
  if (!active)
    return;
  CUcontext popped = nullptr;
  check(active->cuCtxPopCurrent(&popped), "cuCtxPopCurrent");
}

const DeviceInfo &detail::deviceInfo() { return device().info; }

bool detail::debugEnabled() {
  static const bool enabled = [] {
    const char *value = std::getenv("MLIR_CUDA_DEBUG");
    return value && *value && *value != '0';
  }();
  return enabled;
}

void detail::recordFunctionName(CUfunction function, const char *name) {
  std::lock_guard<std::mutex> lock(timingMutex);
  functionNames[function] = name;
}

bool detail::kernelTimingEnabled() { return timing; }

void detail::recordKernelTime(CUfunction function, float milliseconds) {
  std::lock_guard<std::mutex> lock(timingMutex);
  auto it = functionNames.find(function);
  timings.push_back(
      {it == functionNames.end() ? "?" : it->second, milliseconds});
}

bool cute::runtime::probeDevice(DeviceInfo *info, std::string *why) {
  const Device &dev = device();
  if (!dev.driver) {
    if (why)
      *why = dev.error;
    return false;
  }
  if (info)
    *info = dev.info;
  return true;
}

// Host code runs on its caller's thread: an override per thread never
// leaks into another caller's host code.
static thread_local CUstream overriddenStream = nullptr;

void *cute::runtime::setStreamOverride(void *stream) {
  CUstream previous = overriddenStream;
  overriddenStream = static_cast<CUstream>(stream);
  return previous;
}

CUstream cute::runtime::detail::streamOverride() { return overriddenStream; }

void cute::runtime::setKernelTiming(bool enabled) { timing = enabled; }

std::vector<KernelTiming> cute::runtime::takeKernelTimings() {
  std::lock_guard<std::mutex> lock(timingMutex);
  std::vector<KernelTiming> result;
  result.swap(timings);
  return result;
}

unsigned cute::runtime::errorCount() { return errors; }

extern "C" int64_t cuteMultiprocessorCount() {
  // The count is read once, when the device is initialised; a ScopedContext
  // initialises it and reports a missing GPU once.
  ScopedContext scope;
  return scope.driver() ? deviceInfo().multiprocessorCount : 0;
}

extern "C" void mgpuSetDefaultDevice(int32_t ordinal) {
  // Only effective before the first call initialises the device, as upstream.
  defaultOrdinal = ordinal;
}
