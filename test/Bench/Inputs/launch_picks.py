"""For one warp-specialized example's launch in bench/gemm_bench.py (LABEL),
writes either a host program that calls the example's @launch at SHAPES
(`host`), or the launch the bench's picked() expects for each of them on SMS
SMs (`expect`): its TMA descriptors (A's, B's and C's dimensions and boxes),
cluster, grid, block and shared-memory bytes, as the fake driver prints
them. Where the two rules (the IR's and the bench's) or the bench's registry
and the example part ways, the two differ.
usage: launch_picks.py BENCH_DIR LABEL SMS host|expect"""
import sys

bench, label, sms, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
sys.path.insert(0, bench)
import gemm_bench as g  # noqa: E402

# Every kernel of each launch is picked at some of these on 114 SMs; two are
# ragged, and the last two have M <= 64 (the bf16 launch's swapped kernel).
SHAPES = [(m, n, k) for m in (128, 640, 1536, 2048, 3072, 5120)
          for n in (1024, 2304, 4096, 8192) for k in (1024, 8192)]
SHAPES += [(1000, 3000, 528), (1500, 1512, 1040), (16, 4096, 1024),
           (64, 1000, 8192)]
MLIR_TYPE = {"f16": "f16", "bf16": "bf16", "f32": "f32", "e4m3": "f8E4M3FN"}

k = next(x for x in g.KERNELS if x.label == label)
if mode == "expect":
    for m, n, kk in SHAPES:
        e = g.picked(k, m, n, kk, sms)
        grid, cluster = g.grid_dims(e, m, n, sms), e.cluster
        swizzle_c = e.swizzle if e.swizzle_c is None else e.swizzle_c
        for rows, cols, box, kind, swizzle in (
                (m, kk, e.box_a, e.in_type, e.swizzle),
                (n, kk, e.box_b, e.in_type, e.swizzle),
                (m, n, e.box_c, e.out_type, swizzle_c)):
            print(f"cute-runtime: tensor map rank 2 type {g.TMA_TYPE[kind]} "
                  f"swizzle {g.TMA_SWIZZLE[swizzle]}, dims/box (innermost "
                  f"first): {cols}/{box[0]} {rows}/{box[1]}")
        print("cute-runtime: cluster launch cluster ({},{},{}) grid ({},{},{}) "
              "block ({},1,1) smem {}".format(*cluster, *grid, e.threads,
                                              e.smem))
    sys.exit(0)

a, c = MLIR_TYPE[k.in_type], MLIR_TYPE[k.out_type]
scale = k.scale is not None
params = f"memref<?x{a}>, memref<?x{a}>, memref<?x{c}>, index, index, index"
params += ", f32" if scale else ""
print(f"""module {{
func.func private @launch({params})
func.func @run(%m: index, %n: index, %k: index) {{
  %mk = arith.muli %m, %k : index
  %nk = arith.muli %n, %k : index
  %mn = arith.muli %m, %n : index
  %a = gpu.alloc (%mk) : memref<?x{a}>
  %b = gpu.alloc (%nk) : memref<?x{a}>
  %c = gpu.alloc (%mn) : memref<?x{c}>""")
if scale:
    print("  %s = arith.constant 1.0 : f32")
print(f"""  func.call @launch(%a, %b, %c, %m, %n, %k{', %s' if scale else ''}) : ({params}) -> ()
  gpu.dealloc %a : memref<?x{a}>
  gpu.dealloc %b : memref<?x{a}>
  gpu.dealloc %c : memref<?x{c}>
  return
}}
func.func @main() {{""")
for i, (m, n, kk) in enumerate(SHAPES):
    print(f"  %m{i} = arith.constant {m} : index\n"
          f"  %n{i} = arith.constant {n} : index\n"
          f"  %k{i} = arith.constant {kk} : index\n"
          f"  func.call @run(%m{i}, %n{i}, %k{i}) : (index, index, index) -> ()")
print("  return\n}\n}")
