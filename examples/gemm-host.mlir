// The host driver of the GEMM examples, for cute-run, which links it with a
// kernel file: C = A * B^T through the @launch(A, B, C, m, n, k) each kernel
// file defines (its grid, shared memory and TMA descriptors).
//
//   cute-run examples/gemm-sm80.mlir examples/gemm-host.mlir --chip=sm_80
//   cute-run examples/gemm-sm90a.mlir examples/gemm-host.mlir --chip=sm_90a \
//     --entry=bench --repeat=1
//
// @main checks three tile-multiple shapes against a float64 CPU reference and
// returns the number that fail; @main_partial does the same for shapes that
// are not tile multiples (kernels that predicate), @main_partial_rows16 for
// ragged shapes whose rows of C are 16-byte aligned (TMA stores), @main_large
// a ragged shape of many tiles, @main_stream_k shapes of few tiles and long
// K; @bench launches 8192^3 twelve times for the
// timing report.
module {

// Fills `buf` with pseudo-random values in [-1, 1): a hash of the index and
// `seed`, so every run and every element differ, and nothing is zero-filled.
func.func private @fill_random(%buf: memref<?xf16>, %seed: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %size = memref.dim %buf, %c0 : memref<?xf16>
  %golden = arith.constant -1640531535 : i32
  %mix = arith.constant -2048144777 : i32
  %c15 = arith.constant 15 : i32
  %c13 = arith.constant 13 : i32
  %c16 = arith.constant 16 : i32
  %scale = arith.constant 3.0517578e-05 : f32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %size step %c1 {
    %ii = arith.index_cast %i : index to i32
    %h0 = arith.muli %ii, %golden : i32
    %h1 = arith.addi %h0, %seed : i32
    %s1 = arith.shrui %h1, %c15 : i32
    %h2 = arith.xori %h1, %s1 : i32
    %h3 = arith.muli %h2, %mix : i32
    %s3 = arith.shrui %h3, %c13 : i32
    %h4 = arith.xori %h3, %s3 : i32
    %bits = arith.shrui %h4, %c16 : i32
    %f = arith.uitofp %bits : i32 to f32
    %u = arith.mulf %f, %scale : f32
    %v = arith.subf %u, %one : f32
    %h = arith.truncf %v : f32 to f16
    memref.store %h, %buf[%i] : memref<?xf16>
  }
  return
}

// A device copy of `host`.
func.func private @upload(%host: memref<?xf16>) -> memref<?xf16> {
  %c0 = arith.constant 0 : index
  %size = memref.dim %host, %c0 : memref<?xf16>
  %dev = gpu.alloc (%size) : memref<?xf16>
  gpu.memcpy %dev, %host : memref<?xf16>, memref<?xf16>
  return %dev : memref<?xf16>
}

// C (m,n) = A (m,k) * B (n,k)^T on the GPU: each kernel file defines it.
func.func private @launch(memref<?xf16>, memref<?xf16>, memref<?xf32>,
                          index, index, index)

// ||C - ref|| / ||ref|| with ref accumulated in float64 (NaN if any C is).
func.func private @relative_error(%A: memref<?xf16>, %B: memref<?xf16>, %C: memref<?xf32>,
                                  %m: index, %n: index, %k: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %sums:2 = scf.for %i = %c0 to %m step %c1 iter_args(%e0 = %zero, %r0 = %zero) -> (f64, f64) {
    %row:2 = scf.for %j = %c0 to %n step %c1 iter_args(%e1 = %e0, %r1 = %r0) -> (f64, f64) {
      %ia = arith.muli %i, %k : index
      %jb = arith.muli %j, %k : index
      %dot = scf.for %l = %c0 to %k step %c1 iter_args(%acc = %zero) -> f64 {
        %pa = arith.addi %ia, %l : index
        %pb = arith.addi %jb, %l : index
        %a = memref.load %A[%pa] : memref<?xf16>
        %b = memref.load %B[%pb] : memref<?xf16>
        %a64 = arith.extf %a : f16 to f64
        %b64 = arith.extf %b : f16 to f64
        %acc1 = math.fma %a64, %b64, %acc : f64
        scf.yield %acc1 : f64
      }
      %ic = arith.muli %i, %n : index
      %pc = arith.addi %ic, %j : index
      %c = memref.load %C[%pc] : memref<?xf32>
      %c64 = arith.extf %c : f32 to f64
      %d = arith.subf %c64, %dot : f64
      %d2 = arith.mulf %d, %d : f64
      %r2 = arith.mulf %dot, %dot : f64
      %e2 = arith.addf %e1, %d2 : f64
      %r3 = arith.addf %r1, %r2 : f64
      scf.yield %e2, %r3 : f64, f64
    }
    scf.yield %row#0, %row#1 : f64, f64
  }
  %q = arith.divf %sums#0, %sums#1 : f64
  %err = math.sqrt %q : f64
  return %err : f64
}

// Runs one shape on fresh inputs with C poisoned (NaN) first; prints the
// error and returns 1 unless it is below 1e-5 (NaN fails), else 0.
func.func private @check(%m: index, %n: index, %k: index, %seed: i32) -> i32 {
  %mk = arith.muli %m, %k : index
  %nk = arith.muli %n, %k : index
  %mn = arith.muli %m, %n : index
  %hA = memref.alloc(%mk) : memref<?xf16>
  %hB = memref.alloc(%nk) : memref<?xf16>
  %hC = memref.alloc(%mn) : memref<?xf32>
  %seedB = arith.addi %seed, %seed : i32
  func.call @fill_random(%hA, %seed) : (memref<?xf16>, i32) -> ()
  func.call @fill_random(%hB, %seedB) : (memref<?xf16>, i32) -> ()
  %dA = func.call @upload(%hA) : (memref<?xf16>) -> memref<?xf16>
  %dB = func.call @upload(%hB) : (memref<?xf16>) -> memref<?xf16>
  %dC = gpu.alloc (%mn) : memref<?xf32>
  %nan = arith.constant 0x7FC00000 : f32
  gpu.memset %dC, %nan : memref<?xf32>, f32
  func.call @launch(%dA, %dB, %dC, %m, %n, %k) : (memref<?xf16>, memref<?xf16>, memref<?xf32>, index, index, index) -> ()
  gpu.memcpy %hC, %dC : memref<?xf32>, memref<?xf32>
  %err = func.call @relative_error(%hA, %hB, %hC, %m, %n, %k) : (memref<?xf16>, memref<?xf16>, memref<?xf32>, index, index, index) -> f64
  %mi = arith.index_cast %m : index to i64
  %ni = arith.index_cast %n : index to i64
  %ki = arith.index_cast %k : index to i64
  vector.print str "gemm_tn m n k "
  vector.print %mi : i64 punctuation <comma>
  vector.print %ni : i64 punctuation <comma>
  vector.print %ki : i64
  vector.print str "relative error "
  vector.print %err : f64
  %tol = arith.constant 1.0e-5 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  gpu.dealloc %dA : memref<?xf16>
  gpu.dealloc %dB : memref<?xf16>
  gpu.dealloc %dC : memref<?xf32>
  memref.dealloc %hA : memref<?xf16>
  memref.dealloc %hB : memref<?xf16>
  memref.dealloc %hC : memref<?xf32>
  %pass = arith.constant 0 : i32
  %fail = arith.constant 1 : i32
  %r = arith.select %ok, %pass, %fail : i32
  return %r : i32
}

// The exit code is the number of failing shapes.
func.func @main() -> i32 {
  %c32 = arith.constant 32 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c384 = arith.constant 384 : index
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 7 : i32
  %s3 = arith.constant 13 : i32
  %f1 = func.call @check(%c128, %c128, %c32, %s1) : (index, index, index, i32) -> i32
  %f2 = func.call @check(%c256, %c384, %c96, %s2) : (index, index, index, i32) -> i32
  %f3 = func.call @check(%c384, %c256, %c256, %s3) : (index, index, index, i32) -> i32
  %f12 = arith.addi %f1, %f2 : i32
  %f = arith.addi %f12, %f3 : i32
  return %f : i32
}

// Shapes that are not tile multiples, for kernels that predicate their
// partial tiles (the sm_80 example): M and N anything, K a multiple of 8.
func.func @main_partial() -> i32 {
  %c40 = arith.constant 40 : index
  %c72 = arith.constant 72 : index
  %c136 = arith.constant 136 : index
  %c200 = arith.constant 200 : index
  %c250 = arith.constant 250 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c33 = arith.constant 33 : index
  %s1 = arith.constant 3 : i32
  %s2 = arith.constant 11 : i32
  %s3 = arith.constant 17 : i32
  %f1 = func.call @check(%c200, %c136, %c72, %s1) : (index, index, index, i32) -> i32
  %f2 = func.call @check(%c33, %c250, %c40, %s2) : (index, index, index, i32) -> i32
  %f3 = func.call @check(%c1, %c1, %c8, %s3) : (index, index, index, i32) -> i32
  %f12 = arith.addi %f1, %f2 : i32
  %f = arith.addi %f12, %f3 : i32
  return %f : i32
}

// Ragged shapes for kernels that store C with TMA, whose rows must start
// 16 bytes apart (N a multiple of 8, for 16-bit C; of 4, for f32): M and
// the tile remainders anything, K a multiple of 8.
func.func @main_partial_rows16() -> i32 {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c33 = arith.constant 33 : index
  %c40 = arith.constant 40 : index
  %c72 = arith.constant 72 : index
  %c136 = arith.constant 136 : index
  %c200 = arith.constant 200 : index
  %c264 = arith.constant 264 : index
  %s1 = arith.constant 3 : i32
  %s2 = arith.constant 11 : i32
  %s3 = arith.constant 17 : i32
  %f1 = func.call @check(%c200, %c136, %c72, %s1) : (index, index, index, i32) -> i32
  %f2 = func.call @check(%c33, %c264, %c40, %s2) : (index, index, index, i32) -> i32
  %f3 = func.call @check(%c1, %c8, %c8, %s3) : (index, index, index, i32) -> i32
  %f12 = arith.addi %f1, %f2 : i32
  %f = arith.addi %f12, %f3 : i32
  return %f : i32
}

// A ragged shape with more units of work than a persistent grid has
// blocks (clusters of two take 96 of them at 128x256 tiles, 66 at a time on
// an H100), so that blocks walk several tiles: M and N not tile multiples,
// N a multiple of 8 (TMA stores of 16-bit C), K of 16 (fp8) but not of 64.
func.func @main_large() -> i32 {
  %m = arith.constant 2000 : index
  %n = arith.constant 3000 : index
  %k = arith.constant 272 : index
  %s = arith.constant 23 : i32
  %f = func.call @check(%m, %n, %k, %s) : (index, index, index, i32) -> i32
  return %f : i32
}

// Few units of many k-tiles, which a stream-K schedule splits among the
// clusters: one 256x256 unit of 128 k-tiles (eight pieces at the default
// min_k_tiles, so a tile adds seven others' partial sums), and six ragged
// units of 65 k-tiles, the last one partial.
func.func @main_stream_k() -> i32 {
  %c256 = arith.constant 256 : index
  %c504 = arith.constant 504 : index
  %c600 = arith.constant 600 : index
  %c4104 = arith.constant 4104 : index
  %c8192 = arith.constant 8192 : index
  %s1 = arith.constant 29 : i32
  %s2 = arith.constant 31 : i32
  %f1 = func.call @check(%c256, %c256, %c8192, %s1) : (index, index, index, i32) -> i32
  %f2 = func.call @check(%c600, %c504, %c4104, %s2) : (index, index, index, i32) -> i32
  %f = arith.addi %f1, %f2 : i32
  return %f : i32
}

// 8192^3, launched 12 times on the same random inputs: run with
// `cute-run --entry=bench --repeat=1` for the median kernel time.
func.func @bench() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %s = arith.constant 8192 : index
  %ss = arith.muli %s, %s : index
  %hA = memref.alloc(%ss) : memref<?xf16>
  %seed = arith.constant 5 : i32
  func.call @fill_random(%hA, %seed) : (memref<?xf16>, i32) -> ()
  %dA = func.call @upload(%hA) : (memref<?xf16>) -> memref<?xf16>
  %dB = func.call @upload(%hA) : (memref<?xf16>) -> memref<?xf16>
  %dC = gpu.alloc (%ss) : memref<?xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    func.call @launch(%dA, %dB, %dC, %s, %s, %s) : (memref<?xf16>, memref<?xf16>, memref<?xf32>, index, index, index) -> ()
  }
  gpu.dealloc %dA : memref<?xf16>
  gpu.dealloc %dB : memref<?xf16>
  gpu.dealloc %dC : memref<?xf32>
  memref.dealloc %hA : memref<?xf16>
  return
}
}
