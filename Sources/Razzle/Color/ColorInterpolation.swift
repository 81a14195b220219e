// Color interpolation as in CSS Color 4 "Color Interpolation"
// (https://drafts.csswg.org/css-color-4/#interpolation): convert both colors
// to the interpolation space, turn powerless hues into missing ones and take a
// missing hue from the other color (#interpolation-missing), fix up hues
// along the shorter arc (#hue-shorter), premultiply (#interpolation-alpha),
// interpolate linearly, un-premultiply, and convert back.

/// Interpolates between two sRGB colors in a given color space, the way CSS
/// Color 4 interpolates colors for transitions and gradients.
///
/// The steps, per CSS Color 4 "Color Interpolation":
/// 1. Both colors are converted to `space` (nothing is clipped).
/// 2. In a polar space (`oklch`, `hsl`), a hue is *powerless* when the color
///    is gray: chroma at most ``OKLCH/powerlessChroma`` (0.000004) or
///    saturation at most ``HSL/powerlessSaturation`` (1e-5). A powerless hue
///    is missing, and a missing hue takes the other color's hue, so that
///    fading to white or gray keeps the hue. If both hues are missing the
///    result's hue is missing too (an OkLCh result is then taken as
///    `a = b = 0`; an HSL one uses hue 0, which has no visible effect).
/// 3. Otherwise hues go the shorter way round: if `h₂ − h₁ > 180`, `h₁`
///    gains 360; if `h₂ − h₁ < −180`, `h₂` gains 360.
/// 4. If `premultiplied`, every coordinate except the hue is multiplied by
///    its color's alpha ("Interpolating with Alpha").
/// 5. Each coordinate and alpha is interpolated linearly, `x₀ + (x₁ − x₀)·e`.
/// 6. If `premultiplied`, the non-hue coordinates are divided by the
///    interpolated alpha, unless that alpha is 0 (then they are kept as
///    they are, as CSS says): multiplied by `1/alpha`, which is within an
///    ulp of the quotient and what every batch kernel computes too.
/// 7. The result is converted back to sRGB, without clipping; see
///    ``RGBA/gamutMappedToSRGB`` to bring it into gamut for display.
///
/// `e = 0` returns `from` and `e = 1` returns `to` exactly (bit for bit),
/// without converting them. Other values of `e`, including ones outside
/// `0...1` from overshooting easings, extrapolate; alpha is not clamped.
/// NaN components give NaN results.
///
/// - Parameters:
///   - from: The color at `e = 0`, non-premultiplied sRGB.
///   - to: The color at `e = 1`.
///   - e: The eased progress.
///   - space: The interpolation color space; CSS's default is Oklab.
///   - premultiplied: Whether to interpolate premultiplied colors, as CSS
///     always does. Non-premultiplied interpolation of a color with
///     transparent black passes through dark, grayish colors.
/// - Returns: The interpolated color, non-premultiplied sRGB.
/// - Complexity: O(1); no allocation.
@inlinable
public func interpolateColor(
  _ from: RGBA, _ to: RGBA, _ e: Double, in space: ColorSpace = .oklab,
  premultiplied: Bool = true
) -> RGBA {
  if e == 0 { return from }
  if e == 1 { return to }
  return ColorEndpoint.blend(
    ColorEndpoint(from, in: space, premultiplied: premultiplied),
    ColorEndpoint(to, in: space, premultiplied: premultiplied), e, in: space,
    premultiplied: premultiplied)
}

/// A color prepared for blending in a space: steps 1 and 4 of
/// ``interpolateColor(_:_:_:in:premultiplied:)`` (conversion, and
/// premultiplication of the non-hue coordinates), and whether its hue is
/// powerless. These depend on one color only, so a color track computes them
/// once per keyframe, when the keyframe is set; the hue fix-ups, which
/// depend on both ends, run per blend.
@usableFromInline
struct ColorEndpoint {
  /// The coordinates in the space; the non-hue ones multiplied by alpha
  /// when premultiplied.
  @usableFromInline var coordinates: SIMD3<Double>
  /// The color's alpha.
  @usableFromInline var alpha: Double
  /// Whether the hue is powerless (a polar space and a gray color).
  @usableFromInline var huePowerless: Bool

  /// The doubles ``store(into:)`` writes.
  @usableFromInline static let stride = 5

  @inlinable
  init(_ color: RGBA, in space: ColorSpace, premultiplied: Bool) {
    var c = space.coordinates(of: color)
    huePowerless = space.isHuePowerless(c)
    if premultiplied {
      var m = SIMD3(repeating: color.a)
      if let h = space.hueIndex { m[h] = 1 }
      c *= m
    }
    coordinates = c
    alpha = color.a
  }

  /// Reads an endpoint that ``store(into:)`` wrote.
  @inlinable
  init(contentsOf pointer: UnsafePointer<Double>) {
    coordinates = SIMD3(pointer[0], pointer[1], pointer[2])
    alpha = pointer[3]
    huePowerless = pointer[4] != 0
  }

