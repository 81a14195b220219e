// Bringing extended-range sRGB colors into the sRGB gamut: plain clipping,
// and CSS Color 4's "Binary Search Gamut Mapping with Local MINDE"
// (https://drafts.csswg.org/css-color-4/#binsearch), which reduces OkLCh
// chroma at constant lightness and hue.

extension RGBA {
  /// Whether red, green and blue all lie in `0...1` (alpha is not checked).
  /// NaN components are not in gamut.
  @inlinable
  public var isInSRGBGamut: Bool {
    r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1
  }

  /// The color with red, green and blue each clamped to `0...1`: CSS's
  /// `clip()`. Alpha is unchanged; NaN stays NaN.
  ///
  /// Clipping is fast but can shift the hue and lightness of colors far
  /// outside the gamut; ``gamutMappedToSRGB`` keeps them.
  @inlinable
  public var clippedToSRGB: RGBA {
    RGBA(
      r: min(max(r, 0), 1), g: min(max(g, 0), 1), b: min(max(b, 0), 1), a: a)
  }

  /// The color brought into the sRGB gamut by CSS Color 4's binary search
  /// gamut mapping with local MINDE (`#binsearch`).
  ///
  /// - A color already in gamut is returned unchanged.
  /// - A color with OkLCh lightness ≥ 1 becomes white, ≤ 0 black.
  /// - Otherwise the OkLCh chroma is reduced by bisection (to within
  ///   0.0001) at constant lightness and hue, until the clipped color is
  ///   within one just-noticeable difference (deltaEOK 0.02) of the
  ///   reduced one; that clipped color is returned.
  ///
  /// Alpha is unchanged. NaN components give NaN.
  ///
  /// - Complexity: About 12 bisection steps for sRGB-scale chromas, each a
  ///   few color conversions; no allocation.
  @inlinable
  public var gamutMappedToSRGB: RGBA {
    let origin = OKLCH(self)
    if origin.l >= 1 { return RGBA(r: 1, g: 1, b: 1, a: a) }
    if origin.l <= 0 { return RGBA(r: 0, g: 0, b: 0, a: a) }
    if isInSRGBGamut { return self }
    let jnd = 0.02
    let epsilon = 0.0001
    var current = origin
    var clipped = current.rgba(alpha: a).clippedToSRGB
    if OKLab(clipped).distance(to: current.oklab) < jnd { return clipped }
    var low = 0.0
    var high = origin.c
    var lowIsInGamut = true
    while high - low > epsilon {
      let chroma = (low + high) / 2
      current.c = chroma
      let candidate = current.rgba(alpha: a)
      if lowIsInGamut && candidate.isInSRGBGamut {
        low = chroma
        continue
      }
      clipped = candidate.clippedToSRGB
      let difference = OKLab(clipped).distance(to: current.oklab)
      if difference < jnd {
        if jnd - difference < epsilon { return clipped }
        lowIsInGamut = false
        low = chroma
      } else {
        high = chroma
      }
    }
    return clipped
  }
}
