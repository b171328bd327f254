"""Host functions, as `cute-run` runs them, called from Python: compile a
module whose func.func code launches its kernels, JIT-compile that host code
in this process and call its functions on tensors.

    >>> from cute_mlir import host
    >>> program = host.compile(source, chip="sm_90a")   # cached, like compile
    >>> program.functions["gemm"]
    HostFunction('gemm', arguments=['memref<?x?xf16>', ...], results=[])
    >>> engine = host.load(program)                     # kernels loaded
    >>> engine["gemm"](a, b, c)

A ``memref`` argument takes a tensor where it lives: a torch tensor (on the
GPU or the CPU), or any object with ``__cuda_array_interface__`` (cupy, numba)
or ``__array_interface__`` (numpy: host memory). Its element type, rank and
static sizes are checked. Integers and floats take Python numbers; scalar
results come back as Python numbers (a tuple for several). The call returns
when the host function does. Its GPU work goes to its own streams, as under
cute-run, or with ``stream=`` to that stream, after the work already queued
there.

Compilation needs no GPU. Loading a program with kernels raises
runtime.NoGpuError without one; a program without kernels runs on the CPU.
"""

import ctypes
import json

from . import compiler, runtime
from ._capi import MlirStringRef, lib

__all__ = ["HostFunction", "HostProgram", "Engine", "ProgramAborted",
           "compile", "load"]


class ProgramAborted(RuntimeError):
    """The host code called abort(): a failed ``cf.assert`` (such as the
    check that a kernel compiled for one launch gets its values), whose
    message it printed to stdout. The engine can be called again; what the
    aborted call allocated stays allocated."""


class HostFunction:
    """A public func.func of a program: its argument and result types as
    written in the source."""

    def __init__(self, name, arguments, results):
        self.name = name
        self.arguments, self.results = list(arguments), list(results)

    def __repr__(self):
        return (f"HostFunction({self.name!r}, arguments={self.arguments}, "
                f"results={self.results})")


class HostProgram:
    """A module lowered by cute-to-llvm (LLVM-dialect text) and its host
    functions."""

    def __init__(self, chip, opt_level, lowered, functions, cached=False):
        self.chip, self.opt_level = chip, opt_level
        self.lowered = lowered
        self.functions = {f.name: f for f in functions}
        self.cached = cached

    def to_json(self):
        return json.dumps({
            "chip": self.chip, "opt_level": self.opt_level,
            "lowered": self.lowered,
            "functions": [[f.name, f.arguments, f.results]
                          for f in self.functions.values()]})

    @classmethod
    def from_json(cls, text):
        data = json.loads(text)
        return cls(data["chip"], data["opt_level"], data["lowered"],
                   [HostFunction(*f) for f in data["functions"]], True)

    def __repr__(self):
        return (f"HostProgram(chip={self.chip!r}, "
                f"functions={list(self.functions)})")


def _compile_uncached(source, name, chip, features, opt_level):
    p = lib.mlirCuteCompileHostProgram(
        MlirStringRef.of(source), MlirStringRef.of(name),
        MlirStringRef.of(chip), MlirStringRef.of(features), opt_level)
    try:
        if not lib.mlirCuteHostProgramSucceeded(p):
            raise compiler.CompileError(
                lib.mlirCuteHostProgramGetDiagnostics(p).str())
        functions = []
        for f in range(lib.mlirCuteHostProgramGetNumFunctions(p)):
            arguments = [
                lib.mlirCuteHostProgramGetFunctionArgumentType(p, f, a).str()
                for a in range(
                    lib.mlirCuteHostProgramGetFunctionNumArguments(p, f))]
            results = [
                lib.mlirCuteHostProgramGetFunctionResultType(p, f, r).str()
                for r in range(
                    lib.mlirCuteHostProgramGetFunctionNumResults(p, f))]
            functions.append(HostFunction(
                lib.mlirCuteHostProgramGetFunctionName(p, f).str(),
                arguments, results))
        return HostProgram(chip, opt_level,
                           lib.mlirCuteHostProgramGetLowered(p).str(),
                           functions)
    finally:
        lib.mlirCuteHostProgramDestroy(p)


def compile(source, chip="sm_90a", features="", opt_level=3, cache=True,
            name="<python>"):
    """Compiles `source` (module text: gpu.modules and host functions) for
    `chip` through cute-to-llvm; returns a HostProgram or raises
    compiler.CompileError with the diagnostics. Cached as compiler.compile
    caches PTX."""
    if not isinstance(source, str):
        raise TypeError("compile() takes the module's text")
    if not 0 <= opt_level <= 3:
        raise ValueError(f"opt_level is 0 to 3, not {opt_level}")
    key = compiler._key(source, chip, features, opt_level, kind="host")
    return compiler.cached(
        compiler.cache_dir() / (key + ".json"), cache, HostProgram.from_json,
        lambda: _compile_uncached(source, name, chip, features, opt_level))


