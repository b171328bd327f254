// The stream-K schedule of cute_nvgpu.stream_k_schedule, run on the CPU with
// mlir-runner: the work items of small schedules worked out by hand, then
// a sweep that checks every schedule's items cover each k-tile of each unit
// exactly once.
//
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm -convert-scf-to-cf \
// RUN:   -convert-vector-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: sed 's/min_k_tiles 2/min_k_tiles 5/' %s \
// RUN: | cute-opt --convert-cute-nvgpu-to-nvvm -convert-scf-to-cf \
// RUN:   -convert-vector-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=SWEEP
// RUN: sed 's/min_k_tiles 2$/min_k_tiles 2 operand_bytes %units {l2Bytes = 1 : i64}/' %s \
// RUN: | cute-opt --convert-cute-nvgpu-to-nvvm -convert-scf-to-cf \
// RUN:   -convert-vector-to-llvm -convert-arith-to-llvm -convert-cf-to-llvm \
// RUN:   -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   --shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=SWEEP

// 5 units of 6 k-tiles, 3 workers: one full wave and 2 units over, so all
// 5 units are stream-K, 10 k-tiles a worker instead of 2 whole units (12).
// Items: worker, item, unit, k-tiles [begin, end).
// CHECK-LABEL: units 5 ktiles 6 workers 3
// CHECK-NEXT: 0, 0, 0, 0, 6
// CHECK-NEXT: 0, 1, 1, 0, 4
// CHECK-NEXT: 1, 0, 1, 4, 6
// CHECK-NEXT: 1, 1, 2, 0, 6
// CHECK-NEXT: 1, 2, 3, 0, 2
// CHECK-NEXT: 2, 0, 3, 2, 6
// CHECK-NEXT: 2, 1, 4, 0, 6
// 7 units of 4 k-tiles, 3 workers: units 0-2 data-parallel, the 16 k-tiles
// of units 3-6 in ranges of 6, 5 and 5 (the first takes the one over).
// CHECK-LABEL: units 7 ktiles 4 workers 3
// CHECK-NEXT: 0, 0, 0, 0, 4
// CHECK-NEXT: 0, 1, 3, 0, 4
// CHECK-NEXT: 0, 2, 4, 0, 2
// CHECK-NEXT: 1, 0, 1, 0, 4
// CHECK-NEXT: 1, 1, 4, 2, 4
// CHECK-NEXT: 1, 2, 5, 0, 3
// CHECK-NEXT: 2, 0, 2, 0, 4
// CHECK-NEXT: 2, 1, 5, 3, 4
// CHECK-NEXT: 2, 2, 6, 0, 4
// The same with the default min_k_tiles (16): splitting would save 2
// k-tiles a worker, so every unit is whole, walked w, w + 3, ...
// CHECK-LABEL: units 7 ktiles 4 workers 3 (default)
// CHECK-NEXT: 0, 0, 0, 0, 4
// CHECK-NEXT: 0, 1, 3, 0, 4
// CHECK-NEXT: 0, 2, 6, 0, 4
// CHECK-NEXT: 1, 0, 1, 0, 4
// CHECK-NEXT: 1, 1, 4, 0, 4
// CHECK-NEXT: 2, 0, 2, 0, 4
// CHECK-NEXT: 2, 1, 5, 0, 4
// 4 units of 40 k-tiles, 8 workers, the default min_k_tiles: two splits of
// 20 k-tiles, each at least the default's 16, keep every worker busy, so
// worker w runs split w / 4 of unit w mod 4 (with a default of 24, a split
// would be too short and the units whole, on workers 0-3).
// CHECK-LABEL: units 4 ktiles 40 workers 8 (default)
// CHECK-NEXT: 0, 0, 0, 0, 20
// CHECK-NEXT: 1, 0, 1, 0, 20
// CHECK-NEXT: 2, 0, 2, 0, 20
// CHECK-NEXT: 3, 0, 3, 0, 20
// CHECK-NEXT: 4, 0, 0, 20, 40
// CHECK-NEXT: 5, 0, 1, 20, 40
// CHECK-NEXT: 6, 0, 2, 20, 40
// CHECK-NEXT: 7, 0, 3, 20, 40
// Split-K: 4 units of 9 k-tiles, 9 workers, no full wave. Two splits of
// every unit (at least min_k_tiles, 1 here, long) keep 8 of the 9 workers
// busy, at most an eighth idle: worker w < 8 runs split w / 4 of unit
// w mod 4, k-tiles [0, 5) or [5, 9); worker 8 has no item.
// CHECK-LABEL: units 4 ktiles 9 workers 9
// CHECK-NEXT: 0, 0, 0, 0, 5
// CHECK-NEXT: 1, 0, 1, 0, 5
// CHECK-NEXT: 2, 0, 2, 0, 5
// CHECK-NEXT: 3, 0, 3, 0, 5
// CHECK-NEXT: 4, 0, 0, 5, 9
// CHECK-NEXT: 5, 0, 1, 5, 9
// CHECK-NEXT: 6, 0, 2, 5, 9
// CHECK-NEXT: 7, 0, 3, 5, 9
// CHECK-NOT: {{^}}8,
// 3 units of 7 k-tiles, 7 workers: two splits would idle 1 of 7 workers,
// more than an eighth, so stream-K shares the 21 k-tiles, 3 a worker.
// CHECK-LABEL: units 3 ktiles 7 workers 7
// CHECK-NEXT: 0, 0, 0, 0, 3
// CHECK-NEXT: 1, 0, 0, 3, 6
// CHECK-NEXT: 2, 0, 0, 6, 7
// CHECK-NEXT: 2, 1, 1, 0, 2
// CHECK-NEXT: 3, 0, 1, 2, 5
// CHECK-NEXT: 4, 0, 1, 5, 7
// CHECK-NEXT: 4, 1, 2, 0, 1
// CHECK-NEXT: 5, 0, 2, 1, 4
// CHECK-NEXT: 6, 0, 2, 4, 7
// A and B larger than L2 (operand_bytes over l2Bytes), no full wave, no
// split-K: 3 units of 6 k-tiles, 5 workers, U / W = 3/5. The smallest a/d
// at least that with d <= 4 is 2/3: ranges of 4 k-tiles (the last 2),
// starting at k-tile 0, 4 or 2 of their units, not at any k-tile as
// stream-K's 4, 4, 4, 3, 3 would (the schedule without operand_bytes).
// CHECK-LABEL: units 3 ktiles 6 workers 5 (beyond L2)
// CHECK-NEXT: 0, 0, 0, 0, 4
// CHECK-NEXT: 1, 0, 0, 4, 6
// CHECK-NEXT: 1, 1, 1, 0, 2
// CHECK-NEXT: 2, 0, 1, 2, 6
// CHECK-NEXT: 3, 0, 2, 0, 4
// CHECK-NEXT: 4, 0, 2, 4, 6
// CHECK-LABEL: units 3 ktiles 6 workers 5 (in L2)
// CHECK-NEXT: 0, 0, 0, 0, 4
// CHECK-NEXT: 1, 0, 0, 4, 6
// CHECK-NEXT: 1, 1, 1, 0, 2
// CHECK-NEXT: 2, 0, 1, 2, 6
// CHECK-NEXT: 3, 0, 2, 0, 3
// CHECK-NEXT: 4, 0, 2, 3, 6
// 4 units of 6 k-tiles, 5 workers, beyond L2: no fraction below 1 with
// d <= 4 is at least 4/5, so every unit is whole and worker 4 idles.
// CHECK-LABEL: units 4 ktiles 6 workers 5 (beyond L2)
// CHECK-NEXT: 0, 0, 0, 0, 6
// CHECK-NEXT: 1, 0, 1, 0, 6
// CHECK-NEXT: 2, 0, 2, 0, 6
// CHECK-NEXT: 3, 0, 3, 0, 6
// CHECK-NOT: {{^}}4,
// Units 1-40, k-tiles 0-12, workers 1-9, min_k_tiles 2 (and 5, the second
// run; and as if A and B outgrew L2, the third): no schedule leaves a
// k-tile out, repeats one, makes an empty item
// (but for K = 0) or a worker's range longer than whole units would.
// CHECK-LABEL: sweep
// CHECK-NEXT: schedules 4680, wrong 0
// SWEEP-LABEL: sweep
// SWEEP-NEXT: schedules 4680, wrong 0

