"""Loads libCuteMlirCAPI.so, the C API of cute-mlir, with ctypes.

ctypes (not a compiled extension) keeps one build usable from any CPython
3.9 or newer. The library is looked for, in order, at $CUTE_MLIR_CAPI_LIBRARY,
inside the installed package (``cute_mlir/_lib``), and in the build tree the
package sits in (``<repo>/build/lib``, or $CUTE_MLIR_BUILD_DIR/lib).
"""

import ctypes
import os
import pathlib

_NAME = "libCuteMlirCAPI.so"


class MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    @staticmethod
    def of(text):
        data = text.encode() if isinstance(text, str) else bytes(text)
        ref = MlirStringRef(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p),
                            len(data))
        ref._keep = data  # alive as long as the ref
        return ref

    def str(self):
        return self.bytes().decode()

    def bytes(self):
        if not self.length:
            return b""
        return ctypes.string_at(self.data, self.length)


class _Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


def candidates():
    """Where the library may be, in the order tried."""
    paths = []
    if os.environ.get("CUTE_MLIR_CAPI_LIBRARY"):
        paths.append(pathlib.Path(os.environ["CUTE_MLIR_CAPI_LIBRARY"]))
    here = pathlib.Path(__file__).resolve().parent
    paths.append(here / "_lib" / _NAME)
    if os.environ.get("CUTE_MLIR_BUILD_DIR"):
        paths.append(pathlib.Path(os.environ["CUTE_MLIR_BUILD_DIR"]) / "lib" / _NAME)
    paths.append(here.parent.parent / "build" / "lib" / _NAME)
    return paths


def _load():
    tried = []
    for path in candidates():
        if path.is_file():
            return ctypes.CDLL(str(path)), path
        tried.append(str(path))
    raise ImportError(
        f"cute_mlir: cannot find {_NAME} (build it with scripts/setup.sh, or "
        f"set CUTE_MLIR_CAPI_LIBRARY); looked at: {', '.join(tried)}")


lib, path = _load()

_S, _H, _P = MlirStringRef, _Handle, ctypes.c_ssize_t
_SIGNATURES = {
    # Layout.h
    "mlirCuteEvaluate": ([_S], _H),
    "mlirCuteValueDestroy": ([_H], None),
    "mlirCuteValueGetKind": ([_H], ctypes.c_int),
    "mlirCuteValueGetError": ([_H], _S),
    "mlirCuteValueGetNotation": ([_H, ctypes.c_bool], _S),
    "mlirCuteValueGetTable": ([_H, ctypes.POINTER(_S), ctypes.POINTER(_S)],
                              ctypes.c_bool),
    "mlirCuteValueGetSvg": ([_H, ctypes.POINTER(_S), ctypes.POINTER(_S)],
                            ctypes.c_bool),
    "mlirCuteGetNumFunctions": ([], _P),
    "mlirCuteGetFunctionName": ([_P], _S),
    "mlirCuteGetNumMmaAtoms": ([], _P),
    "mlirCuteGetMmaAtomName": ([_P], _S),
    "mlirCuteGetNumCopyAtoms": ([], _P),
    "mlirCuteGetCopyAtomName": ([_P], _S),
    # Compile.h
    "mlirCuteCompileToPtx": ([_S, _S, _S, _S, ctypes.c_int], _H),
    "mlirCuteCompile": ([_S, _S, _S, _S, ctypes.c_int, _S], _H),
    "mlirCuteCompilationDestroy": ([_H], None),
    "mlirCuteCompilationSucceeded": ([_H], ctypes.c_bool),
    "mlirCuteCompilationGetDiagnostics": ([_H], _S),
    "mlirCuteCompilationGetNumModules": ([_H], _P),
    "mlirCuteCompilationGetModuleName": ([_H, _P], _S),
    "mlirCuteCompilationGetModulePtx": ([_H, _P], _S),
    "mlirCuteCompilationGetNumKernels": ([_H, _P], _P),
    "mlirCuteCompilationGetKernelName": ([_H, _P, _P], _S),
    "mlirCuteCompilationGetKernelNumArguments": ([_H, _P, _P], _P),
    "mlirCuteCompilationGetKernelArgumentType": ([_H, _P, _P, _P], _S),
    "mlirCuteCompilationGetKernelDims": (
        [_H, _P, _P, _S, ctypes.POINTER(ctypes.c_int32)], ctypes.c_bool),
    "mlirCuteCompilationGetKernelArgumentKnownValue": (
        [_H, _P, _P, _P, ctypes.POINTER(ctypes.c_int64)], ctypes.c_bool),
    "mlirCuteCompilationGetKernelDynamicSharedBytes": (
        [_H, _P, _P], ctypes.c_int64),
    # HostProgram.h
    "mlirCuteCompileHostProgram": ([_S, _S, _S, _S, ctypes.c_int], _H),
    "mlirCuteHostProgramDestroy": ([_H], None),
    "mlirCuteHostProgramSucceeded": ([_H], ctypes.c_bool),
    "mlirCuteHostProgramGetDiagnostics": ([_H], _S),
    "mlirCuteHostProgramGetLowered": ([_H], _S),
    "mlirCuteHostProgramGetNumFunctions": ([_H], _P),
    "mlirCuteHostProgramGetFunctionName": ([_H, _P], _S),
    "mlirCuteHostProgramGetFunctionNumArguments": ([_H, _P], _P),
    "mlirCuteHostProgramGetFunctionArgumentType": ([_H, _P, _P], _S),
    "mlirCuteHostProgramGetFunctionNumResults": ([_H, _P], _P),
    "mlirCuteHostProgramGetFunctionResultType": ([_H, _P, _P], _S),
    "mlirCuteHostEngineCreate": ([_S, ctypes.c_int], _H),
    "mlirCuteHostEngineDestroy": ([_H], None),
    "mlirCuteHostEngineSucceeded": ([_H], ctypes.c_bool),
    "mlirCuteHostEngineGetError": ([_H], _S),
    "mlirCuteHostEngineFoundNoGpu": ([_H], ctypes.c_bool),
    "mlirCuteHostEngineAborted": ([_H], ctypes.c_bool),
    "mlirCuteHostEngineInvoke": ([_H, _S, ctypes.POINTER(ctypes.c_void_p),
                                  ctypes.c_void_p], ctypes.c_bool),
}
for _name, (_args, _result) in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.argtypes, _fn.restype = _args, _result


def names(count_fn, name_fn):
    """A list of strings from a count / by-index accessor pair."""
    return [name_fn(i).str() for i in range(count_fn())]
