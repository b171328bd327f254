"""Write GPU kernels as Python functions and get cute / cute_nvgpu / gpu /
scf IR out, as CuTe DSL does: the function calls ``make_tensor``,
``local_tile``, ``partition_a``, ``copy``, ``gemm``, TMA and mbarrier ops,
loops and conditions, and never writes a type.

    >>> from cute_mlir.builder import *
    >>> @kernel(block=128)
    ... def fill_ones(x: memref(f32), n: index):
    ...     i = block_idx() * 128 + thread_idx()
    ...     with if_(i < n):
    ...         t = make_tensor(x, make_layout(make_shape(n)))
    ...         t[i] = 1.0
    >>> module = build(fill_ones)
    >>> print(module)                  # the IR text, as cute-opt reads it
    >>> module.compile(chip="sm_80")   # a compiler.CompiledModule

Ops are created through MLIR itself (libCuteMlirCAPI.so exports MLIR's C
API): the layout algebra's ops infer their result types with the same
library computation their verifiers run, so every value knows its type while
the kernel is being built (``t.layout``, ``size(t)``, ``t.element_type``),
and plain Python loops and ``if``s over static values unroll at build time.
Every op is verified as it is created, at the Python line that created it:
an invalid op raises BuildError with the verifier's located message.

Dynamic control flow: ``for i in range_(n): ...`` is an ``scf.for`` (its
body runs once, at build time); ``range_(n, init=[x])`` carries values
(read them as ``for i, (x,) in loop``, set the next ones with ``yield_``,
and take the results from ``loop.results``); ``with if_(cond):`` and
``with else_():`` are an ``scf.if``. Arithmetic on ``index`` values is
unsigned (``//`` is ``divui``, ``<`` is ``ult``), as extents and
coordinates are; on ``iN`` values it is signed.

Warp-specialized, persistent kernels (``_persistent.py``, re-exported here):
``pipeline_create`` and the producer / consumer pipeline ops,
``warp_specialize`` (``with ws.producer():`` / ``with ws.consumer():``),
``tile_coord``, the cluster ids, ``epilogue_store``, ``epilogue_store_tail``.
"""

import ctypes
import inspect
import os
import sys

from . import _mlir, layout as _layout
from ._capi import MlirStringRef as _S, lib
from ._mlir import is_null, printed
from ._specialize import KNOWN_VALUE, known_value_error
from .runtime import _dims

__all__ = [
    # building
    "BuildError", "Module", "Kernel", "kernel", "build", "Type", "Value",
    "Attribute", "op",
    # types
    "index", "i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64",
    "memref", "llvm_ptr", "gmem", "smem", "rmem",
    # values, arithmetic, control flow
    "const", "assume", "ceil_div", "min_", "max_", "select", "range_",
    "yield_", "if_", "else_",
    # gpu and nvvm
    "thread_idx", "block_idx", "block_dim", "grid_dim", "barrier",
    "shared_buffer", "dynamic_shared", "cp_async_commit_group",
    "cp_async_wait_group", "wgmma_fence", "wgmma_commit_group",
    "wgmma_wait_group", "fence_proxy_async",
    # cute
    "make_shape", "make_stride", "make_coord", "make_int_tuple", "make_tile",
    "make_layout", "make_tensor", "make_identity_tensor", "make_fragment",
    "make_fragment_like", "local_tile", "local_partition", "load",
    "store", "fill", "copy", "gemm", "elem_less", "size", "cosize", "rank",
    "get_layout", "composition", "logical_divide", "zipped_divide",
    # cute_nvgpu
    "mma_atom", "copy_atom", "tiled_mma", "tiled_copy", "tma_atom",
    "partition_a", "partition_b", "partition_c", "partition_s",
    "partition_d", "retile", "tma_copy", "mbarrier_init", "mbarrier_arrive",
    "mbarrier_wait", "pipeline_state", "pipeline_advance", "pipeline_stage",
]


class BuildError(ValueError):
    """An op that cannot be built: the message is the verifier's (or the
    type inference's), located at the Python line that built it."""

    def __init__(self, diagnostics):
        super().__init__(diagnostics.strip() or "building failed")
        self.diagnostics = diagnostics


#===----------------------------------------------------------------------===#
# The context, diagnostics and locations
#===----------------------------------------------------------------------===#

_CONTEXT = None


def _context():
    """The builder's one MLIR context (every dialect loaded)."""
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = lib.mlirCuteBuilderContextCreate()
    return _CONTEXT


def _diagnostics():
    chunks = []
    callback = _mlir.StringCallback(lambda ref, _: chunks.append(
        ctypes.string_at(ref.data, ref.length) if ref.length else b""))
    lib.mlirCuteBuilderContextTakeDiagnostics(_context(), callback, None)
    return b"".join(chunks).decode()


def _fail(fallback):
    raise BuildError(_diagnostics() or fallback)


_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_LOCATIONS = {}


def _user_frame():
    frame = sys._getframe(1)
    while frame is not None and \
            os.path.dirname(os.path.abspath(frame.f_code.co_filename)) \
            == _PACKAGE:
        frame = frame.f_back
    return frame


def _location():
    """The location of the Python line (outside this package) building."""
    frame = _user_frame()
    if frame is None:
        return lib.mlirLocationUnknownGet(_context())
    key = (frame.f_code.co_filename, frame.f_lineno)
    loc = _LOCATIONS.get(key)
    if loc is None:
        loc = lib.mlirLocationFileLineColGet(_context(), _S.of(key[0]),
                                             key[1], 1)
        _LOCATIONS[key] = loc
    return loc


#===----------------------------------------------------------------------===#
# Types, attributes, values
#===----------------------------------------------------------------------===#

class Type:
    """An MLIR type; cute types expose their parts (``kind``, ``layout``,
    ``element_type``, ``memory``)."""

    __slots__ = ("text", "_handle")
    _cache = {}

    def __init__(self, text):
        self.text, self._handle = text, None

    @classmethod
    def _of(cls, handle):
        type_ = cls(printed(lib.mlirTypePrint, handle))
        type_._handle = handle
        return type_

    @property
    def handle(self):
        if self._handle is None:
            handle = Type._cache.get(self.text)
            if handle is None:
                handle = lib.mlirTypeParseGet(_context(), _S.of(self.text))
                if is_null(handle):
                    _fail(f"cannot parse the type {self.text}")
                Type._cache[self.text] = handle
            self._handle = handle
        return self._handle

    @property
    def kind(self):
        """``tensor``, ``layout``, ``shape``, ... for cute types, else
        None."""
        return lib.mlirCuteTypeGetKind(self.handle).str() or None

    @property
    def notation(self):
        """The CuTe notation the cute type carries (`?` for run-time
        values)."""
        return lib.mlirCuteTypeGetNotation(self.handle).str() or None

    @property
    def layout(self):
        """The layout of a cute layout or tensor type, as a
        cute_mlir.layout.Layout (a ComposedLayout when swizzled)."""
        if self.kind not in ("layout", "tensor"):
            raise TypeError(f"{self} has no layout")
        return _layout.evaluate(self.notation)

    @property
    def element_type(self):
        element = lib.mlirCuteTypeGetElementType(self.handle)
        if is_null(element):
            if lib.mlirTypeIsAMemRef(self.handle):
                return Type._of(lib.mlirShapedTypeGetElementType(self.handle))
            return None
        return Type._of(element)

    @property
    def memory(self):
        """gmem, smem, rmem or coord (cute tensors and pointers; memrefs by
        their address space)."""
        memory = lib.mlirCuteTypeGetMemory(self.handle).str()
        if memory or not lib.mlirTypeIsAMemRef(self.handle):
            return memory or None
        space = lib.mlirMemRefTypeGetMemorySpace(self.handle)
        space = "" if is_null(space) else printed(lib.mlirAttributePrint,
                                                  space)
        if "workgroup" in space or space.startswith("3"):
            return "smem"
        if "private" in space or space.startswith("5"):
            return "rmem"
        return "gmem"

    is_index = property(lambda self: self.text == "index")
    is_integer = property(lambda self: self.text[:1] == "i"
                          and self.text[1:].isdigit())
    is_float = property(lambda self: self.text in (
        "f16", "bf16", "f32", "f64", "tf32") or self.text.startswith("f8"))

    def __eq__(self, other):
        return isinstance(other, Type) and self.text == other.text

    def __hash__(self):
        return hash(self.text)

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Type({self.text!r})"


