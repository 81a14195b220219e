#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only view of a ``KeyframeStorage`` over raw pointers, valid while
/// the track's keyframes are not edited (``Track`` publishes one after each
/// edit and reads it under its read lock): what the
/// sampling loops run on, free of bounds checks and reference counting.
///
/// The rule, for keyframes k_0 … k_{n−1}:
/// - inside [t_0, t_{n−1}]: find the segment with t_i ≤ t < t_{i+1};
///   p = (t − t_i)/(t_{i+1} − t_i), e = easing_i(p), and the segment's
///   interpolation gives the value at e. Exactly at a keyframe, segment i at
///   p = 0 (the last keyframe: the last segment at p = 1), which is the
///   keyframe's value wherever the easing is 0 at 0 (1 at 1);
/// - outside: the track's extrapolation (hold by default: the value at the
///   end keyframe's time);
/// - NaN gives NaN in every channel; one keyframe gives its value everywhere.
@usableFromInline
struct KeyframeSampler {
  /// The times segments are searched on: the keyframe times, or their paced
  /// retiming.
  @usableFromInline let times: UnsafePointer<Double>
  @usableFromInline let values: UnsafePointer<Double>
  @usableFromInline let styleIndices: UnsafePointer<UInt32>
  @usableFromInline let styles: UnsafePointer<KeyframeStyle>
  @usableFromInline let kernels: UnsafePointer<EasingKernel>
  @usableFromInline let beziers: UnsafePointer<CubicBezier>
  @usableFromInline let inverses: UnsafePointer<Double>
  @usableFromInline let tangents: UnsafePointer<Double>?
  /// Each segment's Hermite cubics, `channels` × (a, b, c, d), when
  /// `tangents` is not nil (``KeyframeStorage/cubics``).
  @usableFromInline let cubics: UnsafePointer<Double>?
  @usableFromInline let count: Int
  @usableFromInline let channels: Int
  /// The kind and its derived data, kept by the storage: one pointer keeps
  /// the sampler small and trivially copyable (an existential field would
  /// be copied through value witnesses each time the sampler is).
  @usableFromInline let kindView: UnsafePointer<KindView>
  /// The kind blends channel by channel.
  @usableFromInline let isPerChannel: Bool
  @usableFromInline let before: Extrapolation
  @usableFromInline let after: Extrapolation
  /// Every keyframe has the plain style.
  @usableFromInline let allPlain: Bool
  /// Every segment interpolates linearly (eased or not, paced included).
  @usableFromInline let allLinear: Bool
  /// The style all segments share, or −1 (see
  /// ``KeyframeStorage/uniformStyle``).
  @usableFromInline let uniformStyle: Int

  @inlinable
  init(
    times: UnsafePointer<Double>, values: UnsafePointer<Double>,
    styleIndices: UnsafePointer<UInt32>, styles: UnsafePointer<KeyframeStyle>,
    kernels: UnsafePointer<EasingKernel>, beziers: UnsafePointer<CubicBezier>,
    inverses: UnsafePointer<Double>, tangents: UnsafePointer<Double>?,
    cubics: UnsafePointer<Double>?, count: Int, channels: Int,
    kindView: UnsafePointer<KindView>, isPerChannel: Bool,
    before: Extrapolation, after: Extrapolation, allPlain: Bool, allLinear: Bool,
    uniformStyle: Int
  ) {
    self.allPlain = allPlain
    self.allLinear = allLinear
    self.uniformStyle = uniformStyle
    self.times = times
    self.values = values
    self.styleIndices = styleIndices
    self.styles = styles
    self.kernels = kernels
    self.beziers = beziers
    self.inverses = inverses
    self.tangents = tangents
    self.cubics = cubics
    self.count = count
    self.channels = channels
    self.kindView = kindView
    self.isPerChannel = isPerChannel
    self.before = before
    self.after = after
  }

  @inlinable func value(_ k: Int) -> UnsafePointer<Double> { values + k &* channels }

  @inlinable func copy(_ k: Int, into out: UnsafeMutablePointer<Double>) {
    let v = value(k)
    for c in 0..<channels { out[c] = v[c] }
  }

  /// Keyframe k's channels and derived data, as a blend takes them.
  @inlinable @inline(__always)
  func operand(_ k: Int) -> BlendOperand {
    let view = kindView.pointee
    return BlendOperand(value: value(k), derived: view.derived + k &* view.derivedStride)
  }

  /// Segment k as a blend takes it: keyframes k and k + 1 and the segment's
  /// derived data.
  @inlinable @inline(__always)
  func segmentOperands(_ k: Int) -> BlendSegment {
    BlendSegment(
      from: operand(k), to: operand(k &+ 1),
      shared: kindView.pointee.segmentData + k &* kindView.pointee.segmentStride)
  }

