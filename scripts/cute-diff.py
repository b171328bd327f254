#!/usr/bin/env python3
"""Differential test of the layout algebra against CuTe C++.

Generates random static layouts and algebra expressions (fixed seed):
the divides, products, inverses and complements, and the index arithmetic,
slicing and reshaping around them (crd2idx, idx2crd, slice, dice, flatten,
nullspace, recast, shape_div, ceil_div, make_ordered_layout). It
evaluates them with `cute-layout`, and the same expressions with
CuTe C++ (CUTLASS's `include/cute`, compiled on the host with g++ and
CCCL's `cuda/std` headers from the CUDA toolkit), then compares the printed
results. A translation unit that does not compile (CuTe's static
assertions) is split until each expression compiles or fails alone. With
--rejected, what `cute-layout` rejects is compiled too, and should fail.
Each difference is printed with its kind: `differ` (both compute, not
alike) and `rejected-other` (we reject what CuTe computes) are bugs;
`weak-stride` (we reject a stride that splits a mode unevenly, where CuTe's
weak check lets through a layout that is not the composition, cutlass
issue #3177) and `cute-does-not-compile` (what we compute, CuTe C++ does
not compile: a product of an integral-shaped and a tuple-shaped layout,
say) are known and do not fail the run.

  scripts/cute-diff.py --cutlass CUTLASS/include [--cases 400] [--seed 1]
      [--cccl /usr/local/cuda/include/cccl] [--build build]

Exit status 1 on a `differ` or `rejected-other`. Needs a
CUTLASS checkout, so it is a developer tool, not part of the test suite.
"""
import argparse
import math
import os
import random
import re
import subprocess
import sys
import tempfile

from cute_host import (add_location_arguments, compile_split, cpp_tuple,
                       include_flags, text)

# Expressions: name, arity kind, C++ template ({0}, {1}: C++ arguments).
UNARY = {
    "coalesce": "coalesce({0})",
    "right_inverse": "right_inverse({0})",
    "left_inverse": "left_inverse({0})",
    "filter": "filter({0})",
    "filter_zeros": "filter_zeros({0})",
    "cosize": "cosize({0})",
    "size": "size({0})",
}
BINARY = {
    "composition": "composition({0}, {1})",
    "logical_divide": "logical_divide({0}, {1})",
    "zipped_divide": "zipped_divide({0}, {1})",
    "tiled_divide": "tiled_divide({0}, {1})",
    "flat_divide": "flat_divide({0}, {1})",
    "logical_product": "logical_product({0}, {1})",
    "zipped_product": "zipped_product({0}, {1})",
    "tiled_product": "tiled_product({0}, {1})",
    "flat_product": "flat_product({0}, {1})",
    "blocked_product": "blocked_product({0}, {1})",
    "raked_product": "raked_product({0}, {1})",
    "max_common_vector": "max_common_vector({0}, {1})",
    "max_common_layout": "max_common_layout({0}, {1})",
}


def shape(rng, depth=0):
    """A random shape: an int or a tuple of shapes."""
    if depth >= 2 or rng.random() < 0.55:
        return rng.choice([1, 2, 2, 3, 4, 4, 6, 8])
    return tuple(shape(rng, depth + 1) for _ in range(rng.randint(1, 3)))


def leaves(t):
    return [t] if isinstance(t, int) else [x for s in t for x in leaves(s)]


def rebuild(t, values):
    if isinstance(t, int):
        return values.pop(0)
    return tuple(rebuild(s, values) for s in t)


def stride(rng, s):
    """Compact (column- or row-major, maybe scaled) or random strides."""
    flat = leaves(s)
    kind = rng.random()
    if kind < 0.6:
        order = list(range(len(flat)))
        if rng.random() < 0.4:
            order.reverse()
        scale = rng.choice([1, 1, 1, 2, 3])
        d, out = scale, [0] * len(flat)
        for i in order:
            out[i] = d
            d *= flat[i]
        if rng.random() < 0.15:
            out[rng.randrange(len(out))] = 0
        return rebuild(s, out)
    return rebuild(s, [rng.choice([0, 1, 2, 3, 4, 8, 16, 24]) for _ in flat])


