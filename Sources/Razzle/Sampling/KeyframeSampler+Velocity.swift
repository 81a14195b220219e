extension KeyframeSampler {
  /// Writes d value / d time at `t` to `out` (`channels` doubles).
  ///
  /// Analytic for every easing and interpolation: the chain rule through the
  /// easing's derivative. The right-hand derivative where the curve has a
  /// kink, including at keyframes (so at the last keyframe it is the
  /// extrapolation's: 0 for `hold`); 0 on `hold` segments and `steps`
  /// plateaus (jumps have no derivative and are ignored); NaN at NaN. With
  /// one keyframe, 0.
  @inlinable
  func velocity(_ t: Double, into out: UnsafeMutablePointer<Double>) {
    if t.isNaN {
      for c in 0..<channels { out[c] = .nan }
      return
    }
    if count == 1 {
      for c in 0..<channels { out[c] = 0 }
      return
    }
    let first = times[0]
    let last = times[count &- 1]
    if t < first {
      extrapolatedVelocity(t, mode: before, atStart: true, into: out)
    } else if t >= last {
      extrapolatedVelocity(t, mode: after, atStart: false, into: out)
    } else {
      interiorVelocity(t, into: out)
    }
  }

  /// The velocity at `t` in [first, last).
  @inlinable
  func interiorVelocity(_ t: Double, into out: UnsafeMutablePointer<Double>) {
    let k = segment(containing: t)
    let p = (t - times[k]) / (times[k &+ 1] - times[k])
    for c in 0..<channels { out[c] = segmentDerivative(k, p: p, channel: c) }
  }

  @inlinable
  func extrapolatedVelocity(
    _ t: Double, mode: Extrapolation, atStart: Bool, into out: UnsafeMutablePointer<Double>
  ) {
    switch mode {
    case .hold:
      for c in 0..<channels { out[c] = 0 }
    case .linear:
      for c in 0..<channels { out[c] = endSlope(atStart: atStart, channel: c) }
    case .cycle, .cycleOffset, .pingPong:
      let (inside, _, reversed) = wrap(t, mode: mode)
      if reversed {
        // Running backwards: the mirror of the forward left-hand slope.
        let k = inside > times[0] ? segment(containing: inside.nextDown) : 0
        let p = (inside - times[k]) / (times[k &+ 1] - times[k])
        for c in 0..<channels { out[c] = -segmentDerivative(k, p: p, channel: c) }
      } else if inside >= times[count &- 1] {
        for c in 0..<channels { out[c] = segmentDerivative(lastSegment, p: 1, channel: c) }
      } else {
        interiorVelocity(inside, into: out)
      }
    }
  }

  /// d value / d time of segment `k` at progress `p`, for one channel.
  @inlinable
  func segmentDerivative(_ k: Int, p: Double, channel c: Int) -> Double {
    let dt = times[k &+ 1] - times[k]
    // Only a paced track with a single zero-length leg gets here with no
    // duration; such a track does not move.
    if !(dt > 0) { return 0 }
    let v0 = value(k)[c]
    let v1 = value(k &+ 1)[c]
    let styleIndex = styleIndices[k]
    if styleIndex == 0 {
      if kind.isPerChannel { return (v1 - v0) / dt }
      return kind.blendDerivative(value(k), value(k &+ 1), p, channel: c) / dt
    }
    let style = styles + Int(styleIndex)
    let easing = style.pointee.easing
    let de = easing.derivative(p)
    switch style.pointee.interpolation {
    case .linear, .paced:
      if kind.isPerChannel { return (v1 - v0) * de / dt }
      // Colors blend through their space, transforms through decomposition,
      // bools switch: the kind's own d blend / d e.
      return kind.blendDerivative(value(k), value(k &+ 1), easing(p), channel: c) * de / dt
    case .hold:
      return 0
    case .smooth, .monotone:
      let m = tangents.unsafelyUnwrapped + k &* 2 &* channels
      let ds = Hermite.derivative(
        at: easing(p), v0: v0, m0: m[c], v1: v1, m1: m[channels &+ c], duration: dt)
      return ds * de / dt
    case .bezier:
      // A Bézier segment clamps eased progress to [0, 1] (its time curve
      // ends there), so an overshooting easing holds at the ends.
      let e = easing(p)
      if e < 0 || e > 1 { return 0 }
      let (curve, right, left) = bezier(k)
      let s = curve.parameter(forTime: times[k] + e * dt)
      let slope = curve.velocity(
        at: s, v0: v0,
        rightHandle: right?.value[c] ?? BezierSegment.defaultHandle(from: v0, toward: v1),
        leftHandle: left?.value[c] ?? BezierSegment.defaultHandle(from: v1, toward: v0), v1: v1)
      return slope * de
    }
  }
}
