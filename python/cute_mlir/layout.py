"""CuTe's layout algebra, computed by cute-mlir's C++ library.

Values are written and read in CuTe notation (``(4,(2,3)):(2,(1,8))``) and
every function is a call into the library, so the answers are CuTe C++'s.
Names follow pycute where it has them (``Layout(shape, stride)``,
``composition``, ``logical_divide``, ``slice_``, ...), so pycute code can
switch by changing its import::

    >>> from cute_mlir.layout import Layout, composition, logical_divide
    >>> a = Layout((4, 8), (8, 1))
    >>> logical_divide(a, Layout(2, 2))
    Layout('(2,(2,8)):(16,(8,1))')

Shapes and strides are ints, nested tuples of them, and dynamic leaves
(:class:`Dyn`, written ``?``, ``?N`` or ``?{div=16}``) whose value is known
only at run time; their divisibility facts travel through the algebra.
"""

from . import _capi
from ._capi import MlirStringRef, lib

__all__ = [
    "CuteError", "Dyn", "Layout", "Swizzle", "ComposedLayout", "Text",
    "evaluate", "functions", "print_layout", "make_layout", "slice_",
    "is_int", "is_tuple",
]


class CuteError(ValueError):
    """An expression the library rejected; the message is the library's."""


class Dyn(str):
    """A dynamic leaf of a shape or stride: ``?``, ``?0{div=16}``, ``4*?``."""

    def __repr__(self):
        return f"Dyn({str.__repr__(self)})"


def _split_top(text, sep):
    """Splits `text` at `sep` outside parentheses and angle brackets."""
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in "(<{":
            depth += 1
        elif c in ")>}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _leaf(text):
    text = text.strip()
    if text == "_":
        return None
    try:
        return int(text)
    except ValueError:
        return Dyn(text)


def parse_tuple(text):
    """An IntTuple in CuTe notation as ints, Dyn leaves and nested tuples."""
    text = text.strip()
    if not text.startswith("("):
        return _leaf(text)
    if not text.endswith(")"):
        raise CuteError(f"not an IntTuple: {text}")
    inner = text[1:-1]
    if not inner.strip():
        return ()
    return tuple(parse_tuple(part) for part in _split_top(inner, ","))


def notation(value):
    """The CuTe notation of a Python value: ints, tuples and lists of them,
    None for ``_``, strings as they are (names such as ``LayoutRight`` or
    an atom's), and this module's objects."""
    if isinstance(value, bool):
        raise TypeError("a bool is not an IntTuple")
    if value is None:
        return "_"
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(notation(v) for v in value) + ")"
    if isinstance(value, (Layout, Swizzle, ComposedLayout)):
        return value.notation
    raise TypeError(f"no CuTe notation for {type(value).__name__}: {value!r}")


class _Value:
    """One evaluated expression; frees the library's handle when done."""

    KINDS = ("error", "int", "tuple", "layout", "underscore", "swizzle",
             "composed_layout", "values", "name", "text")

    def __init__(self, expression):
        self.handle = lib.mlirCuteEvaluate(MlirStringRef.of(expression))
        self.kind = self.KINDS[lib.mlirCuteValueGetKind(self.handle)]

    def __del__(self):
        handle = getattr(self, "handle", None)
        if handle is not None:
            lib.mlirCuteValueDestroy(handle)

    def error(self):
        return lib.mlirCuteValueGetError(self.handle).str()

    def text(self, type_slots=False):
        return lib.mlirCuteValueGetNotation(self.handle, type_slots).str()

    def _render(self, fn):
        out, err = MlirStringRef(), MlirStringRef()
        if not fn(self.handle, out, err):
            raise CuteError(err.str())
        return out.str()

    def table(self):
        return self._render(lib.mlirCuteValueGetTable)

    def svg(self):
        return self._render(lib.mlirCuteValueGetSvg)


def _checked(expression):
    value = _Value(expression)
    if value.kind == "error":
        raise CuteError(value.error())
    return value