def layout_text(s, d):
    return f"{text(s)}:{text(d)}"


def cpp_layout(s, d):
    return (f"make_layout({cpp_tuple(s, 'make_shape')}, "
            f"{cpp_tuple(d, 'make_stride')})")


def random_layout(rng):
    s = shape(rng)
    return s, stride(rng, s)


TILED = ["composition", "logical_divide", "zipped_divide", "tiled_divide",
         "flat_divide", "logical_product", "zipped_product", "tiled_product",
         "flat_product"]


def tiler(rng, a):
    """A by-mode tiler for layout `a`: a tuple of layouts, or of sizes, one
    for each of its first modes."""
    rank = 1 if isinstance(a[0], int) else len(a[0])
    modes = rng.randint(1, rank)
    if rng.random() < 0.5:
        sizes = [rng.choice([1, 2, 2, 3, 4]) for _ in range(modes)]
        return ("(" + ",".join(map(str, sizes)) + ")",
                "make_shape(" + ", ".join(f"Int<{x}>{{}}" for x in sizes) + ")")
    layouts = [random_layout(rng) for _ in range(modes)]
    return ("(" + ",".join(layout_text(*x) for x in layouts) + ")",
            "make_tile(" + ", ".join(cpp_layout(*x) for x in layouts) + ")")


def swizzled(rng, a):
    """`a` behind a random swizzle: CuTe's ComposedLayout (Sw, 0, a), in
    our notation and in C++."""
    bits = rng.randint(1, 3)
    base, shift = rng.randint(0, 4), rng.randint(bits, 4)
    return (f"Sw<{bits},{base},{shift}> o 0 o {layout_text(*a)}",
            f"composition(Swizzle<{bits},{base},{shift}>{{}}, "
            f"{cpp_layout(*a)})")


def size_of(t):
    return t if isinstance(t, int) else math.prod(size_of(x) for x in t)


def coord(rng, s):
    """A coordinate of shape `s`: an index into all of it (sometimes), or
    one per mode, each an index into the mode or a coordinate of it."""
    if isinstance(s, int) or rng.random() < 0.3:
        i = rng.randrange(size_of(s))
        return str(i), f"Int<{i}>{{}}"
    parts = [coord(rng, x) for x in s]
    return ("(" + ",".join(o for o, _ in parts) + ")",
            "make_coord(" + ", ".join(c for _, c in parts) + ")")


def slicer(rng, s):
    """A slicing coordinate of shape `s`: `_` or a coordinate per mode."""
    if rng.random() < 0.4:
        return "_", "_"
    if isinstance(s, int):
        i = rng.randrange(s)
        return str(i), f"Int<{i}>{{}}"
    parts = [slicer(rng, x) for x in s]
    return ("(" + ",".join(o for o, _ in parts) + ")",
            "make_coord(" + ", ".join(c for _, c in parts) + ")")


def more_functions(rng, a):
    """Index arithmetic, slicing and reshaping of layout `a` (or of its
    shape), in our notation and in C++."""
    s, d = a
    ours_a, cpp_a = layout_text(s, d), cpp_layout(s, d)
    cpp_s = cpp_tuple(s, "make_shape")
    name = rng.choice(["crd2idx", "idx2crd", "slice", "dice", "flatten",
                       "nullspace", "recast", "shape_div", "ceil_div",
                       "make_ordered_layout"])
    if name == "crd2idx":
        o, c = coord(rng, s)
        return f"crd2idx({o}, {ours_a})", f"{cpp_a}({c})"
    if name == "idx2crd":
        i = rng.randrange(size_of(s))
        return f"idx2crd({i}, {text(s)})", f"idx2crd(Int<{i}>{{}}, {cpp_s})"
    if name in ("slice", "dice"):
        o, c = slicer(rng, s)
        return f"{name}({o}, {ours_a})", f"{name}({c}, {cpp_a})"
    if name in ("flatten", "nullspace"):
        return f"{name}({ours_a})", f"{name}({cpp_a})"
    if name == "recast":
        old, new = rng.choice([8, 16, 32, 64]), rng.choice([8, 16, 32, 64])
        return (f"recast({ours_a}, {old}, {new})",
                f"recast_layout<uint{old}_t, uint{new}_t>({cpp_a})")
    if name in ("shape_div", "ceil_div"):
        b = shape(rng)
        if isinstance(s, tuple) and rng.random() < 0.5:
            b = tuple(rng.choice([1, 2, 3, 4, 8]) for _ in s)
        return (f"{name}({text(s)}, {text(b)})",
                f"{name}({cpp_s}, {cpp_tuple(b, 'make_shape')})")
    flat = leaves(s)
    order = rng.sample(range(len(flat)), len(flat))
    o = rebuild(s, list(order))
    return (f"make_ordered_layout({text(s)}, {text(o)})",
            f"make_ordered_layout({cpp_s}, {cpp_tuple(o, 'make_step')})")


