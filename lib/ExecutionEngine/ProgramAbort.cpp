//===- ProgramAbort.cpp - A JIT-run program's abort as its failure --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/ExecutionEngine/ProgramAbort.h"

#include <csetjmp>
#include <csignal>
#include <cstdio>

namespace {

/// Where an abort on this thread returns to, while a program runs here.
thread_local sigjmp_buf *returnPoint = nullptr;

extern "C" void returnFromAbort(int signal) {
  if (!returnPoint) {
    // Not a program this thread runs: abort as if we were not here.
    std::signal(signal, SIG_DFL);
    std::raise(signal);
    return;
  }
  // abort() is called from the program's own code after puts returned (glibc
  // releases its abort lock before raising), so stdio is not mid-call.
  std::fflush(stdout);
  siglongjmp(*returnPoint, 1);
}

} // namespace

bool mlir::cute::callCatchingAbort(void (*entry)(void **), void **args) {
  struct sigaction catching = {}, previous = {};
  catching.sa_handler = returnFromAbort;
  sigemptyset(&catching.sa_mask);
  sigaction(SIGABRT, &catching, &previous);
  sigjmp_buf here;
  sigjmp_buf *outer = returnPoint;
  // volatile: read after siglongjmp returns to sigsetjmp.
  volatile bool completed = false;
  if (sigsetjmp(here, /*savemask=*/1) == 0) {
    returnPoint = &here;
    entry(args);
    completed = true;
  }
  returnPoint = outer;
  sigaction(SIGABRT, &previous, nullptr);
  return completed;
}
