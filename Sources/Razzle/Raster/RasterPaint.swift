import RazzleStores

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// What covered pixels are painted with, and the source-over blending of one
// row of coverage: a solid color, a linear or two-point conical gradient
// (a table of 256 premultiplied colors, interpolated unpremultiplied between
// stops as canvas, SVG and skia do, padded beyond the ends), or an image
// sampled bilinearly.

/// A paint, its numbers already in pixel coordinates.
enum RasterPaint {
  /// A premultiplied pixel.
  case solid(UInt32)
  /// A linear gradient's position at pixel (x, y)'s center: t0 + tx x + ty y.
  case linear(t0: Double, tx: Double, ty: Double)
  /// A two-point conical gradient in the coordinates `inverse` maps pixels
  /// to.
  case radial(RadialGeometry)
  /// An image (premultiplied) drawn with `inverse` mapping pixels to its
  /// pixels, times `opacity`.
  case image(ImagePixels, inverse: Affine, opacity: Float)
}

// A paint holds no references: it is copied into the coverage loop's
// closures by value, without reference counting per span.

/// The vectors of the rasterizer's C loops (`razzle_image_row`,
/// `razzle_radial_positions`, `razzle_indexed_row`, `razzle_solid_row`,
/// `razzle_unpremultiply_row`): 1 (AVX2 and its gathers) at the avx2 and avx512
/// kernel levels, 0 (none: the Swift loops) at baseline, so that tests
/// pinning a level cover both.
var gatherLevel: Int32 { KernelLevel.active == .baseline ? 0 : 1 }

/// A two-point conical gradient from the circle (x0, y0, r0) to the circle
/// (x0 + dx, y0 + dy, r0 + dr). A point's position t is the largest whose
/// circle passes through it with a radius >= 0; a point no such circle
/// passes through is not painted (canvas's rule).
struct RadialGeometry {
  var inverse: Affine
  var x0: Double
  var y0: Double
  var r0: Double
  var dx: Double
  var dy: Double
  var dr: Double

