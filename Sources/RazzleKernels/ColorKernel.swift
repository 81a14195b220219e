// The color conversion a color track's batch ends in (Oklab or OkLCh back
// to sRGB), four colors at a time (eight in the AVX-512 build): OkLCh's hue
// through cos and sin, Oklab's matrix and cubes, and the sRGB transfer
// function on each channel; and for a plain track, the blend from each
// segment's record before it (`sampleColorSegments`). This file is compiled
// at each CPU level as `LinearKernel.swift` is; the AVX-512 build is told so
// by `RAZZLE_AVX512` (Package.swift) and widens the lanes; there the plain
// track's loop is C (`RazzleStores/color_segments.c`, the same operations),
// which reads each lane's segment record in one load and stores whole
// vectors, where this Swift reads and writes lane by lane.
//
// The three channels' transfer functions run side by side (`Channels`):
// each is a long chain of dependent operations ending in a division, and
// with the three interleaved the processor overlaps them (measured on the
// Intel guest, Oklab track, one thread: 24.8 → 21.8 ns a sample at AVX2;
// 22.6 → 18.9 ns with eight lanes at AVX-512). Eight lanes pass values
// between functions in memory (`inout`): a SIMD8 argument by value is
// split into 128-bit registers at a call the compiler does not inline.
//
// Each lane computes the operations, in the order, of the scalar functions
// in `Razzle` (`hueCosSin`, `OKLab.linearRGB`, `linearToSRGB` and
// `srgbEncodingPower`); where those branch, the lanes compute both sides
// and select, which gives the same bits. Nothing here fuses a multiply and
// an add, so every level and the scalar functions agree bit for bit (tested
// in `ColorConversionKernelTests`).

import RazzleStores

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if RAZZLE_AVX512
  /// Eight doubles: one AVX-512 register. (AVX-512's 32 registers hold
  /// this much arithmetic eight lanes wide without spilling.)
  typealias ColorLanes = SIMD8<Double>
  /// Eight 64-bit patterns, lane by lane those of eight doubles.
  typealias ColorLaneBits = SIMD8<UInt64>
  /// Eight integers: each lane's record offset.
  typealias ColorLaneOffsets = SIMD8<Int>
#else
  /// Four doubles: one AVX2 register, two SSE2 registers. (Eight lanes, as
  /// the linear kernel has, need more registers than x86-64 has below
  /// AVX-512 for this much arithmetic, and the spills cost more than the
  /// lanes save.)
  typealias ColorLanes = SIMD4<Double>
  /// Four 64-bit patterns, lane by lane those of four doubles.
  typealias ColorLaneBits = SIMD4<UInt64>
  /// Four integers: each lane's record offset.
  typealias ColorLaneOffsets = SIMD4<Int>
#endif

/// The lanes a block converts at once.
let colorLaneCount = ColorLanes.scalarCount

/// The space a batch of blended colors is in, for
/// ``convertColorsToSRGB(_:_:_:missingHue:count:from:)``.
public enum ColorKernelSpace: Sendable {
  /// Linear-light sRGB: only the transfer function.
  case linearSRGB
  /// Oklab: the matrices and cubes, then the transfer function.
  case oklab
  /// OkLCh: the hue's cos and sin first.
  case oklch
}

/// Converts `count` colors in place from coordinates in `space` (`x`, `y`,
/// `z`: lightness, chroma and hue in degrees for OkLCh; l, a, b for Oklab;
/// r, g, b for linear sRGB) to sRGB-encoded r, g, b, without clipping.
///
/// An OkLCh color whose `missingHue` is not 0 is converted as `a = b = 0`
/// (its chroma and hue are ignored); `missingHue` is read for OkLCh only.
/// The results are those of `Razzle`'s `OKLCH.oklab`, `OKLab.linearRGB` and
/// `linearToSRGB`, bit for bit, NaN and ±∞ included.
///
/// - Complexity: O(count).
public func convertColorsToSRGB(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
  _ z: UnsafeMutablePointer<Double>, missingHue: UnsafePointer<Double>, count: Int,
  from space: ColorKernelSpace
) {
  switch space {
  case .linearSRGB: convertColors(x, y, z, missingHue, count, polar: false, lab: false)
  case .oklab: convertColors(x, y, z, missingHue, count, polar: false, lab: true)
  case .oklch: convertColors(x, y, z, missingHue, count, polar: true, lab: true)
  }
}

