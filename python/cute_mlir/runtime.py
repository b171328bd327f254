"""Load compiled kernels through the CUDA driver and launch them on torch or
cupy tensors, numpy arrays or raw device pointers.

    >>> from cute_mlir import compiler, runtime
    >>> module = runtime.load(compiler.compile(source, chip="sm_90a"))
    >>> module["gemm_tn"](a, b, c, m, n, k, grid=(g, 1, 1), smem=smem)

Arguments are given as the kernel's source declares them: a ``memref`` takes
a tensor (a rank-1 memref also takes any contiguous tensor, flattened), a
pointer (``!llvm.ptr``, ``!cute.ptr``) a tensor or an int address, integers
and floats Python numbers. numpy arrays are copied to the device before the
launch and back after it, which makes that launch synchronous.

Only libcuda.so.1 is needed (through ctypes); without a GPU or a driver every
entry point raises NoGpuError saying why, and compilation still works.
"""

import ctypes
import statistics

__all__ = ["NoGpuError", "CudaError", "load", "Module", "Function",
           "TmaDescriptor", "tma_descriptor", "device_name",
           "multiprocessor_count", "synchronize", "time_ms"]


class NoGpuError(RuntimeError):
    """No GPU can be used here (no driver, or no device)."""


class CudaError(RuntimeError):
    """A CUDA driver call failed; the message names the call and the error."""


_driver = None
_context = None


def _cuda():
    """libcuda with a current primary context (torch's and cupy's too)."""
    global _driver, _context
    if _context is not None:
        return _driver
    try:
        driver = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        raise NoGpuError(f"no CUDA driver (libcuda.so.1: {e})") from None
    status = driver.cuInit(0)
    if status != 0:
        raise NoGpuError(f"cuInit failed: {_error_name(driver, status)}")
    count = ctypes.c_int()
    _check(driver, "cuDeviceGetCount", driver.cuDeviceGetCount(
        ctypes.byref(count)))
    if count.value == 0:
        raise NoGpuError("the CUDA driver sees no device")
    device, context = ctypes.c_int(), ctypes.c_void_p()
    _check(driver, "cuDeviceGet", driver.cuDeviceGet(ctypes.byref(device), 0))
    _check(driver, "cuDevicePrimaryCtxRetain", driver.cuDevicePrimaryCtxRetain(
        ctypes.byref(context), device))
    _check(driver, "cuCtxSetCurrent", driver.cuCtxSetCurrent(context))
    _driver, _context = driver, context
    return driver


def _error_name(driver, status):
    name = ctypes.c_char_p()
    if driver.cuGetErrorName(status, ctypes.byref(name)) == 0 and name.value:
        return name.value.decode()
    return f"CUDA error {status}"


def _check(driver, call, status):
    if status != 0:
        raise CudaError(f"{call} failed: {_error_name(driver, status)}")


def _call(name, *args):
    driver = _cuda()
    _check(driver, name, getattr(driver, name)(*args))


def device_name():
    driver = _cuda()
    name = ctypes.create_string_buffer(256)
    _check(driver, "cuDeviceGetName", driver.cuDeviceGetName(name, 256, 0))
    return name.value.decode()


def multiprocessor_count():
    """The device's SM count (a persistent kernel's grid)."""
    driver, count = _cuda(), ctypes.c_int()
    _check(driver, "cuDeviceGetAttribute", driver.cuDeviceGetAttribute(
        ctypes.byref(count), _MULTIPROCESSOR_COUNT, 0))
    return count.value


def synchronize():
    _call("cuCtxSynchronize")


class _LaunchAttribute(ctypes.Structure):  # CUlaunchAttribute
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_int),
                ("value", ctypes.c_uint32 * 16)]


class _LaunchConfig(ctypes.Structure):  # CUlaunchConfig
    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint),
                ("gridDimZ", ctypes.c_uint), ("blockDimX", ctypes.c_uint),
                ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(_LaunchAttribute)),
                ("numAttrs", ctypes.c_uint)]


