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
///    they are, as CSS says).
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
  var c0 = space.coordinates(of: from)
  var c1 = space.coordinates(of: to)
  let hueIndex = space.hueIndex
  var hueIsMissing = false
  if let h = hueIndex {
    switch (space.isHuePowerless(c0), space.isHuePowerless(c1)) {
    case (true, true):
      c0[h] = 0
      c1[h] = 0
      hueIsMissing = true
    case (true, false):
      c0[h] = c1[h]
    case (false, true):
      c1[h] = c0[h]
    case (false, false):
      let delta = c1[h] - c0[h]
      if delta > 180 {
        c0[h] += 360
      } else if delta < -180 {
        c1[h] += 360
      }
    }
  }
  let alpha = from.a + (to.a - from.a) * e
  if premultiplied {
    var m0 = SIMD3(repeating: from.a)
    var m1 = SIMD3(repeating: to.a)
    if let h = hueIndex {
      m0[h] = 1
      m1[h] = 1
    }
    c0 *= m0
    c1 *= m1
  }
  var c = c0 + (c1 - c0) * e
  if premultiplied && alpha != 0 {
    var divisor = SIMD3(repeating: alpha)
    if let h = hueIndex { divisor[h] = 1 }
    c /= divisor
  }
  if hueIsMissing && space == .oklch {
    return OKLab(l: c.x, a: 0, b: 0).rgba(alpha: alpha)
  }
  return space.color(fromCoordinates: c, alpha: alpha)
}
