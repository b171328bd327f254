"""Compile cute-mlir modules to PTX in-process, with a content-hash cache.

    >>> from cute_mlir import compiler
    >>> module = compiler.compile(open("examples/gemm-sm80.mlir").read(),
    ...                           chip="sm_80")
    >>> module.kernels["gemm_tn"].arguments[:1]
    ['memref<?xf16, 1>']

The pipeline is `cute-opt --cute-to-ptx`'s. Results are kept under
$CUTE_MLIR_CACHE_DIR, else $XDG_CACHE_HOME/cute-mlir/python, else
~/.cache/cute-mlir/python, keyed by a SHA-256 of the source, the target
options and the compiler library itself, as `cute-run` keys its cache; a
second compile of the same text is a file read.
"""

import base64
import ctypes
import hashlib
import json
import os
import pathlib
import tempfile

from . import _capi
from ._capi import MlirStringRef, lib
from ._specialize import specialize

__all__ = ["CompileError", "CompiledModule", "Kernel", "compile",
           "cache_dir", "specialize"]


class CompileError(RuntimeError):
    """The module did not compile; `diagnostics` holds every located
    message, as `cute-opt` prints them."""

    def __init__(self, diagnostics):
        super().__init__(diagnostics.strip() or "compilation failed")
        self.diagnostics = diagnostics


class Kernel:
    """A kernel of a compiled gpu.module: its PTX entry name, its argument
    types as written in the source, its ``known_block_size`` if any, and
    ``smem``, the bytes of dynamic shared memory its views of
    ``gpu.dynamic_shared_memory`` reach (0 when it uses none; None when a
    view's extent is known only at run time): the least a launch gives.
    A kernel compiled for one launch (``cute-specialize-kernels``) has
    ``known``, {argument index: its ``cute.known_value``}, and ``grid`` and
    ``cluster``, its ``known_grid_size`` and ``known_cluster_size`` (else
    None): every launch must pass those."""

    def __init__(self, module, name, arguments, block=None, smem=None,
                 known=None, grid=None, cluster=None):
        self.module, self.name = module, name
        self.arguments, self.block = list(arguments), block
        self.smem = smem
        self.known = {int(i): int(v) for i, v in (known or {}).items()}
        self.grid, self.cluster = grid, cluster

    def __repr__(self):
        return f"Kernel({self.name!r}, arguments={self.arguments})"


# compile()'s formats, by the name cute-to-ptx gives each.
FORMATS = {"ptx": "isa", "cubin": "bin", "fatbin": "fatbin"}


class CompiledModule:
    """Each gpu.module of a compiled source as PTX text (``ptx``) or, for the
    cubin and fatbin formats, bytes (``binaries``), and its kernels. Both
    load through runtime.load."""

    def __init__(self, chip, ptx, kernels, cached=False, format="ptx",
                 binaries=None):
        self.chip, self.format = chip, format
        self.ptx = dict(ptx)          # gpu.module name -> PTX text
        self.binaries = dict(binaries or {})  # name -> cubin / fatbin
        self.kernels = dict(kernels)  # kernel name -> Kernel
        self.cached = cached          # True when read from the cache

    def images(self):
        """(gpu.module name, what cuModuleLoadData takes) pairs."""
        for name, ptx in self.ptx.items():
            yield name, ptx.encode() + b"\0"
        yield from self.binaries.items()

    def to_json(self):
        return json.dumps({
            "chip": self.chip, "format": self.format, "ptx": self.ptx,
            "binaries": {name: base64.b64encode(data).decode()
                         for name, data in self.binaries.items()},
            "kernels": [[k.module, k.name, k.arguments, k.block, k.smem,
                         k.known, k.grid, k.cluster]
                        for k in self.kernels.values()]})

    @classmethod
    def from_json(cls, text, cached=True):
        data = json.loads(text)
        kernels = {k[1]: Kernel(*k) for k in data["kernels"]}
        binaries = {name: base64.b64decode(blob)
                    for name, blob in data["binaries"].items()}
        return cls(data["chip"], data["ptx"], kernels, cached,
                   data["format"], binaries)

    def __repr__(self):
        modules = list(self.ptx) + list(self.binaries)
        return (f"CompiledModule(chip={self.chip!r}, format={self.format!r}, "
                f"modules={modules}, kernels={list(self.kernels)})")