def cases(rng, count):
    out = []
    while len(out) < count:
        a = random_layout(rng)
        kind = rng.random()
        if kind < 0.1:
            # Swizzled layouts, as shared-memory tensors have them: the
            # algebra applies to the layout inside the swizzle.
            name = rng.choice(["composition", "logical_divide",
                               "zipped_divide", "tiled_divide"])
            ours_a, cpp_a = swizzled(rng, a)
            if name == "composition" and rng.random() < 0.5:
                b = random_layout(rng)
                t, cpp = layout_text(*b), cpp_layout(*b)
            else:
                t, cpp = tiler(rng, a)
            out.append((f"{name}({ours_a}, {t})", f"{name}({cpp_a}, {cpp})"))
        elif kind < 0.28:
            name = rng.choice(TILED)
            t, cpp = tiler(rng, a)
            out.append((f"{name}({layout_text(*a)}, {t})",
                        f"{name}({cpp_layout(*a)}, {cpp})"))
        elif kind < 0.36:
            name, n = rng.choice(["upcast", "downcast"]), rng.choice([2, 4])
            out.append((f"{name}({layout_text(*a)}, {n})",
                        f"{name}<{n}>({cpp_layout(*a)})"))
        elif kind < 0.4:
            target = shape(rng)
            target = target if isinstance(target, tuple) else (target,)
            out.append((f"tile_to_shape({layout_text(*a)}, {text(target)})",
                        f"tile_to_shape({cpp_layout(*a)}, "
                        f"{cpp_tuple(target, 'make_shape')})"))
        elif kind < 0.45:
            out.append((f"complement({layout_text(*a)})",
                        f"complement({cpp_layout(*a)})"))
        elif kind < 0.6:
            out.append(more_functions(rng, a))
        elif rng.random() < 0.3:
            name = rng.choice(sorted(UNARY))
            out.append((f"{name}({layout_text(*a)})",
                        UNARY[name].format(cpp_layout(*a))))
        elif rng.random() < 0.15:
            m = rng.choice([16, 32, 48, 64, 96, 128, 256])
            out.append((f"complement({layout_text(*a)}, {m})",
                        f"complement({cpp_layout(*a)}, Int<{m}>{{}})"))
        else:
            name = rng.choice(sorted(BINARY))
            b = random_layout(rng)
            out.append((f"{name}({layout_text(*a)}, {layout_text(*b)})",
                        BINARY[name].format(cpp_layout(*a), cpp_layout(*b))))
    return out


def ours(build, expressions):
    run = subprocess.run([os.path.join(build, "bin", "cute-layout")],
                         input="\n".join(expressions) + "\n", text=True,
                         capture_output=True, check=False)
    lines = run.stdout.splitlines()
    # It exits 1 where some line was an error; every line has an answer.
    if run.returncode not in (0, 1) or len(lines) != len(expressions):
        sys.exit(f"cute-layout failed ({run.returncode}): {run.stderr}")
    return lines


PROGRAM = """#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;
{functions}
int main() {{
{calls}
}}
"""


