// Batch sampling: the loops that run over millions of query times.
//
// Three tiers, chosen once per batch:
// 1. `n == 1`: the single value everywhere (NaN at NaN).
// 2. Segment kernels for tracks whose segments are all `linear` (any easing)
//    on per-channel kinds with `hold` at both ends. Plain scalar tracks run
//    the vector kernel of `RazzleKernels` (see `KernelLevel`); the others
//    find the segments of unordered times eight at a time with the same
//    module's vector search (counting for a few keyframes, else interleaved
//    binary searches) and walk a cursor forward for non-decreasing runs of
//    times (checked per block of 64 and carried from block to block, so
//    sorted input costs O(N + K) and unsorted input pays nothing for the
//    check), then ease and blend, with the ends and exact keyframe hits
//    chosen by selects rather than branches.
// 3. The general sampler for everything else (curves, extrapolation,
//    colors, transforms).
//
// Every tier computes each value with the same formula as
// `KeyframeSampler.sample`, so a value does not depend on the tier, the
// block it fell in or the thread that computed it.

extension KeyframeSampler {
  /// The block size for the sortedness check.
  @usableFromInline static var blockSize: Int { 64 }

  /// The most channels of a track of one cubic-Bézier easing that the
  /// vector kernel samples channel by channel (the easing solved again
  /// for each, about 4 ns a value on lanes, where the segment kernel
  /// solves it once a row on one lane: a 3-channel Lottie position's
  /// rows were 7.8 % of bench case 64's call in `perf` that way).
  @usableFromInline static var bezierKernelChannels: Int { 4 }

  /// Whether ``sampleBatch(_:into:stride:streaming:)`` streams: a plain
  /// linear scalar track (the linear kernel) of several keyframes, into
  /// contiguous values.
  @inlinable
  var streamsRuns: Bool { count > 1 && usesSegmentKernel && allPlain && channels == 1 }

  /// Whether the segment kernels apply: every segment `linear` (eased or
  /// not), a per-channel kind, `hold` at both ends.
  @inlinable
  var usesSegmentKernel: Bool {
    isPerChannel && before == .hold && after == .hold && allLinear
  }

  /// Writes the value at each of `queries` to `out`, `channels` doubles per
  /// query, in query order; bit for bit what single samples give, on any
  /// number of threads (see ``Parallel``).
  @inlinable
  func sampleAll(_ queries: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>) {
    Parallel.forEachChunk(queries.count) { range in
      sampleBatch(
        UnsafeBufferPointer(rebasing: queries[range]), into: out + range.lowerBound &* channels,
        stride: channels)
    }
  }

  /// Writes the velocity at each of `queries` to `out`, as ``sampleAll(_:into:)``.
  @inlinable
  func velocityAll(_ queries: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>) {
    Parallel.forEachChunk(queries.count) { range in
      let base = queries.baseAddress.unsafelyUnwrapped
      kindView.pointee.model.pointee.velocityEach(
        self, base + range.lowerBound, range.count, out + range.lowerBound &* channels)
    }
  }

