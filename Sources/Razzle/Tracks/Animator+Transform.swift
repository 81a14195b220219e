extension Animator {
  /// Composes a target's separate `scale`, `rotation` and `translation`
  /// tracks into one affine transform at `time`.
  ///
  /// RazzleDazzle and JazzHands compose these in whichever order the
  /// animations last ran, so their result depends on call order. razzle
  /// composes in one order, whatever order the tracks were added in: scale
  /// first, then rotation, then translation, applied to a point (row
  /// vectors, CGAffineTransform's convention: M = S·R·T). Rotation is in
  /// degrees with RazzleDazzle's sign: radians = degrees·π/−180. A missing
  /// track contributes nothing (scale 1, rotation 0, translation (0, 0)).
  ///
  /// For scale s, rotation θ (radians) and translation (x, y) the result is
  /// (a, b, c, d, tx, ty) = (s·cos θ, s·sin θ, −s·sin θ, s·cos θ, x, y);
  /// multiples of 90° give exact zeros.
  ///
  /// - Throws: ``RazzleError`` `.emptyTrack` if one of the tracks has no
  ///   keyframes, `.kindMismatch` if one has an unexpected kind.
  public func transform(target: String, at time: Double) throws(RazzleError) -> Transform2D {
    func sample(_ property: String, _ kind: ValueKind) throws(RazzleError) -> [Double]? {
      guard let track = track(target: target, property: property) else { return nil }
      guard track.kind == kind else {
        throw RazzleError(
          .kindMismatch, "\(target).\(property) is a \(track.kind.name) track, not \(kind.name)")
      }
      return try track.sample(at: time)
    }
    let s = try sample("scale", .scalar)?[0] ?? 1
    let degrees = try sample("rotation", .scalar)?[0] ?? 0
    let translation = try sample("translation", .point) ?? [0, 0]
    let (sine, cosine) = sinCos(degrees: -degrees)
    // `+ 0` turns a −0 (a zero scale or sine times a negative) into 0, so
    // exact zeros read the same however they arose.
    return Transform2D(
      a: s * cosine + 0, b: s * sine + 0, c: -(s * sine) + 0, d: s * cosine + 0,
      tx: translation[0] + 0, ty: translation[1] + 0)
  }
}