  /// The segment holding `t` (see ``segmentIndex(_:_:_:)``): for t in
  /// [times[0], times[count − 1]), the largest i with times[i] <= t.
  @inlinable @inline(__always)
  func segment(_ t: Double) -> Int { segmentIndex(times, count, t) }

  // MARK: - Values

  /// Writes the value at `t` to `out` (`channels` doubles).
  @inlinable
  func sample(_ t: Double, into out: UnsafeMutablePointer<Double>) {
    withUnsafePointer(to: t) {
      kindView.pointee.model.pointee.sampleEach(self, $0, 1, out, channels)
    }
  }

  /// Writes the value at `t` to `out`, with `kind`'s blend (the sampler's
  /// own kind; the loops are specialized for it). `k` is ``segment(_:)`` of
  /// `t`, searched ahead by the caller (see `sampleEach`).
  @inlinable
  func sample<K: ValueKindProtocol>(
    _ t: Double, segment k: Int, kind: K, into out: UnsafeMutablePointer<Double>
  ) {
    if t.isNaN || count == 1 {
      if t.isNaN {
        // The query's own NaN, as the batch kernels' arithmetic gives it.
        for c in 0..<channels { out[c] = t }
      } else {
        copy(0, into: out)
      }
      return
    }
    let first = times[0]
    let last = times[count &- 1]
    if t < first {
      extrapolate(t, mode: before, atStart: true, kind: kind, into: out)
    } else if t > last {
      extrapolate(t, mode: after, atStart: false, kind: kind, into: out)
    } else {
      interior(t, segment: k, kind: kind, into: out)
    }
  }

  /// The value at `t` in [first, last], in segment `k` (``segment(_:)`` of
  /// `t`: the last segment at the last keyframe).
  ///
  /// At a keyframe, Web Animations' effect value: the segment starting there
  /// at progress 0 (at the last keyframe, the last segment at progress 1),
  /// through the segment's easing. Where that easing gives exactly 0 (1 at
  /// the end), as every Penner, cubic-bezier and spring easing does, the
  /// keyframe's own value: RazzleDazzle's rule, bit for bit. `steps(…,
  /// jump-start)` or `linear(0.5, 1)` give the eased value instead.
  @inlinable
  func interior<K: ValueKindProtocol>(
    _ t: Double, segment k: Int, kind: K, into out: UnsafeMutablePointer<Double>
  ) {
    let atEnd = t >= times[count &- 1]
    let t0 = times[k]
    let dt = times[k &+ 1] - t0
    // At the end, progress 1 even on a zero-length paced leg.
    let p = atEnd ? 1 : (t - t0) / dt
    let styleIndex = styleIndices[k]
    if atEnd || t == t0 {
      let e = styleIndex == 0 ? p : ease(p, style: Int(styleIndex))
      if atEnd ? e == 1 : e == 0 {
        copy(atEnd ? count &- 1 : k, into: out)
        return
      }
    }
    if styleIndex == 0 {
      kind.blend(segmentOperands(k), p, into: out)
      return
    }
    evaluate(k, p: p, dt: dt, style: styles + Int(styleIndex), kind: kind, into: out)
  }

  /// A styled segment's value at progress `p`.
  @inlinable
  func evaluate<K: ValueKindProtocol>(
    _ k: Int, p: Double, dt: Double, style: UnsafePointer<KeyframeStyle>, kind: K,
    into out: UnsafeMutablePointer<Double>
  ) {
    let e = ease(p, style: style - styles)
    switch style.pointee.interpolation {
    case .linear, .paced:
      kind.blend(segmentOperands(k), e, into: out)
    case .hold:
      copy(k, into: out)
    case .smooth, .monotone:
      hermite(k, e: e, cubics: cubics.unsafelyUnwrapped, into: out)
    case .bezier:
      // The mode kernels' formula (ModeKernel.swift), building the segment.
      bezierValues(k, e: e, dt: dt, into: out)
    }
  }

  /// Segment k's Bézier time curve and its keyframes' handles (nil where a
  /// keyframe has none: the default handle, a third of the way to the other
  /// keyframe, applies).
  @inlinable
  func bezier(_ k: Int) -> (BezierSegment, right: BezierHandle?, left: BezierHandle?) {
    let t0 = times[k]
    let t1 = times[k &+ 1]
    let right = styles[Int(styleIndices[k])].rightHandle
    let left = styles[Int(styleIndices[k &+ 1])].leftHandle
    let curve = BezierSegment(
      startTime: t0,
      rightHandleTime: right?.time ?? BezierSegment.defaultHandle(from: t0, toward: t1),
      leftHandleTime: left?.time ?? BezierSegment.defaultHandle(from: t1, toward: t0),
      endTime: t1)
    return (curve, right, left)
  }

  // MARK: - Extrapolation

