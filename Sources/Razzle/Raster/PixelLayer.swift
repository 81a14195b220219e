import RazzleStores

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The rasterizer's surfaces: a canvas-sized image of premultiplied RGBA
// pixels (8 bits a channel, R in the lowest byte of each 32-bit word) or of
// coverage floats, each knowing the box it was drawn into, so that clearing,
// masking and compositing touch only that box.

/// A box of whole pixels, x0 <= x < x1, y0 <= y < y1.
struct PixelBox: Equatable {
  var x0 = 0
  var y0 = 0
  var x1 = 0
  var y1 = 0

  static let empty = PixelBox()

  var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

  func union(_ o: PixelBox) -> PixelBox {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }

  func intersection(_ o: PixelBox) -> PixelBox {
    let b = PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    return b.isEmpty ? .empty : b
  }
}

/// A canvas-sized image of premultiplied RGBA8 pixels; `box` holds every
/// pixel that is not transparent.
final class PixelLayer {
  let pixels: UnsafeMutablePointer<UInt32>
  let width: Int
  let height: Int
  var box = PixelBox.empty

  /// False for a layer over pixels someone else owns.
  private let owned: Bool

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = .allocate(capacity: width * height)
    pixels.initialize(repeating: 0, count: width * height)
    owned = true
  }

  /// A layer over `pixels` (width × height, packed rows), which it never
  /// frees.
  init(wrapping pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
    self.width = width
    self.height = height
    self.pixels = pixels
    owned = false
  }

  deinit { if owned { pixels.deallocate() } }

  /// Makes every pixel transparent (only the box's rows are written).
  func clear() {
    guard !box.isEmpty else { return }
    let w = box.x1 - box.x0
    for y in box.y0..<box.y1 {
      fillPixels(pixels + y * width + box.x0, 0, w)
    }
    box = .empty
  }

  /// Row y's first pixel.
  @inline(__always)
  func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * width }
}

/// A canvas-sized plane of floats (a mask's coverage, a clip's).
final class CoveragePlane {
  let values: UnsafeMutablePointer<Float>
  let width: Int
  let height: Int

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    values = .allocate(capacity: width * height)
    values.initialize(repeating: 0, count: width * height)
  }

  deinit { values.deallocate() }

  /// Sets every value in `box` to `value`.
  func fill(_ box: PixelBox, _ value: Float) {
    guard !box.isEmpty else { return }
    for y in box.y0..<box.y1 {
      let row = values + y * width + box.x0
      if value == 0 {
        memset(row, 0, (box.x1 - box.x0) * MemoryLayout<Float>.stride)
      } else {
        row.update(repeating: value, count: box.x1 - box.x0)
      }
    }
  }

  @inline(__always)
  func row(_ y: Int) -> UnsafeMutablePointer<Float> { rows.row(y) }

  /// The values as a plain view, for closures called once per span: one
  /// that captured the plane itself would retain and release it each call.
  /// Valid while the plane lives.
  var rows: PlaneRows { PlaneRows(values: values, width: width) }
}

/// A ``CoveragePlane``'s values without a reference to the plane.
struct PlaneRows {
  let values: UnsafeMutablePointer<Float>
  let width: Int

  @inline(__always)
  func row(_ y: Int) -> UnsafeMutablePointer<Float> { values + y * width }
}

/// Sets `count` pixels from `p` to `value` (transparent through memset,
/// which stores wider than the baseline loop).
@inline(__always)
func fillPixels(_ p: UnsafeMutablePointer<UInt32>, _ value: UInt32, _ count: Int) {
  guard count > 0 else { return }
  if value == 0 {
    memset(p, 0, count * 4)
  } else {
    // Wide stores in C at the kernel level (the Swift loop stores 16
    // bytes at a time at this package's baseline).
    razzle_fill_row(p, value, count, KernelLevel.active.storesLevel)
  }
}

/// Premultiplied 8-bit channels as floats in 0...255 and back (scalar
/// code: the compiler turns it into a few instructions, where generic SIMD
/// conversions would be calls).
@inline(__always)
func unpackPixel(_ p: UInt32) -> SIMD4<Float> {
  SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
}

@inline(__always)
func packPixel(_ v: SIMD4<Float>) -> UInt32 {
  @inline(__always) func channel(_ x: Float) -> UInt32 {
    let c = x + 0.5
    return c >= 255 ? 255 : c > 0 ? UInt32(Int32(c)) : 0
  }
  return channel(v.x) | channel(v.y) << 8 | channel(v.z) << 16 | channel(v.w) << 24
}

/// Each channel of `p` times a / 256 (a in 0...256), two channels a
/// multiply.
@inline(__always)
func scalePixel(_ p: UInt32, _ a: UInt32) -> UInt32 {
  let rb = (((p & 0x00FF_00FF) &* a) >> 8) & 0x00FF_00FF
  let ag = (((p >> 8) & 0x00FF_00FF) &* a) & 0xFF00_FF00
  return rb | ag
}

/// Premultiplied `s` over `d` (skia's 8-bit source-over).
@inline(__always)
func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
  s &+ scalePixel(d, 256 &- (s >> 24))
}

/// A coverage or opacity in [0, 1] as a factor in 0...256.
@inline(__always)
func factor256(_ c: Float) -> UInt32 {
  let v = c * 256 + 0.5
  return v >= 256 ? 256 : v > 0 ? UInt32(Int32(v)) : 0
}

/// Calls `body(x)` for each pixel of `row[x0..<x1]` that is not
/// transparent, in order, skipping eight transparent pixels at a time (a
/// layer's box is mostly transparent where its shapes are sparse).
@inline(__always)
func forEachVisiblePixel(
  _ row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, _ body: (Int) -> Void
) {
  var x = x0
  while x &+ 8 <= x1 {
    // Four 64-bit words OR-ed: a SIMD mask here would go through memory.
    let at = UnsafeRawPointer(row + x)
    let any =
      at.loadUnaligned(as: UInt64.self) | at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      | at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
      | at.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    if any != 0 {
      for k in x..<(x &+ 8) where row[k] != 0 { body(k) }
    }
    x &+= 8
  }
  while x < x1 {
    if row[x] != 0 { body(x) }
    x &+= 1
  }
}
