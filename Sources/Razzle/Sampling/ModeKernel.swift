// Batch kernels for the curve interpolation modes: `hold`, `smooth` and
// `monotone` tracks with one style on every segment, and tracks whose
// segments are all `bezier` (each keyframe with its own handles), on
// per-channel kinds with `hold` at both ends.
//
// The general sampler decides per sample what a segment is (its style, its
// interpolation, its extrapolation) and, for a Bézier segment, rebuilds the
// segment's time curve and reads its handles out of the style each time.
// These loops decide once per batch: the search (counting for up to 16
// keyframes, else the branch-free binary search), the progress and its
// easing, then the mode's formula, with the ends and exact keyframe hits
// chosen by selects. A Bézier batch builds each segment's corrected time
// curve and handle values once, before the loop.
//
// Each formula is the general sampler's (`KeyframeSampler.evaluate`),
// through the same functions, so a value does not depend on the route: the
// single sample of such a track runs these loops too (a batch of one).
//
// Scalar uneased tracks take vector kernels at the CPU's level for batches
// of 8 or more (`RazzleKernels`): `hold` the linear kernel's (`sampleLinear`
// with `hold`), `smooth` and `monotone` `sampleHermite` (the cubics the
// storage computes at edit time), `bezier` `sampleBezierHandles` (each
// segment's time-curve coefficients and corrected handle values built once
// for the batch, in `sampleBezierHandleKernel`). Each computes this file's
// formulas for a time operation by operation on eight lanes, so its bits
// are the single sample's; a Bézier time its three Halley steps do not
// solve comes back to ``KeyframeSampler/modeKernel(_:_:_:_:_:_:)`` for the
// safeguarded solve.

import RazzleKernels
import RazzleKernelsAVX2

/// How a mode kernel turns a segment and its eased progress into values.
@usableFromInline
protocol SegmentMode {
  /// Writes segment k's value at eased progress `e` (raw progress `p`,
  /// duration `dt`) to `out`, every channel.
  func values(
    _ sampler: KeyframeSampler, _ k: Int, _ e: Double, _ dt: Double,
    _ out: UnsafeMutablePointer<Double>)
}

/// `hold`: the segment's first value.
@usableFromInline
struct HoldMode: SegmentMode {
  @inlinable init() {}

  @inlinable @inline(__always)
  func values(
    _ sampler: KeyframeSampler, _ k: Int, _ e: Double, _ dt: Double,
    _ out: UnsafeMutablePointer<Double>
  ) {
    sampler.copy(k, into: out)
  }
}

/// `smooth` and `monotone`: the segment's Hermite cubic, stored in power
/// form.
@usableFromInline
struct HermiteMode: SegmentMode {
  @usableFromInline let cubics: UnsafePointer<Double>

  @inlinable init(cubics: UnsafePointer<Double>) { self.cubics = cubics }

  @inlinable @inline(__always)
  func values(
    _ sampler: KeyframeSampler, _ k: Int, _ e: Double, _ dt: Double,
    _ out: UnsafeMutablePointer<Double>
  ) {
    sampler.hermite(k, e: e, cubics: cubics, into: out)
  }
}

/// `bezier` with every segment's time curve and corrected handle values
/// built for the batch.
@usableFromInline
struct BezierMode: SegmentMode {
  @usableFromInline let segments: UnsafePointer<BezierSegment>
  /// Per segment, `channels` corrected right-handle values of its first
  /// keyframe, then `channels` corrected left-handle values of its second.
  @usableFromInline let handles: UnsafePointer<Double>

  @inlinable init(segments: UnsafePointer<BezierSegment>, handles: UnsafePointer<Double>) {
    self.segments = segments
    self.handles = handles
  }

  @inlinable @inline(__always)
  func values(
    _ sampler: KeyframeSampler, _ k: Int, _ e: Double, _ dt: Double,
    _ out: UnsafeMutablePointer<Double>
  ) {
    let channels = sampler.channels
    sampler.bezierValues(
      k, e: e, dt: dt, segments[k], handles + k &* 2 &* channels, into: out)
  }
}

/// `bezier` for small batches: each sample builds its segment (as the
/// general sampler does).
@usableFromInline
struct BezierEachMode: SegmentMode {
  @inlinable init() {}

