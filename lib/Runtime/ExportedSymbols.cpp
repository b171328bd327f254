//===- ExportedSymbols.cpp - The mgpu* entry points by name ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Runtime/MgpuABI.h"
#include "cute-mlir/Runtime/Runtime.h"

using namespace cute::runtime;

const std::vector<ExportedSymbol> &cute::runtime::exportedSymbols() {
#define CUTE_EXPORT(fn)                                                        \
  { #fn, reinterpret_cast < void *>(&fn) }
  static const std::vector<ExportedSymbol> symbols = {
      CUTE_EXPORT(mgpuModuleLoad),
      CUTE_EXPORT(mgpuModuleLoadJIT),
      CUTE_EXPORT(mgpuModuleUnload),
      CUTE_EXPORT(mgpuModuleGetFunction),
      CUTE_EXPORT(mgpuLaunchKernel),
      CUTE_EXPORT(mgpuLaunchClusterKernel),
      CUTE_EXPORT(mgpuStreamCreate),
      CUTE_EXPORT(mgpuStreamSynchronize),
      CUTE_EXPORT(mgpuStreamDestroy),
      CUTE_EXPORT(mgpuStreamWaitEvent),
      CUTE_EXPORT(mgpuEventCreate),
      CUTE_EXPORT(mgpuEventRecord),
      CUTE_EXPORT(mgpuEventSynchronize),
      CUTE_EXPORT(mgpuEventDestroy),
      CUTE_EXPORT(mgpuMemAlloc),
      CUTE_EXPORT(mgpuMemFree),
      CUTE_EXPORT(mgpuMemcpy),
      CUTE_EXPORT(mgpuMemset32),
      CUTE_EXPORT(mgpuMemset16),
      CUTE_EXPORT(mgpuMemHostRegister),
      CUTE_EXPORT(mgpuMemHostUnregister),
      CUTE_EXPORT(mgpuMemHostRegisterMemRef),
      CUTE_EXPORT(mgpuMemHostUnregisterMemRef),
      CUTE_EXPORT(mgpuSetDefaultDevice),
      CUTE_EXPORT(mgpuTensorMapEncodeTiledMemref),
      CUTE_EXPORT(mgpuTensorMapEncodeTiled),
      CUTE_EXPORT(cuteTmaDescriptorCreate),
      CUTE_EXPORT(cuteTmaDescriptorDestroy),
      CUTE_EXPORT(cuteMultiprocessorCount),
  };
#undef CUTE_EXPORT
  return symbols;
}
