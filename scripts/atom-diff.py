#!/usr/bin/env python3
"""Differential test of the atom tables against CuTe C++.

Evaluates with `cute-layout` every MMA atom of `--list-mma-atoms` (wgmma
with CuTe's default majors, K and K), UniversalFMA, a sample of wgmma atoms
with other majors or CuTe's `_TN` names, every copy atom (and cp.async at
the widths that both should reject), random TiledMMAs (against
make_tiled_mma) and random TiledCopies (`tiled_copy`, `tiled_copy_a/b/c`,
against make_tiled_copy, make_tiled_copy_A/B/C), from a fixed seed, and
prints the same traits with CuTe C++ (CUTLASS's `include/cute`, with the
SM90 extended wgmma shapes, compiled on the host by g++ with CCCL's
`cuda/std`: the PTX sits under #if guards). A translation unit that does
not compile (CuTe's static assertions) is split until each case compiles or
fails alone. The one normalisation is cute-diff's: `_` is stripped from
CuTe's printed values (its static `_4` is our `4`); tuples and layouts,
rank-1 nesting included, are printed alike and compared as text.

Outcomes: `agree`, `both-reject`, and the differences, each printed with
both sides: `differ` (both compute, not alike), `we-reject-cute-computes`
and `cute-does-not-compile` (we compute what CuTe statically rejects).

  scripts/atom-diff.py --cutlass CUTLASS/include [--cases 200]
      [--copy-cases 100] [--majors 64] [--seed 1] [--batch 50]
      [--cccl /usr/local/cuda/include/cccl] [--build build]

Exit status 1 on any difference. Needs a CUTLASS checkout, so it is a
developer tool, not part of the test suite.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

from cute_host import (add_location_arguments, compile_split, cpp_tuple,
                       include_flags, text)

# Our value types: CuTe's C++ types, and bits.
TYPES = {"f16": ("half_t", 16), "bf16": ("bfloat16_t", 16), "s8": ("int8_t", 8),
         "tf32": ("tfloat32_t", 32), "f32": ("float", 32), "u8": ("uint8_t", 8),
         "f64": ("double", 64), "s32": ("int32_t", 32),
         "e4m3": ("float_e4m3_t", 8), "e5m2": ("float_e5m2_t", 8)}
# The wgmma types that may be MN-major: CuTe's templates take both majors.
# tf32, fp8 and int8 are K-major only, CuTe's `_TN` ops.
SIXTEEN_BIT = ("F16F16F16", "F32F16F16", "F32BF16BF16")
UNIVERSAL_FMAS = ["UniversalFMA<f32>", "UniversalFMA<f64>", "UniversalFMA<f16>",
                  "UniversalFMA<s32>", "UniversalFMA<f32,f16,f16,f32>"]
WIDTHS = ["U8", "U16", "U32", "U64", "U128"]
# lib/Atom/CopyAtoms.cpp's atoms, and cp.async at the widths it rejects.
MATRIX_COPIES = [f"{arch}_{u}x{n}_{kind}_{t}"
                 for arch, kind in (("SM75", "LDSM"), ("SM90", "STSM"))
                 for u, t, ns in (("U32", "N", (1, 2, 4)),
                                  ("U16", "T", (2, 4, 8))) for n in ns]
UNIVERSAL_COPIES = ["UniversalCopy_" + w for w in WIDTHS]
CP_ASYNC = ["SM80_CP_ASYNC_CACHEALWAYS_U32", "SM80_CP_ASYNC_CACHEALWAYS_U64",
            "SM80_CP_ASYNC_CACHEALWAYS_U128", "SM80_CP_ASYNC_CACHEGLOBAL_U128"]
COPY_ATOMS = (UNIVERSAL_COPIES + MATRIX_COPIES +
              ["SM80_CP_ASYNC_" + c + "_" + w
               for c in ("CACHEALWAYS", "CACHEGLOBAL") for w in WIDTHS])


def type_list(text):
    """F32BF16BF16F32 -> ['f32', 'bf16', 'bf16', 'f32']."""
    return [t.lower() for t in
            re.findall(r"BF16|TF32|E4M3|E5M2|F64|F32|F16|S32|S8|U8", text)]


def cpp_mma(name):
    """CuTe's C++ op type of one of our MMA atom names."""
    m = re.fullmatch(r"UniversalFMA<(.*)>", name)
    if m:
        return ("UniversalFMA<" + ", ".join(
            TYPES[t.strip()][0] for t in m.group(1).split(",")) + ">")
    m = re.fullmatch(r"(SM90_64x\d+x\d+_(\w+?)_[SR]S)(?:_TN)?(?:<(.*)>)?", name)
    if not m:
        return name  # the mma.sync ops: structs of namespace cute
    base, types, majors = m.groups()
    if types in SIXTEEN_BIT:
        a, b = ([x.split("::")[-1].strip() for x in majors.split(",")]
                if majors else ("K", "K"))
        return f"{base}<GMMA::Major::{a}, GMMA::Major::{b}>"
    # The K-major-only ops take scale arguments with defaults, but int8's.
    return base + "_TN" + ("" if types.startswith("S32") else "<>")