/// Samples a plain color track (every segment linear and uneased) whose
/// samples end in a conversion from `space`, a block of lanes at a time: time
/// `q[j]` in segment `segments[j]` (``findSegments(times:count:queries:count:into:)``)
/// that lies strictly inside the keyframes, is not a keyframe's time and
/// whose progress `p = (t − t_k)/(t_{k+1} − t_k)` is neither 0 nor 1, is
/// blended from its segment's record at `records + recordStride · k` (the
/// start coordinates, their differences, the start alpha, the alphas'
/// difference, 1 for a missing hue: `Razzle`'s `ColorEndpoint.storeSegment`) as `c₀ + (c₁ − c₀)·p`, times 1/alpha when
/// `premultiplied` (the hue not), converted to sRGB, and written to
/// `out[j·stride ..< j·stride + 4]` (r, g, b, alpha). Every other time, and
/// the last `m mod` the lane count, go to `scalar(j)`; except that the
/// AVX-512 build writes the 4 doubles at `before` for a time before the
/// first keyframe and those at `after` for one after the last, where they
/// are given (the colors a track holds there: the caller's to know).
///
/// The operations are those of `Razzle`'s `ColorEndpoint.blendCoordinates`
/// and ``convertColorsToSRGB(_:_:_:missingHue:count:from:)``, in their
/// order, so the colors are a single sample's bits.
///
/// With `findsSegments`, `segments` is written first with each query's
/// segment (``findSegments(times:count:queries:count:into:)``'s): the
/// AVX-512 build searches in the same pass as it samples where
/// ``colorKernelSearches(keyframes:)``.
///
/// - Complexity: O(m).
/// Whether the AVX-512 build of
/// ``sampleColorSegments(times:count:records:recordStride:queries:segments:count:into:stride:premultiplied:from:before:after:findsSegments:scalar:)``
/// finds a track's segments in the same pass as it samples (C, the
/// track's times and records in registers): 2 to `RAZZLE_FEW_KEYFRAMES`
/// keyframes.
@inlinable
public func colorKernelSearches(keyframes count: Int) -> Bool {
  count >= 2 && count <= Int(RAZZLE_FEW_KEYFRAMES)
}

public func sampleColorSegments(
  times: UnsafePointer<Double>, count: Int, records: UnsafePointer<Double>, recordStride: Int,
  queries q: UnsafePointer<Double>, segments: UnsafeMutablePointer<Int>, count m: Int,
  into out: UnsafeMutablePointer<Double>, stride: Int, premultiplied: Bool,
  from space: ColorKernelSpace, before: UnsafePointer<Double>? = nil,
  after: UnsafePointer<Double>? = nil, findsSegments: Bool = false, scalar: (Int) -> Void
) {
  #if RAZZLE_AVX512
    // The blocks in C (RazzleStores' color_segments.c: one load a lane's
    // record, transposed in registers, or for few keyframes the search and
    // the records in registers; whole vectors stored), then what they
    // leave.
    let code: Int32 = space == .linearSRGB ? 0 : (space == .oklab ? 1 : 2)
    let searches = findsSegments && colorKernelSearches(keyframes: count)
    if findsSegments && !searches {
      findSegments(times: times, count: count, queries: q, count: m, into: segments)
    }
    let handled = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(1, m / 8)) {
      outside in
      let mask = outside.baseAddress.unsafelyUnwrapped
      let done = razzle_color_segments(
        times, count, records, recordStride, q,
        UnsafeMutableRawPointer(segments).assumingMemoryBound(to: Int64.self), m, out, stride,
        premultiplied ? 1 : 0, code, searches ? 1 : 0, before, after, mask)
      for block in 0..<(done / 8) where mask[block] != 0 {
        for l in 0..<8 where mask[block] & (1 << l) != 0 { scalar(8 &* block &+ l) }
      }
      return done
    }
    for j in handled..<m { scalar(j) }
  #else
    if findsSegments {
      findSegments(times: times, count: count, queries: q, count: m, into: segments)
    }
    sampleColorSegmentsInSwift(
      times: times, count: count, records: records, recordStride: recordStride, queries: q,
      segments: segments, count: m, into: out, stride: stride, premultiplied: premultiplied,
      from: space, scalar: scalar)
  #endif
}

