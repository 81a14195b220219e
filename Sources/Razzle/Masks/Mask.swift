// JazzHands' mask animations, as geometry: the caller draws the mask.

/// Which mask a progress value draws.
public enum MaskKind: String, Sendable, Hashable, CaseIterable {
  /// A rectangle anchored at the top edge, its height scaled by v.
  case top
  /// Anchored at the left edge, its width scaled by v.
  case left
  /// Anchored at the bottom edge, its height scaled by v.
  case bottom
  /// Anchored at the right edge, its width scaled by v.
  case right
  /// A circle at the center with radius min(w, h) / 2 × v (inside the view
  /// at v = 1).
  case circle
  /// A circle at the center with radius √((w/2)² + (h/2)²) × v (covering
  /// the corners at v = 1).
  case bounds
}

extension MaskKind: PinnedCode {
  public static var noun: String { "mask kind" }
  public var name: String { rawValue }
  /// `KF_MASK_*` order.
  public static let pinned: [MaskKind] = [.top, .left, .bottom, .right, .circle, .bounds]
}

/// The mask of a view of a given size: a rectangle (x, y, width, height)
/// for the reveals, and for the circles their bounding square with the
/// radius.
public struct Mask: Sendable, Hashable {
  /// The mask's kind.
  public var kind: MaskKind
  /// The view's width.
  public var width: Double
  /// The view's height.
  public var height: Double

  /// The mask of `kind` for a view of `width` × `height`.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` unless both are finite and
  ///   ≥ 0.
  public init(_ kind: MaskKind, width: Double, height: Double) throws(RazzleError) {
    guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
      throw RazzleError(
        .invalidValue, "mask size must be finite and >= 0, got \(width) x \(height)")
    }
    self.kind = kind
    self.width = width
    self.height = height
  }

  /// The geometry at progress v: the rectangle and the radius (0 for the
  /// reveals). v below 0 counts as 0 (nothing shown); above 1 the mask
  /// grows past the view, as an overshooting easing asks; NaN gives NaN.
  @inlinable
  public func geometry(_ v: Double) -> (
    x: Double, y: Double, width: Double, height: Double,
    radius: Double
  ) {
    let v = v < 0 ? 0 : v  // NaN stays NaN
    switch kind {
    case .top: return (0, 0, width, height * v, 0)
    case .left: return (0, 0, width * v, height, 0)
    case .bottom:
      let h = height * v
      return (0, height - h, width, h, 0)
    case .right:
      let w = width * v
      return (width - w, 0, w, height, 0)
    case .circle, .bounds:
      let w2 = width / 2
      let h2 = height / 2
      // The half diagonal without the squares overflowing or underflowing.
      let full = kind == .circle ? min(w2, h2) : norm(w2, h2)
      let r = full * v
      return (w2 - r, h2 - r, 2 * r, 2 * r, r)
    }
  }

  /// ``geometry(_:)`` for many progress values: rectangles into `rects`
  /// (4 per value) and radii into `radii`; either may be nil.
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall`.
  public func geometry(
    _ progress: UnsafeBufferPointer<Double>, rects: UnsafeMutableBufferPointer<Double>?,
    radii: UnsafeMutableBufferPointer<Double>?
  ) throws(RazzleError) {
    if let rects { try checkCapacity(rects.count, 4 * progress.count, "rects") }
    if let radii { try checkCapacity(radii.count, progress.count, "radii") }
    for (i, v) in progress.enumerated() {
      let g = geometry(v)
      if let rects {
        rects[4 * i] = g.x
        rects[4 * i + 1] = g.y
        rects[4 * i + 2] = g.width
        rects[4 * i + 3] = g.height
      }
      radii?[i] = g.radius
    }
  }
}