_CLUSTER_DIMENSION = 4  # CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
_MULTIPROCESSOR_COUNT = 16  # CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
_MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES

_SCALARS = {"index": ctypes.c_int64, "i64": ctypes.c_int64,
            "i32": ctypes.c_int32, "i16": ctypes.c_int16, "i8": ctypes.c_int8,
            "i1": ctypes.c_bool, "f32": ctypes.c_float, "f64": ctypes.c_double}


def _stream_handle(stream):
    if stream is None or isinstance(stream, int):
        return ctypes.c_void_p(stream or 0)
    for attr in ("cuda_stream", "ptr", "handle"):  # torch, cupy, cuda-python
        if hasattr(stream, attr):
            return ctypes.c_void_p(int(getattr(stream, attr)))
    raise TypeError(f"not a CUDA stream: {stream!r}")


class _HostArray:
    """A numpy array mirrored on the device for one launch."""

    def __init__(self, array):
        self.array = array
        self.bytes = array.nbytes
        self.pointer = ctypes.c_uint64()
        _call("cuMemAlloc_v2", ctypes.byref(self.pointer),
              ctypes.c_size_t(max(1, self.bytes)))
        _call("cuMemcpyHtoD_v2", self.pointer, ctypes.c_void_p(
            array.ctypes.data), ctypes.c_size_t(self.bytes))

    def finish(self):
        try:
            _call("cuMemcpyDtoH_v2", ctypes.c_void_p(self.array.ctypes.data),
                  self.pointer, ctypes.c_size_t(self.bytes))
        finally:
            _call("cuMemFree_v2", self.pointer)


