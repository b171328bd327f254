"""The layout algebra from Python: CuTe C++'s golden answers (the values of
the C++ unit tests and CuTe's documentation) and the algebra's laws over
generated layouts."""

import random

import pytest

from cute_mlir.layout import (ComposedLayout, CuteError, Dyn, Layout, Swizzle,
                              blocked_product, call, coalesce, complement,
                              composition, cosize, crd2idx, evaluate, filter,
                              functions, idx2crd, left_inverse, logical_divide,
                              logical_product, make_layout, print_layout,
                              raked_product, right_inverse, size, slice_,
                              tiled_divide, zipped_divide)

L = Layout.parse


def test_layout_constructors_follow_pycute():
    a = Layout((4, 8), (8, 1))
    assert a.shape == (4, 8) and a.stride == (8, 1)
    assert str(a) == "(4,8):(8,1)"
    assert Layout((2, (3, 4))).stride == (1, (2, 6))  # LayoutLeft
    assert make_layout((2, 4), "LayoutRight") == Layout((2, 4), (4, 1))
    assert len(a) == 2 and a[1] == Layout(8, 1)
    assert [str(m) for m in L("(4,(2,3)):(2,(1,8))")] == ["4:2", "(2,3):(1,8)"]
    assert L("(4,(2,3)):(2,(1,8))")[1, 0] == Layout(2, 1)


def test_layout_evaluation():
    a = Layout((4, 8), (8, 1))
    assert a(3) == 24 and a(1, 2) == 10 and a((1, 2)) == 10
    assert a.values()[:5] == [0, 8, 16, 24, 1]
    assert a(None, 2) == Layout((4,), (8,))
    assert slice_((None, 2), a) == Layout((4,), (8,))
    assert crd2idx((1, 2), a) == 10 and idx2crd(5, (4, 8)) == (1, 1)
    assert size(a) == 32 and cosize(Layout((4, 8), (1, 5))) == 39


@pytest.mark.parametrize("layout,expected", [
    ("(2,(1,6)):(1,(6,2))", "12:1"),
    ("((4,1),(2,3)):((1,0),(4,8))", "24:1"),
    ("(4,(2,3)):(2,(8,17))", "(8,3):(2,17)"),
    ("(2,4):(-1,-2)", "8:-1"),
])
def test_coalesce_golden(layout, expected):
    assert str(coalesce(L(layout))) == expected


@pytest.mark.parametrize("a,b,expected", [
    ("(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"),
    ("(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))"),
    ("(4,2,3):(2,1,8)", "(4,(2,3)):(2,(1,8))", "((2,2),(2,3)):((4,1),(2,8))"),
])
def test_composition_golden(a, b, expected):
    assert str(composition(L(a), L(b))) == expected


def test_tiler_by_mode_golden():
    tiler = (Layout(3, 4), Layout(8, 2))
    assert str(composition(L("(12,(4,8)):(59,(13,1))"), tiler)) == \
        "(3,(2,4)):(236,(26,1))"
    assert str(composition(L("(8,8):(1,8)"), (None, Layout(2, 2)))) == \
        "(8,2):(1,16)"


def test_divides_and_products_golden():
    a = L("(4,8):(8,1)")
    assert str(logical_divide(a, Layout(2, 2))) == "(2,(2,8)):(16,(8,1))"
    assert str(complement(Layout(4, 2), 24)) == "(2,3):(1,8)"
    # CuTe's documentation (02_layout_operations.md), and the tile mode of
    # a zipped divide is the composition with the tiler (02_layout_algebra).
    assert str(zipped_divide(L("(12,32,6):(1,128,0)"), (4, 8))) == \
        "((4,8),(3,4,6)):((1,128),(4,1024,0))"
    grid = L("((3,2),(4,2)):((16,1),(4,2))")
    tiler = (Layout(2, 3), Layout(2, 4))
    assert str(zipped_divide(grid, tiler)) == "((2,2),(3,4)):((1,2),(16,4))"
    assert zipped_divide(grid, tiler).values()[:8] == [0, 1, 2, 3, 16, 17,
                                                       18, 19]
    grid = L("(9,(4,8)):(59,(13,1))")
    tiler = (Layout(3, 3), Layout((2, 4), (1, 8)))
    assert zipped_divide(grid, tiler)[0] == composition(grid, tiler)
    assert tiled_divide(grid, tiler)[0] == composition(grid, tiler)
    tile, matrix = L("(2,2):(1,2)"), L("(3,4):(4,1)")
    assert str(blocked_product(tile, matrix)) == \
        "((2,3),(2,4)):((1,16),(2,4))"
    assert str(raked_product(tile, matrix)) == \
        "((3,2),(4,2)):((16,1),(4,2))"
    # (A, composition(complement(A, size(A) * cosize(B)), B)); the
    # complement of (2,2):(4,1) in 24 is (2,3):(2,8).
    assert str(logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))) == \
        "((2,2),(2,3)):((4,1),(2,8))"