/// ``sampleColorSegments(times:count:records:recordStride:queries:segments:count:into:stride:premultiplied:from:before:after:scalar:)``
/// in Swift's lanes (the baseline and avx2 builds).
@inline(__always)
func sampleColorSegmentsInSwift(
  times: UnsafePointer<Double>, count: Int, records: UnsafePointer<Double>, recordStride: Int,
  queries q: UnsafePointer<Double>, segments: UnsafePointer<Int>, count m: Int,
  into out: UnsafeMutablePointer<Double>, stride: Int, premultiplied: Bool,
  from space: ColorKernelSpace, scalar: (Int) -> Void
) {
  withUnsafePointer(to: twoToFiveTwelfths) {
    $0.withMemoryRebound(to: Double.self, capacity: 12) { scales in
      switch space {
      case .linearSRGB:
        sampleColorLanes(
          times, count, records, recordStride, q, segments, m, out, stride, premultiplied,
          polar: false,
          lab: false, scales, scalar)
      case .oklab:
        sampleColorLanes(
          times, count, records, recordStride, q, segments, m, out, stride, premultiplied,
          polar: false,
          lab: true, scales, scalar)
      case .oklch:
        sampleColorLanes(
          times, count, records, recordStride, q, segments, m, out, stride, premultiplied,
          polar: true,
          lab: true, scales, scalar)
      }
    }
  }
}

/// The loop of ``sampleColorSegments(times:count:records:recordStride:queries:segments:count:into:stride:premultiplied:from:before:after:scalar:)``,
/// one copy per space.
@inline(__always)
func sampleColorLanes(
  _ times: UnsafePointer<Double>, _ count: Int, _ records: UnsafePointer<Double>,
  _ recordStride: Int, _ q: UnsafePointer<Double>, _ segments: UnsafePointer<Int>, _ m: Int,
  _ out: UnsafeMutablePointer<Double>, _ stride: Int, _ premultiplied: Bool, polar: Bool,
  lab: Bool, _ scales: UnsafePointer<Double>, _ scalar: (Int) -> Void
) {
  let first = times[0]
  let last = times[count &- 1]
  var j = 0
  while j &+ colorLaneCount <= m {
    let t = UnsafeRawPointer(q + j).loadUnaligned(as: ColorLanes.self)
    var t0 = ColorLanes()
    var t1 = ColorLanes()
    // Each lane's record, as an offset from `records`.
    var row = ColorLaneOffsets()
    for l in 0..<colorLaneCount {
      let k = segments[j &+ l]
      t0[l] = times[k]
      t1[l] = times[k &+ 1]
      row[l] = k &* recordStride
    }
    let p = (t - t0) / (t1 - t0)
    let inside = (t .> first) .& (t .< last) .& (t .!= t0) .& (p .!= 0) .& (p .!= 1)
    @inline(__always) func field(_ i: Int) -> ColorLanes {
      var lanes = ColorLanes()
      for l in 0..<colorLaneCount { lanes[l] = records[row[l] &+ i] }
      return lanes
    }
    // ColorEndpoint.blendCoordinates from the record.
    let a = field(6) + field(7) * p
    var c0 = field(0) + field(3) * p
    var c1 = field(1) + field(4) * p
    var c2 = field(2) + field(5) * p
    if premultiplied {
      let divide = a .!= 0
      let inverse = 1 / a
      c0 = c0.replacing(with: c0 * inverse, where: divide)
      c1 = c1.replacing(with: c1 * inverse, where: divide)
      // OkLCh's hue is not premultiplied.
      if !polar { c2 = c2.replacing(with: c2 * inverse, where: divide) }
    }
    var missing = polar ? field(8) : ColorLanes()
    convertLanes(&c0, &c1, &c2, &missing, polar: polar, lab: lab, scales)
    if ColorLanes(repeating: 1).replacing(with: 0, where: inside).sum() == 0 {
      for l in 0..<colorLaneCount {
        let o = out + (j &+ l) &* stride
        o[0] = c0[l]
        o[1] = c1[l]
        o[2] = c2[l]
        o[3] = a[l]
      }
    } else {
      for l in 0..<colorLaneCount {
        if inside[l] {
          let o = out + (j &+ l) &* stride
          o[0] = c0[l]
          o[1] = c1[l]
          o[2] = c2[l]
          o[3] = a[l]
        } else {
          scalar(j &+ l)
        }
      }
    }
    j &+= colorLaneCount
  }
  while j < m {
    scalar(j)
    j &+= 1
  }
}

