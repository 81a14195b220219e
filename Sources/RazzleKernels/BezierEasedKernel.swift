// The cubic-Bézier eased kernel: a scalar track whose segments are all
// linear with one `cubic-bezier(…)` easing, `hold` at both ends — the
// eased curve the batch benchmarks measure. Compiled at each CPU level as
// `LinearKernel.swift` is (a symbolic link in `RazzleKernelsAVX2`).
//
// `Razzle` owns the easing (`CubicBezier`); this module sees it as plain
// numbers: the power-form coefficients of x(s) and y(s), the end
// gradients, and the inverse table's Hermite intervals, four doubles each
// (`CubicBezier.kernelConstants`). The arithmetic is `CubicBezier.solved`
// and `endValue` lane by lane, the same operations in the same order (no
// fused multiply-add), so each lane gives the bits of the single-sample
// path. A lane whose two Newton steps miss the solver's tolerance (or
// whose interval is marked NaN) is recomputed by `fallback`, the scalar
// easing, which takes the same misses and then its safeguarded solve.
//
// Query times go in blocks of 64, as in the linear kernel: a block that
// does not decrease finds its segments by walking a cursor, other blocks
// by the vector search; then every sixteen times compute p, the easing
// and the blend as two groups of eight lanes side by side (`blend16`).

/// Writes the value of the cubic-Bézier eased linear scalar track (`times`,
/// `values`, `count` ≥ 2 keyframes, times non-decreasing) at each of the
/// `m` times `q` to `out[j · stride]`.
///
/// The value at t: t clamped to [t₀, t_{n−1}], k the largest index with
/// times[k] ≤ t (capped at n − 2), p = (t − t_k)/(t_{k+1} − t_k), e the
/// easing at p, and v_k + (v_{k+1} − v_k)·e — or v_k exactly at a keyframe,
/// v_{n−1} at and past the end, NaN at NaN.
///
/// - Parameters:
///   - times: The keyframe times.
///   - values: The keyframe values, one a keyframe.
///   - count: The number of keyframes, at least 2.
///   - q: The query times, in any order.
///   - m: The number of query times.
///   - out: Where value j goes, at `out[j · stride]`.
///   - stride: The distance between values in `out`.
///   - curve: Eight doubles: x(s)'s a, b, c, y(s)'s a, b, c (each
///     ((a s + b) s + c) s), the start and end gradients.
///   - intervals: The guesses of the curve's inverse table's 64 Hermite
///     intervals, four doubles each (c0, c1, c2, c3: t = c0 + u (c1 +
///     u (c2 + u c3)) at u = 64 x − k; c3 NaN to send every solve in the
///     interval to `fallback`), then a 65th row whose c0 is 1: interval k
///     ends where row k + 1 starts.
///   - epsilon: The solver's tolerance in x.
///   - fallback: The scalar easing at p, for lanes in (0, 1) whose steps
///     miss.
///   - prepare: Fills `curve` and `intervals`, called once before the
///     first value that needs the easing (none for times that all fall
///     outside the keyframes, or between equal values: a Lottie track's
///     blocks mostly); neither is read before.
/// - Complexity: O(m + K) for non-decreasing times; O(m · min(K, log K))
///   otherwise.
public func sampleBezierEased(
  times: UnsafePointer<Double>, values: UnsafePointer<Double>, count: Int,
  queries q: UnsafePointer<Double>, count m: Int, into out: UnsafeMutablePointer<Double>,
  stride: Int, curve: UnsafePointer<Double>, intervals: UnsafePointer<Double>, epsilon: Double,
  fallback: (Double) -> Double, prepare: () -> Void
) {
  let kernel = BezierEasedKernel(
    times: times, values: values, count: count, intervals: intervals, epsilon: epsilon)
  kernel.sample(q, m, out, stride, fallback) {
    prepare()
    return kernel.easing(curve)
  }
}

