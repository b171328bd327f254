//===- Artifacts.h - PTX, cubin and SASS files from gpu.binary ops -*- C++
//-*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_RUN_ARTIFACTS_H
#define CUTE_MLIR_TOOLS_CUTE_RUN_ARTIFACTS_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::cute::run {

/// Writes the PTX of the module's gpu.binary (one file per binary: the
/// binary's name is inserted before the extension when there are several),
/// and, through the CUDA toolkit's ptxas and cuobjdump, its cubin and SASS.
/// An empty path skips that file. Failures are reported on stderr.
LogicalResult writeArtifacts(ModuleOp module, StringRef chip, StringRef ptxPath,
                             StringRef cubinPath, StringRef sassPath);

} // namespace mlir::cute::run

#endif // CUTE_MLIR_TOOLS_CUTE_RUN_ARTIFACTS_H