/// The loop of ``convertColorsToSRGB(_:_:_:missingHue:count:from:)``, one
/// copy per space: full blocks of lanes, then the rest padded with a
/// harmless color (lightness 0.5, no chroma).
@inline(__always)
func convertColors(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
  _ z: UnsafeMutablePointer<Double>, _ missing: UnsafePointer<Double>, _ n: Int,
  polar: Bool, lab: Bool
) {
  withUnsafePointer(to: twoToFiveTwelfths) {
    $0.withMemoryRebound(to: Double.self, capacity: 12) {
      convertColors(x, y, z, missing, n, polar: polar, lab: lab, scales: $0)
    }
  }
}

/// ``convertColors(_:_:_:_:_:polar:lab:)`` with the table of
/// ``twoToFiveTwelfths`` at `scales`.
@inline(__always)
func convertColors(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
  _ z: UnsafeMutablePointer<Double>, _ missing: UnsafePointer<Double>, _ n: Int,
  polar: Bool, lab: Bool, scales: UnsafePointer<Double>
) {
  var i = 0
  while i &+ colorLaneCount <= n {
    var c0 = UnsafeRawPointer(x + i).loadUnaligned(as: ColorLanes.self)
    var c1 = UnsafeRawPointer(y + i).loadUnaligned(as: ColorLanes.self)
    var c2 = UnsafeRawPointer(z + i).loadUnaligned(as: ColorLanes.self)
    var m = polar ? UnsafeRawPointer(missing + i).loadUnaligned(as: ColorLanes.self) : ColorLanes()
    convertLanes(&c0, &c1, &c2, &m, polar: polar, lab: lab, scales)
    UnsafeMutableRawPointer(x + i).storeBytes(of: c0, as: ColorLanes.self)
    UnsafeMutableRawPointer(y + i).storeBytes(of: c1, as: ColorLanes.self)
    UnsafeMutableRawPointer(z + i).storeBytes(of: c2, as: ColorLanes.self)
    i &+= colorLaneCount
  }
  guard i < n else { return }
  var c0 = ColorLanes(repeating: 0.5)
  var c1 = ColorLanes(repeating: 0)
  var c2 = ColorLanes(repeating: 0)
  var m = ColorLanes(repeating: 0)
  for l in 0..<(n &- i) {
    c0[l] = x[i &+ l]
    c1[l] = y[i &+ l]
    c2[l] = z[i &+ l]
    if polar { m[l] = missing[i &+ l] }
  }
  convertLanes(&c0, &c1, &c2, &m, polar: polar, lab: lab, scales)
  for l in 0..<(n &- i) {
    x[i &+ l] = c0[l]
    y[i &+ l] = c1[l]
    z[i &+ l] = c2[l]
  }
}

