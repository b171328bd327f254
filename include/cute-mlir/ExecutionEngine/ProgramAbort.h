//===- ProgramAbort.h - A program's abort as its failure --------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A failed cf.assert in host code prints its message with puts and calls
// abort(). Under cute-run or the Python package that would end the process:
// LLVM's crash report blaming cute-run, or a dead interpreter, with the
// message often lost in stdout's buffer. The JIT's callers run the program
// through callCatchingAbort instead and report the abort as its failure.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_EXECUTIONENGINE_PROGRAMABORT_H
#define CUTE_MLIR_EXECUTIONENGINE_PROGRAMABORT_H

namespace mlir {
namespace cute {

/// Calls `entry(args)`, a JIT-compiled function's packed wrapper. Returns
/// false if it called abort() on this thread: stdout is flushed (the
/// assertion's message is there) and control comes back here, leaving the
/// program's own frames (generated code, which has no cleanups) behind, with
/// whatever they had allocated. An abort on another thread ends the process
/// as usual.
bool callCatchingAbort(void (*entry)(void **), void **args);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_EXECUTIONENGINE_PROGRAMABORT_H