def test_swizzles_and_composed_layouts():
    sw = Swizzle(3, 4, 3)
    assert sw(128) == 144 and sw(0) == 0 and repr(sw) == "Swizzle(3, 4, 3)"
    tile = composition(sw, Layout((8, 64), (64, 1)))
    assert isinstance(tile, ComposedLayout)
    assert tile == ComposedLayout(sw, 0, Layout((8, 64), (64, 1)))
    assert tile.inner == sw and tile.offset == 0 and tile.shape == (8, 64)
    # Row 2 of the tile sets bit 7, which flips bit 4 of the offset.
    assert tile(2, 0) == 128 + 16 and tile(2, 16) == 128


def test_dynamic_leaves_and_their_facts():
    a = Layout((4, "?"), (1, "?{div=16}"))
    assert a.shape == (4, Dyn("?")) and isinstance(a.stride[1], Dyn)
    assert size(Layout((4, "?"))) == Dyn("4*?")
    assert str(make_layout((4, "?"))) == "(4,?):(1,4)"
    assert str(composition(Layout((4, "?"), (1, 4)), 2)) == "2:1"


def test_errors_carry_the_librarys_message():
    with pytest.raises(CuteError, match="not congruent"):
        Layout((4, 8), (1,))
    with pytest.raises(CuteError):
        evaluate("coalesce(")
    with pytest.raises(CuteError, match="unknown function"):
        call("no_such_function", Layout(4, 1))
    with pytest.raises(TypeError):
        composition(Layout(4, 1), object())
    with pytest.raises(CuteError, match="not a layout"):
        Layout.parse("(4,8)")
    with pytest.raises(CuteError, match="unexpected"):
        Layout((4, 8), "LayoutRight")  # a stride, not make_layout's tag


def test_table_and_svg():
    assert Layout((2, 4), (4, 1)).table().splitlines()[3] == \
        " 0  | 0 | 1 | 2 | 3 |"
    svg = Layout((4, 8), (8, 1))._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    with pytest.raises(CuteError):
        Layout((2, 2, 2)).table()  # rank 3


def test_print_layout(capsys):
    print_layout(Layout((2, 2), (1, 2)))
    assert "| 0 | 2 |" in capsys.readouterr().out


def test_every_library_function_is_reachable():
    names = set(functions())
    assert {"composition", "logical_divide", "right_inverse"} <= names
    import cute_mlir.layout as module
    for name in names - {"slice", "mma_atom", "tiled_mma", "copy_atom",
                         "tiled_copy", "tiled_copy_a", "tiled_copy_b",
                         "tiled_copy_c", "gmma_layout", "gmma_desc"}:
        assert callable(getattr(module, name)), name


# Laws, over layouts generated with a fixed seed.

def random_layout(rng, max_rank=3):
    shape = tuple(rng.choice([1, 2, 3, 4, 6, 8]) for _ in
                  range(rng.randint(1, max_rank)))
    stride, step = [], 1
    for extent in rng.sample(range(len(shape)), len(shape)):
        stride.append((extent, step))
        step *= shape[extent] * rng.choice([1, 1, 2])
    strides = [s for _, s in sorted(stride)]
    return Layout(shape, tuple(strides))


@pytest.fixture
def rng():
    return random.Random(2026)


def test_law_coalesce_keeps_the_function(rng):
    for _ in range(40):
        a = random_layout(rng)
        assert coalesce(a).values() == a.values(), a


def test_law_composition_is_function_composition(rng):
    checked = 0
    for _ in range(60):
        # A rank-1 b: a multi-mode b composes mode by mode, which is a's
        # function only where a is linear across b's modes (CuTe's too).
        a = random_layout(rng)
        b = Layout(rng.choice([1, 2, 3, 4, 6, 8]), rng.choice([1, 2, 3, 4]))
        try:
            c = composition(a, b)
        except CuteError as e:  # CuTe's admissibility conditions
            assert "composition" in str(e)
            continue
        domain = [b(i) for i in range(size(b))]
        if max(domain) >= size(a):
            continue  # beyond a's domain, where CuTe extends its last mode
        assert c.values() == [a(x) for x in domain], (a, b)
        checked += 1
    assert checked >= 15


def test_law_right_inverse(rng):
    for _ in range(40):
        a = random_layout(rng)
        r = right_inverse(a)
        assert [a(r(i)) for i in range(size(r))] == list(range(size(r))), a


def test_law_left_inverse_of_injective_layouts(rng):
    for _ in range(40):
        a = random_layout(rng)
        if len(set(a.values())) != size(a):
            continue
        inverse = left_inverse(a)
        assert [inverse(a(i)) for i in range(size(a))] == \
            list(range(size(a))), a


def test_law_complement_is_disjoint(rng):
    for _ in range(40):
        a = filter(random_layout(rng))
        image = set(a.values())
        c = complement(a, cosize(a) * 2)
        assert all(x * 0 == 0 for x in c.values())
        offsets = {x + y for x in image for y in c.values()}
        assert len(offsets) == size(a) * size(c), (a, c)