  /// Samples `queries` into `out`: the value at query j goes to
  /// `out[j·stride ..< j·stride + channels]` (`stride` ≥ `channels`; an
  /// animator's matrix has one row per query and these columns in it).
  ///
  /// With `streaming`, a track that ``streamsRuns`` writes most of `out`
  /// by non-temporal stores (an output larger than the cache: see
  /// `FrameMatrix`); other tracks ignore it.
  @inlinable
  func sampleBatch(
    _ queries: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>, stride: Int,
    streaming: Bool = false
  ) {
    guard let q = queries.baseAddress, queries.count > 0 else { return }
    if count == 1 {
      let v = values
      for j in 0..<queries.count {
        let t = q[j]
        for c in 0..<channels { out[j &* stride &+ c] = t.isNaN ? t : v[c] }
      }
    } else if usesSegmentKernel {
      if allPlain && channels == 1 && queries.count > 1 {
        // The plain scalar curve: the vector kernels, at the CPU's level.
        sampleLinearKernel(
          times, values, count, q, queries.count, out, stride, hold: false, streaming: streaming)
      } else if allPlain {
        segmentKernel(q, queries.count, out, stride, NoEasing())
      } else if uniformStyle >= 0 {
        // One easing for every segment (the common case): resolve it once,
        // so the loop is specialized for its family.
        let m = queries.count
        switch kernels[uniformStyle] {
        case .penner(let curve, let mode):
          switch curve {
          case .sine: segmentKernel(q, m, out, stride, UniformPenner(PennerSine(), mode))
          case .quad: segmentKernel(q, m, out, stride, UniformPenner(PennerQuad(), mode))
          case .cubic: segmentKernel(q, m, out, stride, UniformPenner(PennerCubic(), mode))
          case .quart: segmentKernel(q, m, out, stride, UniformPenner(PennerQuart(), mode))
          case .quint: segmentKernel(q, m, out, stride, UniformPenner(PennerQuint(), mode))
          case .expo: segmentKernel(q, m, out, stride, UniformPenner(PennerExpo(), mode))
          case .circ: segmentKernel(q, m, out, stride, UniformPenner(PennerCirc(), mode))
          case .back(let s):
            segmentKernel(q, m, out, stride, UniformPenner(PennerBack(s, mode: mode), mode))
          case .elastic(let a, let period):
            let family = PennerElastic(amplitude: a, period: period, mode: mode)
            segmentKernel(q, m, out, stride, UniformPenner(family, mode))
          case .bounce: segmentKernel(q, m, out, stride, UniformPenner(PennerBounce(), mode))
          }
        case .elastic(let family, let mode):
          segmentKernel(q, m, out, stride, UniformPenner(family, mode))
        case .cubicBezier(let table):
          let curve = beziers[Int(table)]
          let inverse = inverses + Int(table) &* StylePool.inverseStride
          if m < KeyframeSampler.blockSize {
            segmentKernel(q, m, out, stride, UniformBezier(curve: curve, inverse: inverse))
          } else if channels == 1 {
            // A scalar track: the easing on eight lanes, at the CPU's level.
            sampleBezierKernel(
              KernelLevel.active, times, values, count, q, m, out, stride, curve: curve,
              inverse: inverse)
          } else if channels <= KeyframeSampler.bezierKernelChannels {
            // A few channels (a Lottie position without a route, a
            // scale): the vector kernel channel by channel. Solving the
            // easing once a channel on lanes costs less than once a row on
            // one (see `bezierKernelChannels`).
            sampleBezierKernel(
              KernelLevel.active, times, values, count, q, m, out, stride, channels: channels,
              curve: curve, inverse: inverse)
          } else {
            // The table's Hermite intervals once for the batch: the numbers
            // each sample of a small batch builds for itself.
            withUnsafeTemporaryAllocation(
              of: HermiteInterval.self, capacity: CubicBezier.inverseIntervals
            ) { buffer in
              let intervals = buffer.baseAddress.unsafelyUnwrapped
              curve.hermiteIntervals(inverse, into: intervals)
              segmentKernel(
                q, m, out, stride, UniformBezierIntervals(curve: curve, intervals: intervals))
            }
          }
        case .steps(let steps):
          segmentKernel(q, m, out, stride, UniformSteps(steps))
        case .spring(let spring):
          segmentKernel(q, m, out, stride, UniformSpring(spring))
        case .identity, .general:
          if case .piecewiseLinear(let curve) = styles[uniformStyle].easing {
            // The points held once for the batch.
            curve.points.withUnsafeBufferPointer { points in
              segmentKernel(
                q, m, out, stride,
                UniformPiecewiseLinear(
                  points: points.baseAddress.unsafelyUnwrapped, count: points.count))
            }
          } else {
            segmentKernel(q, m, out, stride, SegmentEasing(self))
          }
        }
      } else if channels == 1 && queries.count >= KeyframeSampler.minimumBezierRun {
        sampleBezierRuns(q, queries.count, out, stride)
      } else {
        segmentKernel(q, queries.count, out, stride, SegmentEasing(self))
      }
    } else {
      // The general path, specialized for the kind: one dynamic call per
      // batch.
      kindView.pointee.model.pointee.sampleEach(self, q, queries.count, out, stride)
    }
  }

  @inlinable
  func segmentKernel<E: ProgressEasing>(
    _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int,
    _ easing: E
  ) {
    let first = times[0]
    let last = times[count &- 1]
    let lastValue = value(count &- 1)
    if m == 1 {
      // One time (an animator frame): one search, no block bookkeeping.
      let t = q[0]
      let tc = t < first ? first : (t > last ? last : t)
      emit(t, tc, segment(tc), last, lastValue, easing, out)
      return
    }
    let level = KernelLevel.active
    withUnsafeTemporaryAllocation(of: Int.self, capacity: KeyframeSampler.blockSize) { buffer in
      let segments = buffer.baseAddress.unsafelyUnwrapped
      var start = 0
      var cursor = 0
      // Whether the previous block was a non-decreasing run, which leaves
      // `cursor` at the segment of its last time.
      var carried = false
      while start < m {
        let end = Swift.min(start &+ KeyframeSampler.blockSize, m)
        // Stops at the first pair out of order (a NaN counts as one): random
        // times leave after a step or two, sorted ones run the whole block.
        var j = start &+ 1
        while j < end && q[j &- 1] <= q[j] { j &+= 1 }
        if j >= end {
          // Non-decreasing run: find the segment of its first time, by a
          // short walk from the previous run's last segment when this block
          // continues it (sorted input: no search at all), else by a binary
          // search. A block inside one segment, the usual case when times are
          // dense, then runs without any search; otherwise the cursor walks
          // forward. The walk and the search give the same segment (the
          // largest k with times[k] <= t), so the values do not depend on
          // where blocks start.
          let t0 = q[start]
          let c0 = t0 < first ? first : (t0 > last ? last : t0)
          let t1 = q[end &- 1]
          let c1 = t1 < first ? first : (t1 > last ? last : t1)
          if carried && q[start &- 1] <= t0 {
            var steps = 0
            while cursor < count &- 2 && times[cursor &+ 1] <= c0 && steps < 8 {
              cursor &+= 1
              steps &+= 1
            }
            if steps == 8 { cursor = segment(c0) }
          } else {
            cursor = segment(c0)
          }
          carried = !c0.isNaN && !c1.isNaN
          if carried && (t0 >= last || (t1 <= first && t1 < last)) {
            // The whole block at or past the last keyframe, or at or
            // before the first (and before the last): every time clamps
            // to the same end, in the same segment, at the same progress,
            // so every value is the first one's bits.
            emit(t0, c0, cursor, last, lastValue, easing, out + start &* stride)
            let held = out + start &* stride
            for j in (start &+ 1)..<end {
              let target = out + j &* stride
              for c in 0..<channels { target[c] = held[c] }
            }
            start = end
            continue
          }
          if carried && (cursor == count &- 2 || c1 < times[cursor &+ 1]) {
            emitRun(start, end, cursor, q, first, last, lastValue, easing, out, stride)
            start = end
            continue
          }
          for j in start..<end {
            let t = q[j]
            let tc = t < first ? first : (t > last ? last : t)
            while cursor < count &- 2 && times[cursor &+ 1] <= tc { cursor &+= 1 }
            emit(t, tc, cursor, last, lastValue, easing, out + j &* stride)
          }
        } else {
          // Unordered: the block's segments eight at a time by the vector
          // search at the CPU's level, then the easing and blend per time.
          carried = false
          findSegmentsKernel(level, times, count, q + start, end &- start, segments)
          for j in start..<end {
            let t = q[j]
            let tc = t < first ? first : (t > last ? last : t)
            emit(t, tc, segments[j &- start], last, lastValue, easing, out + j &* stride)
          }
        }
        start = end
      }
    }
  }