index, i1, i8, i16, i32, i64 = (Type(t) for t in
                                ("index", "i1", "i8", "i16", "i32", "i64"))
f16, bf16, f32, f64 = (Type(t) for t in ("f16", "bf16", "f32", "f64"))
llvm_ptr = Type("!llvm.ptr")
gmem, smem, rmem = "gmem", "smem", "rmem"
_SPACES = {"gmem": "1", "smem": "#gpu.address_space<workgroup>",
           "rmem": "#gpu.address_space<private>"}


def _type(value):
    if isinstance(value, Type):
        return value
    if isinstance(value, str):
        return Type(value)
    raise TypeError(f"not a type: {value!r}")


def memref(element, memory=gmem, size=None):
    """``memref<?xT, 1>`` (a kernel's global buffer), or a static ``size``
    in ``smem`` / ``rmem``."""
    extent = "?" if size is None else str(size)
    return Type(f"memref<{extent}x{_type(element)}, {_SPACES[memory]}>")


class Attribute:
    """An MLIR attribute given by its text (atoms, TiledMMA, TiledCopy)."""

    __slots__ = ("text", "_handle")

    def __init__(self, text):
        self.text, self._handle = text, None

    @property
    def handle(self):
        if self._handle is None:
            handle = lib.mlirAttributeParseGet(_context(), _S.of(self.text))
            if is_null(handle):
                raise BuildError(f"{_where()}: error: invalid attribute "
                                 f"{self.text}\n{_diagnostics()}")
            self._handle = handle
        return self._handle

    def tma_box(self):
        """A TMA atom's box (innermost extent first) and swizzle in bytes,
        as cuTensorMapEncodeTiled takes them."""
        box, swizzle = (ctypes.c_int64 * 5)(), ctypes.c_int64()
        rank = lib.mlirCuteTmaAtomGetBox(self.handle, box,
                                         ctypes.byref(swizzle))
        if rank == 0:
            raise BuildError(f"not a valid TMA atom: {self.text}")
        return list(box[:rank]), swizzle.value

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Attribute({self.text!r})"


def _attribute(value):
    if isinstance(value, Attribute):
        return value.handle
    return Attribute(str(value)).handle


class Value:
    """An SSA value of the kernel being built; knows its type. Arithmetic
    and comparisons build arith ops; ``t[coord]`` loads or slices a tensor
    (``None`` in the coordinate is CuTe's ``_``); ``t[coord] = v`` stores."""

    __slots__ = ("handle", "type")

    def __init__(self, handle):
        self.handle = handle
        self.type = Type._of(lib.mlirValueGetType(handle))

    # The type's parts, as CuTe DSL's tensors and layouts expose them.
    layout = property(lambda self: self.type.layout)
    shape = property(lambda self: self.type.layout.shape)
    element_type = property(lambda self: self.type.element_type)
    memory = property(lambda self: self.type.memory)

    def __repr__(self):
        return f"Value({self.type})"

    def __bool__(self):
        raise TypeError("a run-time value has no Python truth value: use "
                        "if_(...) for a run-time condition")

    def __hash__(self):
        return id(self)

    def __index__(self):
        raise TypeError("a run-time value is not a Python int")

    # Arithmetic (arith dialect), with Python numbers as constants.
    def __add__(self, other):
        return _arith("add", self, other)

    def __radd__(self, other):
        return _arith("add", other, self)

    def __sub__(self, other):
        return _arith("sub", self, other)

    def __rsub__(self, other):
        return _arith("sub", other, self)

    def __mul__(self, other):
        return _arith("mul", self, other)

    def __rmul__(self, other):
        return _arith("mul", other, self)

    def __floordiv__(self, other):
        return _arith("div", self, other)

    def __rfloordiv__(self, other):
        return _arith("div", other, self)

    def __truediv__(self, other):
        return _arith("divf", self, other)

    def __mod__(self, other):
        return _arith("rem", self, other)

    def __rmod__(self, other):
        return _arith("rem", other, self)

    def __and__(self, other):
        return _arith("and", self, other)

    def __rand__(self, other):
        return _arith("and", other, self)

    def __or__(self, other):
        return _arith("or", self, other)

    def __ror__(self, other):
        return _arith("or", other, self)

    def __xor__(self, other):
        return _arith("xor", self, other)

    def __neg__(self):
        if self.type.is_float:
            return op("arith.negf", [self], results=[self.type])
        return _arith("sub", 0, self)

    def __lt__(self, other):
        return _compare("lt", self, other)

    def __le__(self, other):
        return _compare("le", self, other)

    def __gt__(self, other):
        return _compare("gt", self, other)

    def __ge__(self, other):
        return _compare("ge", self, other)

    def __eq__(self, other):
        return _compare("eq", self, other)

    def __ne__(self, other):
        return _compare("ne", self, other)

    # Tensors: loads, stores and slices.
    def __getitem__(self, coord):
        if _layout._has_underscore(coord):
            return slice_(self, coord)
        return load(self, coord)

    def __setitem__(self, coord, value):
        store(value, self, coord)


#===----------------------------------------------------------------------===#
# Creating ops
#===----------------------------------------------------------------------===#

class _Function:
    """The gpu.func being built: its entry block and its constants."""

    def __init__(self, op, entry):
        self.op, self.entry = op, entry
        self.constants, self.last_constant = {}, None
        self.workgroup = []  # attribute text of each workgroup buffer
        self.dynamic_shared = None


_INSERTION = []  # (block, op to insert before or None), innermost last
_FUNCTION = []   # the _Function being built, innermost last


def _insertion():
    if not _INSERTION:
        raise BuildError("no kernel is being built: call this inside a "
                         "@kernel function that build() builds")
    return _INSERTION[-1]