  /// The gradient table indices (t × 255 rounded, clamped to 0...255) of
  /// `count` pixels of row `y` from column `x0` (their centers) into `out`
  /// (-1 where no circle passes), four at a time in floats: t is the larger root of a t² − 2 b t + q = 0, a = dx² + dy² −
  /// dr², b = l·d + r0 dr, q = |l|² − r0², l the local point minus the
  /// start circle's center, taken when its radius r0 + t dr is not
  /// negative, else the smaller root under the same condition.
  func positions(x0 px: Int, y: Int, count: Int, into out: UnsafeMutablePointer<Int32>) {
    typealias F4 = SIMD4<Float>
    @inline(__always) func store(_ t: F4, _ ok: SIMDMask<SIMD4<Int32>>, _ at: Int) {
      // NaN compares false: clamped to 0, then refused by `ok`. Adding
      // 2^23 leaves the rounded whole number in the low bits of the float.
      var v = t * 255
      v = v.replacing(with: 0, where: .!(v .> 0))
      v = v.replacing(with: 255, where: v .> 255)
      let k = unsafeBitCast(v + 8_388_608, to: SIMD4<Int32>.self) &- 0x4B00_0000
      UnsafeMutableRawPointer(out + at).storeBytes(
        of: SIMD4<Int32>(repeating: -1).replacing(with: k, where: ok), as: SIMD4<Int32>.self)
    }
    let m = inverse
    let first = Double(px) + 0.5
    let cy = Double(y) + 0.5
    let lx0 = m.a * first + m.c * cy + m.tx - x0
    let ly0 = m.b * first + m.d * cy + m.ty - y0
    let a = dx * dx + dy * dy - dr * dr
    // Geometry past what floats hold well: the same roots in doubles.
    let large = 1e15
    guard
      abs(lx0) < large && abs(ly0) < large && abs(a) < large * large && abs(dx) < large
        && abs(dy) < large && abs(r0) < large && abs(dr) < large
        && abs(m.a) < large && abs(m.b) < large
    else {
      positionsInDoubles(lx0: lx0, ly0: ly0, count: count, into: out)
      return
    }
    let linear = abs(a) < 1e-12
    // Eight pixels at a time in C where the CPU has AVX2 (the same
    // operations, so the same indices).
    if gatherLevel >= 1 {
      let inverseA: Float = linear ? 0 : Float(1 / a)
      let sign: Float = a > 0 ? 1 : -1
      let geometry:
        (
          Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float
        ) = (
          Float(lx0), Float(ly0), Float(m.a), Float(m.b), Float(dx), Float(dy), Float(r0),
          Float(dr), Float(r0 * dr), Float(r0 * r0), Float(a), inverseA, sign
        )
      let done = withUnsafePointer(to: geometry) {
        $0.withMemoryRebound(to: Float.self, capacity: 13) {
          razzle_radial_positions(out, count, $0, linear ? 1 : 0, gatherLevel)
        }
      }
      if done != 0 { return }
    }
    let steps = F4(0, 1, 2, 3)
    let sx = Float(m.a)
    let sy = Float(m.b)
    let fdx = Float(dx)
    let fdy = Float(dy)
    let fr0 = Float(r0)
    let fdr = Float(dr)
    let r0dr = Float(r0 * dr)
    let r0r0 = Float(r0 * r0)
    var lx = F4(repeating: Float(lx0)) + steps * sx
    var ly = F4(repeating: Float(ly0)) + steps * sy
    let stepX = F4(repeating: 4 * sx)
    let stepY = F4(repeating: 4 * sy)
    var i = 0
    if linear {
      // One root: t = q / 2b.
      while i < count {
        let b = lx * fdx + ly * fdy + r0dr
        let q = lx * lx + ly * ly - r0r0
        let t = q / (2 * b)
        let ok = (b .!= 0) .& (fr0 + t * fdr .>= 0)
        store(t, ok, i)
        lx += stepX
        ly += stepY
        i += 4
      }
      return
    }
    let fa = Float(a)
    let inverseA = Float(1 / a)
    // The larger root first: (b + root) / a when a > 0.
    let sign: Float = a > 0 ? 1 : -1
    while i < count {
      let b = lx * fdx + ly * fdy + r0dr
      let q = lx * lx + ly * ly - r0r0
      let disc = b * b - fa * q
      let root = disc.replacing(with: 0, where: disc .< 0).squareRoot()
      let hi = (b + sign * root) * inverseA
      let lo = (b - sign * root) * inverseA
      let useHi = fr0 + hi * fdr .>= 0
      let t = lo.replacing(with: hi, where: useHi)
      let ok = (disc .>= 0) .& (useHi .| (fr0 + lo * fdr .>= 0))
      store(t, ok, i)
      lx += stepX
      ly += stepY
      i += 4
    }
  }

  /// ``positions(x0:y:count:into:)`` one pixel at a time in doubles, from
  /// the row's first local point.
  private func positionsInDoubles(
    lx0: Double, ly0: Double, count: Int, into out: UnsafeMutablePointer<Int32>
  ) {
    let m = inverse
    let a = dx * dx + dy * dy - dr * dr
    let linear = abs(a) < 1e-12
    for i in 0..<count {
      let lx = lx0 + Double(i) * m.a
      let ly = ly0 + Double(i) * m.b
      let b = lx * dx + ly * dy + r0 * dr
      let q = lx * lx + ly * ly - r0 * r0
      var t = Double.nan
      if linear {
        if b != 0 { t = q / (2 * b) }
        if !(r0 + t * dr >= 0) { t = .nan }
      } else {
        let disc = b * b - a * q
        if disc >= 0 {
          let root = disc.squareRoot()
          let hi = a > 0 ? (b + root) / a : (b - root) / a
          let lo = a > 0 ? (b - root) / a : (b + root) / a
          t = r0 + hi * dr >= 0 ? hi : r0 + lo * dr >= 0 ? lo : .nan
        }
      }
      let v = t * 255
      out[i] = t.isNaN ? -1 : v > 255 ? 255 : v > 0 ? Int32(v.rounded()) : 0
    }
  }
}

/// An image to draw, premultiplied RGBA8 (R in the lowest byte): the
/// storage an ``ImagePixels`` reads.
public final class RasterImage: @unchecked Sendable {
  let pixels: UnsafeMutablePointer<UInt32>
  let width: Int
  let height: Int

