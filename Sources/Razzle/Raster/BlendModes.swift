// Compositing a group onto what is below it with the CSS / PDF blend modes
// (Compositing and Blending Level 1, section 10): the separable modes per
// channel, hue, saturation, color and luminosity on the whole color, then
// source-over with the group's opacity.

/// Composites `src` (its box) onto `dst` with `opacity` and blend `mode`
/// (kf_blend_mode numbers; an unknown one is normal).
func composite(_ src: PixelLayer, onto dst: PixelLayer, opacity: Float, mode: UInt32) {
  let box = src.box
  guard !box.isEmpty, opacity > 0 else { return }
  let alpha = min(opacity, 1)
  let a256 = factor256(alpha)
  for y in box.y0..<box.y1 {
    let s = src.row(y)
    let d = dst.row(y)
    if mode == 0 || mode > 15 {
      if a256 == 256 {
        forEachVisiblePixel(s, from: box.x0, to: box.x1) { x in
          let p = s[x]
          d[x] = p >> 24 == 255 ? p : over(p, d[x])
        }
      } else {
        forEachVisiblePixel(s, from: box.x0, to: box.x1) { x in
          let p = scalePixel(s[x], a256)
          d[x] = p >> 24 == 255 ? p : over(p, d[x])
        }
      }
    } else {
      forEachVisiblePixel(s, from: box.x0, to: box.x1) { x in
        let sv = unpackPixel(s[x]) * (alpha / 255)
        let dv = unpackPixel(d[x]) * (1 / 255)
        d[x] = packPixel(blended(sv, dv, mode) * 255)
      }
    }
  }
  dst.box = dst.box.union(box)
}

/// The blend of premultiplied s over premultiplied d (channels in [0, 1]).
@inline(__always)
private func blended(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ mode: UInt32) -> SIMD4<Float> {
  let sa = s.w
  let da = d.w
  let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
  let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
  let mixed: SIMD3<Float>
  switch mode {
  case 12: mixed = setLum(setSat(cs, sat(cb)), lum(cb))
  case 13: mixed = setLum(setSat(cb, sat(cs)), lum(cb))
  case 14: mixed = setLum(cs, lum(cb))
  case 15: mixed = setLum(cb, lum(cs))
  default:
    mixed = SIMD3(
      separable(cb.x, cs.x, mode), separable(cb.y, cs.y, mode), separable(cb.z, cs.z, mode))
  }
  let rgb = (1 - da) * SIMD3(s.x, s.y, s.z) + (1 - sa) * SIMD3(d.x, d.y, d.z) + sa * da * mixed
  return SIMD4(rgb.x, rgb.y, rgb.z, sa + da - sa * da)
}

/// B(cb, cs) of a separable mode.
@inline(__always)
private func separable(_ cb: Float, _ cs: Float, _ mode: UInt32) -> Float {
  switch mode {
  case 1: return cb * cs
  case 2: return cb + cs - cb * cs
  case 3: return hardLight(cs: cb, cb: cs)  // overlay is hard-light with the layers swapped
  case 4: return min(cb, cs)
  case 5: return max(cb, cs)
  case 6:
    if cb == 0 { return 0 }
    return cs >= 1 ? 1 : min(1, cb / (1 - cs))
  case 7:
    if cb >= 1 { return 1 }
    return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
  case 8: return hardLight(cs: cs, cb: cb)
  case 9:
    if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
    let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
    return cb + (2 * cs - 1) * (d - cb)
  case 10: return abs(cb - cs)
  case 11: return cb + cs - 2 * cb * cs
  default: return cs
  }
}

@inline(__always)
private func hardLight(cs: Float, cb: Float) -> Float {
  cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
}

private func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

private func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
  let d = l - lum(c)
  var out = c + d
  let l2 = lum(out)
  let n = min(out.x, min(out.y, out.z))
  let x = max(out.x, max(out.y, out.z))
  if n < 0 && l2 - n != 0 { out = l2 + (out - l2) * l2 / (l2 - n) }
  if x > 1 && x - l2 != 0 { out = l2 + (out - l2) * (1 - l2) / (x - l2) }
  return out
}

private func sat(_ c: SIMD3<Float>) -> Float { max(c.x, max(c.y, c.z)) - min(c.x, min(c.y, c.z)) }

private func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
  let hi = max(c.x, max(c.y, c.z))
  let lo = min(c.x, min(c.y, c.z))
  guard hi > lo else { return .zero }
  var out = SIMD3<Float>.zero
  for i in 0..<3 {
    if c[i] == hi {
      out[i] = s
    } else if c[i] == lo {
      out[i] = 0
    } else {
      out[i] = (c[i] - lo) * s / (hi - lo)
    }
  }
  // Two channels equal to the largest both take s; equal to the smallest, 0.
  return out
}
