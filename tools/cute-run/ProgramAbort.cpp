//===- ProgramAbort.cpp - A running program's abort as its failure --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "ProgramAbort.h"

#include <cstdio>
#include <unistd.h>

using namespace mlir::cute::run;

namespace {

extern "C" void reportProgramAbort(int) {
  // abort() is called from the program's own code, after puts returned, so
  // stdio is not in the middle of a call and flushing it here is safe.
  std::fflush(stdout);
  static const char message[] =
      "cute-run: the program aborted (a failed assertion: its message is "
      "above)\n";
  (void)!write(STDERR_FILENO, message, sizeof(message) - 1);
  _exit(1);
}

} // namespace

ProgramAbortReport::ProgramAbortReport() {
  struct sigaction report = {};
  report.sa_handler = reportProgramAbort;
  sigemptyset(&report.sa_mask);
  sigaction(SIGABRT, &report, &previous);
}

ProgramAbortReport::~ProgramAbortReport() {
  sigaction(SIGABRT, &previous, nullptr);
}