def _insert(handle, at=None):
    block, before = at or _insertion()
    if before is None:
        lib.mlirBlockAppendOwnedOperation(block, handle)
    else:
        lib.mlirBlockInsertOwnedOperationBefore(block, before, handle)


class _Op:
    """A created operation: its handle and results."""

    __slots__ = ("handle", "results")

    def __init__(self, handle):
        self.handle = handle
        self.results = [Value(lib.mlirOperationGetResult(handle, i))
                        for i in range(lib.mlirOperationGetNumResults(handle))]


def _create(name, operands, attributes, results, regions, loc):
    name_ref = _S.of(name)  # the state points into it until created
    state = lib.mlirOperationStateGet(name_ref, loc)
    ref = ctypes.byref(state)
    if operands:
        lib.mlirOperationStateAddOperands(ref, *_mlir.handles(
            [v.handle for v in operands]))
    if attributes:
        named = [_mlir.NamedAttribute(
            lib.mlirIdentifierGet(_context(), _S.of(key)), _attribute(value))
            for key, value in attributes.items() if value is not None]
        array = (_mlir.NamedAttribute * len(named))(*named)
        lib.mlirOperationStateAddAttributes(ref, len(named), array)
    if results is None:
        lib.mlirOperationStateEnableResultTypeInference(ref)
    elif results:
        lib.mlirOperationStateAddResults(ref, *_mlir.handles(
            [_type(t).handle for t in results]))
    if regions:
        lib.mlirOperationStateAddOwnedRegions(ref, *_mlir.handles(regions))
    handle = lib.mlirOperationCreate(ref)
    if is_null(handle):
        _fail(f"cannot build {name}")
    return handle


def _verify(handle):
    if not lib.mlirOperationVerify(handle):
        text = _diagnostics()
        lib.mlirOperationDestroy(handle)
        raise BuildError(text or "the op does not verify")


def op(name, operands=(), attributes=None, results=None, at=None):
    """Builds op `name` at the insertion point and verifies it: operands
    are Values (Python numbers become index / float constants), attributes
    a dict of attribute text or Attribute, results the result types (None:
    inferred by the op, as the algebra's ops do). Returns its one result,
    a list of several, or None."""
    operands = [_value(v) for v in operands]
    handle = _create(name, operands, attributes, results, (), _location())
    _insert(handle, at)
    _verify(handle)
    values = _Op(handle).results
    return values[0] if len(values) == 1 else (values or None)


def _region_op(name, operands, attributes, results, block_types):
    """An op with one or more regions of one block each (block argument
    types per region, None for an empty region), inserted, not verified."""
    loc = _location()
    regions, blocks = [], []
    for types in block_types:
        region = lib.mlirRegionCreate()
        block = None
        if types is not None:
            n, array = _mlir.handles([_type(t).handle for t in types])
            _, locs = _mlir.handles([loc] * len(types))
            block = lib.mlirBlockCreate(n, array, locs)
            lib.mlirRegionAppendOwnedBlock(region, block)
        regions.append(region)
        blocks.append(block)
    handle = _create(name, operands, attributes, results, regions, loc)
    _insert(handle)
    return handle, blocks


#===----------------------------------------------------------------------===#
# Constants and arithmetic
#===----------------------------------------------------------------------===#

# The bits of infinities and NaN, which have no decimal literal.
_SPECIAL_FLOATS = {
    "f16": {"inf": "0x7C00", "-inf": "0xFC00", "nan": "0x7E00"},
    "bf16": {"inf": "0x7F80", "-inf": "0xFF80", "nan": "0x7FC0"},
    "f32": {"inf": "0x7F800000", "-inf": "0xFF800000", "nan": "0x7FC00000"},
    "f64": {"inf": "0x7FF0000000000000", "-inf": "0xFFF0000000000000",
            "nan": "0x7FF8000000000000"},
}


def _float_text(value, type_):
    text = repr(float(value))
    if text in ("inf", "-inf", "nan"):
        special = _SPECIAL_FLOATS.get(type_.text)
        if special is None:
            raise BuildError(f"{_where()}: error: no {text} constant of "
                             f"{type_} here")
        return special[text]
    if "." not in text and "e" in text:
        text = text.replace("e", ".0e")
    return text


def const(value, type=None):
    """An ``arith.constant`` (hoisted to the kernel's entry, one per value
    and type): ints default to ``index``, floats to ``f32``."""
    if isinstance(value, bool):
        type_, text = _type(type or i1), "true" if value else "false"
        if type_ != i1:
            text = str(int(value))
    elif isinstance(value, (int, float)):
        type_ = _type(type or (index if isinstance(value, int) else f32))
        text = _float_text(value, type_) if type_.is_float else str(value)
    else:
        raise TypeError(f"not a constant: {value!r}")
    key = (text, type_.text)
    function = _FUNCTION[-1] if _FUNCTION else None
    if function is not None and key in function.constants:
        return function.constants[key]
    attributes = {"value": f"{text} : {type_}"}
    if function is None:
        return op("arith.constant", [], attributes, [type_])
    handle = _create("arith.constant", [], {"value": attributes["value"]},
                     [type_], (), _location())
    # After the constants so far: constants come first, in creation order.
    lib.mlirBlockInsertOwnedOperationAfter(
        function.entry, function.last_constant or _mlir._H(None), handle)
    function.last_constant = handle
    _verify(handle)
    value = _Op(handle).results[0]
    function.constants[key] = value
    return value


def _value(value, like=None):
    """A Value for an operand: Values as they are, Python numbers as
    constants of `like`'s type (index for ints, f32 for floats by
    default)."""
    if isinstance(value, Value):
        return value
    if isinstance(value, _Assumed):
        return value.value
    if isinstance(value, (bool, int, float)):
        return const(value, like.type if isinstance(like, Value) else like)
    raise TypeError(f"not a value: {value!r}")


def _operands(lhs, rhs):
    if not isinstance(lhs, Value):
        lhs = _value(lhs, rhs)
    rhs = _value(rhs, lhs)
    if lhs.type != rhs.type:
        raise BuildError(f"{_where()}: error: operands of types {lhs.type} "
                         f"and {rhs.type} (convert one first)")
    return lhs, rhs


def _where():
    frame = _user_frame()
    return f"{frame.f_code.co_filename}:{frame.f_lineno}:1" if frame \
        else "<unknown>"


_INT_OPS = {"add": "addi", "sub": "subi", "mul": "muli", "and": "andi",
            "or": "ori", "xor": "xori"}
_FLOAT_OPS = {"add": "addf", "sub": "subf", "mul": "mulf", "divf": "divf",
              "rem": "remf"}


def _arith(kind, lhs, rhs):
    lhs, rhs = _operands(lhs, rhs)
    type_ = lhs.type
    if type_.is_float:
        name = _FLOAT_OPS.get(kind)
    elif kind in ("div", "rem"):
        name = kind + ("ui" if type_.is_index else "si")
    else:
        name = _INT_OPS.get(kind)
    if name is None:
        raise BuildError(f"{_where()}: error: no {kind} for {type_}")
    return op("arith." + name, [lhs, rhs], results=[type_])