def _to_python(value):
    text = value.text()
    if value.kind in ("int", "tuple"):
        return parse_tuple(text)
    if value.kind == "underscore":
        return None
    if value.kind == "layout":
        return Layout._of(text)
    if value.kind == "swizzle":
        return Swizzle._of(text)
    if value.kind == "composed_layout":
        return ComposedLayout._of(text)
    if value.kind == "values":
        return [_leaf(v) for v in text.split()]
    if value.kind == "text":
        return Text(text, value)
    return text  # a name


def evaluate(expression):
    """Evaluates one expression of `cute-layout`'s language and returns the
    result as a Python value; raises CuteError with the library's reason."""
    return _to_python(_checked(expression))


def call(function, *args):
    """``function(args...)`` in the library, e.g. call("coalesce", layout)."""
    return evaluate(f"{function}({', '.join(notation(a) for a in args)})")


def functions():
    """The names of every function of the library's expression language."""
    return _capi.names(lib.mlirCuteGetNumFunctions, lib.mlirCuteGetFunctionName)


class Layout:
    """A CuTe layout, shape:stride. ``Layout(shape)`` is CuTe's
    ``make_layout(shape)``: compact, column-major (LayoutLeft)."""

    __slots__ = ("notation", "_shape", "_stride")

    def __init__(self, shape, stride=None):
        if stride is None:
            text = _checked(f"make_layout({notation(shape)})").text()
        else:
            value = _checked(f"{notation(shape)}:{notation(stride)}")
            if value.kind != "layout":
                raise CuteError(f"not a layout: {value.text()}")
            text = value.text()
        self._init(text)

    def _init(self, text):
        self.notation = text
        shape, stride = _split_top(text, ":")
        self._shape, self._stride = parse_tuple(shape), parse_tuple(stride)

    @classmethod
    def _of(cls, text):
        layout = cls.__new__(cls)
        layout._init(text)
        return layout

    @classmethod
    def parse(cls, text):
        """A layout from CuTe notation, e.g. ``Layout.parse("(4,8):(8,1)")``."""
        value = _checked(text)
        if value.kind != "layout":
            raise CuteError(f"not a layout: {text}")
        return cls._of(value.text())

    shape = property(lambda self: self._shape)
    stride = property(lambda self: self._stride)

    def type_notation(self):
        """The notation with dynamic leaves as a cute type's ``?`` slots."""
        return _checked(self.notation).text(type_slots=True)

    def __str__(self):
        return self.notation

    def __repr__(self):
        return f"Layout({self.notation!r})"

    def __eq__(self, other):
        return isinstance(other, Layout) and self.notation == other.notation

    def __hash__(self):
        return hash(self.notation)

    def __len__(self):
        return call("rank", self)

    def __getitem__(self, mode):
        """Mode `mode` (an int, or a tuple of ints for a nested mode)."""
        modes = mode if isinstance(mode, tuple) else (mode,)
        return call("get", self, *modes)

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __call__(self, *coord):
        """The index of a coordinate (CuTe's ``layout(coord)``); with ``None``
        (``_``) in it, the sub-layout of that slice (pycute's)."""
        c = coord[0] if len(coord) == 1 else coord
        if _has_underscore(c):
            return call("slice", c, self)
        return call("crd2idx", c, self)

    def size(self):
        return call("size", self)

    def cosize(self):
        return call("cosize", self)

    def depth(self):
        return call("depth", self)

    def values(self):
        """Every index, in coordinate order (CuTe's ``layout(i)`` for i in
        ``[0, size)``)."""
        return call("eval", self)

    def table(self):
        """CuTe's print_layout text of a static rank-1 or rank-2 layout."""
        return _checked(self.notation).table()

    def svg(self):
        return _checked(self.notation).svg()

    def _repr_svg_(self):
        try:
            return self.svg()
        except CuteError:
            return None


def _has_underscore(coord):
    if coord is None:
        return True
    if isinstance(coord, (tuple, list)):
        return any(_has_underscore(c) for c in coord)
    return False