def _tensor_view(value, staged):
    """(address, shape, strides in elements) of a device tensor."""
    if hasattr(value, "data_ptr") and hasattr(value, "stride"):  # torch
        if value.device.type != "cuda":
            raise TypeError("a torch tensor argument must be on the GPU")
        return value.data_ptr(), tuple(value.shape), tuple(value.stride())
    if type(value).__module__ == "numpy":
        if not value.flags["C_CONTIGUOUS"] and not value.flags["F_CONTIGUOUS"]:
            raise TypeError("a numpy argument must be contiguous")
        host = _HostArray(value)
        staged.append(host)
        return (host.pointer.value, value.shape,
                tuple(s // value.itemsize for s in value.strides))
    interface = getattr(value, "__cuda_array_interface__", None)
    if interface is not None:  # cupy, numba, ...
        return _interface_view(interface)[:3]
    raise TypeError(f"not a tensor: {type(value).__name__}")


_TYPESTR_KINDS = {"f": "float", "i": "int", "u": "uint"}


def _interface_view(interface):
    """(address, shape, strides in elements, dtype name) from an array
    interface dictionary (the CUDA one, or numpy's host one)."""
    shape = tuple(interface["shape"])
    typestr = interface["typestr"]
    itemsize = int(typestr[2:])
    kind = typestr[1]
    dtype = ("bool" if kind == "b"
             else f"{_TYPESTR_KINDS.get(kind, kind)}{8 * itemsize}")
    if any(not isinstance(extent, int) or extent < 0 for extent in shape):
        raise ValueError(f"an array interface's shape is sizes of at least "
                         f"0, not {shape}")
    if interface["data"][0] == 0 and _prod(shape) != 0:
        raise ValueError("an array interface with elements at address 0")
    strides = interface.get("strides")
    if strides is None:  # C-contiguous
        strides, step = [], 1
        for extent in reversed(shape):
            strides.insert(0, step)
            step *= extent
    else:
        strides = [s // itemsize for s in strides]
    return interface["data"][0], shape, tuple(strides), dtype


def _memref_rank(type_text):
    body = type_text[len("memref<"):]
    dims = body.split(",")[0].split("x")[:-1]
    return len(dims)


def _memref_shape(rank, shape, strides, where):
    """The tensor's (shape, strides) as a rank-`rank` memref sees it: its own,
    or for a rank-1 memref a contiguous tensor whole."""
    if rank == len(shape):
        return tuple(shape), tuple(strides)
    contiguous = all(strides[i] == _prod(shape[i + 1:])
                     for i in range(len(shape)))
    if rank != 1 or not contiguous:
        raise TypeError(f"{where}: a rank-{len(shape)} tensor for a "
                        f"rank-{rank} memref")
    return (_prod(shape),), (1,)


def _memref_fields(address, shape, strides):
    """A memref's descriptor as lowered code takes it: allocated and aligned
    pointers, offset, sizes, strides."""
    return ([ctypes.c_void_p(address)] * 2 + [ctypes.c_int64(0)]
            + [ctypes.c_int64(s) for s in shape]
            + [ctypes.c_int64(s) for s in strides])


def _marshal(type_text, value, staged, index):
    """ctypes values of one argument, as the lowered kernel takes them."""
    where = f"argument {index} ({type_text})"
    if type_text.startswith("memref<"):
        address, shape, strides = _tensor_view(value, staged)
        shape, strides = _memref_shape(_memref_rank(type_text), shape,
                                       strides, where)
        return _memref_fields(address, shape, strides)
    if type_text.startswith(("!llvm.ptr", "!cute.ptr")):
        if isinstance(value, TmaDescriptor):
            return [ctypes.c_void_p(value.address)]
        if isinstance(value, int):
            return [ctypes.c_void_p(value)]
        return [ctypes.c_void_p(_tensor_view(value, staged)[0])]
    if type_text in _SCALARS:
        if not isinstance(value, (int, float)):
            raise TypeError(f"{where}: expected a number, got "
                            f"{type(value).__name__}")
        return [_SCALARS[type_text](value)]
    raise TypeError(f"{where}: arguments of this type cannot be passed from "
                    "Python yet")


def _check_specialization(kernel, args, grid, cluster):
    """A kernel compiled for one launch computes with the values it was
    compiled for, whatever the launch passes: refuse other values."""
    for what, known, given in (("grid", kernel.grid, grid),
                               ("cluster", kernel.cluster, cluster)):
        if known is not None and (given is None or
                                  _dims(given, what) != tuple(known)):
            raise ValueError(f"{kernel.name} was compiled for a {what} of "
                             f"{tuple(known)} (its known_{what}_size), not "
                             f"{given!r}")
    for index, known in kernel.known.items():
        type_text, value = kernel.arguments[index], args[index]
        scalar = _SCALARS.get(type_text)
        if scalar is None or not isinstance(value, (int, float)) or \
                scalar(value).value != scalar(known).value:
            raise ValueError(f"{kernel.name} was compiled for argument "
                             f"{index} ({type_text}) = {known} (its "
                             f"cute.known_value), not {value!r}")


def _prod(values):
    result = 1
    for v in values:
        result *= v
    return result


def _dims(value, what):
    dims = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    if not 1 <= len(dims) <= 3 or any(int(d) < 1 for d in dims):
        raise ValueError(f"{what} is one to three positive numbers, not "
                         f"{value!r}")
    return tuple(int(d) for d in dims) + (1,) * (3 - len(dims))


# CUtensorMapDataType by element type name (torch's and numpy's / cupy's);
# 8-bit floats travel as UINT8: their bits are all TMA moves.
_TMA_TYPES = {"uint8": 0, "int8": 0, "float8_e4m3fn": 0, "float8_e5m2": 0,
              "uint16": 1, "uint32": 2, "int32": 3, "uint64": 4, "int64": 5,
              "float16": 6, "float32": 7, "float64": 8, "bfloat16": 9}
_TMA_SWIZZLES = {0: 0, 32: 1, 64: 2, 128: 3}  # CU_TENSOR_MAP_SWIZZLE_*


def _element(value):
    """(name, bytes) of a tensor's element type."""
    dtype = getattr(value, "dtype", None)
    name = str(dtype).replace("torch.", "")
    if hasattr(value, "element_size"):  # torch
        return name, value.element_size()
    return getattr(dtype, "name", name), dtype.itemsize


class TmaDescriptor:
    """The CUtensorMap of a device tensor (torch, cupy, or anything with
    ``__cuda_array_interface__``), in device memory: kernels take it as an
    ``!llvm.ptr``. Made as the runtime library's make_tma_descriptor makes
    it: dimensions innermost first, `box` in elements (innermost first),
    `swizzle` in bytes, 128-byte L2 promotion, zeros read outside the
    tensor. The tensor must stay alive while kernels use the descriptor."""

    def __init__(self, tensor, box, swizzle=0):
        _cuda()  # NoGpuError first, whatever the arguments
        if type(tensor).__module__ == "numpy":
            raise TypeError("a TMA descriptor describes a device tensor, "
                            "not a numpy array")
        address, shape, strides = _tensor_view(tensor, [])
        name, itemsize = _element(tensor)
        if name not in _TMA_TYPES:
            raise TypeError(f"TMA cannot copy {name} elements")
        if swizzle not in _TMA_SWIZZLES:
            raise ValueError(f"a TMA swizzle is 0, 32, 64 or 128 bytes, not "
                             f"{swizzle}")
        rank = len(shape)
        if not 1 <= rank <= 5 or len(box) != rank or strides[-1] != 1:
            raise ValueError(f"a TMA descriptor needs a rank-1 to 5 tensor "
                             f"with a contiguous last mode and a box of its "
                             f"rank; got shape {shape}, strides {strides}, "
                             f"box {box}")
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        encoded = (u64 * 16)()  # CUtensorMap: 128 bytes, 64-byte aligned
        dims = [int(d) for d in reversed(shape)]
        byte_strides = [int(s) * itemsize for s in reversed(strides)][1:]
        _call("cuTensorMapEncodeTiled", encoded, _TMA_TYPES[name], rank,
              ctypes.c_void_p(address), (u64 * rank)(*dims),
              (u64 * max(1, rank - 1))(*byte_strides),
              (u32 * rank)(*[int(b) for b in box]), (u32 * rank)(*[1] * rank),
              0, _TMA_SWIZZLES[swizzle], 2, 0)
        self._pointer = ctypes.c_uint64()
        _call("cuMemAlloc_v2", ctypes.byref(self._pointer), ctypes.c_size_t(
            ctypes.sizeof(encoded)))
        self.address = self._pointer.value
        _call("cuMemcpyHtoD_v2", self._pointer, encoded,
              ctypes.c_size_t(ctypes.sizeof(encoded)))
        self.tensor, self.box, self.swizzle = tensor, tuple(box), swizzle

    def __del__(self):
        if getattr(self, "address", None) and _driver is not None:
            _driver.cuMemFree_v2(self._pointer)
            self.address = None


def tma_descriptor(tensor, atom):
    """The TmaDescriptor of `tensor` for a builder TMA atom
    (``builder.tma_atom(...)``): its box and swizzle, as the atom's copies
    expect them."""
    box, swizzle = atom.tma_box()
    return TmaDescriptor(tensor, box, swizzle)


class Function:
    """One kernel of a loaded module; call it to launch."""

    def __init__(self, module_handle, kernel):
        self.kernel = kernel
        self.handle = ctypes.c_void_p()
        _call("cuModuleGetFunction", ctypes.byref(self.handle), module_handle,
              kernel.name.encode())
        self._smem_limit = 0

    def __call__(self, *args, grid, block=None, smem=None, cluster=None,
                 stream=None):
        """Launches on `grid` blocks of `block` threads (default: the
        kernel's known_block_size) with `smem` bytes of dynamic shared
        memory (default: what the kernel's views of it reach; never less),
        in clusters of `cluster` blocks if given, on `stream`."""
        kernel = self.kernel
        needed = kernel.smem or 0
        if smem is None:
            smem = needed
        elif smem < needed:
            raise ValueError(f"{kernel.name} uses {needed} bytes of dynamic "
                             f"shared memory; smem={smem} would let it read "
                             "and write past its block's allocation")
        if len(args) != len(kernel.arguments):
            raise TypeError(f"{kernel.name} takes {len(kernel.arguments)} "
                            f"arguments ({', '.join(kernel.arguments)}), "
                            f"got {len(args)}")
        if block is None:
            if kernel.block is None:
                raise TypeError(f"{kernel.name} has no known_block_size: "
                                "pass block=")
            block = kernel.block
        grid, block = _dims(grid, "grid"), _dims(block, "block")
        _check_specialization(kernel, args, grid, cluster)
        staged = []
        try:
            values = []
            for i, (type_text, value) in enumerate(zip(kernel.arguments,
                                                       args)):
                values += _marshal(type_text, value, staged, i)
            pointers = (ctypes.c_void_p * max(1, len(values)))(
                *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p)
                  for v in values])
            if smem > self._smem_limit and smem > 48 * 1024:
                _call("cuFuncSetAttribute", self.handle, _MAX_DYNAMIC_SHARED,
                      int(smem))
                self._smem_limit = smem
            config = _LaunchConfig(*grid, *block, int(smem),
                                   _stream_handle(stream), None, 0)
            attribute = _LaunchAttribute()
            if cluster is not None:
                attribute.id = _CLUSTER_DIMENSION
                attribute.value[:3] = _dims(cluster, "cluster")
                config.attrs, config.numAttrs = ctypes.pointer(attribute), 1
            _call("cuLaunchKernelEx", ctypes.byref(config), self.handle,
                  pointers, None)
            if staged:
                synchronize()
        finally:
            for host in staged:
                host.finish()


class Module:
    """A compiled module, loaded; index it by kernel name."""

    def __init__(self, compiled):
        self.compiled = compiled
        self.handles, self.functions = {}, {}
        for name, data in compiled.images():
            handle = ctypes.c_void_p()
            _call("cuModuleLoadData", ctypes.byref(handle), data)
            self.handles[name] = handle
        for kernel in compiled.kernels.values():
            self.functions[kernel.name] = Function(self.handles[kernel.module],
                                                   kernel)

    def __getitem__(self, name):
        if name not in self.functions:
            raise KeyError(f"no kernel {name!r}; the module has "
                           f"{', '.join(self.functions) or 'none'}")
        return self.functions[name]


def load(compiled):
    """Loads a compiler.CompiledModule (PTX, cubin or fatbin) on the current
    device."""
    return Module(compiled)


def time_ms(fn, reps=30, warmup=3, stream=None):
    """The median of `reps` CUDA-event timings of fn() on `stream`, in ms,
    after `warmup` untimed calls; returns (median, all timings)."""
    handle = _stream_handle(stream)
    for _ in range(warmup):
        fn()
    start, end = ctypes.c_void_p(), ctypes.c_void_p()
    _call("cuEventCreate", ctypes.byref(start), 0)
    _call("cuEventCreate", ctypes.byref(end), 0)
    times = []
    try:
        for _ in range(reps):
            _call("cuEventRecord", start, handle)
            fn()
            _call("cuEventRecord", end, handle)
            _call("cuEventSynchronize", end)
            ms = ctypes.c_float()
            _call("cuEventElapsedTime", ctypes.byref(ms), start, end)
            times.append(ms.value)
    finally:
        _call("cuEventDestroy_v2", start)
        _call("cuEventDestroy_v2", end)
    return statistics.median(times), times