func.func @print(%w: index, %i: index, %u: index, %b: index, %e: index) {
  vector.print %w : index punctuation <comma>
  vector.print %i : index punctuation <comma>
  vector.print %u : index punctuation <comma>
  vector.print %b : index punctuation <comma>
  vector.print %e : index
  return
}

func.func @items(%units: index, %ktiles: index, %workers: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 1
  scf.for %w = %c0 to %workers step %c1 {
    %n = cute_nvgpu.stream_k_work_count %sk, %w
    scf.for %i = %c0 to %n step %c1 {
      %u, %b, %e = cute_nvgpu.stream_k_work %sk, %w, %i
      func.call @print(%w, %i, %u, %b, %e) : (index, index, index, index, index) -> ()
    }
  }
  return
}

func.func @itemsBeyondL2(%units: index, %ktiles: index, %workers: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1099511627776 : index
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 1 operand_bytes %big
  scf.for %w = %c0 to %workers step %c1 {
    %n = cute_nvgpu.stream_k_work_count %sk, %w
    scf.for %i = %c0 to %n step %c1 {
      %u, %b, %e = cute_nvgpu.stream_k_work %sk, %w, %i
      func.call @print(%w, %i, %u, %b, %e) : (index, index, index, index, index) -> ()
    }
  }
  return
}

