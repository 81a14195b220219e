extension Animator {
  /// Composes a target's separate `scale`, `rotation` and `translation`
  /// tracks into one affine transform at each of `times`.
  ///
  /// RazzleDazzle and JazzHands compose these in whichever order the
  /// animations last ran, so their result depends on call order. razzle
  /// composes in one order, whatever order the tracks were added in: scale
  /// first, then rotation, then translation, applied to a point (row
  /// vectors, CGAffineTransform's convention: M = S·R·T; see
  /// ``Transform2D/init(scaleX:scaleY:sine:cosine:tx:ty:)``). Rotation is in
  /// degrees with RazzleDazzle's sign: radians = degrees·π/−180. A missing
  /// track contributes nothing (scale 1, rotation 0, translation (0, 0)).
  ///
  /// For scale s, rotation θ (radians) and translation (x, y) the result is
  /// (a, b, c, d, tx, ty) = (s·cos θ, s·sin θ, −s·sin θ, s·cos θ, x, y);
  /// multiples of 90° give exact zeros. The three tracks are read under the
  /// animator's one lock.
  ///
  /// `out` needs room for 6 doubles per time.
  ///
  /// - Throws: ``RazzleError`` `.notFound` if the target has none of the
  ///   three tracks, `.emptyTrack` if one has no keyframes, `.kindMismatch`
  ///   if one has an unexpected kind, `.bufferTooSmall` if `out` is short,
  ///   `.notFound` if one is relative to a variable that is not set.
  ///   Nothing is written then. A relative track contributes
  ///   `value · variable + constant` (``TrackRelation``).
  public func transform(
    target: String, times: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try lock.withReadLock { () throws(RazzleError) in
      typealias Source = (sampler: KeyframeSampler, relation: BoundRelation?, factor: Double)
      func sampler(_ property: String, _ kind: ValueKind) throws(RazzleError) -> Source? {
        guard let track = track(unlocked: Key(target: target, property: property)) else {
          return nil
        }
        guard track.kind == kind else {
          throw RazzleError(
            .kindMismatch, "\(target).\(property) is a \(track.kind.name) track, not \(kind.name)")
        }
        guard let sampler = track.sampler else { throw track.emptyError }
        guard let bound = track.bound else { return (sampler, nil, 1) }
        return (sampler, bound, try track.relationFactor(unlocked: bound))
      }
      /// Samples `source` at `time` into `out` (its channels), relation
      /// applied.
      func read(
        _ source: Source?, _ time: UnsafeBufferPointer<Double>, _ out: UnsafeMutablePointer<Double>
      ) {
        guard let source else { return }
        let channels = source.sampler.channels
        source.sampler.sampleBatch(time, into: out, stride: channels)
        source.relation?.apply(
          factor: source.factor, derivative: false, to: out, count: 1, channels: channels,
          stride: channels)
      }
      let scale = try sampler("scale", .scalar)
      let rotation = try sampler("rotation", .scalar)
      let translation = try sampler("translation", .point)
      guard scale != nil || rotation != nil || translation != nil else {
        throw RazzleError(
          .notFound,
          "\(target.isEmpty ? "the target \"\"" : target) has no scale, rotation or translation track"
        )
      }
      let (needed, overflow) = times.count.multipliedReportingOverflow(by: 6)
      guard !overflow, out.count >= needed else {
        throw RazzleError(
          .bufferTooSmall,
          "output holds \(out.count) doubles, \(times.count) transforms need \(overflow ? "more" : String(needed))"
        )
      }
      guard let base = out.baseAddress else { return }
      var s = 1.0
      var degrees = 0.0
      var shift = SIMD2<Double>(0, 0)
      for (j, t) in times.enumerated() {
        withUnsafePointer(to: t) { time in
          let one = UnsafeBufferPointer(start: time, count: 1)
          withUnsafeMutablePointer(to: &s) { read(scale, one, $0) }
          withUnsafeMutablePointer(to: &degrees) { read(rotation, one, $0) }
          withUnsafeMutablePointer(to: &shift) {
            $0.withMemoryRebound(to: Double.self, capacity: 2) { read(translation, one, $0) }
          }
        }
        let (sine, cosine) = sinCos(degrees: -degrees)
        Transform2D(scaleX: s, scaleY: s, sine: sine, cosine: cosine, tx: shift.x, ty: shift.y)
          .store(into: base + 6 * j)
      }
    }
  }

  /// The composed transform at one time; see
  /// ``transform(target:times:into:)``.
  public func transform(target: String, at time: Double) throws(RazzleError) -> Transform2D {
    var matrix = [Double](repeating: 0, count: 6)
    try matrix.withUnsafeMutableBufferPointer { (out) throws(RazzleError) in
      try withUnsafePointer(to: time) { (t) throws(RazzleError) in
        try transform(target: target, times: UnsafeBufferPointer(start: t, count: 1), into: out)
      }
    }
    return Transform2D(
      a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3], tx: matrix[4], ty: matrix[5])
  }
}
