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
    withUnsafePointer(to: t) { kindView.pointee.model.pointee.velocityEach(self, $0, 1, out) }
  }

  /// ``velocity(_:into:)`` with `kind`'s blend derivative (the sampler's own
  /// kind; the loops are specialized for it).
  /// `k` is ``segment(_:)`` of `t`, searched ahead by the caller.
  @inlinable
  func velocity<K: ValueKindProtocol>(
    _ t: Double, segment k: Int, kind: K, into out: UnsafeMutablePointer<Double>
  ) {
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
      extrapolatedVelocity(t, mode: before, atStart: true, kind: kind, into: out)
    } else if t >= last {
      extrapolatedVelocity(t, mode: after, atStart: false, kind: kind, into: out)
    } else {
      interiorVelocity(t, segment: k, kind: kind, into: out)
    }
  }

  /// The velocity at `t` in [first, last), in segment `k`.
  @inlinable
  func interiorVelocity<K: ValueKindProtocol>(
    _ t: Double, segment k: Int, kind: K, into out: UnsafeMutablePointer<Double>
  ) {
    let p = (t - times[k]) / (times[k &+ 1] - times[k])
    segmentVelocity(k, p: p, kind: kind, into: out)
  }

  @inlinable
  func extrapolatedVelocity<K: ValueKindProtocol>(
    _ t: Double, mode: Extrapolation, atStart: Bool, kind: K,
    into out: UnsafeMutablePointer<Double>
  ) {
    switch mode {
    case .hold:
      for c in 0..<channels { out[c] = 0 }
    case .linear:
      endSlope(atStart: atStart, kind: kind, into: out)
    case .cycle, .cycleOffset, .pingPong:
      let (inside, _, reversed) = wrap(t, mode: mode)
      if inside.isNaN {
        // At ±∞ a cycle has no limit, and no slope: NaN.
        for c in 0..<channels { out[c] = .nan }
      } else if reversed {
        // Running backwards: the mirror of the forward left-hand slope.
        let k = inside > times[0] ? segment(inside.nextDown) : 0
        let p = (inside - times[k]) / (times[k &+ 1] - times[k])
        segmentVelocity(k, p: p, kind: kind, into: out)
        for c in 0..<channels { out[c] = -out[c] }
      } else if inside >= times[count &- 1] {
        segmentVelocity(lastSegment, p: 1, kind: kind, into: out)
      } else {
        interiorVelocity(inside, segment: segment(inside), kind: kind, into: out)
      }
    }
  }

  /// d value / d time of segment `k` at progress `p`, every channel.
  @inlinable
  func segmentVelocity<K: ValueKindProtocol>(
    _ k: Int, p: Double, kind: K, into out: UnsafeMutablePointer<Double>
  ) {
    let dt = times[k &+ 1] - times[k]
    // Only a paced track with a single zero-length leg gets here with no
    // duration; such a track does not move.
    if !(dt > 0) {
      for c in 0..<channels { out[c] = 0 }
      return
    }
    let v0 = value(k)
    let v1 = value(k &+ 1)
    let styleIndex = Int(styleIndices[k])
    if styleIndex == 0 {
      kind.blendDerivative(segmentOperands(k), p, into: out)
      for c in 0..<channels { out[c] = out[c] / dt }
      return
    }
    let style = styles + styleIndex
    let de = style.pointee.easing.derivative(p)
    switch style.pointee.interpolation {
    case .linear, .paced:
      // Colors blend through their space, transforms through decomposition,
      // bools switch: the kind's own d blend / d e (v1 − v0 per channel).
      kind.blendDerivative(
        segmentOperands(k), kind.isPerChannel ? p : ease(p, style: styleIndex), into: out)
      for c in 0..<channels { out[c] = out[c] * de / dt }
    case .hold:
      for c in 0..<channels { out[c] = 0 }
    case .smooth, .monotone:
      let m = tangents.unsafelyUnwrapped + k &* 2 &* channels
      let e = ease(p, style: styleIndex)
      for c in 0..<channels {
        let ds = Hermite.derivative(
          at: e, v0: v0[c], m0: m[c], v1: v1[c], m1: m[channels &+ c], duration: dt)
        out[c] = ds * de / dt
      }
    case .bezier:
      // A Bézier segment clamps eased progress to [0, 1] (its time curve
      // ends there), so an overshooting easing holds at the ends.
      let e = ease(p, style: styleIndex)
      if e < 0 || e > 1 {
        for c in 0..<channels { out[c] = 0 }
        return
      }
      let (curve, right, left) = bezier(k)
      let s = curve.parameter(forTime: times[k] + e * dt)
      for c in 0..<channels {
        let slope = curve.velocity(
          at: s, v0: v0[c],
          rightHandle: right?.value[c] ?? BezierSegment.defaultHandle(from: v0[c], toward: v1[c]),
          leftHandle: left?.value[c] ?? BezierSegment.defaultHandle(from: v1[c], toward: v0[c]),
          v1: v1[c])
        out[c] = slope * de
      }
    }
  }
}