  /// Queries `start..<end`, all in segment k.
  @inlinable @inline(__always)
  func emitRun<E: ProgressEasing>(
    _ start: Int, _ end: Int, _ k: Int, _ q: UnsafePointer<Double>, _ first: Double,
    _ last: Double, _ lastValue: UnsafePointer<Double>, _ easing: E,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    for j in start..<end {
      let t = q[j]
      let tc = t < first ? first : (t > last ? last : t)
      emit(t, tc, k, last, lastValue, easing, out + j &* stride)
    }
  }

  /// One value: segment k's formula at the clamped time `tc`, or the
  /// keyframe value where `tc` is exactly a keyframe and the easing gives 0
  /// there, or `t` is at or past the end and the last segment's easing
  /// gives 1 (``KeyframeSampler/interior(_:segment:kind:into:)``). NaN
  /// flows through (`tc` is NaN, every comparison fails, p is NaN).
  @inlinable @inline(__always)
  func emit<E: ProgressEasing>(
    _ t: Double, _ tc: Double, _ k: Int, _ last: Double, _ lastValue: UnsafePointer<Double>,
    _ easing: E, _ out: UnsafeMutablePointer<Double>
  ) {
    let t0 = times[k]
    let atEnd = t >= last
    // At the end, progress 1 even on a zero-length paced leg.
    let p = atEnd ? 1 : (tc - t0) / (times[k &+ 1] - t0)
    let e = easing.ease(p, segment: k)
    let atKeyframe = tc == t0 && e == 0
    let pastEnd = atEnd && e == 1
    if channels == 1 {
      // The common scalar case, without the channel loop.
      let v0 = values[k]
      let blended = v0 + (values[k &+ 1] - v0) * e
      out[0] = pastEnd ? lastValue[0] : (atKeyframe ? v0 : blended)
      return
    }
    let v0 = value(k)
    let v1 = value(k &+ 1)
    for c in 0..<channels {
      let blended = v0[c] + (v1[c] - v0[c]) * e
      out[c] = pastEnd ? lastValue[c] : (atKeyframe ? v0[c] : blended)
    }
  }
}

/// One plain scalar track's value at `t`: the segment kernel's formula
/// (``KeyframeSampler/emit(_:_:_:_:_:_:_:)`` without easing) for a track
/// given as raw buffers, as the animator's frame cache holds them.
@inlinable @inline(__always)
func plainScalarValue(
  _ times: UnsafePointer<Double>, _ values: UnsafePointer<Double>, _ count: Int, _ t: Double
) -> Double {
  if count == 1 { return t.isNaN ? t : values[0] }
  let first = times[0]
  let last = times[count &- 1]
  let tc = t < first ? first : (t > last ? last : t)
  // The same segment either way (see segmentIndexByCount); counting
  // leaves no chain of dependent loads for a few keyframes.
  let base =
    count <= countingSearchLimit
    ? segmentIndexByCount(times, count, tc) : segmentIndex(times, count, tc)
  let t0 = times[base]
  let p = (tc - t0) / (times[base &+ 1] - t0)
  let v0 = values[base]
  let blended = v0 + (values[base &+ 1] - v0) * p
  return t >= last ? values[count &- 1] : (tc == t0 ? v0 : blended)
}