# arith.cmpi / arith.cmpf predicates (their enums' values).
_CMPI = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5,
         "ult": 6, "ule": 7, "ugt": 8, "uge": 9}
_CMPF = {"eq": 1, "gt": 2, "ge": 3, "lt": 4, "le": 5, "ne": 6}


def _compare(kind, lhs, rhs):
    lhs, rhs = _operands(lhs, rhs)
    if lhs.type.is_float:
        name, predicate = "arith.cmpf", _CMPF[kind]
    else:
        if kind not in ("eq", "ne"):
            kind = ("u" if lhs.type.is_index else "s") + kind
        name, predicate = "arith.cmpi", _CMPI[kind]
    return op(name, [lhs, rhs], {"predicate": f"{predicate} : i64"}, [i1])


def ceil_div(a, b):
    """``arith.ceildivui`` on index (``ceildivsi`` on iN)."""
    a, b = _operands(a, b)
    name = "arith.ceildivui" if a.type.is_index else "arith.ceildivsi"
    return op(name, [a, b], results=[a.type])


def _min_max(kind, a, b):
    a, b = _operands(a, b)
    if a.type.is_float:
        name = kind + "imumf"  # NaN if either is NaN, as numpy's
    else:
        name = kind + ("ui" if a.type.is_index else "si")
    return op("arith." + name, [a, b], results=[a.type])


def min_(a, b):
    """``arith.minui`` on index (``minsi`` on iN, ``minimumf`` on floats):
    Python's ``min`` of two values known only at run time."""
    return _min_max("min", a, b)


def max_(a, b):
    """``arith.maxui`` on index (``maxsi`` on iN, ``maximumf`` on floats)."""
    return _min_max("max", a, b)


def select(condition, a, b):
    """``arith.select``: `a` where `condition`, else `b`."""
    a, b = _operands(a, b)
    return op("arith.select", [_value(condition, i1), a, b],
              results=[a.type])


class _Assumed:
    """A run-time value with a divisibility fact for cute types."""

    def __init__(self, value, divby):
        self.value, self.divby = _value(value), int(divby)


def assume(value, divby):
    """`value`, known to be a multiple of `divby` where it enters a cute
    shape or stride (``?{div=N}``): CuTe DSL's ``cute.assume``."""
    return _Assumed(value, divby)


#===----------------------------------------------------------------------===#
# Control flow
#===----------------------------------------------------------------------===#

class _Loop:
    """``for i in range_(...)``: one ``scf.for`` whose body the loop's
    Python body builds once."""

    def __init__(self, start, stop, step, init, unroll):
        self.bounds = (start, stop, step)
        self.init = [_value(v) for v in init] if init is not None else None
        self.unroll, self.results, self._yielded = unroll, None, None

    def __iter__(self):
        start, stop, step = (_value(v, index) for v in self.bounds)
        inits = self.init or []
        handle, (body,) = _region_op(
            "scf.for", [start, stop, step] + inits,
            {"cute.fragment_loop": "unit" if self.unroll else None},
            [v.type for v in inits], [[index] + [v.type for v in inits]])
        args = [Value(lib.mlirBlockGetArgument(body, i))
                for i in range(1 + len(inits))]
        _INSERTION.append((body, None))
        _LOOPS.append(self)
        try:
            yield (args[0], args[1:]) if self.init is not None else args[0]
            yielded = self._yielded if self._yielded is not None \
                else args[1:]
            op("scf.yield", yielded, results=[])
        finally:
            _LOOPS.pop()
            _INSERTION.pop()
        _verify_region_op(handle)
        self.results = _Op(handle).results


_LOOPS = []


def _verify_region_op(handle):
    if not lib.mlirOperationVerify(handle):
        _fail("the op does not verify")


def range_(start, stop=None, step=1, *, init=None, unroll=False):
    """A run-time loop, ``scf.for`` over index: ``for i in range_(n)``.
    With `init`, the loop carries values: ``for i, (acc,) in loop`` reads
    them, ``yield_(acc2)`` sets the next, ``loop.results`` are the last.
    ``unroll=True`` marks it ``cute.fragment_loop``: the pipeline unrolls it
    (a loop over a register fragment's elements, CuTe's CUTE_UNROLL). Use
    Python's ``range`` to unroll at build time."""
    if stop is None:
        start, stop = 0, start
    return _Loop(start, stop, step, init, unroll)


def yield_(*values):
    """The values the innermost ``range_`` loop carries to its next
    iteration."""
    if not _LOOPS:
        raise BuildError(f"{_where()}: error: yield_ outside a range_ loop")
    _LOOPS[-1]._yielded = [_value(v) for v in values]


class _If:
    def __init__(self, condition):
        self.condition = condition

    def __enter__(self):
        cond = _value(self.condition, i1)
        self.handle, (self.block, _) = _region_op(
            "scf.if", [cond], None, [], [[], None])
        _INSERTION.append((self.block, None))
        return self

    def __exit__(self, kind, *_):
        _INSERTION.pop()
        if kind is None:
            op("scf.yield", [], results=[], at=(self.block, None))
            _verify_region_op(self.handle)
            _LAST_IF[:] = [self.handle]


_LAST_IF = []


def if_(condition):
    """``with if_(cond):`` builds an ``scf.if`` on a run-time i1."""
    return _If(condition)


class _Else:
    def __enter__(self):
        if not _LAST_IF:
            raise BuildError(f"{_where()}: error: else_() must follow an "
                             "if_() block")
        handle = _LAST_IF.pop()
        if not is_null(lib.mlirOperationGetNextInBlock(handle)):
            raise BuildError(f"{_where()}: error: else_() must come right "
                             "after its if_() block")
        self.handle = handle
        self.block = lib.mlirBlockCreate(0, None, None)
        lib.mlirRegionAppendOwnedBlock(lib.mlirOperationGetRegion(handle, 1),
                                       self.block)
        _INSERTION.append((self.block, None))

    def __exit__(self, kind, *_):
        _INSERTION.pop()
        if kind is None:
            op("scf.yield", [], results=[], at=(self.block, None))
            _verify_region_op(self.handle)


def else_():
    """``with else_():`` right after a ``with if_(...)`` block."""
    return _Else()


#===----------------------------------------------------------------------===#
# Kernels and modules
#===----------------------------------------------------------------------===#