/// A block of colors from `space` to sRGB encoding, in place (`missing`
/// is only read: every argument by address, see the file's comment).
@inline(__always)
func convertLanes(
  _ c0: inout ColorLanes, _ c1: inout ColorLanes, _ c2: inout ColorLanes,
  _ missing: inout ColorLanes,
  polar: Bool,
  lab: Bool, _ scales: UnsafePointer<Double>
) {
  if polar {
    // OKLCH.oklab: a = c·cos h, b = c·sin h; a missing hue gives a = b = 0.
    let (cosine, sine) = hueCosSinLanes(c2)
    let none = missing .!= 0
    let a = (c1 * cosine).replacing(with: 0, where: none)
    let b = (c1 * sine).replacing(with: 0, where: none)
    c1 = a
    c2 = b
  }
  if lab {
    // OKLab.linearRGB.
    let l1: ColorLanes = c0 + 0.3963377773761749 * c1 + 0.2158037573099136 * c2
    let m1: ColorLanes = c0 - 0.1055613458156586 * c1 - 0.0638541728258133 * c2
    let s1: ColorLanes = c0 - 0.0894841775298119 * c1 - 1.2914855480194092 * c2
    let l3: ColorLanes = l1 * l1 * l1
    let m3: ColorLanes = m1 * m1 * m1
    let s3: ColorLanes = s1 * s1 * s1
    let r: ColorLanes = 4.076741636075958 * l3 - 3.307711539258062 * m3 + 0.2309699031821045 * s3
    let g: ColorLanes = -1.268437973285032 * l3 + 2.6097573492876887 * m3 - 0.34131937600265727 * s3
    let b: ColorLanes =
      -0.004196076138675557 * l3 - 0.7034186179359363 * m3 + 1.7076146940746117 * s3
    c0 = r
    c1 = g
    c2 = b
  }
  linearToSRGBLanes(&c0, &c1, &c2, scales)
}

/// `Razzle`'s `hueCosSin` on a block of hues in degrees: the exact reduction to
/// ±45° and fdlibm's kernels, or libm's `cos` and `sin` of `h · π/180` for
/// a lane beyond 1e15 in magnitude, ±∞ or NaN.
@inline(__always)
func hueCosSinLanes(_ degrees: ColorLanes) -> (cos: ColorLanes, sin: ColorLanes) {
  let magic = ColorLanes(repeating: 6_755_399_441_055_744.0)
  let shifted = degrees * (1.0 / 90) + magic
  let quadrant = unsafeBitCast(shifted, to: ColorLaneBits.self) & 3
  let n = shifted - magic
  let x = (degrees - 90 * n) * (Double.pi / 180)
  let z = x * x
  // The polynomials of cosSinInQuadrant, one Horner step a line (the same
  // operations; written out so that the type checker has simple lines).
  var sinTail: ColorLanes = -2.50507602534068634195e-08 + z * 1.58969099521155010221e-10
  sinTail = 2.75573137070700676789e-06 + z * sinTail
  sinTail = -1.98412698298579493134e-04 + z * sinTail
  sinTail = 8.33333333332248946124e-03 + z * sinTail
  let zx: ColorLanes = z * x
  let s: ColorLanes = x + zx * (-1.66666666666666324348e-01 + z * sinTail)
  var cosTail: ColorLanes = 2.08757232129817482790e-09 + z * -1.13596475577881948265e-11
  cosTail = -2.75573143513906633035e-07 + z * cosTail
  cosTail = 2.48015872894767294178e-05 + z * cosTail
  cosTail = -1.38888888888741095749e-03 + z * cosTail
  cosTail = 4.16666666666666019037e-02 + z * cosTail
  cosTail = z * cosTail
  let half = 0.5 * z
  let w = 1 - half
  let c = w + (((1 - w) - half) + z * cosTail)
  // As cosSinInQuadrant: odd is exactly 0 or 1 (2⁵² + the bit, less 2⁵²;
  // a comparison of integer vectors compiles lane by lane).
  let odd = exactly(quadrant & 1)
  let flip = (quadrant & 2) &<< 62
  var cosine = unsafeBitCast(
    unsafeBitCast((1 - odd) * c - odd * s, to: ColorLaneBits.self) ^ flip, to: ColorLanes.self)
  var sine = unsafeBitCast(
    unsafeBitCast(odd * c + (1 - odd) * s, to: ColorLaneBits.self) ^ flip, to: ColorLanes.self)
  let magnitude = unsafeBitCast(
    unsafeBitCast(degrees, to: ColorLaneBits.self) & 0x7FFF_FFFF_FFFF_FFFF, to: ColorLanes.self)
  let reduced = magnitude .<= 1e15
  if ColorLanes(repeating: 1).replacing(with: 0, where: reduced).sum() != 0 {
    for l in 0..<colorLaneCount where !(magnitude[l] <= 1e15) {
      let radians = degrees[l] * (Double.pi / 180)
      cosine[l] = cos(radians)
      sine[l] = sin(radians)
    }
  }
  return (cosine, sine)
}

