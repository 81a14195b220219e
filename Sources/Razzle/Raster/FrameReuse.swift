#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The pixels of a frame drawn twice in a row, kept for when its display
// list comes again. An animation often holds still (the end of an intro,
// a loader between its moves, a logo once it has landed): every frame of
// such a stretch has the same display list, to the bit, and the same
// pixels. lottie-web's canvas renderer skips such frames in the same way
// (it redraws only when a property changed, `globalData._mdf`); razzle
// copies the kept pixels into the caller's rows instead of drawing them
// again.
//
// What a frame's pixels depend on is its key: the list's ops and arrays
// (compared byte for byte: a number that differs in any bit, even -0 for
// 0, is another frame), the frame's size, matrix, background and alpha
// form, the images' revision and the kernel level (the levels give the
// same bits, and the tests that check it draw one list at each level). The
// rule is the coverage cache's: a frame is kept the second time in a row
// its key is drawn, so a moving animation pays for a key's comparison and
// copy (a few kilobytes), never for keeping its pixels.

/// A frame's key, and the frame before's: the display list's arrays copied
/// into storage that keeps its capacity between frames.
struct FrameKey {
  var ops: [DrawOp] = []
  var verbs: [UInt8] = []
  var points: [Double] = []
  var dashes: [Double] = []
  var stops: [Double] = []
  /// The list's size, the frame's width and height, the matrix, the
  /// background, the alpha form, the images' revision, the kernel level.
  var numbers: [UInt64] = []
  var isEmpty = true

  /// Makes this key a copy of `list` under `numbers` (reusing the
  /// storage).
  mutating func set(_ list: DisplayList, numbers: [UInt64]) {
    ops.removeAll(keepingCapacity: true)
    ops.append(contentsOf: list.ops)
    verbs.removeAll(keepingCapacity: true)
    verbs.append(contentsOf: list.verbs)
    points.removeAll(keepingCapacity: true)
    points.append(contentsOf: list.points)
    dashes.removeAll(keepingCapacity: true)
    dashes.append(contentsOf: list.dashes)
    stops.removeAll(keepingCapacity: true)
    stops.append(contentsOf: list.stops)
    self.numbers.removeAll(keepingCapacity: true)
    self.numbers.append(contentsOf: numbers)
    isEmpty = false
  }

  /// Whether `list` under `numbers` is this key, byte for byte.
  func matches(_ list: DisplayList, numbers: [UInt64]) -> Bool {
    !isEmpty && Self.same(self.numbers, numbers) && Self.same(ops, list.ops)
      && Self.same(verbs, list.verbs) && Self.same(points, list.points)
      && Self.same(dashes, list.dashes) && Self.same(stops, list.stops)
  }

  /// Two arrays of plain values with the same bytes (`DrawOp` has no
  /// padding: 14 four-byte fields, then doubles).
  private static func same<T>(_ a: [T], _ b: [T]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in
        guard let px = x.baseAddress, let py = y.baseAddress else { return true }
        return memcmp(px, py, x.count) == 0
      }
    }
  }
}

/// The frame before's key, and the pixels of the last frame drawn twice in
/// a row.
final class FrameReuse {
  /// The most bytes of pixels kept (64 MiB: a 4096 × 4096 frame); a
  /// larger frame is always drawn.
  static let budget = 64 << 20

  private var previous = FrameKey()
  private var kept = FrameKey()
  /// `kept`'s frame: width × 4 bytes a row, rows packed.
  private var pixels: [UInt8] = []
  private var rowBytes = 0
  private var rows = 0
  /// Whether the frame before was `kept`'s (its key was then not copied
  /// into `previous`).
  private var previousIsKept = false
  /// How many frames were copied (for tests).
  private(set) var replays = 0

  /// Copies the kept frame into `out` (rows `stride` bytes apart) when
  /// `list` under `numbers` is its key; false otherwise.
  func replay(
    _ list: DisplayList, numbers: [UInt64], into out: UnsafeMutableRawPointer, stride: Int
  ) -> Bool {
    guard !pixels.isEmpty, kept.matches(list, numbers: numbers) else { return false }
    pixels.withUnsafeBytes { kept in
      guard let source = kept.baseAddress else { return }
      if stride == rowBytes {
        out.copyMemory(from: source, byteCount: rowBytes * rows)
      } else {
        for y in 0..<rows {
          (out + y * stride).copyMemory(from: source + y * rowBytes, byteCount: rowBytes)
        }
      }
    }
    previousIsKept = true
    replays += 1
    return true
  }

  /// After drawing `list` under `numbers` into `frame` (`width` × `height`
  /// pixels, rows `stride` bytes apart): keeps the pixels when the frame
  /// before had the same key, and makes this frame the one before.
  func drew(
    _ list: DisplayList, numbers: [UInt64], frame: UnsafeRawPointer, width: Int, height: Int,
    stride: Int
  ) {
    let before = previousIsKept ? kept : previous
    let again = before.matches(list, numbers: numbers)
    let bytes = width * 4 * height
    if again && bytes <= Self.budget {
      rowBytes = width * 4
      rows = height
      if pixels.count != bytes { pixels = [UInt8](repeating: 0, count: bytes) }
      pixels.withUnsafeMutableBytes { kept in
        guard let target = kept.baseAddress else { return }
        for y in 0..<height {
          (target + y * rowBytes).copyMemory(from: frame + y * stride, byteCount: rowBytes)
        }
      }
      if !previousIsKept { swap(&kept, &previous) }
      previousIsKept = true
      return
    }
    previous.set(list, numbers: numbers)
    previousIsKept = false
  }
}
