// The plain linear kernel: a scalar track whose segments are all linear,
// uneased, with `hold` at both ends — the curve the batch benchmarks
// measure and the one most tracks have. This file is compiled three times,
// as `RazzleKernels` (baseline x86-64), `RazzleKernelsAVX2` and
// `RazzleKernelsAVX512` (the same source through symbolic links);
// `Razzle`'s `KernelLevel` picks one at run time from the CPU's features.
//
// All compile the same operations in the same order (Swift does not
// contract `a * b + c` into a fused multiply-add), so the levels, the
// single-sample path and every thread count give the same bits. The one
// exception is exact: in the builds with fused multiply-adds, a run of
// times inside one segment computes its quotients (t − t_k)/(t_{k+1} − t_k)
// by multiply-adds that give the division's bits (`Divisor`), in Swift or
// in `razzle_linear_run` (C: 512-bit vectors, non-temporal stores).
//
// Query times go in blocks of 64. A block whose times do not decrease finds
// its segments from a cursor carried forward (sorted input: O(N + K) in
// all): when the whole block falls in one segment its values are one
// vectorized loop; when it spans a few segments, a time's segment is the
// cursor plus a vector count of the keyframe times between, for the block
// or for each eight times — no branch a time, where a walk time by time
// mispredicts at every keyframe it passes. Other blocks search eight times at a time: for a few keyframes by
// counting the keyframe times ≤ t (independent vector comparisons), else by
// eight interleaved branch-free binary searches, whose loads overlap in
// the memory system rather than waiting on each other. The segment's
// formula then runs on eight lanes: two 16-byte loads a lane (keyframes k
// and k + 1), one division.

import RazzleStores

/// Writes the value of the plain linear scalar track (`times`, `values`,
/// `count` ≥ 2 keyframes, times non-decreasing) at each of the `m` times
/// `q` to `out[j · stride]`.
///
/// The value at t is RazzleDazzle's rule with hold extrapolation: t is
/// clamped to [t₀, t_{n−1}], k is the largest index with times[k] ≤ t
/// (capped at n − 2), p = (t − t_k)/(t_{k+1} − t_k), and the value is
/// v_k + (v_{k+1} − v_k)·p — or v_k exactly at a keyframe, v_{n−1} at and
/// past the end, NaN at NaN. With `hold`, the segments hold their first
/// value instead (a scalar track whose segments all `hold`, any easing):
/// v_k for t in [t_k, t_{k+1}), found by the same search.
///
/// The runs of sorted times inside one segment — most of a frame matrix —
/// go to `razzle_linear_run` (`RazzleStores`) in the builds with fused
/// multiply-adds when `runLevel` is 1 (AVX2) or 2 (AVX-512; the caller
/// checks the CPU has it) and `stride` is 1: the same bits, 512-bit vectors
/// at level 2, and with `streaming` non-temporal stores, so that an output
/// larger than the cache goes to memory while the next values are
/// computed (the caller's reads of it come after the call's store fence).
///
/// - Complexity: O(m + K) for non-decreasing times; O(m · min(K, log K))
///   otherwise.
public func sampleLinear(
  times: UnsafePointer<Double>, values: UnsafePointer<Double>, count: Int,
  queries q: UnsafePointer<Double>, count m: Int, into out: UnsafeMutablePointer<Double>,
  stride: Int, hold: Bool, runLevel: Int32 = 0, streaming: Bool = false
) {
  @inline(__always) func kernel(_ hold: Bool, runs: Int32) -> LinearKernel {
    var kernel = LinearKernel(times: times, values: values, count: count, hold: hold)
    kernel.runLevel = runs
    kernel.streaming = streaming
    return kernel
  }
  // Four copies of the loop, each with `hold` a constant and `stride` one
  // or general (contiguous stores, no strided addresses to step); only
  // contiguous interpolated runs go to `razzle_linear_run`.
  switch (hold, stride == 1) {
  case (false, true): kernel(false, runs: runLevel).sample(q, m, out, 1)
  case (false, false): kernel(false, runs: 0).sample(q, m, out, stride)
  case (true, true): kernel(true, runs: 0).sample(q, m, out, 1)
  case (true, false): kernel(true, runs: 0).sample(q, m, out, stride)
  }
}