def cache_dir():
    if os.environ.get("CUTE_MLIR_CACHE_DIR"):
        return pathlib.Path(os.environ["CUTE_MLIR_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache"
    return pathlib.Path(base) / "cute-mlir" / "python"


_LIBRARY_ID = None


def _library_id():
    """The compiler's identity in cache keys: a changed library misses."""
    global _LIBRARY_ID
    if _LIBRARY_ID is None:
        stat = _capi.path.stat()
        _LIBRARY_ID = f"{_capi.path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}"
    return _LIBRARY_ID


def _key(source, chip, features, opt_level, kind="ptx"):
    h = hashlib.sha256()
    for part in (_library_id(), kind, chip, features, str(opt_level),
                 source):
        data = part.encode()
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def _compile_uncached(source, name, chip, features, opt_level, format):
    c = lib.mlirCuteCompile(
        MlirStringRef.of(source), MlirStringRef.of(name),
        MlirStringRef.of(chip), MlirStringRef.of(features), opt_level,
        MlirStringRef.of(FORMATS[format]))
    try:
        if not lib.mlirCuteCompilationSucceeded(c):
            raise CompileError(lib.mlirCuteCompilationGetDiagnostics(c).str())
        ptx, binaries, kernels = {}, {}, {}
        for m in range(lib.mlirCuteCompilationGetNumModules(c)):
            module = lib.mlirCuteCompilationGetModuleName(c, m).str()
            data = lib.mlirCuteCompilationGetModulePtx(c, m).bytes()
            if format == "ptx":
                ptx[module] = data.decode()
            else:
                binaries[module] = data
            for k in range(lib.mlirCuteCompilationGetNumKernels(c, m)):
                kernel = lib.mlirCuteCompilationGetKernelName(c, m, k).str()
                args = [lib.mlirCuteCompilationGetKernelArgumentType(
                    c, m, k, a).str() for a in range(
                        lib.mlirCuteCompilationGetKernelNumArguments(c, m, k))]

                def dims(which):
                    out = (ctypes.c_int32 * 3)()
                    return (list(out) if lib.mlirCuteCompilationGetKernelDims(
                        c, m, k, MlirStringRef.of(which), out) else None)
                known, value = {}, ctypes.c_int64()
                for a in range(len(args)):
                    if lib.mlirCuteCompilationGetKernelArgumentKnownValue(
                            c, m, k, a, ctypes.byref(value)):
                        known[a] = value.value
                smem = lib.mlirCuteCompilationGetKernelDynamicSharedBytes(
                    c, m, k)
                kernels[kernel] = Kernel(
                    module, kernel, args, dims("known_block_size"),
                    None if smem < 0 else smem, known,
                    dims("known_grid_size"), dims("known_cluster_size"))
        return CompiledModule(chip, ptx, kernels, format=format,
                              binaries=binaries)
    finally:
        lib.mlirCuteCompilationDestroy(c)


def compile(source, chip="sm_90a", features="", opt_level=3, cache=True,
            name="<python>", format="ptx"):
    """Compiles `source` (module text) for `chip`; returns a CompiledModule
    or raises CompileError with the diagnostics. `features` is "" for the
    chip's minimum PTX version or e.g. "+ptx80"; `name` names the source in
    diagnostics; `format` is "ptx", "cubin" or "fatbin" (both through
    ptxas, which must be on PATH or in /usr/local/cuda)."""
    if not isinstance(source, str):
        raise TypeError("compile() takes the module's text")
    if not 0 <= opt_level <= 3:
        raise ValueError(f"opt_level is 0 to 3, not {opt_level}")
    if format not in FORMATS:
        raise ValueError(f"format is one of {', '.join(FORMATS)}, not "
                         f"{format!r}")
    key = _key(source, chip, features, opt_level, kind=format)
    return cached(cache_dir() / (key + ".json"), cache,
                  CompiledModule.from_json, lambda: _compile_uncached(
                      source, name, chip, features, opt_level, format))


def cached(entry, use_cache, read, make):
    """read(text of `entry`) if the cache has it, else make(), written to
    `entry` (an object with to_json()) when `use_cache`."""
    if use_cache:
        try:
            return read(entry.read_text())
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            pass  # a miss, or an unreadable entry: compile again
    result = make()
    if use_cache:
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            # Write then rename, so a concurrent reader never sees half.
            with tempfile.NamedTemporaryFile(
                    "w", dir=entry.parent, delete=False, suffix=".tmp") as f:
                f.write(result.to_json())
            os.replace(f.name, entry)
        except OSError:
            pass  # an unwritable cache costs the next call a compile
    return result
