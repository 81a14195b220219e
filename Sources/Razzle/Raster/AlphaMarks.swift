import RazzleStores

// Straight alpha divides each partly transparent pixel by its alpha, and
// finding them reads the whole frame once more after drawing: a pass over
// 256 KB at 256 × 256, several microseconds of a small file's frame. Where
// a frame's ops are plain fills and strokes drawn straight into the
// caller's rows (no group, mask, matte or image, no background), every
// pixel it writes goes through one place, the span about to be painted.
// Every span but an opaque color at full coverage (which RasterPaint fills
// with opaque pixels) marks the sixteens of pixels it touches, and the
// division reads only the marked sixteens. An opaque fill over a marked
// pixel leaves the mark: the division leaves opaque pixels as they are.
//
// Clearing the frame the same way (each row cleared only ahead of what
// paints over it) was measured and not kept: a frame cleared in pieces
// between spans was slower than one memset before them on files whose
// first shapes are partly transparent (glow_loading.json 38 → 41 µs),
// and no faster on the others.

/// The sixteens of the caller's rows that may hold partly transparent
/// pixels while a plain frame is drawn into them, in storage the
/// rasterizer keeps between frames.
struct AlphaMarks {
  let pixels: UnsafeMutablePointer<UInt32>
  let width: Int
  let height: Int
  /// A bit per sixteen pixels of each row (`words` words a row).
  let marks: UnsafeMutablePointer<UInt64>
  let words: Int

  /// The 64-bit words a row of `width` pixels takes.
  static func words(width: Int) -> Int { (width + 1023) >> 10 }

  /// No marks over `pixels` (`width` × `height`, packed); `marks` holds
  /// height × ``words(width:)`` words.
  init(
    pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    marks: UnsafeMutablePointer<UInt64>
  ) {
    self.pixels = pixels
    self.width = width
    self.height = height
    self.marks = marks
    words = Self.words(width: width)
    marks.update(repeating: 0, count: height * words)
  }

  /// Before `count` (> 0) pixels of row `y` from column `x` are painted:
  /// marks them unless the paint `overwrites` them with opaque pixels.
  @inline(__always)
  func willPaint(_ y: Int, _ x: Int, _ count: Int, overwrites: Bool) {
    if overwrites { return }
    setBits(marks + y &* words, from: x >> 4, through: (x &+ count &- 1) >> 4)
  }

  /// After the frame's ops: divides the marked sixteens by their alpha
  /// (`reciprocals` and `level` are the rasterizer's).
  func finish(reciprocals: UnsafePointer<UInt32>, level: Int32) {
    razzle_unpremultiply_marked(pixels, width, height, marks, words, reciprocals, level)
  }
}
