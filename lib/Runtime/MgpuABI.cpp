//===- MgpuABI.cpp - The mgpu* entry points over the CUDA Driver API ------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Semantics follow upstream MLIR's CudaRuntimeWrappers.cpp (see
// ../shared/mgpu-abi.md): every call makes the primary context current,
// errors are reported and execution continues, a missing driver yields null
// handles rather than an abort.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Runtime/MgpuABI.h"

#include "RuntimeState.h"

#include <cstdio>
#include <string>

using namespace cute::runtime;
using namespace cute::runtime::detail;

namespace {

CUdeviceptr devicePtr(const void *p) {
  return reinterpret_cast<CUdeviceptr>(p);
}

/// The cluster size every cluster-capable GPU launches.
constexpr intptr_t kPortableClusterSize = 8;

/// Raises the function's dynamic shared memory limit when a launch asks for
/// more than the default 48 KiB (the opt-in maximum is the device's).
void allowDynamicSharedMemory(const CudaDriver &d, CUfunction function,
                              int32_t bytes) {
  if (bytes <= 0)
    return;
  int optIn = deviceInfo().maxSharedMemoryOptIn;
  if (bytes > optIn)
    std::fprintf(stderr,
                 "cute-runtime: the launch asks for %d bytes of dynamic shared "
                 "memory; the device allows %d\n",
                 bytes, optIn);
  check(d.cuFuncSetAttribute(
            function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes),
        "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
}

} // namespace

extern "C" void *mgpuModuleLoad(void *data, size_t size) {
  ScopedContext scope;
  CUmodule module = nullptr;
  if (const CudaDriver *d = scope.driver())
    check(d->cuModuleLoadData(&module, data), "cuModuleLoadData");
  (void)size; // cubin and fatbin carry their own size
  return module;
}

extern "C" void *mgpuModuleLoadJIT(void *ptx, int optLevel) {
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d)
    return nullptr;
  char errorLog[16384] = {0};
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                   CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog) - 1),
                    reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  CUmodule module = nullptr;
  if (!check(d->cuModuleLoadDataEx(&module, ptx, 3, options, values),
             "cuModuleLoadDataEx"))
    std::fprintf(stderr, "cute-runtime: PTX JIT log:\n%s\n", errorLog);
  return module;
}

extern "C" void mgpuModuleUnload(void *module) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver(); d && module)
    check(d->cuModuleUnload(static_cast<CUmodule>(module)), "cuModuleUnload");
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d || !module)
    return nullptr;
  CUfunction function = nullptr;
  if (check(d->cuModuleGetFunction(&function, static_cast<CUmodule>(module),
                                   name),
            "cuModuleGetFunction"))
    recordFunctionName(function, name);
  return function;
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ, int32_t smem,
                                 void *stream, void **params, void **extra,
                                 size_t paramsCount) {
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d || !function)
    return;
  auto f = static_cast<CUfunction>(function);
  auto s = static_cast<CUstream>(stream);
  allowDynamicSharedMemory(*d, f, smem);
  if (debugEnabled())
    std::fprintf(stderr,
                 "cute-runtime: launch grid (%ld,%ld,%ld) block (%ld,%ld,%ld) "
                 "smem %d, %zu parameters\n",
                 (long)gridX, (long)gridY, (long)gridZ, (long)blockX,
                 (long)blockY, (long)blockZ, smem, paramsCount);
  timedLaunch(*d, f, s, [&] {
    check(d->cuLaunchKernel(f, gridX, gridY, gridZ, blockX, blockY, blockZ,
                            smem, s, params, extra),
          "cuLaunchKernel");
  });
}