/// One track's buffers and its easing's constants, with the block loop.
struct BezierEasedKernel {
  let times: UnsafePointer<Double>
  let values: UnsafePointer<Double>
  let count: Int
  let first: Double
  let last: Double
  let lastValue: Double
  /// The easing's constants (``easing(_:)``; zero until then).
  var xa = 0.0
  var xb = 0.0
  var xc = 0.0
  var ya = 0.0
  var yb = 0.0
  var yc = 0.0
  var startGradient = 0.0
  var endGradient = 0.0
  let intervals: UnsafePointer<Double>
  let epsilon: Double

  init(
    times: UnsafePointer<Double>, values: UnsafePointer<Double>, count: Int,
    intervals: UnsafePointer<Double>, epsilon: Double
  ) {
    self.times = times
    self.values = values
    self.count = count
    first = times[0]
    last = times[count &- 1]
    lastValue = values[count &- 1]
    self.intervals = intervals
    self.epsilon = epsilon
  }

  /// This kernel with the easing's constants read from `curve`.
  func easing(_ curve: UnsafePointer<Double>) -> BezierEasedKernel {
    var kernel = self
    kernel.xa = curve[0]
    kernel.xb = curve[1]
    kernel.xc = curve[2]
    kernel.ya = curve[3]
    kernel.yb = curve[4]
    kernel.yc = curve[5]
    kernel.startGradient = curve[6]
    kernel.endGradient = curve[7]
    return kernel
  }

  @inline(__always)
  func clamp(_ t: Double) -> Double { t < first ? first : (t > last ? last : t) }

  /// The block loop: each block's segments, then its values. `eased`
  /// gives the kernel with its easing's constants, called once, before the
  /// first block that needs them.
  @inline(__always)
  func sample(
    _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int,
    _ fallback: (Double) -> Double, _ eased: () -> BezierEasedKernel
  ) {
    var solver: BezierEasedKernel? = nil
    func solving() -> BezierEasedKernel {
      if let solver { return solver }
      let prepared = eased()
      solver = prepared
      return prepared
    }
    let blockSize = 64
    // The block's segments, then scratch rows of sixteen for `evaluate`.
    withUnsafeTemporaryAllocation(of: Int64.self, capacity: blockSize &+ 16 &* 4) { buffer in
      let ks = buffer.baseAddress.unsafelyUnwrapped
      let scratch = UnsafeMutableRawPointer(ks + blockSize).bindMemory(
        to: Double.self, capacity: 16 &* 4)
      var start = 0
      var cursor = 0
      // Whether the previous block was a non-decreasing run, which leaves
      // `cursor` at the segment of its last time.
      var carried = false
      while start < m {
        let end = Swift.min(start &+ blockSize, m)
        if !isNondecreasing(q, start, end) {
          carried = false
          if isAllNaN(q, start, end) {
            // A block where the track has no effect (a layer's clip out
            // of its interval): each value is its time's NaN, quieted, as
            // the arithmetic below gives it.
            for j in start..<end {
              out[j &* stride] = Double(bitPattern: q[j].bitPattern | 0x0008_0000_0000_0000)
            }
            start = end
            continue
          }
          var j = start
          while j &+ 8 <= end {
            let t = UnsafeRawPointer(q + j).loadUnaligned(as: Lanes.self)
            let k = laneSegments(times, count, clamped(t, first, last))
            UnsafeMutableRawPointer(ks + (j &- start)).storeBytes(of: k, as: LaneIndices.self)
            j &+= 8
          }
          while j < end {
            ks[j &- start] = Int64(truncatingIfNeeded: segmentIndex(times, count, clamp(q[j])))
            j &+= 1
          }
        } else {
          // The segment of the run's first time by a short walk from the
          // previous run's last segment when this block continues it, else
          // by a search; then a walk through the run. The walk and the
          // search give the same segment (the largest k with times[k] <= t),
          // so values do not depend on where blocks start.
          let c0 = clamp(q[start])
          let c1 = clamp(q[end &- 1])
          cursor = runStartSegment(times, count, q, start, c0, cursor, carried)
          carried = !c0.isNaN && !c1.isNaN
          // Sorted times hold long runs of one answer, which skip the
          // easing: at or past the last keyframe, the last value; at or
          // before the first (and before the last), the value of the
          // segment holding the first time, which starts there (`blend16`'s
          // `tc == t0` lanes). The same bits as `blend16`, without its work.
          if q[start] >= last {
            fill(out, start, end, stride, lastValue)
            start = end
            continue
          }
          if q[end &- 1] <= first && q[end &- 1] < last {
            fill(out, start, end, stride, values[cursor])
            start = end
            continue
          }
          if cursor == count &- 2 || c1 < times[cursor &+ 1] {
            // One segment for the whole block (dense times): its keyframes
            // read once, not per lane. Between equal finite values v the
            // blend is v + 0 · e, which is v (a pose held under an easing,
            // common in Lottie files), except -0 + 0 = +0.
            let v0 = values[cursor]
            if !c0.isNaN && v0 == values[cursor &+ 1] && v0.isFinite
              && v0.bitPattern != (-0.0).bitPattern
            {
              fill(out, start, end, stride, v0)
            } else {
              solving().evaluate(
                q, start, end, ks, out, stride, scratch, fallback, segment: cursor)
            }
            start = end
            continue
          }
          for j in start..<end {
            // On the raw time: outside the keyframes' span the walk stops
            // where it would on the clamped time (no NaN in the run).
            let t = q[j]
            while cursor < count &- 2 && times[cursor &+ 1] <= t { cursor &+= 1 }
            ks[j &- start] = Int64(truncatingIfNeeded: cursor)
          }
        }
        solving().evaluate(q, start, end, ks, out, stride, scratch, fallback, segment: -1)
        start = end
      }
    }
  }

