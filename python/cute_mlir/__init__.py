"""cute-mlir from Python: CuTe's layout algebra and atoms as data, and
kernels compiled to PTX and launched through the CUDA driver.

    cute_mlir.layout    Layout, Swizzle, ComposedLayout and every function
                        of the algebra (CuTe C++'s answers)
    cute_mlir.atoms     MMA and copy atoms, TiledMMA, TiledCopy
    cute_mlir.compiler  compile(module_text, chip=...) -> PTX, cached;
                        specialize(module_text, kernel, values=...) for
                        one launch
    cute_mlir.runtime   load(compiled)[kernel](args..., grid=...), timing
    cute_mlir.host      host functions (func.func code that launches the
                        kernels) compiled, JIT-compiled and called, as
                        cute-run runs them

Everything is computed by libCuteMlirCAPI.so through ctypes; no third-party
Python package is needed (torch, cupy and numpy are used when given).
"""

from . import atoms, compiler, host, layout, runtime
from .compiler import CompileError, compile
from .layout import CuteError, Layout

__version__ = "0.1.0"
__all__ = ["atoms", "compiler", "host", "layout", "runtime", "compile",
           "Layout", "CuteError", "CompileError"]