def cpp_copy(name):
    """CuTe's C++ op type of one of our copy atom names."""
    m = re.fullmatch(r"(UniversalCopy|SM80_CP_ASYNC_CACHE\w+?)_U(\d+)", name)
    return f"{m.group(1)}<uint{m.group(2)}_t>" if m else name


def shape_mnk(name):
    m = re.search(r"_(\d+)x(\d+)x(\d+)_", name)
    return tuple(int(x) for x in m.groups()) if m else (1, 1, 1)


def bits_per_thread(atom):
    """The bits one thread of a copy atom moves."""
    m = re.fullmatch(r"SM\d+_U(\d+)x(\d+)_.*", atom)
    return int(m.group(1)) * int(m.group(2)) if m else int(atom.split("_U")[-1])


def layout(shape, stride=None):
    """(ours, C++) of a static layout; without stride, a bare shape, for
    CuTe's compact column-major default."""
    if stride is None:
        return text(shape), f"make_layout({cpp_tuple(shape, 'make_shape')})"
    return (f"{text(shape)}:{text(stride)}",
            f"make_layout({cpp_tuple(shape, 'make_shape')}, "
            f"{cpp_tuple(stride, 'make_stride')})")


def joined(args, side):
    return ", ".join(a[side] for a in args)


def printer(prelude, keys):
    """C++ of one case: the prelude, then `@id KEY value` for each (KEY,
    C++ expression)."""
    return prelude + "".join(
        f' printf("@%d {k} ", id); print({e}); printf("\\n");'
        for k, e in keys)


def atom_case(function, name):
    """mma_atom / copy_atom: CuTe's MMA_Traits / Copy_Traits of the op. The
    sizeof instantiates the op, and its static assertions (RS: A K-major;
    cp.async: 4, 8 or 16 bytes)."""
    op, traits, keys = (
        (cpp_mma(name), "MMA_Traits",
         ("Shape_MNK", "ThrID", "ALayout", "BLayout", "CLayout"))
        if function == "mma_atom" else
        (cpp_copy(name), "Copy_Traits",
         ("ThrID", "SrcLayout", "DstLayout", "RefLayout")))
    return (f"{function}({name})",
            printer(f"using T = {traits}<{op}>; (void)sizeof({op});",
                    [(k, f"typename T::{k}{{}}") for k in keys]))


def other_majors(rng, names, count):
    """16-bit wgmma atoms with other majors than (K, K), short or spelled
    out (RS reads A from registers: <MN, _> should be rejected by both), and
    K-major-only ones by CuTe's `_TN` names."""
    sixteen = [n for n in names if n.split("_")[2] in SIXTEEN_BIT]
    k_only = [n for n in names if n.startswith("SM90_") and n not in sixteen]
    out = []
    for _ in range(count):
        if rng.random() < 0.2:
            out.append(rng.choice(k_only) + "_TN")
            continue
        majors = rng.choice([("MN", "K"), ("K", "MN"), ("MN", "MN")])
        a, b = (rng.choice([x, "GMMA::Major::" + x]) for x in majors)
        out.append(f"{rng.choice(sixteen)}<{a}, {b}>")
    return out


def bijection(rng, size):
    """A random permutation layout of [0, size): its factors, strided in a
    random order (as CuTe's documented (4,4,2):(1,8,4))."""
    factors, rest = [], size
    while rest > 1 and len(factors) < 2:
        d = rng.choice([d for d in range(2, rest + 1) if rest % d == 0])
        factors.append(d)
        rest //= d
    factors += [rest] if rest > 1 or not factors else []
    order = list(range(len(factors)))
    rng.shuffle(order)
    strides, d = [0] * len(factors), 1
    for i in order:
        strides[i], d = d, d * factors[i]
    return layout(tuple(factors), tuple(strides))