class Kernel:
    """A Python function to be built as a ``gpu.func`` kernel; its
    parameters' annotations are their types (``memref(f16)``, ``index``,
    ``llvm_ptr``, or MLIR type text)."""

    def __init__(self, fn, block=None, name=None):
        self.fn, self.name = fn, name or fn.__name__
        if block is not None:
            block = tuple(block) if isinstance(block, (tuple, list)) \
                else (block,)
            block = tuple(int(b) for b in block) + (1,) * (3 - len(block))
        self.block = block
        self.dynamic_smem = 0  # bytes dynamic_shared() allocated, once built
        self.parameters = list(inspect.signature(fn).parameters.values())
        for p in self.parameters:
            if p.annotation is inspect.Parameter.empty:
                raise TypeError(f"{self.name}: parameter {p.name} needs a "
                                "type annotation")
        # What specialize() fixed: parameter name -> value, and the grid
        # and cluster of every launch (known_grid_size, known_cluster_size).
        self.known, self.grid, self.cluster = {}, None, None

    def specialize(self, *, grid=None, cluster=None, name=None, **values):
        """This kernel compiled for one launch: the integer or index
        parameters named in `values` fixed to them (``cute.known_value``)
        and, if given, the launch's `grid` and `cluster`
        (``known_grid_size``, ``known_cluster_size``), so that what depends
        on them folds at compile time. Launches must pass the same values
        (cute_mlir.runtime checks). Named `name`, or this kernel's name
        with the values appended."""
        types = {p.name: str(_type(p.annotation)) for p in self.parameters}
        for key, value in values.items():
            if key not in types:
                raise TypeError(f"{self.name} has no parameter {key!r}")
            error = known_value_error(self.name, f"parameter {key}",
                                      types[key], value)
            if error:
                raise error
        special = Kernel(self.fn, self.block, name)
        special.known = {**self.known, **values}
        special.grid = self.grid if grid is None else _dims(grid, "grid")
        special.cluster = self.cluster if cluster is None else \
            _dims(cluster, "cluster")
        if name is None:
            parts = [f"{k}{'n' if v < 0 else ''}{abs(v)}"
                     for k, v in special.known.items()]
            for what, dims in (("grid", special.grid),
                               ("cluster", special.cluster)):
                if dims is not None:
                    parts.append(what + "x".join(map(str, dims)))
            special.name = "_".join([self.name] + parts)
        return special

    def _build(self, body_block):
        types = [_type(p.annotation) for p in self.parameters]
        arg_attrs = [f"{{{KNOWN_VALUE} = {self.known[p.name]} : {t}}}"
                     if p.name in self.known else "{}"
                     for p, t in zip(self.parameters, types)]

        def dims(sizes):
            return None if sizes is None else \
                f"array<i32: {', '.join(map(str, sizes))}>"
        attributes = {
            "sym_name": f'"{self.name}"',
            "function_type": f"({', '.join(map(str, types))}) -> ()",
            "gpu.kernel": "unit",
            "arg_attrs": f"[{', '.join(arg_attrs)}]" if self.known else None,
            "known_block_size": dims(self.block),
            "known_grid_size": dims(self.grid),
            "known_cluster_size": dims(self.cluster)}
        _INSERTION.append((body_block, None))
        try:
            handle, (entry,) = _region_op("gpu.func", [], attributes, [],
                                          [types])
        finally:
            _INSERTION.pop()
        function = _Function(handle, entry)
        args = [Value(lib.mlirBlockGetArgument(entry, i))
                for i in range(len(types))]
        depths = len(_INSERTION), len(_FUNCTION), len(_LOOPS)
        _FUNCTION.append(function)
        _INSERTION.append((entry, None))
        try:
            self.fn(*args)
            op("gpu.return", [], results=[])
            if function.dynamic_shared is not None:
                self.dynamic_smem = function.dynamic_shared.bytes
            _verify_region_op(handle)
        except BaseException:
            # The module keeps no half-built kernel.
            lib.mlirOperationDestroy(handle)
            raise
        finally:
            # An exception may leave loops and ifs open: drop them all.
            del _INSERTION[depths[0]:], _FUNCTION[depths[1]:]
            del _LOOPS[depths[2]:]
            _LAST_IF.clear()

    def __call__(self, *args, **kwargs):
        raise TypeError(f"{self.name} is a kernel: build(...) it, compile "
                        "the module and launch it through cute_mlir.runtime")


def kernel(fn=None, *, block=None, name=None):
    """Decorates a kernel function: ``@kernel(block=128)`` (its
    ``known_block_size``) or ``@kernel``."""
    if fn is None:
        return lambda f: Kernel(f, block, name)
    return Kernel(fn, block, name)


class Module:
    """A ``module attributes {gpu.container_module}`` holding one
    ``gpu.module`` of kernels. ``str(module)`` is its IR text."""

    def __init__(self, name="kernels"):
        self.name = name
        text = (f"module attributes {{gpu.container_module}} {{\n"
                f"  gpu.module @{name} {{\n  }}\n}}")
        self.handle = lib.mlirModuleCreateParse(_context(), _S.of(text))
        if is_null(self.handle):
            _fail(f"cannot create a gpu.module named {name!r}")
        gpu_module = lib.mlirBlockGetFirstOperation(
            lib.mlirModuleGetBody(self.handle))
        region = lib.mlirOperationGetRegion(gpu_module, 0)
        self.body = lib.mlirRegionGetFirstBlock(region)
        if is_null(self.body):
            self.body = lib.mlirBlockCreate(0, None, None)
            lib.mlirRegionAppendOwnedBlock(region, self.body)
        self.kernels = []

    def add(self, kernel_):
        """Builds a Kernel into the module."""
        if not isinstance(kernel_, Kernel):
            raise TypeError("add() takes a @kernel function")
        kernel_._build(self.body)
        self.kernels.append(kernel_.name)
        return self

    @property
    def operation(self):
        return lib.mlirModuleGetOperation(self.handle)

    def verify(self):
        """Verifies the whole module; raises BuildError if it fails."""
        _verify_region_op(self.operation)
        return self

    def __str__(self):
        return printed(lib.mlirOperationPrint, self.operation)

    def compile(self, chip="sm_90a", **options):
        """Compiles the module's text with cute_mlir.compiler.compile."""
        from . import compiler
        return compiler.compile(str(self), chip=chip, **options)

    def __del__(self):
        handle = getattr(self, "handle", None)
        if handle is not None and not is_null(handle):
            lib.mlirModuleDestroy(handle)


def build(*kernels, name="kernels"):
    """A Module with the kernels built into one gpu.module `name`."""
    module = Module(name)
    for k in kernels:
        module.add(k)
    return module.verify()


#===----------------------------------------------------------------------===#
# gpu and nvvm
#===----------------------------------------------------------------------===#

def _dim_op(name, dim):
    return op(name, [], {"dimension": f"#gpu<dim {dim}>"}, [index])


def thread_idx(dim="x"):
    """``gpu.thread_id x`` (or y, z)."""
    return _dim_op("gpu.thread_id", dim)


def block_idx(dim="x"):
    """``gpu.block_id x`` (or y, z)."""
    return _dim_op("gpu.block_id", dim)


def block_dim(dim="x"):
    return _dim_op("gpu.block_dim", dim)


def grid_dim(dim="x"):
    return _dim_op("gpu.grid_dim", dim)


def barrier():
    """``gpu.barrier``: every thread of the block."""
    op("gpu.barrier", [], results=[])