  /// Writes `value` to queries `start..<end`'s places.
  @inline(__always)
  func fill(
    _ out: UnsafeMutablePointer<Double>, _ start: Int, _ end: Int, _ stride: Int, _ value: Double
  ) {
    if stride == 1 {
      (out + start).update(repeating: value, count: end &- start)
    } else {
      for j in start..<end { out[j &* stride] = value }
    }
  }

  /// The values of queries `start..<end`, whose segments are `ks[0...]`
  /// (or all `segment`, when it is not negative), sixteen at a time; the
  /// last few padded. `scratch` holds 64 doubles.
  ///
  /// Every value goes through `blend16`, sixteen at a time: a short tail
  /// (padded with the segment's start, or the first keyframe's time) or a
  /// strided output goes through `scratch`, so the long solve is compiled
  /// once.
  @inline(never)
  func evaluate(
    _ q: UnsafePointer<Double>, _ start: Int, _ end: Int, _ ks: UnsafeMutablePointer<Int64>,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int, _ scratch: UnsafeMutablePointer<Double>,
    _ fallback: (Double) -> Double, segment: Int
  ) {
    let paddedTimes = scratch
    let paddedSegments = UnsafeMutableRawPointer(scratch + 16).bindMemory(
      to: Int64.self, capacity: 16)
    let results = scratch + 32
    let patch = scratch + 48
    let pad = segment >= 0 ? times[segment] : first
    var j = start
    while j < end {
      let n = Swift.min(16, end &- j)
      let direct = n == 16 && stride == 1
      if !direct {
        for l in 0..<16 { paddedTimes[l] = l < n ? q[j &+ l] : pad }
        if segment < 0 {
          for l in 0..<16 { paddedSegments[l] = l < n ? ks[j &- start &+ l] : 0 }
        }
      }
      blend16(
        direct ? q + j : UnsafePointer(paddedTimes),
        direct ? UnsafePointer(ks + (j &- start)) : UnsafePointer(paddedSegments),
        segment: segment,
        direct ? out + j : results, patch, fallback)
      if !direct {
        for l in 0..<n { out[(j &+ l) &* stride] = results[l] }
      }
      j &+= 16
    }
  }