  /// Where a time outside the keyframes maps to inside them.
  @inlinable
  func wrap(_ t: Double, mode: Extrapolation) -> (time: Double, cycles: Double, reversed: Bool) {
    let first = times[0]
    let span = times[count &- 1] - first
    let u = ((t - first) / span).rounded(.down)
    var r = (t - first) - u * span
    r = min(max(r, 0), span)
    if mode == .pingPong && u.truncatingRemainder(dividingBy: 2) != 0 {
      return (times[count &- 1] - r, u, true)
    }
    return (first + r, u, false)
  }

  @inlinable
  func extrapolate<K: ValueKindProtocol>(
    _ t: Double, mode: Extrapolation, atStart: Bool, kind: K,
    into out: UnsafeMutablePointer<Double>
  ) {
    let end = atStart ? 0 : count &- 1
    // The value at the end keyframe's time (see ``interior``), which `hold`
    // keeps and `linear` continues: Web Animations' fill. Its segment is
    // the search's (a paced leg of length 0 at the start is skipped).
    let endSegment = segment(times[end])
    switch mode {
    case .hold:
      interior(times[end], segment: endSegment, kind: kind, into: out)
    case .linear:
      let d = t - times[end]
      withUnsafeTemporaryAllocation(of: Double.self, capacity: channels) { buffer in
        let v = buffer.baseAddress.unsafelyUnwrapped
        interior(times[end], segment: endSegment, kind: kind, into: v)
        endSlope(atStart: atStart, kind: kind, into: out)
        for c in 0..<channels {
          // A flat end stays flat, even at ±∞ (where 0·∞ would be NaN).
          let slope = out[c]
          out[c] = slope == 0 ? v[c] : v[c] + slope * d
        }
      }
    case .cycle, .cycleOffset, .pingPong:
      let (inside, cycles, _) = wrap(t, mode: mode)
      // At ±∞ a cycle has no limit: NaN.
      guard !inside.isNaN else {
        for c in 0..<channels { out[c] = .nan }
        return
      }
      interior(inside, segment: segment(inside), kind: kind, into: out)
      if mode == .cycleOffset {
        let v0 = value(0)
        let v1 = value(count &- 1)
        for c in 0..<channels { out[c] += cycles * (v1[c] - v0[c]) }
      }
    }
  }

  /// Writes the slope `linear` extrapolation continues at one end, every
  /// channel: the outer Bézier handle's slope when the end keyframe has one
  /// (Blender), else the curve's one-sided derivative at the end.
  @inlinable
  func endSlope<K: ValueKindProtocol>(
    atStart: Bool, kind: K, into out: UnsafeMutablePointer<Double>
  ) {
    let end = atStart ? 0 : count &- 1
    let style = styles[Int(styleIndices[end])]
    if let handle = atStart ? style.leftHandle : style.rightHandle {
      let dt = atStart ? times[end] - handle.time : handle.time - times[end]
      if dt > 0 {
        for c in 0..<channels {
          let dv = atStart ? value(end)[c] - handle.value[c] : handle.value[c] - value(end)[c]
          out[c] = dv / dt
        }
        return
      }
    }
    let k = atStart ? firstSegment : lastSegment
    segmentVelocity(k, p: atStart ? 0 : 1, kind: kind, into: out)
  }

  /// The first segment with a positive duration. Paced retiming gives a
  /// zero-length leg (equal consecutive values) zero duration, and such a
  /// segment has no slope of its own.
  @inlinable
  var firstSegment: Int {
    var k = 0
    while k < count &- 2 && !(times[k &+ 1] > times[k]) { k &+= 1 }
    return k
  }

  /// The last segment with a positive duration (see ``firstSegment``).
  @inlinable
  var lastSegment: Int {
    var k = count &- 2
    while k > 0 && !(times[k &+ 1] > times[k]) { k &-= 1 }
    return k
  }
}

/// What a sampler reads of its kind: the declaration and the derived data,
/// with their strides. The storage keeps one, rewritten whenever it
/// publishes a sampler.
@usableFromInline
struct KindView {
  /// The kind's declaration (in the storage's buffer).
  @usableFromInline let model: UnsafePointer<any ValueKindProtocol>
  /// The kind's derived data, `derivedStride` doubles per keyframe.
  @usableFromInline let derived: UnsafePointer<Double>
  @usableFromInline let derivedStride: Int
  /// The kind's data per segment, `segmentStride` doubles each.
  @usableFromInline let segmentData: UnsafePointer<Double>
  @usableFromInline let segmentStride: Int

  @inlinable
  init(
    model: UnsafePointer<any ValueKindProtocol>, derived: UnsafePointer<Double>,
    derivedStride: Int, segmentData: UnsafePointer<Double>, segmentStride: Int
  ) {
    self.model = model
    self.derived = derived
    self.derivedStride = derivedStride
    self.segmentData = segmentData
    self.segmentStride = segmentStride
  }
}
