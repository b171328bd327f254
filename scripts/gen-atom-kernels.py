#!/usr/bin/env python3
"""Writes one GPU test kernel per MMA atom, in the cute dialect.

  scripts/gen-atom-kernels.py sync  > test/GPU/mma-atoms.mlir
  scripts/gen-atom-kernels.py wgmma > test/GPU/wgmma-atoms.mlir

The atoms come from the tables (`cute-layout --list-mma-atoms`): every
mma.sync atom, and for wgmma every value-type form with A in shared memory
(SS) and in registers (RS) at the smallest, a middle and the largest legal N
(N only sets the instruction's width and the number of accumulators). Each
kernel is named after its atom and computes C += A * B^T for one atom tile,
A (M, K), B (N, K) and C (M, N) row-major in global memory:

- mma.sync: one warp; every operand goes through the atom's own partition
  into registers, so the TV layouts are checked with the instruction;
- wgmma: one warpgroup; B (and A for SS) is copied into shared memory in the
  32-byte swizzle (one swizzle row is one K-block of the atom), read through
  a matrix descriptor; for RS, A goes from global memory straight into the
  atom's register partition.

bench/gpu_check.py --atoms runs every kernel of such a file on a GPU against
a float64 reference; the kernel name tells it the shape and types.

The partitions' result types are inferred, but the ops that use them state
them: the kernels are written with placeholder layouts in the partitions'
result types, which cute-opt's diagnostics replace, one by one, with the ones
it infers (so this needs a built cute-opt: CUTE_OPT or build/bin); then the
partitions drop their result types, as they are written by hand.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("CUTE_MLIR_BIN", os.path.join(ROOT, "build", "bin"))

MLIR_TYPE = {"f16": "f16", "bf16": "bf16", "tf32": "f32", "f32": "f32",
             "f64": "f64", "s8": "i8", "u8": "i8", "s32": "i32",
             "e4m3": "f8E4M3FN", "e5m2": "f8E5M2"}
BITS = {"f16": 16, "bf16": 16, "tf32": 32, "f32": 32, "f64": 64, "s8": 8,
        "u8": 8, "s32": 32, "e4m3": 8, "e5m2": 8}
TYPE_TOKEN = re.compile(r"TF32|BF16|F16|F32|F64|S32|S8|U8|E4M3|E5M2")


def parse_atom(name):
    """(arch, M, N, K, [D, A, B, C] table types, suffix) of an atom name."""
    m = re.fullmatch(r"SM(\d+)_(\d+)x(\d+)x(\d+)_([A-Z0-9]+)_([A-Z]+)", name)
    arch, mm, nn, kk, types, suffix = m.groups()
    types = [t.lower() for t in TYPE_TOKEN.findall(types)]
    if len(types) == 3:  # wgmma names D, A, B; C is D
        types.append(types[0])
    return int(arch), int(mm), int(nn), int(kk), types, suffix


def atoms(kind):
    names = subprocess.run([os.path.join(BIN, "cute-layout"),
                            "--list-mma-atoms"], check=True,
                           capture_output=True, text=True).stdout.split()
    if kind == "sync":
        return [n for n in names if not n.startswith("SM90_")]
    forms = {}
    for n in names:
        if n.startswith("SM90_"):
            _, _, nn, _, types, suffix = parse_atom(n)
            forms.setdefault((tuple(types), suffix), []).append((nn, n))
    chosen = []
    for _, ns in forms.items():
        ns.sort()
        picks = {ns[0], ns[len(ns) // 2], ns[-1]}
        chosen += [n for _, n in sorted(picks)]
    return chosen


class Kernel:
    """Kernel text with placeholder layouts "9NNN:1" in result types."""

    def __init__(self):
        self.lines = []
        self.next = 9000

    def fresh(self):
        self.next += 1
        return f"{self.next}:1"

    def add(self, line):
        self.lines.append("    " + line)


def tensor(elem, memory, layout):
    return f'!cute.tensor<{elem}, {memory}, "{layout}">'


def gmem_operands(k, m, n, kk, ta, tb, tc):
    """The global tensors A (m, kk), B (n, kk) and C (m, n): their types."""
    specs = [("A", m, kk, ta), ("B", n, kk, tb), ("C", m, n, tc)]
    types = {}
    for name, rows, cols, elem in specs:
        lay = f"({rows},{cols}):({cols},1)"
        mem = f"memref<{rows * cols}x{elem}, 1>"
        k.add(f'%l{name} = cute.static : !cute.layout<"{lay}">')
        t = tensor(elem, "gmem", lay)
        k.add(f"%g{name} = cute.make_tensor %{name}, %l{name} : ({mem}, "
              f'!cute.layout<"{lay}">) -> {t}')
        types[name] = t
    return types


def partition(k, op, tiled, src, src_type, elem, memory):
    """partition_{a,b,c} of `src` and a fragment like it: their types."""
    part = tensor(elem, memory, k.fresh())
    frag = tensor(elem, "rmem", k.fresh())
    k.add(f"%t{src} = cute_nvgpu.{op} {tiled}, %{src}, %tid : "
          f"({src_type}, index) -> {part}")
    k.add(f"%f{src} = cute.make_fragment like %t{src} : ({part}) -> {frag}")
    return part, frag


def signature(name, m, n, kk, ta, tb, tc, threads, workgroup=""):
    return (f"  gpu.func @{name}(%A: memref<{m * kk}x{ta}, 1>, "
            f"%B: memref<{n * kk}x{tb}, 1>, %C: memref<{m * n}x{tc}, 1>)"
            f"{workgroup} kernel attributes "
            f"{{known_block_size = array<i32: {threads}, 1, 1>}} {{")


def sync_kernel(name):
    _, m, n, kk, (_, a, b, c), _ = parse_atom(name)
    ta, tb, tc = MLIR_TYPE[a], MLIR_TYPE[b], MLIR_TYPE[c]
    tiled = f'#cute_nvgpu.tiled_mma<#cute_nvgpu.{name}, "(1,1,1)">'
    k = Kernel()
    k.add("%tid = gpu.thread_id x")
    g = gmem_operands(k, m, n, kk, ta, tb, tc)
    frags = {}
    for op, src, elem in (("partition_a", "gA", ta), ("partition_b", "gB", tb),
                          ("partition_c", "gC", tc)):
        part, frag = partition(k, op, tiled, src, g[src[1]], elem, "gmem")
        k.add(f"cute.copy %t{src}, %f{src} : {part}, {frag}")
        frags[src] = (part, frag)
    k.add(f"cute_nvgpu.gemm {tiled}, %fgA, %fgB, %fgC : {frags['gA'][1]}, "
          f"{frags['gB'][1]}, {frags['gC'][1]}")
    k.add(f"cute.copy %fgC, %tgC : {frags['gC'][1]}, {frags['gC'][0]}")
    k.add("gpu.return")
    return [signature(name, m, n, kk, ta, tb, tc, 32)] + k.lines + ["  }"]


def swizzle32(bits):
    """The 32-byte swizzle on element offsets: 2 rows of 16 bytes swap."""
    return f"Sw<1,{(128 // bits).bit_length() - 1},3>"


def wgmma_kernel(name):
    _, m, n, kk, (_, a, b, c), suffix = parse_atom(name)
    ta, tb, tc = MLIR_TYPE[a], MLIR_TYPE[b], MLIR_TYPE[c]
    tiled = f'#cute_nvgpu.tiled_mma<#cute_nvgpu.{name}, "(1,1,1)">'
    k = Kernel()
    k.add("%tid = gpu.thread_id x")
    k.add("%threads = arith.constant 128 : index")
    g = gmem_operands(k, m, n, kk, ta, tb, tc)
    staged = ["A", "B"] if suffix == "SS" else ["B"]
    workgroup = []
    smem_types, swizzles = {}, {}
    space = "#gpu.address_space<workgroup>"
    for x in staged:
        rows, elem, bits = (m, ta, BITS[a]) if x == "A" else (n, tb, BITS[b])
        swizzles[x] = swizzle32(bits)
        mem = f"memref<{rows * kk}x{elem}, {space}>"
        workgroup.append(f"%smem{x}: {mem} {{llvm.align = 1024 : i64}}")
        lay = f"({rows},{kk}):({kk},1)"
        st = tensor(elem, "smem", f"{swizzles[x]} o 0 o {lay}")
        smem_types[x] = st
        k.add(f"%s{x} = cute.make_tensor %smem{x}, %l{x} : ({mem}, "
              f'!cute.layout<"{lay}">) -> {st}')
        k.add(f"%size{x} = arith.constant {rows * kk} : index")
        k.add(f"scf.for %i = %tid to %size{x} step %threads {{")
        k.add('  %ci = cute.make_coord %i : !cute.coord<"?">')
        k.add(f'  %v = cute.load %g{x}[%ci] : {g[x]}, !cute.coord<"?"> '
              f"-> {elem}")
        k.add(f'  cute.store %v, %s{x}[%ci] : {elem}, {st}, '
              '!cute.coord<"?">')
        k.add("}")
    k.add("// Generic-proxy stores that the tensor cores' async proxy reads.")
    k.add("nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, "
          "space = #nvvm.shared_space<cta>}")
    k.add("gpu.barrier")
    ops = {}
    for op, x, elem in (("partition_a", "A", ta), ("partition_b", "B", tb)):
        if x in staged:
            part = tensor(elem, "smem", f"{swizzles[x]} o 0 o {k.fresh()}")
            src, src_type = f"s{x}", smem_types[x]
        else:
            part = tensor(elem, "gmem", k.fresh())
            src, src_type = f"g{x}", g[x]
        k.add(f"%w{x} = cute_nvgpu.{op} {tiled}, %{src}, %tid : "
              f"({src_type}, index) -> {part}")
        ops[x] = part
    if "A" not in staged:
        frag = tensor(ta, "rmem", k.fresh())
        k.add(f"%rA = cute.make_fragment like %wA : ({ops['A']}) -> {frag}")
        k.add(f"cute.copy %wA, %rA : {ops['A']}, {frag}")
        a_operand, a_type = "%rA", frag
    else:
        a_operand, a_type = "%wA", ops["A"]
    part, acc = partition(k, "partition_c", tiled, "gC", g["C"], tc, "gmem")
    k.add(f"cute.copy %tgC, %fgC : {part}, {acc}")
    k.add("nvvm.wgmma.fence.aligned")
    k.add(f"cute_nvgpu.gemm {tiled}, {a_operand}, %wB, %fgC : {a_type}, "
          f"{ops['B']}, {acc}")
    k.add("nvvm.wgmma.commit.group.sync.aligned")
    k.add("nvvm.wgmma.wait.group.sync.aligned 0")
    k.add(f"cute.copy %fgC, %tgC : {acc}, {part}")
    k.add("gpu.return")
    wg = "\n      workgroup(" + ",\n                ".join(workgroup) + ")"
    return [signature(name, m, n, kk, ta, tb, tc, 128, wg)] + k.lines + ["  }"]


def module(kernels):
    return ("module attributes {gpu.container_module} {\n"
            "gpu.module @kernels {\n" + "\n".join(kernels) + "\n}\n}\n")


INFERRED = re.compile(r"result type '(.*?)' contradicts the inferred type "
                      r"'(.*?)'")
STATED = re.compile(r'has the layout "(.*?)", not ("9\d\d\d:1")')
# A partition in the long form, with its (now inferred) result type.
SHORT_FORM = re.compile(r"^(\s*%\w+ = cute_nvgpu\.partition_[abc] [^:]*: )"
                        r"\((.*)\) -> .*$", re.M)
PLACEHOLDER = re.compile(r'"(?:Sw<[^>]*> o 0 o )?(9\d\d\d:1)"')


def infer_types(text):
    """Replace each placeholder layout by the one cute-opt infers."""
    for _ in range(100):
        out = subprocess.run([os.path.join(BIN, "cute-opt"), "-"],
                             input=text, capture_output=True, text=True)
        if out.returncode == 0:
            return SHORT_FORM.sub(r"\1\2", text)
        found = INFERRED.search(out.stderr)
        old = PLACEHOLDER.search(found.group(1)) if found else None
        if old:
            new = re.search(r'"([^"]*)">$', found.group(2)).group(1)
        else:
            found = STATED.search(out.stderr)
            if not found:
                sys.exit("gen-atom-kernels: cute-opt rejected a kernel:\n" +
                         out.stderr[:3000] + "\n" + text)
            new, old = found.group(1), PLACEHOLDER.search(found.group(2))
        text = text.replace(old.group(0), f'"{new}"')
    sys.exit("gen-atom-kernels: types did not settle")


# The fp8 mma.sync and mixed-integer wgmma atoms need PTX ISA 8.4.
HEADER = """\
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-to-ptx="chip=sm_90a features=+ptx84" | cute-opt --cute-write-ptx="dir=%t" > /dev/null
// RUN: %ptxas -v -arch=sm_90a %t/kernels.sm_90a.ptx -o %t/atoms.cubin > %t/ptxas.log 2>&1
// RUN: grep -c '0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads' %t/ptxas.log | FileCheck %s
// CHECK: {{{{^}}}}{count}{{{{$}}}}
"""


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("sync", "wgmma"):
        sys.exit(__doc__.splitlines()[2].strip() + "\n" +
                 __doc__.splitlines()[3].strip())
    kind = sys.argv[1]
    build = sync_kernel if kind == "sync" else wgmma_kernel
    kernels = []
    names = atoms(kind)
    for name in names:
        text = module(["\n".join(build(name))])
        text = infer_types(text)
        body = text.split("gpu.module @kernels {\n", 1)[1].rsplit("\n}\n}", 1)
        kernels.append(body[0])
    print(HEADER.format(count=len(names)), end="")
    print("//\n// Generated by scripts/gen-atom-kernels.py " + kind +
          ": do not edit. One kernel per\n// atom, checked on a GPU by "
          "bench/gpu_check.py --atoms (see the script).\n")
    print(module(kernels), end="")


if __name__ == "__main__":
    main()