  /// Writes ``stride`` doubles: the coordinates, alpha, and 1 or 0 for a
  /// powerless hue.
  @inlinable
  func store(into pointer: UnsafeMutablePointer<Double>) {
    pointer[0] = coordinates.x
    pointer[1] = coordinates.y
    pointer[2] = coordinates.z
    pointer[3] = alpha
    pointer[4] = huePowerless ? 1 : 0
  }

  /// Steps 2, 3 and 5–7 of ``interpolateColor(_:_:_:in:premultiplied:)``
  /// for `0 < e < 1` (and extrapolation): the hue fix-ups, the linear
  /// blend, un-premultiplication and the conversion back to sRGB.
  @inlinable
  static func blend(
    _ from: ColorEndpoint, _ to: ColorEndpoint, _ e: Double, in space: ColorSpace,
    premultiplied: Bool
  ) -> RGBA {
    let (c, alpha, hueIsMissing) = blendCoordinates(
      from, to, e, in: space, premultiplied: premultiplied)
    if hueIsMissing && space == .oklch {
      return OKLab(l: c.x, a: 0, b: 0).rgba(alpha: alpha)
    }
    return space.color(fromCoordinates: c, alpha: alpha)
  }

  /// Steps 2 and 3 of ``interpolateColor(_:_:_:in:premultiplied:)``: the
  /// two ends' coordinates with their hues fixed up (a missing hue taken
  /// from the other end, the shorter arc), and whether the blend's hue is
  /// missing (both ends powerless; both hues are then 0).
  @inlinable @inline(__always)
  static func fixedUpHues(_ from: ColorEndpoint, _ to: ColorEndpoint, in space: ColorSpace) -> (
    from: SIMD3<Double>, to: SIMD3<Double>, hueIsMissing: Bool
  ) {
    var c0 = from.coordinates
    var c1 = to.coordinates
    var hueIsMissing = false
    if let h = space.hueIndex {
      // The hue is not premultiplied, so fixing it up after premultiplying
      // the other coordinates is what CSS's order (fix up, then
      // premultiply) gives.
      switch (from.huePowerless, to.huePowerless) {
      case (true, true):
        c0[h] = 0
        c1[h] = 0
        hueIsMissing = true
      case (true, false):
        c0[h] = c1[h]
      case (false, true):
        c1[h] = c0[h]
      case (false, false):
        // 360 or 0 added, as arithmetic (a branch here mispredicts for
        // hues all round); adding +0 changes no hue (hues are never −0).
        let delta = c1[h] - c0[h]
        c0[h] += 360 * Double(delta > 180 ? 1 : 0)
        c1[h] += 360 * Double(delta < -180 ? 1 : 0)
      }
    }
    return (c0, c1, hueIsMissing)
  }

  /// The doubles ``storeSegment(_:_:in:into:)`` writes.
  @inlinable static var segmentStride: Int { 9 }

  /// Writes a segment's blend record, what
  /// ``blendCoordinates(_:_:_:in:premultiplied:)`` computes before it needs
  /// `e`: the start coordinates c₀ after the hue fix-ups, the differences
  /// c₁ − c₀, the start alpha, the difference of the alphas, and 1 or 0 for
  /// a missing hue. A color batch blends `c₀ + (c₁ − c₀)·e` from it: the
  /// same operations on the same numbers.
  @inlinable
  static func storeSegment(
    _ from: ColorEndpoint, _ to: ColorEndpoint, in space: ColorSpace,
    into record: UnsafeMutablePointer<Double>
  ) {
    let (c0, c1, hueIsMissing) = fixedUpHues(from, to, in: space)
    let d = c1 - c0
    record[0] = c0.x
    record[1] = c0.y
    record[2] = c0.z
    record[3] = d.x
    record[4] = d.y
    record[5] = d.z
    record[6] = from.alpha
    record[7] = to.alpha - from.alpha
    record[8] = hueIsMissing ? 1 : 0
  }

  /// Steps 2, 3, 5 and 6 of ``interpolateColor(_:_:_:in:premultiplied:)``:
  /// the blended coordinates in the space (un-premultiplied), the blended
  /// alpha, and whether the hue is missing (both ends powerless), before
  /// the conversion back to sRGB that ``blend(_:_:_:in:premultiplied:)``
  /// and a batch (``ColorKind/convert(_:_:level:)``) finish with.
  @inlinable @inline(__always)
  static func blendCoordinates(
    _ from: ColorEndpoint, _ to: ColorEndpoint, _ e: Double, in space: ColorSpace,
    premultiplied: Bool
  ) -> (coordinates: SIMD3<Double>, alpha: Double, hueIsMissing: Bool) {
    let (c0, c1, hueIsMissing) = fixedUpHues(from, to, in: space)
    let hueIndex = space.hueIndex
    let alpha = from.alpha + (to.alpha - from.alpha) * e
    var c = c0 + (c1 - c0) * e
    if premultiplied && alpha != 0 {
      // Un-premultiplied by one reciprocal and a product per coordinate
      // (a division each cost a color batch a tenth of its time); the hue
      // times 1, unchanged.
      var factor = SIMD3(repeating: 1 / alpha)
      if let h = hueIndex { factor[h] = 1 }
      c *= factor
    }
    return (c, alpha, hueIsMissing)
  }
}