func.func @itemsDefault(%units: index, %ktiles: index, %workers: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers
  scf.for %w = %c0 to %workers step %c1 {
    %n = cute_nvgpu.stream_k_work_count %sk, %w
    scf.for %i = %c0 to %n step %c1 {
      %u, %b, %e = cute_nvgpu.stream_k_work %sk, %w, %i
      func.call @print(%w, %i, %u, %b, %e) : (index, index, index, index, index) -> ()
    }
  }
  return
}

/// 1 if the schedule is wrong: the items' k-tiles, numbered unit * K + k,
/// must add up to 0 + 1 + ... + (U K - 1) and count U K, every item must be
/// a range within its unit, nonempty unless K is 0 (then each unit is one
/// empty item), and no worker may run more k-tiles than ceil(U / W) whole
/// units.
func.func @wrong(%units: index, %ktiles: index, %workers: index) -> index {
  %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %workers min_k_tiles 2
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %total = arith.muli %units, %ktiles : index
  %rounds = arith.ceildivui %units, %workers : index
  %most = arith.muli %rounds, %ktiles : index
  %r:3 = scf.for %w = %c0 to %workers step %c1
      iter_args(%count = %c0, %sum = %c0, %bad = %c0) -> (index, index, index) {
    %n = cute_nvgpu.stream_k_work_count %sk, %w
    %s:4 = scf.for %i = %c0 to %n step %c1
        iter_args(%c = %count, %t = %sum, %x = %bad, %mine = %c0) -> (index, index, index, index) {
      %u, %b, %e = cute_nvgpu.stream_k_work %sk, %w, %i
      %len = arith.subi %e, %b : index
      %start = arith.muli %u, %ktiles : index
      // k-tiles start + b .. start + e - 1 add up to len * (2 start + b + e - 1) / 2.
      %twice = arith.muli %start, %c2 : index
      %ends = arith.addi %b, %e : index
      %pair = arith.addi %twice, %ends : index
      %pair1 = arith.subi %pair, %c1 : index
      %prod = arith.muli %len, %pair1 : index
      %half = arith.divui %prod, %c2 : index
      %noRange = arith.cmpi ule, %e, %b : index
      %someK = arith.cmpi ne, %ktiles, %c0 : index
      %empty = arith.andi %noRange, %someK : i1
      %past = arith.cmpi ugt, %e, %ktiles : index
      %outside = arith.cmpi uge, %u, %units : index
      %e1 = arith.ori %empty, %past : i1
      %e2 = arith.ori %e1, %outside : i1
      %flag = arith.index_castui %e2 : i1 to index
      %c2n = arith.addi %c, %len : index
      %t2 = arith.addi %t, %half : index
      %x2 = arith.addi %x, %flag : index
      %mine2 = arith.addi %mine, %len : index
      scf.yield %c2n, %t2, %x2, %mine2 : index, index, index, index
    }
    %long = arith.cmpi ugt, %s#3, %most : index
    %lflag = arith.index_castui %long : i1 to index
    %x3 = arith.addi %s#2, %lflag : index
    scf.yield %s#0, %s#1, %x3 : index, index, index
  }
  %expect0 = arith.subi %total, %c1 : index
  %expect1 = arith.muli %total, %expect0 : index
  %expect = arith.divui %expect1, %c2 : index
  %countOk = arith.cmpi eq, %r#0, %total : index
  %sumOk = arith.cmpi eq, %r#1, %expect : index
  %noBad = arith.cmpi eq, %r#2, %c0 : index
  %ok1 = arith.andi %countOk, %sumOk : i1
  %ok = arith.andi %ok1, %noBad : i1
  %okIndex = arith.index_castui %ok : i1 to index
  %wrong = arith.subi %c1, %okIndex : index
  return %wrong : index
}