  /// Eight times and their segments' keyframes: the times from `q`, the
  /// segments from `ks`.
  @inline(__always)
  func gathered(_ q: UnsafePointer<Double>, _ ks: UnsafePointer<Int64>) -> Keyframes {
    // In through memory: vectors passed between functions travel in
    // 16-byte pieces, which would keep the arithmetic half width.
    let t = UnsafeRawPointer(q).loadUnaligned(as: Lanes.self)
    let k = UnsafeRawPointer(ks).loadUnaligned(as: LaneIndices.self)
    // Keyframes k and k + 1 are adjacent: one 16-byte load a lane for the
    // two times, one for the two values.
    @inline(__always)
    func pair(_ base: UnsafePointer<Double>, _ l: Int) -> SIMD2<Double> {
      UnsafeRawPointer(base + Int(truncatingIfNeeded: k[l])).loadUnaligned(as: SIMD2<Double>.self)
    }
    let tp0 = pair(times, 0)
    let tp1 = pair(times, 1)
    let tp2 = pair(times, 2)
    let tp3 = pair(times, 3)
    let tp4 = pair(times, 4)
    let tp5 = pair(times, 5)
    let tp6 = pair(times, 6)
    let tp7 = pair(times, 7)
    let vp0 = pair(values, 0)
    let vp1 = pair(values, 1)
    let vp2 = pair(values, 2)
    let vp3 = pair(values, 3)
    let vp4 = pair(values, 4)
    let vp5 = pair(values, 5)
    let vp6 = pair(values, 6)
    let vp7 = pair(values, 7)
    return Keyframes(
      t: t,
      t0: Lanes(tp0[0], tp1[0], tp2[0], tp3[0], tp4[0], tp5[0], tp6[0], tp7[0]),
      t1: Lanes(tp0[1], tp1[1], tp2[1], tp3[1], tp4[1], tp5[1], tp6[1], tp7[1]),
      v0: Lanes(vp0[0], vp1[0], vp2[0], vp3[0], vp4[0], vp5[0], vp6[0], vp7[0]),
      v1: Lanes(vp0[1], vp1[1], vp2[1], vp3[1], vp4[1], vp5[1], vp6[1], vp7[1]))
  }

  /// Sixteen values at times `q[0..<16]`: each time's progress through
  /// its segment (all `segment` when it is not negative, else `ks[l]`),
  /// eased, blended (as `emit` of the eased kernels and
  /// `KeyframeSampler.sample`), to `out[0..<16]`.
  ///
  /// Two groups of eight side by side, each step taken for both: the
  /// solve is a long chain of dependent steps, and two independent chains
  /// keep the vector units busy while each waits on the other. Out of line
  /// with only pointers and integers in and out, and the solve's steps
  /// (`stepOnce`, `stepAgain`, `hits`, `eased`) `@_transparent`:
  /// `@inline(__always)` left them out of line, their vectors passed in
  /// 16-byte pieces.
  @inline(never)
  func blend16(
    _ q: UnsafePointer<Double>, _ ks: UnsafePointer<Int64>, segment: Int,
    _ out: UnsafeMutablePointer<Double>, _ patch: UnsafeMutablePointer<Double>,
    _ fallback: (Double) -> Double
  ) {
    let a: Keyframes
    let b: Keyframes
    if segment >= 0 {
      let t0 = Lanes(repeating: times[segment])
      let t1 = Lanes(repeating: times[segment &+ 1])
      let v0 = Lanes(repeating: values[segment])
      let v1 = Lanes(repeating: values[segment &+ 1])
      a = Keyframes(
        t: UnsafeRawPointer(q).loadUnaligned(as: Lanes.self), t0: t0, t1: t1, v0: v0, v1: v1)
      b = Keyframes(
        t: UnsafeRawPointer(q + 8).loadUnaligned(as: Lanes.self), t0: t0, t1: t1, v0: v0, v1: v1)
    } else {
      a = gathered(q, ks)
      b = gathered(q + 8, ks + 8)
    }
    let tca = clamped(a.t, first, last)
    let tcb = clamped(b.t, first, last)
    let pa = (tca - a.t0) / (a.t1 - a.t0)
    let pb = (tcb - b.t0) / (b.t1 - b.t0)
    let ata = located(pa)
    let atb = located(pb)
    let rowa = row(ata.k)
    let rowb = row(atb.k)
    var sa = stepOnce(ata, rowa)
    var sb = stepOnce(atb, rowb)
    if any(sa.missed .| sb.missed) {
      // Taken by nearly straight curves on about one progress in seven,
      // by others rarely: a branch costs those less than the step.
      sa = stepAgain(sa)
      sb = stepAgain(sb)
    }
    var ea = eased(pa, sa)
    var eb = eased(pb, sb)
    if any(sa.missed .| sb.missed) {
      if any(sa.missed) { ea = patched(ea, pa, sa.missed, patch, fallback) }
      if any(sb.missed) { eb = patched(eb, pb, sb.missed, patch, fallback) }
    }
    let va = finish(a.t, tca, a.t0, a.v0, a.v1, ea)
    let vb = finish(b.t, tcb, b.t0, b.v0, b.v1, eb)
    UnsafeMutableRawPointer(out).storeBytes(of: va, as: Lanes.self)
    UnsafeMutableRawPointer(out + 8).storeBytes(of: vb, as: Lanes.self)
  }