  @inlinable @inline(__always)
  func values(
    _ sampler: KeyframeSampler, _ k: Int, _ e: Double, _ dt: Double,
    _ out: UnsafeMutablePointer<Double>
  ) {
    sampler.bezierValues(k, e: e, dt: dt, into: out)
  }
}

extension KeyframeSampler {
  /// The mode of a track the mode kernels take, or nil: a per-channel kind
  /// with `hold` at both ends, and either one `hold`, `smooth` or `monotone`
  /// style on every segment, or (for batches of at least `count` queries,
  /// which pay for the check) `bezier` on every segment.
  @inlinable
  func curveMode(batch m: Int) -> Interpolation? {
    guard isPerChannel && before == .hold && after == .hold && count >= 2 && !allLinear else {
      return nil
    }
    if uniformStyle >= 0 {
      let mode = styles[uniformStyle].interpolation
      return mode == .hold || mode == .smooth || mode == .monotone || mode == .bezier ? mode : nil
    }
    guard m >= count else { return nil }
    for k in 0..<(count &- 1) where styles[Int(styleIndices[k])].interpolation != .bezier {
      return nil
    }
    return .bezier
  }

  /// Samples `m` queries of a track whose mode is `mode` (``curveMode(batch:)``)
  /// into `out`, `stride` doubles apart.
  @inlinable
  func sampleCurveMode(
    _ mode: Interpolation, _ q: UnsafePointer<Double>, _ m: Int,
    _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    // One style without easing (the usual case): no easing per sample, and
    // for `hold` no progress at all.
    let plain = uniformStyle >= 0 && kernels[uniformStyle] == .identity
    switch mode {
    case .hold:
      if channels == 1 && m > 1 {
        // A scalar hold track: the vector kernel at the CPU's level (a held
        // value does not depend on the easing).
        sampleLinearKernel(times, values, count, q, m, out, stride, hold: true)
      } else if plain {
        modeKernel(q, m, out, stride, HoldMode(), NoEasing())
      } else {
        modeKernel(q, m, out, stride, HoldMode(), SegmentEasing(self))
      }
    case .smooth, .monotone:
      let hermite = HermiteMode(cubics: cubics.unsafelyUnwrapped)
      if channels == 1 && plain && m >= 8 {
        // A scalar uneased track: the vector Hermite kernel at the CPU's
        // level, with this loop's arithmetic lane by lane.
        sampleHermiteKernel(times, values, cubics.unsafelyUnwrapped, count, q, m, out, stride) {
          j in modeKernel(q + j, 1, out + j &* stride, stride, hermite, NoEasing())
        }
      } else if plain {
        modeKernel(q, m, out, stride, hermite, NoEasing())
      } else {
        modeKernel(q, m, out, stride, hermite, SegmentEasing(self))
      }
    default:
      if channels == 1 && m >= 8 && m >= 4 &* count && segmentsUneased {
        sampleBezierHandleKernel(q, m, out, stride)
        return
      }
      if m < 4 &* count {
        modeKernel(q, m, out, stride, BezierEachMode(), SegmentEasing(self))
        return
      }
      let segments = count &- 1
      withUnsafeTemporaryAllocation(of: BezierSegment.self, capacity: segments) { curves in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 &* channels &* segments) {
          handles in
          let c = curves.baseAddress.unsafelyUnwrapped
          let h = handles.baseAddress.unsafelyUnwrapped
          for k in 0..<segments {
            (c + k).initialize(to: bezierSegment(k, handles: h + k &* 2 &* channels))
          }
          modeKernel(q, m, out, stride, BezierMode(segments: c, handles: h), SegmentEasing(self))
        }
      }
    }
  }

  /// Whether no segment eases its progress.
  @inlinable
  var segmentsUneased: Bool {
    for k in 0..<(count &- 1) where kernels[Int(styleIndices[k])] != .identity { return false }
    return true
  }

  /// A scalar uneased `bezier` batch of at least 8 queries: each segment's
  /// time curve and corrected handle values built once, then the vector
  /// kernel at the CPU's level, which computes this file's formulas lane by
  /// lane and hands the times its fast solve misses back to ``modeKernel``.
  @usableFromInline
  func sampleBezierHandleKernel(
    _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int
  ) {
    let segments = count &- 1
    let curveStride = RazzleKernels.bezierHandleCurveStride
    withUnsafeTemporaryAllocation(of: Double.self, capacity: segments &* curveStride) { buffer in
      let curves = buffer.baseAddress.unsafelyUnwrapped
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 2) { handles in
        let h = handles.baseAddress.unsafelyUnwrapped
        for k in 0..<segments {
          let curve = bezierSegment(k, handles: h)
          let record = curves + k &* curveStride
          record[0] = curve.timeCurve.a
          record[1] = curve.timeCurve.b
          record[2] = curve.timeCurve.c
          record[3] = h[0]
          record[4] = h[1]
          for i in 5..<curveStride { record[i] = 0 }
        }
      }
      sampleBezierHandlesKernel(times, values, curves, count, q, m, out, stride) { j in
        modeKernel(q + j, 1, out + j &* stride, stride, BezierEachMode(), SegmentEasing(self))
      }
    }
  }

  /// The mode kernels' loop: for each query the segment, its progress and
  /// eased progress (`easing`: the segment's style, or none), then the mode's values; the
  /// keyframe value at a keyframe and at the ends (hold) where the easing is
  /// 0 there (1 at the end), the query's NaN at NaN (as the general
  /// sampler and the batch kernels give it).
  @inlinable
  func modeKernel<M: SegmentMode, E: ProgressEasing>(
    _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>, _ stride: Int,
    _ mode: M, _ easing: E
  ) {
    let first = times[0]
    let last = times[count &- 1]
    // A few times (a single sample) search one by one: the same segment.
    let searchesBlocks = m >= 8
    let level = searchesBlocks ? KernelLevel.active : .baseline
    let blockSize = KeyframeSampler.blockSize
    withUnsafeTemporaryAllocation(of: Int.self, capacity: blockSize) { buffer in
      let segments = buffer.baseAddress.unsafelyUnwrapped
      withUnsafeTemporaryAllocation(of: Double.self, capacity: channels) { scratch in
        let v = scratch.baseAddress.unsafelyUnwrapped
        for j in 0..<m {
          // The segments of each block of 64 times eight at a time, by the
          // vector search at the CPU's level (the same segment as
          // ``segment(_:)``).
          let inBlock = j % blockSize
          if searchesBlocks && inBlock == 0 {
            findSegmentsKernel(level, times, count, q + j, Swift.min(blockSize, m &- j), segments)
          }
          let t = q[j]
          let tc = t < first ? first : (t > last ? last : t)
          let k = searchesBlocks ? segments[inBlock] : segment(tc)
          let t0 = times[k]
          let dt = times[k &+ 1] - t0
          let atEnd = t >= last
          // At the end, progress 1 even on a zero-length paced leg.
          let p = atEnd ? 1 : (tc - t0) / dt
          let e = easing.ease(p, segment: k)
          // The keyframe's value where the easing is 0 at the keyframe (1
          // at the end): see ``interior(_:segment:kind:into:)``.
          let pastEnd = atEnd && e == 1
          let atKeyframe = tc == t0 && e == 0
          let o = out + j &* stride
          if channels == 1 {
            mode.values(self, k, e, dt, v)
            let value = pastEnd ? values[count &- 1] : (atKeyframe ? values[k] : v[0])
            o[0] = t.isNaN ? t : value
            continue
          }
          if t.isNaN {
            for c in 0..<channels { o[c] = t }
          } else if pastEnd {
            copy(count &- 1, into: o)
          } else if atKeyframe {
            copy(k, into: o)
          } else {
            mode.values(self, k, e, dt, o)
          }
        }
      }
    }
  }

  // MARK: - The formulas, shared with the general sampler

  /// A `smooth` or `monotone` segment k at eased progress `e`: the
  /// segment's Hermite cubic in power form (``KeyframeStorage/cubics``),
  /// a + e·(b + e·(c + e·d)) per channel, and the next keyframe's value
  /// exactly at e = 1 (Horner's rule gives it only within a few ulps of
  /// the coefficients there; an easing can reach 1 inside a segment, and a
  /// time just before the next keyframe can round to 1).
  @inlinable @inline(__always)
  func hermite(
    _ k: Int, e: Double, cubics: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>
  ) {
    if e == 1 {
      let v1 = value(k &+ 1)
      for c in 0..<channels { out[c] = v1[c] }
      return
    }
    let cubic = cubics + k &* 4 &* channels
    for c in 0..<channels {
      let p = cubic + 4 &* c
      out[c] = Hermite.PowerForm(a: p[0], b: p[1], c: p[2], d: p[3]).value(at: e)
    }
  }

  /// Segment k's Bézier time curve, writing its corrected handle values to
  /// `handles`: `channels` for the first keyframe's right handle, then
  /// `channels` for the second's left handle (the default handle, a third of
  /// the way to the other keyframe, where a keyframe has none).
  @inlinable
  func bezierSegment(_ k: Int, handles: UnsafeMutablePointer<Double>) -> BezierSegment {
    let (curve, right, left) = bezier(k)
    let v0 = value(k)
    let v1 = value(k &+ 1)
    for c in 0..<channels {
      let r = right?.value[c] ?? BezierSegment.defaultHandle(from: v0[c], toward: v1[c])
      let l = left?.value[c] ?? BezierSegment.defaultHandle(from: v1[c], toward: v0[c])
      handles[c] = curve.rightHandleValue(v0: v0[c], handle: r)
      handles[channels &+ c] = curve.leftHandleValue(v1: v1[c], handle: l)
    }
    return curve
  }

  /// A `bezier` segment k at eased progress `e`, from its time curve and
  /// corrected handle values (``bezierSegment(_:handles:)``).
  @inlinable @inline(__always)
  func bezierValues(
    _ k: Int, e: Double, dt: Double, _ curve: BezierSegment, _ handles: UnsafePointer<Double>,
    into out: UnsafeMutablePointer<Double>
  ) {
    let v0 = value(k)
    let v1 = value(k &+ 1)
    let s = curve.parameter(forTime: times[k] + e * dt)
    for c in 0..<channels {
      out[c] = curve.value(
        at: s, v0: v0[c], correctedRight: handles[c], correctedLeft: handles[channels &+ c],
        v1: v1[c])
    }
  }

  /// A `bezier` segment k at eased progress `e`, building the segment.
  @inlinable
  func bezierValues(
    _ k: Int, e: Double, dt: Double, into out: UnsafeMutablePointer<Double>
  ) {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 &* channels) { buffer in
      let handles = buffer.baseAddress.unsafelyUnwrapped
      let curve = bezierSegment(k, handles: handles)
      bezierValues(k, e: e, dt: dt, curve, handles, into: out)
    }
  }
}