def tiled_mma_args(rng, name):
    """(ours, C++) of a random atom layout and, at times, a permutation."""
    m, n = rng.randint(1, 4), rng.randint(1, 4)
    if name.startswith("SM90_"):  # at most 1024 threads: 8 warpgroups
        m, n = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2), (1, 4), (4, 1),
                           (2, 4), (4, 2), (3, 1), (1, 3), (3, 2)])
    elif name.startswith("UniversalFMA"):
        m, n = rng.choice([1, 2, 4, 8, 16]), rng.choice([1, 2, 4, 8, 16])
    kind = rng.random()
    if kind < 0.4:
        atom = layout((m, n, 1))
    elif kind < 0.55:
        atom = layout((m, n))  # rank 2: make_tiled_mma appends K
    else:
        k = rng.choice([0, m * n])
        atom = layout((m, n, 1), (1, m, k) if kind < 0.8 else (n, 1, k))
    if rng.random() < 0.6:
        return [atom]
    # Each mode: `_`, a size or a permutation, of the atoms' extent or twice.
    modes = []
    for natural in (a * b for a, b in zip(shape_mnk(name), (m, n, 1))):
        kind, size = rng.random(), natural * rng.choice([1, 1, 2])
        modes.append(("_", "_") if kind < 0.3 else
                     (str(size), f"Int<{size}>{{}}") if kind < 0.65 else
                     bijection(rng, size))
    if rng.random() < 0.2:
        modes.pop()  # rank 2: make_tiled_mma appends `_` for K
    return [atom, (f"({','.join(o for o, _ in modes)})",
                   f"make_tile({joined(modes, 1)})")]


def tiled_mma_case(rng, sync, sm90):
    kind = rng.random()
    name = (rng.choice(sync) if kind < 0.8 else rng.choice(sm90)
            if kind < 0.92 else rng.choice(UNIVERSAL_FMAS))
    args = tiled_mma_args(rng, name)
    return (f"tiled_mma({name}, {joined(args, 0)})", printer(
        f"auto t = make_tiled_mma({cpp_mma(name)}{{}}, {joined(args, 1)});",
        [("TileSize", "make_shape(tile_size<0>(t), tile_size<1>(t), "
          "tile_size<2>(t))"), ("ThrLayoutVMNK", "t.get_thr_layout_vmnk()")] +
        [(f"Layout{x}_TV", f"t.get_layout{x}_TV()") for x in "ABC"]))


def tiled_copy_printer(make, atom, cpp_type, args):
    """Our TiledCopy lines are CuTe's TiledCopy members of the same names."""
    return printer(
        f"using TC = decltype({make}(Copy_Atom<{cpp_copy(atom)}, "
        f"{cpp_type}>{{}}, {args}));",
        [("Tiler_MN", "typename TC::Tiler_MN{}"),
         ("TiledLayout_TV", "typename TC::TiledLayout_TV{}"),
         ("LayoutS_TV", "TC::get_layoutS_TV()"),
         ("LayoutD_TV", "TC::get_layoutD_TV()")])


def value_type(rng, name):
    """(ours, C++) of a value type, by name or, at times, by its bits."""
    cpp, bits = TYPES[name]
    return (str(bits), f"uint{bits}_t") if rng.random() < 0.15 else (name, cpp)