func.func @sweep() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %c41 = arith.constant 41 : index
  %r:2 = scf.for %u = %c1 to %c41 step %c1 iter_args(%n0 = %c0, %x0 = %c0) -> (index, index) {
    %r1:2 = scf.for %k = %c0 to %c13 step %c1 iter_args(%n1 = %n0, %x1 = %x0) -> (index, index) {
      %r2:2 = scf.for %w = %c1 to %c10 step %c1 iter_args(%n2 = %n1, %x2 = %x1) -> (index, index) {
        %a = func.call @wrong(%u, %k, %w) : (index, index, index) -> index
        %n3 = arith.addi %n2, %c1 : index
        %x3 = arith.addi %x2, %a : index
        scf.yield %n3, %x3 : index, index
      }
      scf.yield %r2#0, %r2#1 : index, index
    }
    scf.yield %r1#0, %r1#1 : index, index
  }
  vector.print str "schedules "
  vector.print %r#0 : index punctuation <comma>
  vector.print str " wrong "
  vector.print %r#1 : index
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  vector.print str "units 5 ktiles 6 workers 3\n"
  func.call @items(%c5, %c6, %c3) : (index, index, index) -> ()
  vector.print str "units 7 ktiles 4 workers 3\n"
  func.call @items(%c7, %c4, %c3) : (index, index, index) -> ()
  vector.print str "units 7 ktiles 4 workers 3 (default)\n"
  func.call @itemsDefault(%c7, %c4, %c3) : (index, index, index) -> ()
  %c8 = arith.constant 8 : index
  %c40 = arith.constant 40 : index
  vector.print str "units 4 ktiles 40 workers 8 (default)\n"
  func.call @itemsDefault(%c4, %c40, %c8) : (index, index, index) -> ()
  %c9 = arith.constant 9 : index
  vector.print str "units 4 ktiles 9 workers 9\n"
  func.call @items(%c4, %c9, %c9) : (index, index, index) -> ()
  vector.print str "units 3 ktiles 7 workers 7\n"
  func.call @items(%c3, %c7, %c7) : (index, index, index) -> ()
  vector.print str "units 3 ktiles 6 workers 5 (beyond L2)\n"
  func.call @itemsBeyondL2(%c3, %c6, %c5) : (index, index, index) -> ()
  vector.print str "units 3 ktiles 6 workers 5 (in L2)\n"
  func.call @items(%c3, %c6, %c5) : (index, index, index) -> ()
  vector.print str "units 4 ktiles 6 workers 5 (beyond L2)\n"
  func.call @itemsBeyondL2(%c4, %c6, %c5) : (index, index, index) -> ()
  vector.print str "sweep\n"
  func.call @sweep() : () -> ()
  return
}
