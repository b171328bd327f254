//===- ProgramAbort.h - A program's abort as its failure --------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_RUN_PROGRAMABORT_H
#define CUTE_MLIR_TOOLS_CUTE_RUN_PROGRAMABORT_H

#include <csignal>

namespace mlir::cute::run {

/// While alive, an abort() of the program cute-run runs (a failed cf.assert:
/// its message printed with puts, then abort) ends cute-run with exit code 1,
/// the program's output flushed and a line saying the program aborted,
/// instead of LLVM's crash report, which would lose the buffered message and
/// blame cute-run.
class ProgramAbortReport {
public:
  ProgramAbortReport();
  ~ProgramAbortReport();
  ProgramAbortReport(const ProgramAbortReport &) = delete;
  ProgramAbortReport &operator=(const ProgramAbortReport &) = delete;

private:
  struct sigaction previous;
};

} // namespace mlir::cute::run

#endif // CUTE_MLIR_TOOLS_CUTE_RUN_PROGRAMABORT_H