  /// An image from straight-alpha RGBA8 rows (`stride` bytes apart).
  init(rgba: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) {
    self.width = width
    self.height = height
    let out = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let o = y * stride + x * 4
        let a = UInt32(rgba[o + 3])
        let r = (UInt32(rgba[o]) * a + 127) / 255
        let g = (UInt32(rgba[o + 1]) * a + 127) / 255
        let b = (UInt32(rgba[o + 2]) * a + 127) / 255
        out[y * width + x] = r | g << 8 | b << 16 | a << 24
      }
    }
    pixels = out
  }

  deinit { pixels.deallocate() }

  /// The pixels, valid while the image lives.
  var view: ImagePixels { ImagePixels(pixels: pixels, width: width, height: height) }
}

/// An image's premultiplied pixels, borrowed from a ``RasterImage``.
struct ImagePixels {
  let pixels: UnsafePointer<UInt32>
  let width: Int
  let height: Int

  init(pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
    self.pixels = UnsafePointer(pixels)
    self.width = width
    self.height = height
  }
}

/// a + (b - a) w / 256 per channel (w in 0...256), rounded.
@inline(__always)
func lerpPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
  let keep = 256 &- w
  let rb = (((a & 0x00FF_00FF) &* keep &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
  let ag =
    (((a >> 8) & 0x00FF_00FF) &* keep &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080)
    & 0xFF00_FF00
  return rb | ag
}

/// A gradient's 256 colors, premultiplied pixels.
struct GradientTable {
  let colors: UnsafeMutablePointer<UInt32>
  /// Scratch for a run's table indices (a row at most, in blocks of
  /// four).
  let positions: UnsafeMutablePointer<Int32>

  init() {
    colors = .allocate(capacity: 256)
    colors.initialize(repeating: 0, count: 256)
    positions = .allocate(capacity: Rasterizer.maximumSide + 8)
    positions.initialize(repeating: 0, count: Rasterizer.maximumSide + 8)
  }

  /// The color at index k (0...255) of a run's indices.
  @inline(__always)
  subscript(index k: Int32) -> UInt32 { colors[Int(truncatingIfNeeded: k)] }

  func deallocate() {
    colors.deallocate()
    positions.deallocate()
  }

  /// Fills the table from `count` stops at `stops` (offset, r, g, b, a;
  /// straight, in [0, 1]), each alpha times `alpha`: each stop's channels
  /// rounded to 8 bits, interpolated unpremultiplied, padded beyond the
  /// first and last.
  func build(_ stops: UnsafePointer<Double>, count: Int, alpha: Double) {
    func channels(_ k: Int) -> SIMD4<Float> {
      let s = stops + 5 * k
      func level(_ v: Double) -> Float { v > 0 ? v < 1 ? Float((v * 255).rounded()) : 255 : 0 }
      return SIMD4(level(s[1]), level(s[2]), level(s[3]), level(s[4] * alpha))
    }
    var k = 0
    for i in 0..<256 {
      let t = Double(i) / 255
      while k + 1 < count && stops[5 * (k + 1)] <= t { k += 1 }
      var c: SIMD4<Float>
      let o0 = stops[5 * k]
      if t <= o0 || k + 1 >= count {
        c = channels(k)
      } else {
        let o1 = stops[5 * (k + 1)]
        let f = Float(o1 > o0 ? (t - o0) / (o1 - o0) : 1)
        c = channels(k) * (1 - f) + channels(k + 1) * f
      }
      let a = c.w / 255
      colors[i] = packPixel(SIMD4(c.x * a, c.y * a, c.z * a, c.w))
    }
  }

  @inline(__always)
  subscript(t: Double) -> UInt32 {
    let v = t * 255 + 0.5
    return colors[v >= 255 ? 255 : v > 0 ? Int(v) : 0]
  }
}

extension RasterPaint {
  /// Whether ``fill(_:y:x0:count:coverage:table:)`` at `coverage` writes
  /// opaque pixels without reading those below (an opaque color at full
  /// coverage).
  @inline(__always)
  func overwrites(coverage: Float) -> Bool {
    guard case .solid(let color) = self else { return false }
    return Self.overwrites(color, factor: factor256(coverage))
  }

  @inline(__always)
  static func overwrites(_ color: UInt32, factor: UInt32) -> Bool {
    factor == 256 && color >> 24 == 255
  }

  /// Paints a run of `count` pixels of row `y` from column `x0`, all at
  /// coverage `coverage`: an opaque color fully covering is a fill.
  @inline(__always)
  func fill(
    _ dst: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, count: Int, coverage: Float,
    table: GradientTable
  ) {
    let c = factor256(coverage)
    guard c > 0 else { return }
    let d = dst + x0
    switch self {
    case .solid(let color):
      if Self.overwrites(color, factor: c) {
        fillPixels(d, color, count)
        return
      }
      let s = c == 256 ? color : scalePixel(color, c)
      let keep = 256 &- (s >> 24)
      for i in 0..<count { d[i] = s &+ scalePixel(d[i], keep) }
    case .linear(let t0, let tx, let ty):
      let base = t0 + ty * (Double(y) + 0.5)
      // Eight pixels at a time in C where the CPU has AVX2 (a factor of
      // 256 with an opaque color gives the color in the formula too), the
      // rest here.
      let done = linearRow(
        d, base: base, tx: tx, x0: x0, cover: nil, factor: c, count: count, table)
      if c == 256 {
        for i in done..<count {
          let p = table[base + tx * (Double(x0 + i) + 0.5)]
          d[i] = p >> 24 == 255 ? p : over(p, d[i])
        }
        return
      }
      for i in done..<count {
        let t = base + tx * (Double(x0 + i) + 0.5)
        d[i] = over(scalePixel(table[t], c), d[i])
      }
    case .radial(let g):
      let positions = table.positions
      g.positions(x0: x0, y: y, count: count, into: positions)
      // Eight pixels at a time in C where the CPU has AVX2, the rest here.
      let done = razzle_indexed_row(d, positions, table.colors, nil, c, count, gatherLevel)
      for i in done..<count {
        let k = positions[i]
        if k < 0 { continue }
        let p = table[index: k]
        if c == 256 {
          d[i] = p >> 24 == 255 ? p : over(p, d[i])
        } else {
          d[i] = over(scalePixel(p, c), d[i])
        }
      }
    default:
      // Images: per pixel, as varying coverage.
      withUnsafeTemporaryAllocation(of: Float.self, capacity: 64) { run in
        guard let base = run.baseAddress else { return }
        base.update(repeating: coverage, count: 64)
        var done = 0
        while done < count {
          let n = min(64, count - done)
          blend(dst, y: y, x0: x0 + done, cover: base, count: n, table: table)
          done += n
        }
      }
    }
  }

  /// Paints `count` pixels of row `y` from column `x0` (`dst` is that row's
  /// first pixel) at the coverages `cover`.
  @inline(__always)
  func blend(
    _ dst: UnsafeMutablePointer<UInt32>, y: Int, x0: Int, cover: UnsafePointer<Float>, count: Int,
    table: GradientTable
  ) {
    let cy = Double(y) + 0.5
    let d = dst + x0
    switch self {
    case .solid(let color):
      // Eight pixels at a time in C where the CPU has AVX2 (the same
      // bits: a factor of 0 leaves the pixel, and 256 with an opaque color
      // gives the color, in the formula too), the rest here. Most edge
      // runs are a few pixels: those skip the call.
      let done = count >= 8 ? razzle_solid_row(d, cover, color, count, gatherLevel) : 0
      if color >> 24 == 255 {
        for i in done..<count {
          let c = factor256(cover[i])
          if c == 0 { continue }
          d[i] = c == 256 ? color : over(scalePixel(color, c), d[i])
        }
      } else {
        for i in done..<count {
          let c = factor256(cover[i])
          if c == 0 { continue }
          d[i] = over(scalePixel(color, c), d[i])
        }
      }
    case .linear(let t0, let tx, let ty):
      let base = t0 + ty * cy
      let done = linearRow(
        d, base: base, tx: tx, x0: x0, cover: cover, factor: 0, count: count, table)
      for i in done..<count {
        let c = factor256(cover[i])
        if c == 0 { continue }
        let t = base + tx * (Double(x0 + i) + 0.5)
        d[i] = over(scalePixel(table[t], c), d[i])
      }
    case .radial(let g):
      let positions = table.positions
      g.positions(x0: x0, y: y, count: count, into: positions)
      // Eight pixels at a time in C where the CPU has AVX2, the rest here.
      let done = razzle_indexed_row(d, positions, table.colors, cover, 0, count, gatherLevel)
      for i in done..<count {
        let c = factor256(cover[i])
        let k = positions[i]
        if c == 0 || k < 0 { continue }
        d[i] = over(scalePixel(table[index: k], c), d[i])
      }
    case .image(let image, let m, let opacity):
      let (u0, v0) = m.apply(Double(x0) + 0.5, cy)
      if m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 && (u0 - 0.5).rounded() == u0 - 0.5
        && (v0 - 0.5).rounded() == v0 - 0.5 && abs(u0) < 1e9 && abs(v0) < 1e9
      {
        // Pixel centers on the image's pixel centers: each sample is one
        // image pixel (the bilinear weights are 0), edges extended.
        let row = image.pixels + min(max(Int(v0 - 0.5), 0), image.height - 1) * image.width
        let first = Int(u0 - 0.5)
        let last = image.width - 1
        for i in 0..<count {
          let c = factor256(cover[i] * opacity)
          if c == 0 { continue }
          let p = row[min(max(first + i, 0), last)]
          d[i] = over(c == 256 ? p : scalePixel(p, c), d[i])
        }
        return
      }
      // The image point in 16.16 fixed point, stepped along the row from
      // an exact start every 256 pixels (the bounds keep every product in
      // an Int64).
      guard abs(u0) < 1e9 && abs(v0) < 1e9 && abs(m.a) < 1e6 && abs(m.b) < 1e6 else { return }
      let du = Int64((m.a * 65536).rounded())
      let dv = Int64((m.b * 65536).rounded())
      let maxU = Int64(image.width - 1) << 16
      let maxV = Int64(image.height - 1) << 16
      let w = image.width
      var start = 0
      while start < count {
        let n = min(256, count - start)
        // Each 256 pixels from an exact start, then whole steps.
        let u = Int64(((u0 - 0.5 + Double(start) * m.a) * 65536).rounded())
        let v = Int64(((v0 - 0.5 + Double(start) * m.b) * 65536).rounded())
        let run = d + start
        let runCover = cover + start
        // Eight pixels at a time with gathers (the same bits), the rest here.
        var k = razzle_image_row(
          run, runCover, opacity, n, image.pixels, Int32(w), Int32(image.height), u, v, du, dv,
          gatherLevel)
        while k < n {
          let c = factor256(runCover[k] * opacity)
          if c != 0 {
            let fu = min(max(u &+ Int64(k) &* du, 0), maxU)
            let fv = min(max(v &+ Int64(k) &* dv, 0), maxV)
            let x0 = Int(truncatingIfNeeded: fu &>> 16)
            let y0 = Int(truncatingIfNeeded: fv &>> 16)
            let x1 = fu < maxU ? x0 &+ 1 : x0
            let y1 = fv < maxV ? y0 &+ 1 : y0
            let wx = UInt32(truncatingIfNeeded: (fu &>> 8) & 0xFF)
            let wy = UInt32(truncatingIfNeeded: (fv &>> 8) & 0xFF)
            let top = image.pixels + y0 &* w
            let bottom = image.pixels + y1 &* w
            let p = lerpPixel(
              lerpPixel(top[x0], top[x1], wx), lerpPixel(bottom[x0], bottom[x1], wx), wy)
            run[k] = over(c == 256 ? p : scalePixel(p, c), run[k])
          }
          k &+= 1
        }
        start &+= n
      }
    }
  }
}

/// A linear gradient's pixels of a run, eight at a time in C where the CPU
/// has AVX2 (`razzle_linear_positions`, then `razzle_indexed_row`): as
/// `fill` (a constant `factor`) or `blend` (`cover`) computes them, the
/// same bits. Returns how many pixels it did from the first; runs of
/// fewer than eight, and baseline, are left to the caller.
@inline(__always)
private func linearRow(
  _ d: UnsafeMutablePointer<UInt32>, base: Double, tx: Double, x0: Int,
  cover: UnsafePointer<Float>?, factor: UInt32, count: Int, _ table: GradientTable
) -> Int {
  guard count >= 8,
    razzle_linear_positions(table.positions, count, base, tx, Double(x0), gatherLevel) != 0
  else { return 0 }
  return razzle_indexed_row(d, table.positions, table.colors, cover, factor, count, gatherLevel)
}