extension LinearKernel {
  /// The block loop of ``sampleLinear(times:values:count:queries:count:into:stride:hold:)``.
  @inline(__always)
  func sample(
    _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    let kernel = self
    var start = 0
    var cursor = 0
    // Whether the previous block was a non-decreasing run, which leaves
    // `cursor` at the segment of its last time.
    var carried = false
    let blockSize = 64
    while start < m {
      let end = Swift.min(start &+ blockSize, m)
      if !isNondecreasing(q, start, end) {
        carried = false
        if isAllNaN(q, start, end) {
          // A block where the track has no effect (a layer's clip out of
          // its interval): each value is its time's NaN, as `searched`
          // gives it (held: the time; blended: quieted by the arithmetic).
          let quiet: UInt64 = hold ? 0 : 0x0008_0000_0000_0000
          for j in start..<end { out[j &* stride] = Double(bitPattern: q[j].bitPattern | quiet) }
        } else {
          kernel.searched(q, start, end, out, stride)
        }
        start = end
        continue
      }
      // A non-decreasing run: the segment of its first time by a short walk
      // from the previous run's last segment when this block continues it,
      // else by a search. The walk and the search give the same segment (the
      // largest k with times[k] <= t), so values do not depend on where
      // blocks start.
      let c0 = kernel.clamp(q[start])
      let c1 = kernel.clamp(q[end &- 1])
      cursor = runStartSegment(times, count, q, start, c0, cursor, carried)
      carried = !c0.isNaN && !c1.isNaN
      if carried && (cursor == count &- 2 || c1 < times[cursor &+ 1]) {
        // With `razzle_linear_run`, the block's times from its first while
        // they are strictly inside the segment, and on past the block.
        let from = kernel.runLevel > 0 ? kernel.inside(cursor, q, start, m, out, stride) : start
        if from >= end {
          start = from
          continue
        }
        kernel.inOneSegment(cursor, q, from, end, out, stride)
        // The times after the block while they stay strictly inside the
        // segment: one loop, with no block to check first.
        start = kernel.inside(cursor, q, end, m, out, stride)
        continue
      }
      // The segment of the run's last time, by walking keyframes (not
      // times) from the cursor: when the run spans a few segments, each
      // time's segment is the cursor plus a count of the keyframe times
      // between, eight times at a time and without a branch a time.
      var span = 0
      while carried && span < windowLimit && cursor &+ span < count &- 2
        && times[cursor &+ span &+ 1] <= c1
      {
        span &+= 1
      }
      if !carried {
        // A lone NaN (a one-time block): the search's answer.
        kernel.searched(q, start, end, out, stride)
      } else if cursor &+ span == count &- 2 || c1 < times[cursor &+ span &+ 1] {
        kernel.counted(cursor, span, q, start, end, out, stride)
        cursor &+= span
      } else {
        cursor = kernel.grouped(cursor, q, start, end, out, stride)
      }
      start = end
    }
  }
}

/// Whether `q[start..<end]` never decreases (a NaN counts as a decrease):
/// eight pairs a step, stopping at the first step with a pair out of order,
/// so random times leave after one step and sorted ones run the block.
@inline(__always)
func isNondecreasing(_ q: UnsafePointer<Double>, _ start: Int, _ end: Int) -> Bool {
  @inline(__always)
  func inOrder(_ j: Int) -> Bool {
    let earlier = UnsafeRawPointer(q + (j &- 1)).loadUnaligned(as: Lanes.self)
    let later = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
    return all(earlier .<= later)
  }
  var j = start &+ 1
  if end &- j < 8 {
    while j < end {
      if !(q[j &- 1] <= q[j]) { return false }
      j &+= 1
    }
    return true
  }
  while j &+ 8 <= end {
    if !inOrder(j) { return false }
    j &+= 8
  }
  // The last pairs by one more step ending at `end`, overlapping the last.
  return j == end || inOrder(end &- 8)
}

/// Whether every one of `q[start..<end]` (at least one) is NaN: a block
/// of times where a clip has no effect.
@inline(__always)
func isAllNaN(_ q: UnsafePointer<Double>, _ start: Int, _ end: Int) -> Bool {
  var j = start
  while j &+ 8 <= end {
    let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
    if any(t .== t) { return false }
    j &+= 8
  }
  while j < end {
    if q[j] == q[j] { return false }
    j &+= 1
  }
  return true
}

