// Temporary stand-ins until the tested interpolation math lands.

@usableFromInline
enum Hermite {
  /// Cubic Hermite value at s with end derivatives d0, d1 (per unit s).
  @inlinable
  static func value(_ v0: Double, _ v1: Double, _ d0: Double, _ d1: Double, _ s: Double) -> Double {
    let s2 = s * s
    let s3 = s2 * s
    return (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * d0 + (-2 * s3 + 3 * s2) * v1
      + (s3 - s2) * d1
  }

  /// d value / d s.
  @inlinable
  static func derivative(_ v0: Double, _ v1: Double, _ d0: Double, _ d1: Double, _ s: Double)
    -> Double
  {
    let s2 = s * s
    return (6 * s2 - 6 * s) * v0 + (3 * s2 - 4 * s + 1) * d0 + (-6 * s2 + 6 * s) * v1
      + (3 * s2 - 2 * s) * d1
  }
}

@usableFromInline
struct SegmentBezier {
  @usableFromInline let x1: Double
  @usableFromInline let x2: Double
  @usableFromInline let f1: Double
  @usableFromInline let f2: Double
  @usableFromInline let h1: [Double]?
  @usableFromInline let h2: [Double]?

  @inlinable init(x1: Double, x2: Double, f1: Double, f2: Double, h1: [Double]?, h2: [Double]?) {
    self.x1 = x1
    self.x2 = x2
    self.f1 = f1
    self.f2 = f2
    self.h1 = h1
    self.h2 = h2
  }

  @inlinable func parameter(at e: Double) -> Double {
    (try? CubicBezier(x1, 0, x2, 1))?.solveCurveX(e) ?? e
  }
  @inlinable func rightValue(_ c: Int, _ v0: Double, _ v1: Double) -> Double {
    v0 + f1 * ((h1?[c] ?? (v0 + (v1 - v0) / 3)) - v0)
  }
  @inlinable func leftValue(_ c: Int, _ v0: Double, _ v1: Double) -> Double {
    v1 + f2 * ((h2?[c] ?? (v1 - (v1 - v0) / 3)) - v1)
  }
  @inlinable func value(_ s: Double, _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double)
    -> Double
  {
    let u = 1 - s
    return u * u * u * p0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * p3
  }
  @inlinable func slope(_ s: Double, channel c: Int, _ v0: Double, _ v1: Double) -> Double {
    let p1 = rightValue(c, v0, v1)
    let p2 = leftValue(c, v0, v1)
    let u = 1 - s
    let dv = 3 * u * u * (p1 - v0) + 6 * u * s * (p2 - p1) + 3 * s * s * (v1 - p2)
    let dx = 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2)
    return dv / dx
  }
}

extension KeyframeSampler {
  @inlinable
  func bezier(_ k: Int) -> SegmentBezier {
    let t0 = times[k]
    let t1 = times[k &+ 1]
    let dt = t1 - t0
    let right = styles[Int(styleIndices[k])].rightHandle
    let left = styles[Int(styleIndices[k &+ 1])].leftHandle
    var len1 = right.map { min(max($0.time - t0, 0), dt) } ?? dt / 3
    var len2 = left.map { min(max(t1 - $0.time, 0), dt) } ?? dt / 3
    var f1 = right.map { len1 / max($0.time - t0, .leastNonzeroMagnitude) } ?? 1
    var f2 = left.map { len2 / max(t1 - $0.time, .leastNonzeroMagnitude) } ?? 1
    if len1 + len2 > dt {
      let scale = dt / (len1 + len2)
      len1 *= scale
      len2 *= scale
      f1 *= scale
      f2 *= scale
    }
    return SegmentBezier(
      x1: len1 / dt, x2: 1 - len2 / dt, f1: f1 / dt, f2: f2 / dt, h1: right?.value,
      h2: left?.value)
  }
}

extension KeyframeStorage {
  mutating func computeTangents() {
    tangents = Array(repeating: 0, count: max(0, count - 1) * 2 * channels)
  }
  mutating func computePacedTimes() { pacedTimes = times }
}