def shared_buffer(element, size, align=None):
    """A workgroup (static shared memory) buffer of the kernel:
    ``memref<size x element, #gpu.address_space<workgroup>>``, aligned to
    `align` bytes (give swizzled tiles their swizzle's alignment)."""
    if not _FUNCTION:
        raise BuildError("shared_buffer() outside a kernel")
    function = _FUNCTION[-1]
    type_ = memref(element, smem, size)
    arg = lib.mlirBlockAddArgument(function.entry, type_.handle, _location())
    function.workgroup.append(
        f"{{llvm.align = {int(align)} : i64}}" if align else "{}")
    count = len(function.workgroup)
    lib.mlirOperationSetAttributeByName(
        function.op, _S.of("workgroup_attributions"),
        _attribute(f"{count} : i64"))
    lib.mlirOperationSetAttributeByName(
        function.op, _S.of("workgroup_attrib_attrs"),
        _attribute(f"[{', '.join(function.workgroup)}]"))
    return Value(arg)


class _DynamicShared:
    """The kernel's dynamic shared memory, carved into typed buffers in
    order: ``smem = dynamic_shared(); a = smem.alloc(f16, 4096)``."""

    def __init__(self):
        self.base = op("gpu.dynamic_shared_memory", [], results=[
            "memref<?xi8, #gpu.address_space<workgroup>>"])
        self.bytes = 0
        if _FUNCTION:
            _FUNCTION[-1].dynamic_shared = self

    def alloc(self, element, size, align=16):
        """The next `size` elements (at a multiple of `align` bytes)."""
        element = _type(element)
        offset = -(-self.bytes // align) * align
        self.bytes = offset + size * _bytes(element)
        return op("memref.view", [self.base, const(offset)],
                  results=[memref(element, smem, size)])


def _bytes(element):
    text = element.text
    if text in ("index", "i64", "f64"):
        return 8
    if text in ("f32", "tf32", "i32"):
        return 4
    if text in ("f16", "bf16", "i16"):
        return 2
    if text in ("i8", "i1") or text.startswith("f8"):
        return 1
    raise BuildError(f"{_where()}: error: no byte size for {element}")


def dynamic_shared():
    """``gpu.dynamic_shared_memory``, allocated from with ``.alloc``; its
    ``.bytes`` is the launch's dynamic shared memory size."""
    return _DynamicShared()


def cp_async_commit_group():
    op("nvvm.cp.async.commit.group", [], results=[])


def cp_async_wait_group(n):
    op("nvvm.cp.async.wait.group", [], {"n": f"{int(n)} : i32"}, [])


def wgmma_fence():
    op("nvvm.wgmma.fence.aligned", [], results=[])


def wgmma_commit_group():
    op("nvvm.wgmma.commit.group.sync.aligned", [], results=[])


def wgmma_wait_group(n):
    op("nvvm.wgmma.wait.group.sync.aligned", [],
       {"group": f"{int(n)} : i64"}, [])


def fence_proxy_async():
    """``nvvm.fence.proxy`` (async.shared): ordinary shared-memory writes
    before wgmma / TMA reads of them."""
    op("nvvm.fence.proxy", [],
       {"kind": "#nvvm.proxy_kind<async.shared>",
        "space": "#nvvm.shared_space<cta>"}, [])


#===----------------------------------------------------------------------===#
# cute: tuples, layouts, tensors
#===----------------------------------------------------------------------===#

def _spec(value, dynamic):
    """The CuTe notation of a Python tuple of ints, None (``_``) and
    run-time values (``?``, collected in `dynamic`)."""
    if value is None:
        return "_"
    if isinstance(value, bool):
        raise TypeError("a bool is not an IntTuple")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, _Assumed):
        dynamic.append(value.value)
        return f"?{{div={value.divby}}}"
    if isinstance(value, Value):
        if not (value.type.is_index):
            raise BuildError(f"{_where()}: error: a {value.type} value in a "
                             "cute tuple (they take index values)")
        dynamic.append(value)
        return "?"
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_spec(v, dynamic) for v in value) + ")"
    if isinstance(value, (_layout.Layout, _layout.ComposedLayout)):
        return value.notation
    raise TypeError(f"not an IntTuple: {value!r}")


def _tuple_op(kind, modes):
    value = modes[0] if len(modes) == 1 else tuple(modes)
    dynamic = []
    spec = _spec(value, dynamic)
    type_ = f'!cute.{kind}<"{spec}">'
    if not dynamic:
        return op("cute.static", [], results=[type_])
    return op(f"cute.make_{kind}", dynamic, results=[type_])


def make_shape(*modes):
    """``cute.make_shape`` (``cute.static`` when every mode is static):
    make_shape(m, k) is the shape (m, k); a one-tuple argument is the
    whole."""
    return _tuple_op("shape", modes)


def make_stride(*modes):
    return _tuple_op("stride", modes)


def make_coord(*modes):
    """A coordinate; None is ``_`` (slice this mode)."""
    return _tuple_op("coord", modes)


def make_int_tuple(*modes):
    return _tuple_op("int_tuple", modes)


def make_tile(*modes):
    """A tiler: ints (static extents), Layouts, or run-time layouts."""
    if any(isinstance(m, Value) for m in modes):
        return op("cute.make_tile", [_as_layout_or_tile(m) for m in modes])
    return _tuple_op("tile", modes)


def _as_layout_or_tile(mode):
    if isinstance(mode, Value):
        return mode
    if isinstance(mode, int):
        return make_layout(mode, 1)
    return make_layout(mode)


def _is(value, kind):
    return isinstance(value, Value) and value.type.kind == kind


def _as(kind, value):
    if _is(value, kind):
        return value
    if isinstance(value, Value) and value.type.kind is not None:
        raise BuildError(f"{_where()}: error: expected a cute {kind}, got "
                         f"{value.type}")
    return _tuple_op(kind, (value,))


def make_layout(shape, stride=None):
    """A layout: from a cute_mlir.layout.Layout, from shape and stride
    (Python tuples with run-time values, or cute values), or CuTe's
    column-major layout of a shape."""
    if not _INSERTION and not isinstance(shape, Value):
        # Outside a kernel: the algebra's make_layout, computed now.
        return _layout.make_layout(shape) if stride is None \
            else _layout.make_layout(shape, stride)
    if isinstance(shape, _layout.Layout):
        return op("cute.static", [], results=[
            f'!cute.layout<"{shape.notation}">'])
    if isinstance(shape, Value) and shape.type.kind == "layout":
        return shape
    static = [] if stride is None else None
    if stride is None and not isinstance(shape, Value):
        _spec(shape, static)
        if not static:  # CuTe's column-major layout, by the library
            return make_layout(_layout.Layout(shape))
    operands = [_as("shape", shape)]
    if stride is not None:
        if not isinstance(shape, Value) and not isinstance(stride, Value):
            dynamic = []
            text = _spec(shape, dynamic) + ":" + _spec(stride, dynamic)
            if not dynamic:
                return op("cute.static", [], results=[
                    f'!cute.layout<"{text}">'])
        operands.append(_as("stride", stride))
    return op("cute.make_layout", operands)


def _memory_of(storage):
    return storage.type.memory