class Swizzle:
    """CuTe's ``Swizzle<B, M, S>``: XOR of B bits at M+S into the B bits at
    M."""

    __slots__ = ("notation", "bits", "base", "shift")

    def __init__(self, bits, base, shift):
        self._init(_checked(f"Sw<{bits},{base},{shift}>").text())

    def _init(self, text):
        self.notation = text
        self.bits, self.base, self.shift = (
            int(v) for v in text[len("Sw<"):-1].split(","))

    @classmethod
    def _of(cls, text):
        swizzle = cls.__new__(cls)
        swizzle._init(text)
        return swizzle

    def __call__(self, offset):
        return call("eval", call("composition", self,
                                 Layout(2, offset)))[1]

    def __str__(self):
        return self.notation

    def __repr__(self):
        return f"Swizzle({self.bits}, {self.base}, {self.shift})"

    def __eq__(self, other):
        return isinstance(other, Swizzle) and self.notation == other.notation

    def __hash__(self):
        return hash(self.notation)


class ComposedLayout:
    """``inner o offset o outer``, as CuTe's ComposedLayout(inner, offset,
    outer): a swizzled layout is ``ComposedLayout(Swizzle(3,4,3), 0,
    Layout((8,64),(64,1)))``."""

    __slots__ = ("notation", "inner", "offset", "outer")

    def __init__(self, inner, offset, outer):
        value = _checked(
            f"{notation(inner)} o {notation(offset)} o {notation(outer)}")
        if value.kind != "composed_layout":
            raise CuteError(f"not a composed layout: {value.text()}")
        self._init(value.text())

    def _init(self, text):
        self.notation = text
        inner, offset, outer = _split_top(text, " o ")
        self.inner = (Swizzle._of(inner) if inner.startswith("Sw<")
                      else Layout._of(inner))
        self.offset = parse_tuple(offset)
        self.outer = Layout._of(outer)

    @classmethod
    def _of(cls, text):
        composed = cls.__new__(cls)
        composed._init(text)
        return composed

    shape = property(lambda self: self.outer.shape)

    def __call__(self, *coord):
        c = coord[0] if len(coord) == 1 else coord
        return call("crd2idx", c, self)

    def values(self):
        return call("eval", self)

    def svg(self):
        return _checked(self.notation).svg()

    def __str__(self):
        return self.notation

    def __repr__(self):
        return f"ComposedLayout({self.notation!r})"

    def __eq__(self, other):
        return (isinstance(other, ComposedLayout)
                and self.notation == other.notation)

    def __hash__(self):
        return hash(self.notation)


class Text:
    """What the library prints about an atom, a TiledMMA or a TiledCopy:
    ``key: value`` lines (values in CuTe notation) and a picture."""

    def __init__(self, text, value):
        self.text = text
        self._value = value

    def fields(self):
        result = {}
        for line in self.text.splitlines():
            key, _, rest = line.partition(":")
            result[key.strip()] = rest.strip()
        return result

    def svg(self):
        return self._value.svg()

    def _repr_svg_(self):
        try:
            return self.svg()
        except CuteError:
            return None

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Text({self.text!r})"


def print_layout(layout):
    """Prints CuTe's print_layout table of a rank-1 or rank-2 layout."""
    print(layout.table(), end="")


def make_layout(*args):
    """CuTe's make_layout: of a shape (and a stride, or LayoutLeft /
    LayoutRight), or of several layouts as the modes of one."""
    if len(args) == 2 and not isinstance(args[1], Layout):
        shape, stride = args
        if isinstance(stride, str):
            return call("make_layout", shape, stride)
        return Layout(shape, stride)
    return call("make_layout", *args)


def slice_(coord, layout):
    """pycute's slice_: the sub-layout where `coord` has ``None`` (``_``)."""
    return call("slice", coord, layout)


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def is_tuple(x):
    return isinstance(x, tuple)


def _define(name):
    def function(*args):
        return call(name, *args)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"CuTe's {name}, computed by the library: "
                        f"``{name}(args...)`` in cute-layout's language.")
    return function


# The atoms' functions live in cute_mlir.atoms, as classes.
_ATOM_FUNCTIONS = {"mma_atom", "tiled_mma", "copy_atom", "tiled_copy",
                   "tiled_copy_a", "tiled_copy_b", "tiled_copy_c",
                   "gmma_layout", "gmma_desc"}

# One Python function per library function not defined above. `filter`
# shadows the builtin inside this module's namespace only, as pycute's does.
for _fn in functions():
    if _fn not in globals() and _fn != "slice" and _fn not in _ATOM_FUNCTIONS:
        globals()[_fn] = _define(_fn)
        __all__.append(_fn)
