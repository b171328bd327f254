"""MMA and copy atoms, TiledMMA and TiledCopy, as data from cute-mlir's
atom tables: CuTe's names, its traits and thread-value layouts.

    >>> from cute_mlir.atoms import MmaAtom, TiledMMA
    >>> atom = MmaAtom("SM80_16x8x16_F32F16F16F32_TN")
    >>> atom.shape_mnk, atom.layout_c
    ((16, 8, 16), Layout('((4,8),(2,2)):((32,1),(16,8))'))
    >>> TiledMMA(atom, (2, 2, 1)).tile_size
    (32, 16, 16)
"""

from . import _capi
from ._capi import lib
from .layout import Layout, call, composition, notation, parse_tuple

__all__ = ["MmaAtom", "Partition", "gmma_layout", "gmma_desc", "CopyAtom", "TiledMMA", "TiledCopy", "mma_atom_names",
           "copy_atom_names", "tiled_copy_a", "tiled_copy_b", "tiled_copy_c"]


def mma_atom_names():
    """Every MMA atom of the tables by CuTe name (UniversalFMA aside)."""
    return _capi.names(lib.mlirCuteGetNumMmaAtoms, lib.mlirCuteGetMmaAtomName)


def copy_atom_names():
    """Every copy atom of the tables by CuTe name."""
    return _capi.names(lib.mlirCuteGetNumCopyAtoms,
                       lib.mlirCuteGetCopyAtomName)


class _Traits:
    """Fields of the library's description, parsed by key."""

    FIELDS = {}  # python attribute -> (library key, parser)

    def __init__(self, expression):
        self._text = call(*expression)
        fields = self._text.fields()
        for attr, (key, parse) in self.FIELDS.items():
            setattr(self, attr, parse(fields[key]))

    def svg(self):
        """The threads and values, drawn as CuTe's print_latex does."""
        return self._text.svg()

    def _repr_svg_(self):
        return self._text._repr_svg_()

    def __str__(self):
        return str(self._text)


_layout = Layout.parse


class Partition:
    """One thread's values of a tile: CuTe's partition of a tensor, as the
    offset of the thread's first value and the layout of its values."""

    def __init__(self, offset, layout):
        self.offset, self.layout = offset, layout

    def indices(self):
        """The tile indices of the thread's values, in value order."""
        return [self.offset + v for v in self.layout.values()]

    def __eq__(self, other):
        return (isinstance(other, Partition) and self.offset == other.offset
                and self.layout == other.layout)

    def __repr__(self):
        return f"Partition({self.offset}, {self.layout!r})"


def _thread_slice(tv, layout, thread):
    """CuTe's partition: `layout` (a tile) seen through the thread-value
    layout `tv`, at one thread."""
    seen = composition(layout, tv)
    return Partition(call("crd2idx", (thread, 0), seen),
                     call("slice", (thread, None), seen))


class MmaAtom(_Traits):
    FIELDS = {
        "shape_mnk": ("Shape_MNK", parse_tuple),
        "thr_id": ("ThrID", _layout),
        "layout_a": ("ALayout", _layout),
        "layout_b": ("BLayout", _layout),
        "layout_c": ("CLayout", _layout),
    }

    def __init__(self, name):
        self.name = name
        super().__init__(("mma_atom", name))

    def __repr__(self):
        return f"MmaAtom({self.name!r})"


class TiledMMA(_Traits):
    """CuTe's make_tiled_mma(atom, atom_layout[, permutation])."""

    FIELDS = {
        "tile_size": ("TileSize", parse_tuple),
        "thr_layout_vmnk": ("ThrLayoutVMNK", _layout),
        "layout_a_tv": ("LayoutA_TV", _layout),
        "layout_b_tv": ("LayoutB_TV", _layout),
        "layout_c_tv": ("LayoutC_TV", _layout),
    }

    def __init__(self, atom, atom_layout, permutation=None):
        self.atom = atom if isinstance(atom, MmaAtom) else MmaAtom(atom)
        self.atom_layout = atom_layout
        self.permutation = permutation
        args = ("tiled_mma", self.atom.name, atom_layout)
        super().__init__(args if permutation is None else args + (permutation,))

    def size(self):
        """Threads of the TiledMMA."""
        return self.thr_layout_vmnk.size()

    def partition_a(self, layout, thread):
        """Thread `thread`'s values of an (M,K) tile laid out by `layout`."""
        return _thread_slice(self.layout_a_tv, layout, thread)

    def partition_b(self, layout, thread):
        return _thread_slice(self.layout_b_tv, layout, thread)

    def partition_c(self, layout, thread):
        return _thread_slice(self.layout_c_tv, layout, thread)

    def __repr__(self):
        return (f"TiledMMA({self.atom.name!r}, {notation(self.atom_layout)}"
                + ("" if self.permutation is None
                   else f", {notation(self.permutation)}") + ")")


class CopyAtom(_Traits):
    FIELDS = {
        "thr_id": ("ThrID", _layout),
        "src_layout": ("SrcLayout", _layout),
        "dst_layout": ("DstLayout", _layout),
        "ref_layout": ("RefLayout", _layout),
    }

    def __init__(self, name):
        self.name = name
        super().__init__(("copy_atom", name))

    def __repr__(self):
        return f"CopyAtom({self.name!r})"


class TiledCopy(_Traits):
    """CuTe's make_tiled_copy(atom, thr_layout, val_layout) over values of
    `value_type` (``"f16"``, ``"bf16"``, ``"f32"``, ...)."""

    FIELDS = {
        "tiler_mn": ("Tiler_MN", parse_tuple),
        "tiled_layout_tv": ("TiledLayout_TV", _layout),
        "layout_s_tv": ("LayoutS_TV", _layout),
        "layout_d_tv": ("LayoutD_TV", _layout),
    }

    def __init__(self, atom, value_type, thr_layout=None, val_layout=None,
                 _expression=None):
        self.atom = atom if isinstance(atom, CopyAtom) else CopyAtom(atom)
        self.value_type = value_type
        super().__init__(_expression or (
            "tiled_copy", self.atom.name, value_type, thr_layout, val_layout))

    def partition_s(self, layout, thread):
        """Thread `thread`'s source values of a tile laid out by `layout`."""
        return _thread_slice(self.layout_s_tv, layout, thread)

    def partition_d(self, layout, thread):
        return _thread_slice(self.layout_d_tv, layout, thread)


def _tiled_copy_for(operand):
    def make(atom, value_type, tiled_mma):
        """CuTe's make_tiled_copy_{A,B,C}: the copy that fills the TiledMMA's
        operand fragments."""
        args = [f"tiled_copy_{operand}", CopyAtom(atom).name
                if not isinstance(atom, CopyAtom) else atom.name, value_type,
                tiled_mma.atom.name, tiled_mma.atom_layout]
        if tiled_mma.permutation is not None:
            args.append(tiled_mma.permutation)
        return TiledCopy(atom, value_type, _expression=tuple(args))
    make.__name__ = f"tiled_copy_{operand}"
    return make


def gmma_layout(major, swizzle, value_type):
    """CuTe's GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>: the
    canonical wgmma shared-memory atom, e.g. gmma_layout("K", "SW128",
    "f16")."""
    return call("gmma_layout", major, swizzle, value_type)


def gmma_desc(major, value_type, tile):
    """The wgmma descriptor fields of a swizzled shared-memory tile."""
    return call("gmma_desc", major, value_type, tile).fields()


tiled_copy_a = _tiled_copy_for("a")
tiled_copy_b = _tiled_copy_for("b")
tiled_copy_c = _tiled_copy_for("c")