def source_of(batch):
    functions = "\n".join(
        f"void case{i}() {{ print({expr}); printf(\"\\n\"); }}"
        for i, expr in batch)
    calls = "\n".join(f'  printf("@{i} "); case{i}();' for i, _ in batch)
    return PROGRAM.format(functions=functions, calls=calls)


def results_of(batch, binary):
    """CuTe's printed result of each case, ("ok", value), or ("crashed",
    why) for one that printed nothing."""
    run = subprocess.run([binary], capture_output=True, text=True,
                         check=False, timeout=60)
    out = {}
    for line in run.stdout.splitlines():
        m = re.match(r"@(\d+) (.*)", line)
        if m:
            out[int(m.group(1))] = ("ok", m.group(2).replace("_", ""))
    for i, _ in batch:
        out.setdefault(i, ("crashed", run.stderr.strip()[:200]))
    return out


def compile_and_run(batch, includes, workdir, tag):
    """CuTe's result of each (index, C++) in batch (see results_of), or
    ("rejected", why) for a case that does not compile alone; includes:
    include_flags' -I flags."""
    command = ["g++", "-std=c++17", "-O0", "-w"] + includes
    return compile_split(batch, source_of, command, workdir, tag, results_of)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_location_arguments(p)
    p.add_argument("--cases", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--batch", type=int, default=50)
    p.add_argument("--rejected", action="store_true",
                   help="also compile what cute-layout rejects, expecting "
                   "CuTe to reject it too")
    a = p.parse_args(argv)

    rng = random.Random(a.seed)
    all_cases = cases(rng, a.cases)
    results = ours(a.build, [e for e, _ in all_cases])
    accepted = [(i, cpp) for i, ((e, cpp), r) in
                enumerate(zip(all_cases, results)) if not r.startswith("error")]
    print(f"{len(all_cases)} expressions, {len(accepted)} accepted by "
          f"cute-layout", flush=True)
    includes = include_flags(a)
    theirs = {}
    with tempfile.TemporaryDirectory() as workdir:
        for start in range(0, len(accepted), a.batch):
            theirs.update(compile_and_run(accepted[start:start + a.batch],
                                          includes, workdir, f"b{start}"))
    # What we reject, CuTe should reject too (at compile time, by a static
    # assertion, or at run time).
    rejected = [(i, cpp) for i, ((e, cpp), r) in
                enumerate(zip(all_cases, results)) if r.startswith("error")]
    if a.rejected and rejected:
        with tempfile.TemporaryDirectory() as workdir:
            for start in range(0, len(rejected), a.batch):
                theirs.update(compile_and_run(rejected[start:start + a.batch],
                                              includes, workdir, f"r{start}"))
    # Outcomes: both compute the same; both compute, differently (a bug);
    # we reject what CuTe computes: by the stride divisibility condition,
    # which CuTe checks weakly and then returns a layout that is not the
    # composition (cutlass issue #3177, test/cute-layout/composition-
    # conditions.test), or otherwise (a bug); we compute what CuTe does not
    # compile (its products of an integral-shaped and a tuple-shaped layout,
    # say): reported, not a difference in results.
    counts = {"agree": 0, "differ": 0, "weak-stride": 0, "rejected-other": 0,
              "cute-does-not-compile": 0}

    def report(kind, i, theirs_text):
        counts[kind] += 1
        print(f"[{kind}] {all_cases[i][0]}\n  ours:  {results[i]}\n"
              f"  CuTe:  {theirs_text}")

    for i, _ in rejected if a.rejected else []:
        status, value = theirs[i]
        if status != "ok":
            continue
        kind = ("weak-stride" if "stride divisibility condition violated"
                in results[i] else "rejected-other")
        report(kind, i, value)
    for i, _ in accepted:
        status, value = theirs[i]
        if status == "ok" and value == results[i]:
            counts["agree"] += 1
        elif status == "ok":
            report("differ", i, value)
        else:
            report("cute-does-not-compile", i, f"{status}: {value}")
    print(", ".join(f"{v} {k}" for k, v in counts.items()))
    bad = counts["differ"] + counts["rejected-other"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