/// The most segments past the cursor a sorted block's times are counted
/// against (``LinearKernel/counted(_:_:_:_:_:_:_:)``); a block spanning more
/// walks the cursor time by time.
let windowLimit = 16

/// One track's buffers and ends, with the per-block loops.
@usableFromInline
struct LinearKernel {
  let times: UnsafePointer<Double>
  let values: UnsafePointer<Double>
  let count: Int
  let first: Double
  let last: Double
  let lastValue: Double
  /// The segments hold their first value instead of interpolating.
  let hold: Bool
  /// The level of `razzle_linear_run` for runs inside one segment (0: the
  /// Swift loop; see ``sampleLinear(times:values:count:queries:count:into:stride:hold:runLevel:streaming:)``).
  var runLevel: Int32 = 0
  /// Whether those runs go to memory by non-temporal stores.
  var streaming = false

  init(times: UnsafePointer<Double>, values: UnsafePointer<Double>, count: Int, hold: Bool) {
    self.times = times
    self.values = values
    self.count = count
    self.hold = hold
    first = times[0]
    last = times[count &- 1]
    lastValue = values[count &- 1]
  }

  /// `t` clamped to the keyframe times; NaN stays NaN.
  @inline(__always)
  func clamp(_ t: Double) -> Double { t < first ? first : (t > last ? last : t) }

  /// The value at `t` in segment `k` (`tc` is `t` clamped).
  @inline(__always)
  func value(_ t: Double, _ tc: Double, _ k: Int) -> Double {
    if hold { return t.isNaN ? t : (t >= last ? lastValue : values[k]) }
    let t0 = times[k]
    let p = (tc - t0) / (times[k &+ 1] - t0)
    let v0 = values[k]
    let blended = v0 + (values[k &+ 1] - v0) * p
    return t >= last ? lastValue : (tc == t0 ? v0 : blended)
  }