/// One value per color channel (red, green, blue), which each step maps
/// alike: the three channels' operations alternate in the code, so the
/// processor overlaps three independent chains instead of waiting on one.
struct Channels<T> {
  var r: T
  var g: T
  var b: T

  @inline(__always)
  init(_ r: T, _ g: T, _ b: T) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// `f` of each channel.
  @inline(__always)
  func map<U>(_ f: (T) -> U) -> Channels<U> { Channels<U>(f(r), f(g), f(b)) }

  /// `f` of each channel and the same channel of `other`.
  @inline(__always)
  func with<U, V>(_ other: Channels<U>, _ f: (T, U) -> V) -> Channels<V> {
    Channels<V>(f(r, other.r), f(g, other.g), f(b, other.b))
  }
}

/// `Razzle`'s `linearToSRGB` on each lane of three channels: `12.92 · x`
/// up to 0.0031308 in magnitude, `x` itself for ±∞ and NaN, else
/// `sign(x) · (1.055 · |x|^(5/12) − 0.055)` (``srgbEncodingPowerLanes(_:_:)``).
@inline(__always)
func linearToSRGBLanes(
  _ c0: inout ColorLanes, _ c1: inout ColorLanes, _ c2: inout ColorLanes,
  _ scales: UnsafePointer<Double>
) {
  let x = Channels(c0, c1, c2)
  let bits = x.map { unsafeBitCast($0, to: ColorLaneBits.self) }
  let sign = bits.map { $0 & (1 << 63) }
  let magnitude = bits.with(sign) { unsafeBitCast($0 ^ $1, to: ColorLanes.self) }
  let small = magnitude.map { $0 .<= 0.0031308 }
  // Finite and above the linear part; NaN fails both comparisons.
  let powered = magnitude.with(small) { ($0 .< .infinity) .& .!$1 }
  // The other lanes raise 1 instead, which the selects below discard.
  let safe = magnitude.with(powered) { ColorLanes(repeating: 1).replacing(with: $0, where: $1) }
  let encoded = srgbEncodingPowerLanes(safe, scales).map { 1.055 * $0 - 0.055 }
  let signed = encoded.with(sign) {
    unsafeBitCast(unsafeBitCast($0, to: ColorLaneBits.self) | $1, to: ColorLanes.self)
  }
  let kept = Channels(
    x.r.replacing(with: signed.r, where: powered.r),
    x.g.replacing(with: signed.g, where: powered.g),
    x.b.replacing(with: signed.b, where: powered.b))
  c0 = kept.r.replacing(with: 12.92 * x.r, where: small.r)
  c1 = kept.g.replacing(with: 12.92 * x.g, where: small.g)
  c2 = kept.b.replacing(with: 12.92 * x.b, where: small.b)
}