# memref element types by the dtype names of torch, numpy and cupy.
_ELEMENTS = {"f16": {"float16"}, "bf16": {"bfloat16"}, "f32": {"float32"},
             "f64": {"float64"}, "i8": {"int8", "uint8"},
             "i16": {"int16", "uint16"}, "i32": {"int32", "uint32"},
             "i64": {"int64", "uint64"}, "i1": {"bool"},
             "f8E4M3FN": {"float8_e4m3fn"}, "f8E5M2": {"float8_e5m2"}}


def _memref_parts(type_text):
    """(static sizes or None per dim, element type) of a memref type."""
    body = type_text[len("memref<"):-1].split(",")[0].strip()
    *dims, element = body.split("x")
    return [None if d == "?" else int(d) for d in dims], element


def _tensor_anywhere(value):
    """(address, shape, strides in elements, dtype name) of a tensor in host
    or device memory."""
    if hasattr(value, "data_ptr") and hasattr(value, "stride"):  # torch
        return (value.data_ptr(), tuple(value.shape), tuple(value.stride()),
                str(value.dtype).replace("torch.", ""))
    for protocol in ("__cuda_array_interface__", "__array_interface__"):
        interface = getattr(value, protocol, None)
        if interface is not None:  # cupy, numba / numpy and its kin
            return runtime._interface_view(interface)
    raise TypeError(f"not a tensor: {type(value).__name__}")


def _memref_values(type_text, value, where):
    dims, element = _memref_parts(type_text)
    address, shape, strides, dtype = _tensor_anywhere(value)
    if element in _ELEMENTS and dtype not in _ELEMENTS[element]:
        raise TypeError(f"{where}: a {dtype} tensor for {element} elements")
    shape, strides = runtime._memref_shape(len(dims), shape, strides, where)
    for i, (want, got) in enumerate(zip(dims, shape)):
        if want is not None and want != got:
            raise TypeError(f"{where}: size {got} in dimension {i}, the "
                            f"memref's is {want}")
    return runtime._memref_fields(address, shape, strides)


def _argument_values(type_text, value, where):
    if type_text.startswith("memref<"):
        return _memref_values(type_text, value, where)
    if type_text in runtime._SCALARS:
        if not isinstance(value, (int, float)):
            raise TypeError(f"{where}: expected a number, got "
                            f"{type(value).__name__}")
        return [runtime._SCALARS[type_text](value)]
    raise TypeError(f"{where}: arguments of this type cannot be passed from "
                    "Python yet")


class _Callable:
    def __init__(self, engine, function):
        self.engine, self.function = engine, function
        for type_text in function.results:
            if type_text not in runtime._SCALARS:
                raise TypeError(f"@{function.name} returns {type_text}: "
                                "only scalar results can come back to Python")

    def __call__(self, *args, stream=None):
        """Calls the function; with `stream` (torch, cupy or a CUstream
        handle) its GPU work goes there, after what is queued on it."""
        f = self.function
        if len(args) != len(f.arguments):
            raise TypeError(f"@{f.name} takes {len(f.arguments)} arguments "
                            f"({', '.join(f.arguments)}), got {len(args)}")
        values = []
        for i, (type_text, value) in enumerate(zip(f.arguments, args)):
            values += _argument_values(
                type_text, value, f"@{f.name} argument {i} ({type_text})")
        # Several results come back as one struct of them, in order.
        fields = [(f"r{i}", runtime._SCALARS[t])
                  for i, t in enumerate(f.results)]
        result = type("Results", (ctypes.Structure,), {"_fields_": fields})()
        slots = values + ([result] if fields else [])
        packed = (ctypes.c_void_p * max(1, len(slots)))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in slots])
        if not lib.mlirCuteHostEngineInvoke(
                self.engine._handle, MlirStringRef.of(f.name), packed,
                runtime._stream_handle(stream)):
            error = lib.mlirCuteHostEngineGetError(self.engine._handle).str()
            if lib.mlirCuteHostEngineAborted(self.engine._handle):
                raise ProgramAborted(error)
            raise runtime.CudaError(error)
        values = tuple(getattr(result, name) for name, _ in fields)
        return values[0] if len(values) == 1 else (values or None)


class Engine:
    """A HostProgram JIT-compiled in this process, its kernels loaded; index
    it by host function name to get a callable."""

    def __init__(self, program):
        self.program = program
        self._handle = lib.mlirCuteHostEngineCreate(
            MlirStringRef.of(program.lowered), program.opt_level)
        if not lib.mlirCuteHostEngineSucceeded(self._handle):
            error = lib.mlirCuteHostEngineGetError(self._handle).str()
            no_gpu = lib.mlirCuteHostEngineFoundNoGpu(self._handle)
            self.close()
            raise (runtime.NoGpuError if no_gpu else RuntimeError)(error)

    def __getitem__(self, name):
        if name not in self.program.functions:
            raise KeyError(f"no host function {name!r}; the program has "
                           f"{', '.join(self.program.functions) or 'none'}")
        return _Callable(self, self.program.functions[name])

    def close(self):
        if self._handle is not None:
            lib.mlirCuteHostEngineDestroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()


def load(program):
    """JIT-compiles a HostProgram and loads its kernels; returns an Engine."""
    return Engine(program)
