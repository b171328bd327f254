//===- Runtime.h - The cute-mlir GPU runtime, for tools ---------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The C++ side of the runtime library: what a driver program such as cute-run
// needs around the mgpu* entry points (MgpuABI.h) that lowered host code
// calls. The library never aborts: CUDA errors are reported on stderr as
// "'<call>' failed with '<CUDA_ERROR_NAME>'" and counted.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_RUNTIME_RUNTIME_H
#define CUTE_MLIR_RUNTIME_RUNTIME_H

#include <cstddef>
#include <string>
#include <vector>

namespace cute::runtime {

/// The device the runtime uses (the default device, ordinal 0 unless
/// mgpuSetDefaultDevice picked another before the first call).
struct DeviceInfo {
  std::string name;
  int computeMajor = 0;
  int computeMinor = 0;
  /// The most dynamic shared memory a block may opt in to, in bytes.
  int maxSharedMemoryOptIn = 0;
  /// Streaming multiprocessors (SMs): a persistent grid's size.
  int multiprocessorCount = 0;
};

/// Loads the driver and initialises the device. Returns false, with `*why`
/// saying what is missing (driver library, device), when no GPU can be used.
bool probeDevice(DeviceInfo *info, std::string *why);

/// When enabled, every launch is bracketed by CUDA events and its time is
/// recorded (the launch then waits for the kernel to finish).
void setKernelTiming(bool enabled);

struct KernelTiming {
  std::string kernel;
  float milliseconds;
};

/// The timings recorded since the last call, in launch order.
std::vector<KernelTiming> takeKernelTimings();

/// Makes the host code this thread runs use `stream` (a CUstream; null for
/// none): mgpuStreamCreate returns it and mgpuStreamDestroy leaves it alone,
/// so the host code's work is ordered after what the caller queued on it.
/// Returns the override it replaces.
void *setStreamOverride(void *stream);

/// How many CUDA errors the runtime has reported so far.
unsigned errorCount();

/// The exported mgpu* entry points by name, for JITs that resolve host-code
/// symbols explicitly rather than through the process's dynamic symbols.
struct ExportedSymbol {
  const char *name;
  void *address;
};
const std::vector<ExportedSymbol> &exportedSymbols();

} // namespace cute::runtime

#endif // CUTE_MLIR_RUNTIME_RUNTIME_H
