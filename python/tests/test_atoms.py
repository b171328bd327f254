"""Atoms, TiledMMA and TiledCopy as data, checked against the PTX ISA's
fragment layouts and CuTe's traits."""

import pytest

from cute_mlir.atoms import (CopyAtom, MmaAtom, Partition, TiledCopy,
                             TiledMMA, copy_atom_names, gmma_desc, gmma_layout,
                             mma_atom_names, tiled_copy_a)
from cute_mlir.layout import ComposedLayout, CuteError, Layout, Swizzle


def test_atom_tables_list_cute_names():
    mma = mma_atom_names()
    assert "SM80_16x8x16_F32F16F16F32_TN" in mma
    assert "SM70_8x8x4_F16F16F16F16_TN" in mma
    assert any(n.startswith("SM90_64x256x16_F32BF16BF16") for n in mma)
    assert "SM75_U32x4_LDSM_N" in copy_atom_names()


def test_mma_atom_traits():
    atom = MmaAtom("SM80_16x8x16_F32F16F16F32_TN")
    assert atom.shape_mnk == (16, 8, 16)
    assert atom.thr_id == Layout(32, 1)
    assert atom.layout_c == Layout.parse("((4,8),(2,2)):((32,1),(16,8))")
    with pytest.raises(CuteError):
        MmaAtom("SM80_16x8x16_NOT_AN_ATOM")


def test_mma_c_fragment_matches_the_ptx_isa():
    # mma.m16n8k16 C fragment: lane l holds rows l/4 and l/4 + 8, columns
    # 2*(l%4) and 2*(l%4)+1, in the order c0 c1 c2 c3.
    tiled = TiledMMA("SM80_16x8x16_F32F16F16F32_TN", (1, 1, 1))
    tile = Layout((16, 8))  # column-major (m, n) -> m + 16 n
    for lane in range(32):
        row, col = lane // 4, 2 * (lane % 4)
        expected = [row + 16 * col, row + 16 * (col + 1),
                    row + 8 + 16 * col, row + 8 + 16 * (col + 1)]
        assert tiled.partition_c(tile, lane).indices() == expected, lane


def test_tiled_mma():
    tiled = TiledMMA(MmaAtom("SM80_16x8x16_F32F16F16F32_TN"), (2, 2, 1))
    assert tiled.tile_size == (32, 16, 16) and tiled.size() == 128
    assert isinstance(tiled.partition_a(Layout((32, 16)), 0), Partition)
    # The four warps cover the 32x16 C tile exactly once.
    seen = sorted(i for t in range(128)
                  for i in tiled.partition_c(Layout((32, 16)), t).indices())
    assert seen == list(range(32 * 16))
    wgmma = TiledMMA("SM90_64x128x16_F32F16F16_SS", (2, 1, 1))
    assert wgmma.tile_size == (128, 128, 16) and wgmma.size() == 256


def test_copy_atoms_and_tiled_copies():
    ldsm = CopyAtom("SM75_U32x4_LDSM_N")
    assert ldsm.thr_id == Layout(32, 1)
    assert ldsm.src_layout == Layout((32, 128), (128, 1))
    copy = TiledCopy(ldsm, "f16", Layout((32, 1), (1, 0)), (1, 8))
    assert copy.tiler_mn == (32, 8)
    tiled = TiledMMA("SM80_16x8x16_F32F16F16F32_TN", (2, 2, 1))
    copy_a = tiled_copy_a("SM75_U32x4_LDSM_N", "f16", tiled)
    assert copy_a.tiler_mn == (32, 16)
    # Every element of the A tile is read by exactly one value slot.
    seen = sorted(i for t in range(128)
                  for i in copy_a.partition_s(Layout((32, 16)), t).indices())
    assert len(set(seen)) == 32 * 16


def test_gmma_layouts_and_descriptors():
    atom = gmma_layout("K", "SW128", "f16")
    assert isinstance(atom, ComposedLayout) and atom.shape == (8, 64)
    # One k-block of a 64x64 f16 K-major tile: 8-row groups 1024 bytes apart.
    tile = ComposedLayout(atom.inner, 0,
                          Layout(((8, 8), 16), ((64, 512), 1)))
    fields = gmma_desc("K", "f16", tile)
    assert fields["layout_type"].startswith("SW128")
    assert fields["stride_byte_offset"] == "64 (1024 bytes)"
    with pytest.raises(CuteError, match="wgmma swizzle"):
        gmma_desc("K", "f16", ComposedLayout(Swizzle(3, 4, 3), 0, tile.outer))


def test_pictures():
    svg = MmaAtom("SM80_16x8x8_F32F16F16F32_TN").svg()
    assert "<svg" in svg and "T31" in svg
