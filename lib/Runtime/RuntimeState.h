//===- RuntimeState.h - Lazy driver state shared by the entry points ------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_RUNTIME_RUNTIMESTATE_H
#define CUTE_MLIR_LIB_RUNTIME_RUNTIMESTATE_H

#include "cute-mlir/Runtime/CudaDriver.h"
#include "cute-mlir/Runtime/Runtime.h"

namespace cute::runtime::detail {

/// Reports a failed driver call as "'<call>' failed with '<NAME>'" on stderr
/// and counts it. Returns true when `result` is CUDA_SUCCESS.
bool check(CUresult result, const char *call);

/// Reports a runtime error that is not a driver result, and counts it.
void reportError(const std::string &message);

/// Makes the default device's primary context current for the lifetime of
/// the object, initialising the driver on first use, so that entry points
/// work from any thread and from global constructors before main. When
/// no driver or device is usable, `driver()` is null (reported once).
class ScopedContext {
public:
  ScopedContext();
  ~ScopedContext();
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;

  const CudaDriver *driver() const { return active; }

private:
  const CudaDriver *active = nullptr;
};

/// The default device (meaningful once a ScopedContext has a driver).
const DeviceInfo &deviceInfo();

/// Whether MLIR_CUDA_DEBUG is set: print launch and TMA details.
bool debugEnabled();

/// Remembers a function's name, for timing reports.
void recordFunctionName(CUfunction function, const char *name);

/// The stream of setStreamOverride on this thread, or null.
CUstream streamOverride();

bool kernelTimingEnabled();
void recordKernelTime(CUfunction function, float milliseconds);

/// Runs `launch`. When kernel timing is enabled, brackets it with events on
/// `stream` and records the elapsed time under the function's name.
template <typename Launch>
void timedLaunch(const CudaDriver &d, CUfunction function, CUstream stream,
                 Launch launch) {
  if (!kernelTimingEnabled()) {
    launch();
    return;
  }
  CUevent start = nullptr, stop = nullptr;
  if (!check(d.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate") ||
      !check(d.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate")) {
    launch();
    return;
  }
  check(d.cuEventRecord(start, stream), "cuEventRecord(start)");
  launch();
  check(d.cuEventRecord(stop, stream), "cuEventRecord(stop)");
  float ms = 0;
  if (check(d.cuEventSynchronize(stop), "cuEventSynchronize(stop)") &&
      check(d.cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime"))
    recordKernelTime(function, ms);
  check(d.cuEventDestroy(start), "cuEventDestroy");
  check(d.cuEventDestroy(stop), "cuEventDestroy");
}

/// A ranked memref descriptor as lowered host code passes it:
/// {allocated, aligned, offset, sizes[rank], strides[rank]}.
struct MemRefView {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

inline MemRefView viewOf(int64_t rank, void *descriptor) {
  auto *words = static_cast<int64_t *>(descriptor);
  return {reinterpret_cast<char *>(words[1]), words[2], words + 3,
          words + 3 + rank};
}

} // namespace cute::runtime::detail

#endif // CUTE_MLIR_LIB_RUNTIME_RUNTIMESTATE_H