  /// ``value(_:_:_:)`` on eight lanes: the same operations lane by lane.
  ///
  /// `@_transparent`, not `@inline(__always)`: the optimizer kept the
  /// latter out of line (its lanes passed through the stack and `hold`
  /// tested at run time): 32 instructions a sample against 26 for random
  /// times at K = 16 (callgrind).
  @_transparent
  func values(_ t: Lanes, _ tc: Lanes, _ k: LaneIndices) -> Lanes {
    if hold {
      var v0 = Lanes()
      for l in 0..<8 { v0[l] = values[Int(truncatingIfNeeded: k[l])] }
      return held(t, v0)
    }
    // Keyframes k and k + 1 are adjacent: one 16-byte load a lane for the
    // two times, one for the two values, then split into even and odd.
    var timePairs = SIMD16<Double>()
    var valuePairs = SIMD16<Double>()
    for l in 0..<8 {
      let i = Int(truncatingIfNeeded: k[l])
      let tp = UnsafeRawPointer(times + i).loadUnaligned(as: SIMD2<Double>.self)
      let vp = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD2<Double>.self)
      timePairs[2 &* l] = tp[0]
      timePairs[2 &* l &+ 1] = tp[1]
      valuePairs[2 &* l] = vp[0]
      valuePairs[2 &* l &+ 1] = vp[1]
    }
    let t0 = timePairs.evenHalf
    let t1 = timePairs.oddHalf
    let v0 = valuePairs.evenHalf
    let v1 = valuePairs.oddHalf
    let p = (tc - t0) / (t1 - t0)
    let blended = v0 + (v1 - v0) * p
    return blended.replacing(with: v0, where: tc .== t0)
      .replacing(with: Lanes(repeating: lastValue), where: t .>= Lanes(repeating: last))
  }

  @inline(__always)
  func clamp(_ t: Lanes) -> Lanes { clamped(t, first, last) }

  /// A held segment's value `v0` on eight lanes: v_{n−1} at and past the
  /// end, NaN at NaN (as ``value(_:_:_:)``).
  @inline(__always)
  func held(_ t: Lanes, _ v0: Lanes) -> Lanes {
    v0.replacing(with: t, where: t .!= t)
      .replacing(with: Lanes(repeating: lastValue), where: t .>= Lanes(repeating: last))
  }

  @inline(__always)
  func store(_ v: Lanes, _ out: UnsafeMutablePointer<Double>, _ j: Int, _ stride: Int) {
    if stride == 1 {
      UnsafeMutableRawPointer(out + j).storeBytes(of: v, as: Lanes.self)
    } else {
      for l in 0..<8 { out[(j &+ l) &* stride] = v[l] }
    }
  }

  /// Queries `start..<end` in any order: searched eight at a time.
  @inline(__always)
  func searched(
    _ q: UnsafePointer<Double>, _ start: Int, _ end: Int, _ out: UnsafeMutablePointer<Double>,
    _ stride: Int
  ) {
    var j = start
    while j &+ 8 <= end {
      let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
      let tc = clamp(t)
      store(values(t, tc, laneSegments(times, count, tc)), out, j, stride)
      j &+= 8
    }
    while j < end {
      let t = q[j]
      let tc = clamp(t)
      out[j &* stride] = value(t, tc, segmentIndex(times, count, tc))
      j &+= 1
    }
  }

  /// Queries from `start` on, eight at a time, while all eight are strictly
  /// between t_k and t_{k+1} (in any order): segment k is then theirs, with
  /// no clamping, no time at t_k and none at or past the end, so the value
  /// is the blend alone. Returns where it stopped: at the first eight with
  /// a time outside (or NaN), or with fewer than eight left.
  @inline(__always)
  func inside(
    _ k: Int, _ q: UnsafePointer<Double>, _ start: Int, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) -> Int {
    let t0 = Lanes(repeating: times[k])
    let t1 = Lanes(repeating: times[k &+ 1])
    let v0 = Lanes(repeating: values[k])
    var j = start
    if hold {
      while j &+ 8 <= m {
        let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
        if !all((t .> t0) .& (t .< t1)) { break }
        store(v0, out, j, stride)
        j &+= 8
      }
      return j
    }
    let dv = Lanes(repeating: values[k &+ 1]) - v0
    // t > t_k exactly when t − t_k > 0 (a difference of two doubles is
    // never rounded to zero); the divisor's least dividend is positive.
    let divisor = Divisor(times[k &+ 1] - times[k])
    #if RAZZLE_FMA
      if runLevel > 0 {
        var segment = razzle_linear_segment(
          t0: times[k], t1: times[k &+ 1], v0: values[k], dv: values[k &+ 1] - values[k],
          negated: divisor.negated, reciprocal: divisor.reciprocal,
          reciprocal_low: divisor.reciprocalLow, least: divisor.least)
        return razzle_linear_run(&segment, q, start, m, out, streaming ? 1 : 0, runLevel)
      }
    #endif
    let least = Lanes(repeating: divisor.least)
    while j &+ 8 <= m {
      let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
      let a = t - t0
      if !all((a .>= least) .& (t .< t1)) { break }
      store(v0 + dv * divisor.quotient(a), out, j, stride)
      j &+= 8
    }
    return j
  }

  /// Queries `start..<end`, non-decreasing, all in segment k.
  @inline(__always)
  func inOneSegment(
    _ k: Int, _ q: UnsafePointer<Double>, _ start: Int, _ end: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    let t0 = times[k]
    let dt = times[k &+ 1] - t0
    let v0 = values[k]
    let dv = values[k &+ 1] - v0
    var j = start
    // Times inside the keyframes' span need no clamping (the run does not
    // decrease, so its ends bound it).
    let inside = first <= q[start] && q[end &- 1] <= last
    // Strictly inside the segment (the run's ends bound it): no time is at
    // t_k or at or past the end, so the value is the blend alone.
    if !hold && t0 < q[start] && q[end &- 1] < last {
      // The run's least dividend is its first time's (t − t_k does not
      // decrease with t).
      let divisor = Divisor(dt)
      let fused = q[start] - t0 >= divisor.least
      while j &+ 8 <= end {
        let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
        let a = t - Lanes(repeating: t0)
        let p = fused ? divisor.quotient(a) : a / Lanes(repeating: dt)
        store(Lanes(repeating: v0) + Lanes(repeating: dv) * p, out, j, stride)
        j &+= 8
      }
    }
    while hold && j &+ 8 <= end {
      let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
      store(held(t, Lanes(repeating: v0)), out, j, stride)
      j &+= 8
    }
    while j &+ 8 <= end {
      let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
      let tc = inside ? t : clamp(t)
      let blended =
        Lanes(repeating: v0) + Lanes(repeating: dv)
        * ((tc - Lanes(repeating: t0)) / Lanes(repeating: dt))
      let v = blended.replacing(with: Lanes(repeating: v0), where: tc .== Lanes(repeating: t0))
        .replacing(with: Lanes(repeating: lastValue), where: t .>= Lanes(repeating: last))
      store(v, out, j, stride)
      j &+= 8
    }
    while j < end {
      let t = q[j]
      let tc = clamp(t)
      let blended = v0 + dv * ((tc - t0) / dt)
      out[j &* stride] =
        hold ? value(t, tc, k) : (t >= last ? lastValue : (tc == t0 ? v0 : blended))
      j &+= 1
    }
  }

  /// Queries `start..<end`, non-decreasing and without NaN, in segments
  /// `cursor` through `cursor + span` (`span` ≤ ``windowLimit``): a time's
  /// segment is `cursor` plus the number of keyframe times
  /// `times[cursor + 1 ... cursor + span]` at or before it (clamped), the
  /// largest k with times[k] ≤ t as the search finds it.
  @inline(__always)
  func counted(
    _ cursor: Int, _ span: Int, _ q: UnsafePointer<Double>, _ start: Int, _ end: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    let window = times + cursor
    var j = start
    while j &+ 8 <= end {
      let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
      let tc = clamp(t)
      var k = LaneIndices(repeating: Int64(truncatingIfNeeded: cursor))
      var i = 1
      while i <= span {
        // A true lane is all ones (−1): subtracting it counts.
        k &-= unsafeBitCast(Lanes(repeating: window[i]) .<= tc, to: LaneIndices.self)
        i &+= 1
      }
      store(values(t, tc, k), out, j, stride)
      j &+= 8
    }
    while j < end {
      let t = q[j]
      let tc = clamp(t)
      var k = cursor
      var i = 1
      while i <= span {
        k &+= window[i] <= tc ? 1 : 0
        i &+= 1
      }
      out[j &* stride] = value(t, tc, k)
      j &+= 1
    }
  }

  /// Queries `start..<end`, non-decreasing and without NaN, from segment
  /// `cursor` on, eight at a time: the segment of the eighth time by
  /// walking keyframes from the cursor, then each time's segment by
  /// counting the keyframe times between (as
  /// ``counted(_:_:_:_:_:_:_:)``), or by the search when the eight span
  /// more than ``windowLimit`` segments. Returns the segment of the last
  /// query.
  @inline(__always)
  func grouped(
    _ cursor: Int, _ q: UnsafePointer<Double>, _ start: Int, _ end: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) -> Int {
    var cursor = cursor
    var j = start
    while j &+ 8 <= end {
      let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
      let tc = clamp(t)
      let latest = tc[7]
      var span = 0
      while span < windowLimit && cursor &+ span < count &- 2
        && times[cursor &+ span &+ 1] <= latest
      {
        span &+= 1
      }
      var k: LaneIndices
      if cursor &+ span == count &- 2 || latest < times[cursor &+ span &+ 1] {
        k = LaneIndices(repeating: Int64(truncatingIfNeeded: cursor))
        var i = 1
        while i <= span {
          k &-= unsafeBitCast(Lanes(repeating: times[cursor &+ i]) .<= tc, to: LaneIndices.self)
          i &+= 1
        }
      } else {
        k = laneSegments(times, count, tc)
      }
      store(values(t, tc, k), out, j, stride)
      cursor = Int(truncatingIfNeeded: k[7])
      j &+= 8
    }
    while j < end {
      let t = q[j]
      let tc = clamp(t)
      while cursor < count &- 2 && times[cursor &+ 1] <= tc { cursor &+= 1 }
      out[j &* stride] = value(t, tc, cursor)
      j &+= 1
    }
    return cursor
  }
}