/// `Razzle`'s `srgbEncodingPower` (`x^(5/12)` for positive, finite, normal
/// `x`) on each lane of three channels: the same split
/// `x = 2^(12q + r) · m`, fit, scale and Halley step.
@inline(__always)
func srgbEncodingPowerLanes(_ x: Channels<ColorLanes>, _ scales: UnsafePointer<Double>)
  -> Channels<ColorLanes>
{
  let bits = x.map { unsafeBitCast($0, to: ColorLaneBits.self) }
  let m = bits.map {
    unsafeBitCast(($0 & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000, to: ColorLanes.self)
  }
  // shifted = exponent + 1200 (the biased exponent + 177, in 178...2223
  // for normal x); its quotient by 12 as (shifted · 2731) >> 15, exact on
  // that range (2731/2¹⁵ exceeds 1/12 by 1.1e-6 relative).
  let shifted = bits.map { ($0 &>> 52) &+ 177 }
  let quotient = shifted.map { ($0 &* 2731) &>> 15 }
  let r = shifted.with(quotient) { $0 &- 12 &* $1 }
  let u = m.map { $0 - 1.5 }
  var z = u.map { _ in ColorLanes(repeating: -0x1.60c89e024cef0p-9) }
  z = z.with(u) { $0 * $1 + 0x1.571c1c182651fp-8 }
  z = z.with(u) { $0 * $1 - 0x1.3c0f0fd7a4377p-7 }
  z = z.with(u) { $0 * $1 + 0x1.6f65631530eb9p-6 }
  z = z.with(u) { $0 * $1 - 0x1.05f58b26f13c3p-4 }
  z = z.with(u) { $0 * $1 + 0x1.50cccc06bac27p-2 }
  z = z.with(u) { $0 * $1 + 0x1.2f1e22ca7ced8p+0 }
  let scale = r.map {
    var lanes = ColorLanes()
    for l in 0..<colorLaneCount { lanes[l] = scales[Int(truncatingIfNeeded: $0[l])] }
    return lanes
  }
  z = z.with(scale) { $0 * $1 }
  let m2 = m.map { $0 * $0 }
  let m5 = m2.with(m) { $0 * $0 * $1 }
  let a = m5.with(r) { $0 * unsafeBitCast((1023 &+ 5 &* $1) &<< 52, to: ColorLanes.self) }
  let z2 = z.map { $0 * $0 }
  let z6 = z2.map { $0 * $0 * $0 }
  let z12 = z6.map { $0 * $0 }
  let numerator = a.with(z12) { 2 * ($0 - $1) }
  let denominator = z12.with(a) { 13 * $0 + 11 * $1 }
  let step = z.with(numerator) { $0 * $1 }.with(denominator) { $0 / $1 }
  z = z.with(step) { $0 + $1 }
  // 2^(5q) with q = quotient − 100: exponent field 1023 + 5q.
  return z.with(quotient) { $0 * unsafeBitCast((523 &+ 5 &* $1) &<< 52, to: ColorLanes.self) }
}

/// `2^(5r/12)` for `r` in `0..<12`, correctly rounded: `Razzle`'s
/// `twoToFiveTwelfths`, as a table the lanes read.
let twoToFiveTwelfths:
  (
    Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
  ) = (
    1, 0x1.55b8108f0ec5ep+0, 0x1.c823e074ec129p+0, 0x1.306fe0a31b715p+1, 0x1.965fea53d6e3dp+1,
    0x1.0f38f92d97963p+2, 0x1.6a09e667f3bcdp+2, 0x1.e3437e7101344p+2, 0x1.428a2f98d728bp+3,
    0x1.ae89f995ad3adp+3, 0x1.1f59ac3c7d6c0p+4, 0x1.7f910d768cfb0p+4
  )

/// Small non-negative integers (below 2⁵²) lane by lane as doubles,
/// exactly: the bits on 2⁵²'s, less 2⁵².
@inline(__always)
func exactly(_ n: ColorLaneBits) -> ColorLanes {
  unsafeBitCast(n | 0x4330_0000_0000_0000, to: ColorLanes.self) - 0x1p52
}