  /// Eight times and their segments' keyframes.
  struct Keyframes {
    var t: Lanes
    var t0: Lanes
    var t1: Lanes
    var v0: Lanes
    var v1: Lanes
  }

  /// The blend of eased progress `e` from `v0` to `v1`, with the exact
  /// values at the segment's start (`tc` = `t0`) and at and past the last
  /// keyframe.
  @inline(__always)
  func finish(_ t: Lanes, _ tc: Lanes, _ t0: Lanes, _ v0: Lanes, _ v1: Lanes, _ e: Lanes)
    -> Lanes
  {
    let blended = v0 + (v1 - v0) * e
    return blended.replacing(with: v0, where: tc .== t0)
      .replacing(with: Lanes(repeating: lastValue), where: t .>= Lanes(repeating: last))
  }

  /// Where each lane's progress falls in the inverse table.
  struct Location {
    /// The solve's x: the progress inside (0, 1), else 1/2.
    var x: Lanes
    /// The position inside the interval, in [0, 1).
    var u: Lanes
    /// The interval.
    var k: LaneIndices
    /// The lanes whose progress is inside (0, 1).
    var inside: SIMDMask<LaneIndices>
  }

  /// One interval's Hermite guess a lane: c0 + u (c1 + u (c2 + u c3)),
  /// and where the interval ends.
  struct Row {
    var c0: Lanes
    var c1: Lanes
    var c2: Lanes
    var c3: Lanes
    var end: Lanes
  }

  /// The table interval of each lane's progress `p`. No branch.
  @inline(__always)
  func located(_ p: Lanes) -> Location {
    let inside = (p .> 0) .& (p .< 1)
    // Outside (0, 1) the solve runs at 1/2, and its result is not used.
    let x = Lanes(repeating: 0.5).replacing(with: p, where: inside)
    let scale = Lanes(repeating: 64)
    let scaled = x * scale
    // ⌊scaled⌋ for scaled in (0, 64), as a double and as an index, without
    // a conversion instruction the baseline lacks: adding 2⁵² rounds to the
    // nearest integer, which sits in the low bits; one less where it
    // rounded up. Exactly Double(Int(scaled)).
    let magic = Lanes(repeating: 0x1p52)
    let biased = scaled + magic
    let nearest = biased - magic
    let over = nearest .> scaled
    let kd = nearest.replacing(with: nearest - Lanes(repeating: 1), where: over)
    let ki =
      (unsafeBitCast(biased, to: LaneIndices.self) & LaneIndices(repeating: 0xFF))
      &+ unsafeBitCast(over, to: LaneIndices.self)
    return Location(x: x, u: scaled - kd, k: ki, inside: inside)
  }