// MARK: - The vector kernels at the active level

/// `RazzleKernels.sampleHermite` at the active level.
@usableFromInline
func sampleHermiteKernel(
  _ times: UnsafePointer<Double>, _ values: UnsafePointer<Double>,
  _ cubics: UnsafePointer<Double>, _ count: Int, _ q: UnsafePointer<Double>, _ m: Int,
  _ out: UnsafeMutablePointer<Double>, _ stride: Int, scalar: (Int) -> Void
) {
  switch KernelLevel.active {
  case .baseline:
    RazzleKernels.sampleHermite(
      times: times, values: values, cubics: cubics, count: count, queries: q, count: m,
      into: out, stride: stride, scalar: scalar)
  case .avx2, .avx512:
    // AVX2's build at the avx512 level too: see KernelLevel.avx512.
    RazzleKernelsAVX2.sampleHermite(
      times: times, values: values, cubics: cubics, count: count, queries: q, count: m,
      into: out, stride: stride, scalar: scalar)
  }
}

/// `RazzleKernels.sampleBezierHandles` at the active level, with the
/// solver's tolerance (``CubicBezier/solverEpsilon``).
@usableFromInline
func sampleBezierHandlesKernel(
  _ times: UnsafePointer<Double>, _ values: UnsafePointer<Double>, _ curves: UnsafePointer<Double>,
  _ count: Int, _ q: UnsafePointer<Double>, _ m: Int, _ out: UnsafeMutablePointer<Double>,
  _ stride: Int, scalar: (Int) -> Void
) {
  switch KernelLevel.active {
  case .baseline:
    RazzleKernels.sampleBezierHandles(
      times: times, values: values, curves: curves, count: count, queries: q, count: m,
      into: out, stride: stride, tolerance: CubicBezier.solverEpsilon, scalar: scalar)
  case .avx2, .avx512:
    RazzleKernelsAVX2.sampleBezierHandles(
      times: times, values: values, curves: curves, count: count, queries: q, count: m,
      into: out, stride: stride, tolerance: CubicBezier.solverEpsilon, scalar: scalar)
  }
}