extern "C" void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                                        intptr_t clusterY, intptr_t clusterZ,
                                        intptr_t gridX, intptr_t gridY,
                                        intptr_t gridZ, intptr_t blockX,
                                        intptr_t blockY, intptr_t blockZ,
                                        int32_t smem, void *stream,
                                        void **params, void **extra) {
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d || !function)
    return;
  auto f = static_cast<CUfunction>(function);
  auto s = static_cast<CUstream>(stream);
  allowDynamicSharedMemory(*d, f, smem);
  // Clusters of more than the portable 8 CTAs (16 on an H100) launch only
  // once the function allows them, as upstream's runtime does.
  if (clusterX * clusterY * clusterZ > kPortableClusterSize)
    check(d->cuFuncSetAttribute(
              f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
          "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)");
  CUlaunchAttribute attributes[2] = {};
  attributes[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attributes[0].value.clusterDim = {static_cast<unsigned>(clusterX),
                                    static_cast<unsigned>(clusterY),
                                    static_cast<unsigned>(clusterZ)};
  attributes[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
  attributes[1].value.clusterSchedulingPolicyPreference =
      CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
  // Grid dimensions count blocks, not clusters.
  CUlaunchConfig config = {};
  config.gridDimX = gridX;
  config.gridDimY = gridY;
  config.gridDimZ = gridZ;
  config.blockDimX = blockX;
  config.blockDimY = blockY;
  config.blockDimZ = blockZ;
  config.sharedMemBytes = smem;
  config.hStream = s;
  config.attrs = attributes;
  config.numAttrs = 2;
  if (debugEnabled())
    std::fprintf(stderr,
                 "cute-runtime: cluster launch cluster (%ld,%ld,%ld) grid "
                 "(%ld,%ld,%ld) block (%ld,%ld,%ld) smem %d\n",
                 (long)clusterX, (long)clusterY, (long)clusterZ, (long)gridX,
                 (long)gridY, (long)gridZ, (long)blockX, (long)blockY,
                 (long)blockZ, smem);
  timedLaunch(*d, f, s, [&] {
    check(d->cuLaunchKernelEx(&config, f, params, extra), "cuLaunchKernelEx");
  });
}

extern "C" void *mgpuStreamCreate() {
  if (CUstream stream = streamOverride())
    return stream;
  ScopedContext scope;
  CUstream stream = nullptr;
  if (const CudaDriver *d = scope.driver())
    check(d->cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  return stream;
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuStreamSynchronize(static_cast<CUstream>(stream)),
          "cuStreamSynchronize");
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (stream && stream == streamOverride())
    return; // the caller's
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver(); d && stream)
    check(d->cuStreamDestroy(static_cast<CUstream>(stream)), "cuStreamDestroy");
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuStreamWaitEvent(static_cast<CUstream>(stream),
                               static_cast<CUevent>(event), 0),
          "cuStreamWaitEvent");
}

extern "C" void *mgpuEventCreate() {
  ScopedContext scope;
  CUevent event = nullptr;
  if (const CudaDriver *d = scope.driver())
    check(d->cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), "cuEventCreate");
  return event;
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuEventRecord(static_cast<CUevent>(event),
                           static_cast<CUstream>(stream)),
          "cuEventRecord");
}

extern "C" void mgpuEventSynchronize(void *event) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuEventSynchronize(static_cast<CUevent>(event)),
          "cuEventSynchronize");
}

extern "C" void mgpuEventDestroy(void *event) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver(); d && event)
    check(d->cuEventDestroy(static_cast<CUevent>(event)), "cuEventDestroy");
}

extern "C" void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared) {
  (void)stream; // allocation is synchronous, as upstream
  if (bytes == 0)
    return nullptr;
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  CUdeviceptr ptr = 0;
  if (d && hostShared)
    check(d->cuMemAllocManaged(&ptr, bytes, CU_MEM_ATTACH_GLOBAL),
          "cuMemAllocManaged");
  else if (d)
    check(d->cuMemAlloc(&ptr, bytes), "cuMemAlloc");
  return reinterpret_cast<void *>(ptr);
}

extern "C" void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver(); d && ptr)
    check(d->cuMemFree(devicePtr(ptr)), "cuMemFree");
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  ScopedContext scope;
  // Unified addressing lets the driver infer the direction.
  if (const CudaDriver *d = scope.driver())
    check(d->cuMemcpyAsync(devicePtr(dst), devicePtr(src), bytes,
                           static_cast<CUstream>(stream)),
          "cuMemcpyAsync");
}

extern "C" void mgpuMemset32(void *dst, uint32_t value, size_t count,
                             void *stream) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuMemsetD32Async(devicePtr(dst), value, count,
                              static_cast<CUstream>(stream)),
          "cuMemsetD32Async");
}

extern "C" void mgpuMemset16(void *dst, uint16_t value, size_t count,
                             void *stream) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuMemsetD16Async(devicePtr(dst), value, count,
                              static_cast<CUstream>(stream)),
          "cuMemsetD16Async");
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t bytes) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuMemHostRegister(ptr, bytes, 0), "cuMemHostRegister");
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuMemHostUnregister(ptr), "cuMemHostUnregister");
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementBytes) {
  MemRefView view = viewOf(rank, descriptor);
  // The outermost extent times its stride spans a dense memref.
  int64_t elements = rank == 0 ? 1 : view.sizes[0] * view.strides[0];
  mgpuMemHostRegister(view.aligned + view.offset * elementBytes,
                      elements * elementBytes);
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementBytes) {
  MemRefView view = viewOf(rank, descriptor);
  mgpuMemHostUnregister(view.aligned + view.offset * elementBytes);
}