  /// The rows of intervals `ki`, one a lane.
  @inline(__always)
  func row(_ ki: LaneIndices) -> Row {
    // Each lane's interval: one 32-byte load of c0...c3 and the next
    // row's c0 (this interval's end), then transposed into one vector a
    // coefficient.
    @inline(__always)
    func row(_ l: Int) -> UnsafePointer<Double> {
      intervals + Int(truncatingIfNeeded: ki[l]) &* 4
    }
    @inline(__always)
    func load(_ l: Int) -> Lanes { UnsafeRawPointer(row(l)).loadUnaligned(as: Lanes.self) }
    if all(ki .== LaneIndices(repeating: ki[0])) {
      // One interval for all lanes (dense sorted times): one row read.
      let a = load(0)
      return Row(
        c0: Lanes(repeating: a[0]), c1: Lanes(repeating: a[1]), c2: Lanes(repeating: a[2]),
        c3: Lanes(repeating: a[3]), end: Lanes(repeating: a[4]))
    }
    let a0 = load(0)
    let a1 = load(1)
    let a2 = load(2)
    let a3 = load(3)
    let a4 = load(4)
    let a5 = load(5)
    let a6 = load(6)
    let a7 = load(7)
    return Row(
      c0: Lanes(a0[0], a1[0], a2[0], a3[0], a4[0], a5[0], a6[0], a7[0]),
      c1: Lanes(a0[1], a1[1], a2[1], a3[1], a4[1], a5[1], a6[1], a7[1]),
      c2: Lanes(a0[2], a1[2], a2[2], a3[2], a4[2], a5[2], a6[2], a7[2]),
      c3: Lanes(a0[3], a1[3], a2[3], a3[3], a4[3], a5[3], a6[3], a7[3]),
      end: Lanes(
        row(0)[4], row(1)[4], row(2)[4], row(3)[4], row(4)[4], row(5)[4], row(6)[4], row(7)[4]))
  }

  /// A solve in progress on eight lanes: the parameter so far, its miss
  /// in x, and what a further step needs.
  struct Solve {
    /// The parameter: the first step's, or the second's where the first
    /// missed and `stepAgain` ran.
    var s: Lanes
    /// x(s) − x.
    var miss: Lanes
    /// The Hermite slope of the lane's interval.
    var slope: Lanes
    /// The solve's x (`Location.x`).
    var x: Lanes
    /// The lane's interval: where it starts and ends.
    var c0: Lanes
    var end: Lanes
    /// The lanes whose `s` is within the tolerance and inside the interval.
    var hit: SIMDMask<LaneIndices>
    /// The lanes whose progress is inside (0, 1).
    var inside: SIMDMask<LaneIndices>

    /// The lanes inside (0, 1) that have not hit.
    @_transparent var missed: SIMDMask<LaneIndices> { inside .& .!hit }
  }

  /// The first step of the easing at progress `p` (`CubicBezier.solved`
  /// lane by lane) from each lane's interval (`located`, `row`): the
  /// Hermite guess and one Newton step along its slope. No branch.
  @_transparent
  func stepOnce(_ at: Location, _ row: Row) -> Solve {
    let x = at.x
    let u = at.u
    // The Hermite slope's coefficients as `CubicBezier.hermiteInterval`
    // computes them: r0 = m0 · 64, r1 = 2 c2 · 64, r2 = 3 c3 · 64.
    let scale = Lanes(repeating: 64)
    let r0 = row.c1 * scale
    let r1 = Lanes(repeating: 2) * row.c2 * scale
    let r2 = Lanes(repeating: 3) * row.c3 * scale
    let guess = row.c0 + u * (row.c1 + u * (row.c2 + u * row.c3))
    let slope = r0 + u * (r1 + u * r2)
    let s = guess - (xValue(guess) - x) * slope
    let miss = xValue(s) - x
    return Solve(
      s: s, miss: miss, slope: slope, x: x, c0: row.c0, end: row.end,
      hit: hits(s, miss, row.c0, row.end), inside: at.inside)
  }