def make_tensor(storage, layout, swizzle=None):
    """``cute.make_tensor`` of a memref (or ``!cute.ptr``) and a layout; a
    ComposedLayout ``Sw<B,M,S> o 0 o layout`` (or `swizzle`) makes a
    swizzled tensor. Its memory follows the storage's (smem for
    workgroup memrefs, gmem otherwise)."""
    if isinstance(layout, _layout.ComposedLayout):
        if not isinstance(layout.inner, _layout.Swizzle):
            raise BuildError(f"{_where()}: error: only swizzles compose "
                             "with a tensor's layout")
        swizzle, layout = layout.inner, layout.outer
    layout_value = make_layout(layout) if not isinstance(layout, Value) \
        else layout
    if layout_value.type.kind != "layout":
        raise BuildError(f"{_where()}: error: not a layout: "
                         f"{layout_value.type}")
    storage = _value(storage)
    spec = layout_value.type.notation
    if swizzle is not None:
        spec = f"{swizzle} o 0 o {spec}"
    type_ = _tensor_type(storage.type.element_type, _memory_of(storage),
                         spec)
    return op("cute.make_tensor", [storage, layout_value], results=[type_])


def _tensor_type(element, memory, spec):
    if element is None:
        raise BuildError(f"{_where()}: error: the storage has no element "
                         "type")
    handle = lib.mlirCuteTensorTypeGet(_location(), element.handle,
                                       _S.of(memory), _S.of(spec))
    if is_null(handle):
        _fail("not a tensor type")
    return Type._of(handle)


def make_identity_tensor(shape):
    """CuTe's make_identity_tensor: each element is its own coordinate."""
    return op("cute.make_identity_tensor", [_as("shape", shape)])


def make_fragment(layout, element):
    """A register tensor of `element` laid out by `layout` (a static
    Layout, a shape for CuTe's column-major one, or a tensor's
    ``.layout``)."""
    if not isinstance(layout, (_layout.Layout, _layout.ComposedLayout)):
        layout = _layout.Layout(layout)
    return op("cute.make_fragment", [], results=[
        _tensor_type(_type(element), rmem, layout.notation)])


def make_fragment_like(tensor, element=None):
    """CuTe's make_fragment_like: a register tensor shaped like `tensor`
    (its element type, or `element`)."""
    tensor = _value(tensor)
    handle = lib.mlirCuteFragmentTypeLike(_location(), tensor.type.handle)
    if is_null(handle):
        _fail("no fragment like this tensor")
    type_ = Type._of(handle)
    if element is not None:
        type_ = _tensor_type(_type(element), rmem, type_.notation)
    return op("cute.make_fragment", [tensor], results=[type_])


def local_tile(tensor, tiler, coord):
    """CuTe's local_tile: the tile of `tensor` at `coord` (None keeps a
    mode's tiles: ``(bm, None)``)."""
    return op("cute.local_tile", [tensor, _as_tiler(tiler),
                                  _as("coord", coord)])


def _as_tiler(tiler):
    if _is(tiler, "tile"):
        return tiler
    return make_tile(*tiler) if isinstance(tiler, (tuple, list)) \
        else make_tile(tiler)


def local_partition(tensor, threads, index_):
    """CuTe's local_partition of `tensor` by a thread layout."""
    return op("cute.local_partition", [tensor, make_layout(threads),
                                       _value(index_)])


def slice_(tensor, coord):
    """``cute.slice``: the sub-tensor (or sub-layout) where `coord` has
    None (``_``); ``tensor[coord]`` calls it. (Not exported: pycute's
    ``slice_(coord, layout)`` is cute_mlir.layout's.)"""
    return op("cute.slice", [tensor, _as("coord", coord)])


def load(tensor, coord):
    """``cute.load``: the element at `coord`."""
    return op("cute.load", [tensor, _as("coord", coord)],
              results=[tensor.type.element_type])


def store(value, tensor, coord):
    """``cute.store``: `value` at `coord`."""
    value = _value(value, tensor.type.element_type)
    op("cute.store", [value, tensor, _as("coord", coord)], results=[])


def fill(tensor, value):
    """``cute.fill``: every element of `tensor` set to `value`."""
    op("cute.fill", [tensor, _value(value, tensor.type.element_type)],
       results=[])


def elem_less(coord, shape):
    """``cute.elem_less``: whether `coord` lies inside `shape`."""
    return op("cute.elem_less", [_as("coord", coord), _as("shape", shape)],
              results=[i1])


def get_layout(tensor):
    return op("cute.get_layout", [tensor])


def _query(name, value, mode=None):
    if isinstance(value, (_layout.Layout, _layout.ComposedLayout)):
        return _layout.call(name, value)
    if isinstance(value, (int, tuple)):
        return _layout.call(name, value)
    value = _value(value)
    notation = value.type.notation
    if notation is not None:
        result = _layout.evaluate(f"{name}({notation})")
        if isinstance(result, int):
            return result
    if value.type.kind == "tensor":
        value = get_layout(value)
    return op(f"cute.{name}", [value])


def size(value):
    """The number of elements: a Python int when static (as CuTe DSL's
    size), else a ``cute.size`` value."""
    return _query("size", value)


def cosize(value):
    return _query("cosize", value)


def rank(value):
    return _query("rank", value)


def _algebra(name, layout, other, as_other):
    """A layout function: computed now by the library when both operands
    are static Python values (as CuTe DSL folds static layouts), else an op
    whose result type the library infers."""
    if not isinstance(layout, Value) and not isinstance(other, Value):
        return _layout.call(name, layout, other)
    return op(f"cute.{name}", [make_layout(layout), as_other(other)])


def composition(lhs, rhs):
    return _algebra("composition", lhs, rhs, make_layout)


def logical_divide(layout, tiler):
    return _algebra("logical_divide", layout, tiler, _as_tiler)


def zipped_divide(layout, tiler):
    return _algebra("zipped_divide", layout, tiler, _as_tiler)


#===----------------------------------------------------------------------===#
# cute_nvgpu: atoms, partitions, copies, gemm, TMA, mbarriers
#===----------------------------------------------------------------------===#

def _notation(value):
    return value if isinstance(value, str) else _layout.notation(value)


def mma_atom(name):
    """An MMA atom by CuTe name: ``mma_atom("SM80_16x8x16_F32F16F16F32_TN")``."""
    return Attribute(f'#cute_nvgpu.mma_atom<"{name}">')


def copy_atom(name, element):
    """A copy atom by CuTe name, for `element` values."""
    return Attribute(f'#cute_nvgpu.copy_atom<"{name}", {_type(element)}>')


def tiled_mma(atom, atom_layout=(1, 1, 1), permutation=None):
    """CuTe's make_tiled_mma(atom, atom_layout[, permutation])."""
    atom = atom if isinstance(atom, Attribute) else mma_atom(atom)
    text = f'{atom}, "{_notation(atom_layout)}"'
    if permutation is not None:
        text += f', permutation = "{_notation(permutation)}"'
    return Attribute(f"#cute_nvgpu.tiled_mma<{text}>")


