#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An animatable Lottie property read for drawing: its value at any frame,
// computed as lottie-web's `interpolateValue` computes it (the value of the
// first keyframe before it, of the last after it; a hold keeps a
// keyframe's value to the next; otherwise each dimension eases by its own
// cubic Bézier, and a spatial position runs along its route by arc length).

/// A property's value at a frame, as numbers (a shape path is 6 numbers a
/// vertex: v, i, o).
/// A class: shape items, transforms and masks share their properties, and
/// a frame reads each many times without copying its arrays.
final class LottieProperty: @unchecked Sendable {
  /// The numbers a value has.
  let dimensions: Int
  /// The static value, or the first keyframe's.
  let constant: [Double]
  /// Keyframe times (frames, in the layer's time), empty when static.
  let times: [Double]
  /// Keyframe values, `dimensions` each.
  let values: [Double]
  /// Per keyframe and dimension, the outgoing segment's easing (nil: linear).
  let easings: [CubicBezier?]
  /// Per keyframe, whether its segment holds.
  let holds: [Bool]
  /// The spatial route of a position whose segments keep their tangents.
  let route: LottieRoute?
  /// Whether every dimension of a keyframe eases alike (the shape paths'
  /// rule: dimension 0's easing for all).
  let easeAsOne: Bool

  /// True when the value changes over time.
  var isAnimated: Bool { !times.isEmpty }

  /// A static property.
  init(constant: [Double]) {
    dimensions = constant.count
    self.constant = constant
    times = []
    values = []
    easings = []
    holds = []
    route = nil
    easeAsOne = false
  }

  /// The property of `keys` (at least two, times not decreasing).
  init(keys: [LottieKeyframe], route: LottieRoute?, easeAsOne: Bool) {
    var keys = keys
    LottieImporter.separateEqualTimes(&keys)
    let d = keys[0].value.count
    dimensions = d
    constant = keys[0].value
    times = keys.map(\.time)
    values = keys.flatMap(\.value)
    var easings: [CubicBezier?] = []
    easings.reserveCapacity(keys.count * d)
    for key in keys {
      for j in 0..<d {
        let list = key.easing
        easings.append(list.isEmpty ? nil : list[min(easeAsOne ? 0 : j, list.count - 1)])
      }
    }
    self.easings = easings
    holds = keys.map(\.hold)
    self.route = route
    self.easeAsOne = easeAsOne
  }

  /// Reads the property `node` (nil: absent, `fallback` as its value).
  static func read(
    _ node: LottieNode?, fallback: [Double], spatial: Bool = false, shape: Bool = false,
    warnings: inout [LottieWarning]
  ) throws(RazzleError) -> LottieProperty {
    guard let node else { return LottieProperty(constant: fallback) }
    guard node.value.members != nil else {
      // lottie-web accepts a bare number or array where a property is
      // expected in a few exporters' output.
      if let numbers = try? node.numbers(), !numbers.isEmpty {
        return LottieProperty(constant: numbers)
      }
      throw node.error("expected a property object, got \(node.value.typeName)")
    }
    let flatten: (LottieNode) throws(RazzleError) -> [Double] =
      shape
      ? { (n) throws(RazzleError) in try LottieImporter.shapeNumbers(n) }
      : { (n) throws(RazzleError) in try n.numbers() }
    switch try node.animatable(flatten: flatten, warnings: &warnings) {
    case .constant(let value):
      return LottieProperty(constant: value.isEmpty ? fallback : value)
    case .keyframes(var keys):
      LottieImporter.separateEqualTimes(&keys)
      let route = spatial ? try LottieImporter.route(keys) : nil
      return LottieProperty(keys: keys, route: route, easeAsOne: shape)
    }
  }

  /// The value at frame `t` into `out` (`dimensions` numbers).
  func value(at t: Double, into out: UnsafeMutablePointer<Double>) {
    let d = dimensions
    guard !times.isEmpty else {
      for j in 0..<d { out[j] = constant[j] }
      return
    }
    let n = times.count
    values.withUnsafeBufferPointer { v in
      if !(t > times[0]) {
        for j in 0..<d { out[j] = v[j] }
        return
      }
      if t >= times[n - 1] {
        for j in 0..<d { out[j] = v[(n - 1) * d + j] }
        return
      }
      // The last keyframe at or before t.
      var lo = 0
      var hi = n - 1
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if times[mid] <= t { lo = mid } else { hi = mid }
      }
      let k = lo
      let a = k * d
      let b = (k + 1) * d
      if holds[k] {
        for j in 0..<d { out[j] = v[a + j] }
        return
      }
      let u = (t - times[k]) / (times[k + 1] - times[k])
      if let route, route.curved[k] {
        let e = easings[k * d].map { $0.value(u) } ?? u
        route.value(segment: Double(k), progress: Double(k) + e, into: out)
        return
      }
      if easeAsOne {
        let e = easings[k * d].map { $0.value(u) } ?? u
        for j in 0..<d { out[j] = v[a + j] + (v[b + j] - v[a + j]) * e }
        return
      }
      // Dimensions usually share one curve (lottie-web's arrays repeat
      // it): each distinct curve is solved once.
      var solved: (x1: Double, y1: Double, x2: Double, y2: Double, e: Double)? = nil
      for j in 0..<d {
        let e: Double
        if let curve = easings[k * d + j] {
          if let s = solved, s.x1 == curve.x1, s.y1 == curve.y1, s.x2 == curve.x2,
            s.y2 == curve.y2
          {
            e = s.e
          } else {
            e = curve.value(u)
            solved = (curve.x1, curve.y1, curve.x2, curve.y2, e)
          }
        } else {
          e = u
        }
        out[j] = v[a + j] + (v[b + j] - v[a + j]) * e
      }
    }
  }

  /// The value at frame `t` as a small vector (the first four numbers;
  /// missing ones from `fallback`).
  func vector(at t: Double, fallback: SIMD4<Double> = .zero) -> SIMD4<Double> {
    var buffer = (0.0, 0.0, 0.0, 0.0)
    var result = fallback
    if dimensions <= 4 {
      withUnsafeMutablePointer(to: &buffer) {
        $0.withMemoryRebound(to: Double.self, capacity: 4) { p in
          value(at: t, into: p)
          for j in 0..<dimensions { result[j] = p[j] }
        }
      }
    } else {
      var scratch = [Double](repeating: 0, count: dimensions)
      scratch.withUnsafeMutableBufferPointer {
        value(at: t, into: $0.baseAddress.unsafelyUnwrapped)
      }
      for j in 0..<4 { result[j] = scratch[j] }
    }
    return result
  }

  /// The first number at frame `t`.
  func scalar(at t: Double) -> Double { vector(at: t)[0] }
}