  /// The second step along the same slope, taken by the lanes the first
  /// missed (`CubicBezier.solved`'s t2); the others keep their parameter.
  /// No branch.
  @_transparent
  func stepAgain(_ v: Solve) -> Solve {
    let s = v.s - v.miss * v.slope
    let miss = xValue(s) - v.x
    var w = v
    w.s = v.s.replacing(with: s, where: .!v.hit)
    w.hit = v.hit .| hits(s, miss, v.c0, v.end)
    return w
  }

  /// The lanes where parameter `s`, whose x misses by `miss`, is within
  /// the solver's tolerance and inside its interval [`c0`, `end`].
  @_transparent
  func hits(_ s: Lanes, _ miss: Lanes, _ c0: Lanes, _ end: Lanes) -> SIMDMask<LaneIndices> {
    let eps = Lanes(repeating: epsilon)
    return (miss .< eps) .& (miss .> -eps) .& (s .>= c0) .& (s .<= end)
  }

  /// The easing at progress `p` from its solve: y at the parameter inside
  /// (0, 1), the values at and beyond the ends (`CubicBezier.endValue`)
  /// elsewhere. Lanes the solve missed hold y at a parameter off the
  /// curve, for `patched` to replace. No branch.
  @_transparent
  func eased(_ p: Lanes, _ v: Solve) -> Lanes {
    let s = v.s
    let y = ((Lanes(repeating: ya) * s + Lanes(repeating: yb)) * s + Lanes(repeating: yc)) * s
    // Every case computed, the first that applies selected.
    let one = Lanes(repeating: 1)
    let below = Lanes(repeating: startGradient) * p
    let above = one + Lanes(repeating: endGradient) * (p - one)
    return p.replacing(with: above, where: p .> one)
      .replacing(with: below, where: p .< 0)
      .replacing(with: one, where: p .== one)
      .replacing(with: 0, where: p .== 0)
      .replacing(with: y, where: v.inside)
  }

  /// `e` with each lane set in `missed` replaced by `fallback` at its
  /// progress `p`: through memory to the out-of-line `patchLanes` and back.
  @inline(__always)
  func patched(
    _ e: Lanes, _ p: Lanes, _ missed: SIMDMask<LaneIndices>, _ patch: UnsafeMutablePointer<Double>,
    _ fallback: (Double) -> Double
  ) -> Lanes {
    let raw = UnsafeMutableRawPointer(patch)
    raw.storeBytes(of: e, as: Lanes.self)
    raw.storeBytes(of: p, toByteOffset: 64, as: Lanes.self)
    patchLanes(patch, unsafeBitCast(missed, to: LaneIndices.self), fallback)
    return UnsafeRawPointer(patch).loadUnaligned(as: Lanes.self)
  }

  /// x(s) on eight lanes.
  @inline(__always)
  func xValue(_ s: Lanes) -> Lanes {
    ((Lanes(repeating: xa) * s + Lanes(repeating: xb)) * s + Lanes(repeating: xc)) * s
  }

  /// Replaces each lane l of `patch[0..<8]` (the eased values; their
  /// progress values follow in `patch[8..<16]`) whose `missed` lane is set
  /// by `fallback` at its progress. Out of line, as it is rare.
  @inline(never)
  func patchLanes(
    _ patch: UnsafeMutablePointer<Double>, _ missed: LaneIndices, _ fallback: (Double) -> Double
  ) {
    for l in 0..<8 where missed[l] != 0 { patch[l] = fallback(patch[8 &+ l]) }
  }
}