def tiled_copy(atom, threads=None, values=None, mma=None, operand=None):
    """CuTe's make_tiled_copy(atom, threads, values), or with `mma` and
    `operand` ("A", "B", "C") make_tiled_copy_A/B/C."""
    parts = []
    if threads is not None:
        parts.append(f'threads = "{_notation(threads)}"')
    if values is not None:
        parts.append(f'values = "{_notation(values)}"')
    if mma is not None:
        parts.append(f"mma = {mma}")
    if operand is not None:
        parts.append(f'operand = "{operand}"')
    return Attribute(f"#cute_nvgpu.tiled_copy<{atom}, {', '.join(parts)}>")


def tma_atom(kind, element, smem=None, box=None, swizzle=None,
             multicast=None):
    """A TMA atom: `kind` load / load_multicast / store / reduce_add, its
    box derived from the shared-memory tile `smem` (a ComposedLayout) or
    given as `box` (innermost first) and `swizzle` bytes."""
    parts = [kind, str(_type(element))]
    if smem is not None:
        parts.append(f'smem = "{_notation(smem)}"')
    if box is not None:
        parts.append(f"box = [{', '.join(map(str, box))}]")
    if swizzle is not None:
        parts.append(f"swizzle = {swizzle}")
    if multicast is not None:
        parts.append(f"multicast = {multicast}")
    return Attribute(f"#cute_nvgpu.tma_atom<{', '.join(parts)}>")


def _partition(name, key, atom, tensor, thread):
    return op(f"cute_nvgpu.{name}", [tensor, _value(thread)], {key: atom})


def partition_a(tiled_mma_, tensor, thread):
    """CuTe's ``tiled_mma.get_slice(thread).partition_A(tensor)``."""
    return _partition("partition_a", "tiled_mma", tiled_mma_, tensor, thread)


def partition_b(tiled_mma_, tensor, thread):
    return _partition("partition_b", "tiled_mma", tiled_mma_, tensor, thread)


def partition_c(tiled_mma_, tensor, thread):
    return _partition("partition_c", "tiled_mma", tiled_mma_, tensor, thread)


def partition_s(tiled_copy_, tensor, thread):
    """CuTe's ``tiled_copy.get_slice(thread).partition_S(tensor)``."""
    return _partition("partition_s", "tiled_copy", tiled_copy_, tensor,
                      thread)


def partition_d(tiled_copy_, tensor, thread):
    return _partition("partition_d", "tiled_copy", tiled_copy_, tensor,
                      thread)


def retile(tiled_copy_, tensor):
    """CuTe's retile_S / retile_D: a fragment regrouped for a copy."""
    return op("cute_nvgpu.retile", [tensor], {"tiled_copy": tiled_copy_})


def copy(*args, pred=None):
    """``copy(atom, src, dst)``: cute_nvgpu.copy with an atom or TiledCopy;
    ``copy(src, dst)``: cute.copy. `pred` (a tensor of i1) masks it."""
    extra = [] if pred is None else [pred]
    if len(args) == 3:
        atom, src, dst = args
        op("cute_nvgpu.copy", [src, dst] + extra, {"copy": atom}, [])
    elif len(args) == 2:
        op("cute.copy", list(args) + extra, results=[])
    else:
        raise TypeError("copy([atom,] src, dst, pred=None)")


def gemm(*args, accumulate=None):
    """``gemm(tiled_mma, a, b, c)``: cute_nvgpu.gemm (C += A B);
    ``gemm(a, b, c)``: cute.gemm. `accumulate` (i1) is wgmma's scale-d."""
    if len(args) == 4:
        atom, a, b, c = args
        extra = [] if accumulate is None else [_value(accumulate, i1)]
        op("cute_nvgpu.gemm", [a, b, c] + extra, {"tiled_mma": atom}, [])
    elif len(args) == 3:
        op("cute.gemm", list(args), results=[])
    else:
        raise TypeError("gemm([tiled_mma,] a, b, c)")


def _segments(*present):
    return f"array<i32: {', '.join(str(int(p)) for p in present)}>"


def tma_copy(atom, descriptor, src, dst, barriers=None, barrier_index=None,
             multicast=None, pipeline=None, state=None):
    """``cute_nvgpu.tma_copy``: one box between global (a coordinate tile)
    and shared memory, completing on ``barriers[barrier_index]`` or on the
    full barrier of `pipeline`'s stage `state` (which then expects its
    bytes); `multicast` (an i16 CTA mask) writes it into those CTAs."""
    operands = [descriptor, src, dst]
    if barriers is not None:
        operands += [barriers, _value(barrier_index)]
    if pipeline is not None:
        operands += [pipeline, state]
    if multicast is not None:
        operands.append(_value(multicast, i16))
    op("cute_nvgpu.tma_copy", operands,
       {"atom": atom, "operandSegmentSizes": _segments(
           1, 1, 1, barriers is not None, barriers is not None,
           pipeline is not None, pipeline is not None,
           multicast is not None)}, [])


def mbarrier_init(barriers, index_, count):
    """``barriers[index_]`` initialized for `count` arrivals a phase."""
    op("cute_nvgpu.mbarrier_init", [barriers, _value(index_),
                                    _value(count)], results=[])


def mbarrier_arrive(barriers, index_, expect_tx=None, cta=None):
    """Arrive on ``barriers[index_]``, expecting `expect_tx` TMA bytes."""
    operands = [barriers, _value(index_)]
    for extra in (expect_tx, cta):
        if extra is not None:
            operands.append(_value(extra))
    op("cute_nvgpu.mbarrier_arrive", operands,
       {"operandSegmentSizes": _segments(1, 1, expect_tx is not None,
                                         cta is not None)}, [])


def mbarrier_wait(barriers, index_, phase):
    """Wait until ``barriers[index_]`` completes the phase of parity
    `phase`."""
    op("cute_nvgpu.mbarrier_wait", [barriers, _value(index_),
                                    _value(phase)], results=[])


_ROLES = {"producer": 0, "consumer": 1}


def pipeline_state(stages, role):
    """``cute_nvgpu.pipeline_state``: the start state of a ring of `stages`
    stages for its "producer" or "consumer" side (CUTLASS's PipelineState),
    to carry through loops instead of computing stages and phases."""
    if role not in _ROLES:
        raise BuildError(f"{_where()}: error: a pipeline state's role is "
                         f"'producer' or 'consumer', not {role!r}")
    return op("cute_nvgpu.pipeline_state", [],
              {"role": f"{_ROLES[role]} : i32"},
              [f"!cute_nvgpu.pipeline_state<{int(stages)}>"])


def pipeline_advance(state, by=None):
    """``cute_nvgpu.pipeline_advance``: the next stage (or `by` stages on)."""
    operands = [state] if by is None else [state, _value(by, index)]
    return op("cute_nvgpu.pipeline_advance", operands, results=[state.type])


def pipeline_stage(state):
    """``cute_nvgpu.pipeline_stage``: the state's stage, an index."""
    return op("cute_nvgpu.pipeline_stage", [state], results=[index])


# Warp-specialized, persistent kernels: clusters, pipelines, warp roles,
# tile scheduling, epilogues.
from ._persistent import *  # noqa: E402,F401,F403
from ._persistent import __all__ as _persistent_all  # noqa: E402

__all__ += _persistent_all