def tiled_copy_case(rng):
    """make_tiled_copy: a legal atom, a value type it moves whole, m x n
    threads (a multiple of a warp for ldmatrix / stmatrix) and values."""
    atom = rng.choice(UNIVERSAL_COPIES + CP_ASYNC + MATRIX_COPIES)
    bits = bits_per_thread(atom)
    t = rng.choice([t for t in ("u8", "f16", "bf16", "f32", "f64")
                    if bits % TYPES[t][1] == 0])
    values = bits // TYPES[t][1] * rng.choice([1, 1, 2])
    m = rng.choice([1, 2, 4, 8, 16, 32])
    n = rng.choice([x for x in (1, 2, 4, 8, 16, 32) if m * x <= 256 and
                    (atom not in MATRIX_COPIES or m * x % 32 == 0)])
    threads = layout((m, n), rng.choice([None, (n, 1)]))
    v = rng.choice([(1, values), (values, 1)] +
                   ([(2, values // 2)] if values % 2 == 0 else []))
    vals = layout(v, rng.choice([None, (v[1], 1)]))
    ours_t, cpp_t = value_type(rng, t)
    return (f"tiled_copy({atom}, {ours_t}, {threads[0]}, {vals[0]})",
            tiled_copy_printer("make_tiled_copy", atom, cpp_t,
                               f"{threads[1]}, {vals[1]}"))


def tiled_copy_mma_case(rng, sync, sm90):
    """make_tiled_copy_A/B/C: a copy of the operand's type, by ldmatrix (A,
    B), stmatrix (C) or UniversalCopy, for an mma.sync TiledMMA, or for the
    registers of a wgmma one: C, or A of an RS atom."""
    operand = rng.choice("ABC")
    mma = rng.choice(sync if rng.random() < 0.8 or operand == "B" else
                     sm90 if operand == "C" else
                     [n for n in sm90 if n.endswith("_RS")])
    types = type_list(mma.split("_")[2])  # D, A, B(, C): wgmma's C is D
    t = (types + types[:1])["DABC".index(operand)]
    kind = "_STSM_" if operand == "C" else "_LDSM_"
    atom = rng.choice([a for a in UNIVERSAL_COPIES + MATRIX_COPIES
                       if (kind in a or a in UNIVERSAL_COPIES)
                       and bits_per_thread(a) % TYPES[t][1] == 0])
    args = tiled_mma_args(rng, mma)
    ours_t, cpp_t = value_type(rng, t)
    return (f"tiled_copy_{operand.lower()}({atom}, {ours_t}, {mma}, "
            f"{joined(args, 0)})",
            tiled_copy_printer(f"make_tiled_copy_{operand}", atom, cpp_t,
                               f"make_tiled_mma({cpp_mma(mma)}{{}}, "
                               f"{joined(args, 1)})"))


def ours(build, expressions):
    """Our result of each expression: a dict of its `Key: value` lines, or
    its `error: ...` line. With --echo, each result follows its expression
    (`  = ` on its first line), so multi-line results are told apart."""
    run = subprocess.run([os.path.join(build, "bin", "cute-layout"), "--echo"],
                         input="\n".join(expressions) + "\n", text=True,
                         capture_output=True, check=False)
    if run.returncode not in (0, 1):
        sys.exit(f"cute-layout failed ({run.returncode}): {run.stderr}")
    lines, out = run.stdout.splitlines(), []
    for i, expr in enumerate(expressions):
        if len(lines) < 2 or lines.pop(0) != expr or \
                not lines[0].startswith("  = "):
            sys.exit(f"cute-layout: no result for {expr}")
        result = [lines.pop(0)[4:]]
        following = expressions[i + 1] if i + 1 < len(expressions) else None
        while lines and lines[0] != following:
            result.append(lines.pop(0))
        out.append(result[0] if result[0].startswith("error") else
                   dict(line.split(": ", 1) for line in result))
    return out


HEADER = """#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cstdio>
"""


def source_of(batch):
    functions = "\n".join(f"void case{i}(int id) {{{body} }}"
                          for i, body in batch)
    calls = "\n".join(f"  case{i}({i});" for i, _ in batch)
    return (f'#include "atoms.hpp"\nusing namespace cute;\n{functions}\n'
            f"int main() {{\n{calls}\n}}\n")


def results_of(batch, binary):
    """CuTe's printed results of each case: ("ok", {KEY: value}), or
    ("crashed", why) for one that printed nothing (what printed partly
    differs)."""
    run = subprocess.run([binary], capture_output=True, text=True,
                         check=False, timeout=120)
    out = {i: ("ok", {}) for i, _ in batch}
    for line in run.stdout.splitlines():
        m = re.match(r"@(\d+) (\S+) (.*)", line)
        if m:
            out[int(m.group(1))][1][m.group(2)] = m.group(3).replace("_", "")
    return {i: r if r[1] else ("crashed", run.stderr.strip()[:200])
            for i, r in out.items()}


def compile_and_run(batch, flags, workdir, tag):
    """CuTe's results of each (index, C++) in batch (see results_of), or
    ("rejected", why) for a case that does not compile alone."""
    return compile_split(batch, source_of, ["g++"] + flags, workdir, tag,
                         results_of)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_location_arguments(p)
    p.add_argument("--cases", type=int, default=200, help="TiledMMAs")
    p.add_argument("--copy-cases", type=int, default=100, help="TiledCopies")
    p.add_argument("--majors", type=int, default=64,
                   help="wgmma atoms with other majors or `_TN` names")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--batch", type=int, default=50)
    a = p.parse_args(argv)

    listing = subprocess.run(
        [os.path.join(a.build, "bin", "cute-layout"), "--list-mma-atoms"],
        capture_output=True, text=True, check=True).stdout.split()
    sync = [n for n in listing if not n.startswith("SM90_")]
    sm90 = [n for n in listing if n.startswith("SM90_")]
    rng = random.Random(a.seed)
    cases = ([("mma_atom",) + atom_case("mma_atom", n) for n in listing +
              UNIVERSAL_FMAS + other_majors(rng, listing, a.majors)] +
             [("copy_atom",) + atom_case("copy_atom", n) for n in COPY_ATOMS] +
             [("tiled_mma",) + tiled_mma_case(rng, sync, sm90)
              for _ in range(a.cases)] +
             [("tiled_copy",) + (tiled_copy_case(rng) if rng.random() < 0.5
                                 else tiled_copy_mma_case(rng, sync, sm90))
              for _ in range(a.copy_cases)])
    results = ours(a.build, [e for _, e, _ in cases])
    print(f"{len(cases)} cases, {sum(isinstance(r, dict) for r in results)} "
          f"computed by cute-layout", flush=True)

    flags = (["-std=c++17", "-O0", "-w",
              "-DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED"] + include_flags(a))
    theirs = {}
    with tempfile.TemporaryDirectory() as workdir:
        # CuTe's headers, the extended wgmma shapes above all, take most of
        # a translation unit's compile time: precompile them once.
        header = os.path.join(workdir, "atoms.hpp")
        with open(header, "w") as f:
            f.write(HEADER)
        pch = subprocess.run(["g++"] + flags + ["-x", "c++-header", header,
                                                "-o", header + ".gch"],
                             capture_output=True, text=True, check=False)
        if pch.returncode != 0:
            sys.exit(f"CuTe's headers do not compile:\n{pch.stderr[:2000]}")
        flags.append(f"-I{workdir}")
        # What we reject should fail alone: compile it case by case, apart
        # from what we compute, so that no batch of that is split for it.
        for accepted, size in ((True, a.batch), (False, 1)):
            todo = [(i, body) for i, (_, _, body) in enumerate(cases)
                    if isinstance(results[i], dict) == accepted]
            for start in range(0, len(todo), size):
                theirs.update(compile_and_run(todo[start:start + size], flags,
                                              workdir, f"b{accepted:d}_{start}"))
            print(f"  {len(theirs)}/{len(cases)} compiled", flush=True)

    kinds = ["agree", "both-reject", "differ", "we-reject-cute-computes",
             "cute-does-not-compile"]
    counts = {c: dict.fromkeys(kinds, 0) for c, _, _ in cases}
    for i, (category, expr, _) in enumerate(cases):
        (status, value), mine = theirs[i], results[i]
        if isinstance(mine, dict):
            kind = ("cute-does-not-compile" if status != "ok" else
                    "agree" if mine == value else "differ")
        else:
            kind = "both-reject" if status != "ok" else \
                "we-reject-cute-computes"
        counts[category][kind] += 1
        if kind in ("agree", "both-reject"):
            continue
        print(f"[{kind}] {expr}")
        if kind != "differ":
            print(f"  ours: {mine}\n  CuTe: {status}: {value}")
            continue
        for key in list(mine) + [k for k in value if k not in mine]:
            if mine.get(key) != value.get(key):
                print(f"  {key}\n    ours: {mine.get(key)}\n"
                      f"    CuTe: {value.get(key)}")
    for category, c in counts.items():
        print(f"{category}: " + ", ".join(f"{v} {k}" for k, v in c.items()))
    return 1 if any(c[k] for c in counts.values() for k in kinds[2:]) else 0


if __name__ == "__main__":
    sys.exit(main())
