#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Anti-aliased coverage of polygons: each edge deposits the signed area it
// sweeps into the pixels it crosses (the accumulation method of FreeType's
// gray rasterizer and font-rs), and a running sum along a row turns the
// deposits into each pixel's winding coverage. Exact area coverage for
// non-overlapping edges, no sorting, no per-edge allocation. Each row also
// keeps a bitmap of the cells edges touched, so reading a row visits those
// cells and skips the runs between them (the inside of a shape, the
// outside) in one step: the cost is the edges' length in pixels, not the
// box's area.

/// The least whole number >= x, for x >= 0 (without a libm call: the
/// baseline x86-64 has no rounding instruction).
@inline(__always)
private func ceiling(_ x: Float) -> Int {
  let i = Int(x)
  return Float(i) < x ? i + 1 : i
}

/// A box of pixels accumulating the signed areas of polygon edges.
///
/// Coordinates given to ``addLine(_:_:_:_:)`` are the box's own (0 at its
/// left and top); edges are clipped to it, and an edge left of the box
/// still counts for the pixels right of it (it becomes a vertical edge on
/// the box's left side), so a polygon only partly in the box covers what it
/// should. ``row(_:into:evenOdd:)`` reads one row's coverage and clears it:
/// the grid is all zero again once every row was read.
struct CoverageGrid {
  /// (width + 2) floats a row: an edge at the right side deposits into the
  /// two columns past the box, which the running sum never reads.
  private(set) var area: UnsafeMutablePointer<Float>
  private var capacity: Int
  /// Each row's first column an edge touched.
  private var rowFirst: UnsafeMutablePointer<Int32>
  private var rowCapacity: Int
  /// A bit per cell of each row (`words` 64-bit words a row): set for
  /// every cell an edge deposited into, cleared as the row is read.
  private var marks: UnsafeMutablePointer<UInt64>
  private var markCapacity: Int
  private var words = 1
  private(set) var width = 0
  private(set) var height = 0
  private var stride = 2

  init() {
    capacity = 1024
    area = .allocate(capacity: capacity)
    area.initialize(repeating: 0, count: capacity)
    rowCapacity = 64
    rowFirst = .allocate(capacity: rowCapacity)
    markCapacity = 64
    marks = .allocate(capacity: markCapacity)
    marks.initialize(repeating: 0, count: markCapacity)
  }

  /// Frees the storage (the owner calls it once, from its deinit).
  func deallocate() {
    area.deallocate()
    rowFirst.deallocate()
    marks.deallocate()
  }

  /// Makes the grid `width` × `height` (positive), all zero.
  mutating func reset(width: Int, height: Int) {
    let needed = (width + 2) * height
    if needed > capacity {
      area.deallocate()
      capacity = max(needed, capacity * 2)
      area = .allocate(capacity: capacity)
      area.initialize(repeating: 0, count: capacity)
    }
    if height > rowCapacity {
      rowFirst.deallocate()
      rowCapacity = max(height, rowCapacity * 2)
      rowFirst = .allocate(capacity: rowCapacity)
    }
    let words = (width + 2 + 63) >> 6
    if words * height > markCapacity {
      marks.deallocate()
      markCapacity = max(words * height, markCapacity * 2)
      marks = .allocate(capacity: markCapacity)
      marks.initialize(repeating: 0, count: markCapacity)
    }
    self.words = words
    rowFirst.update(repeating: Int32.max, count: height)
    self.width = width
    self.height = height
    stride = width + 2
  }

  /// Adds the edge from (x0, y0) to (x1, y1): winding +1 going down
  /// (y growing), -1 going up. Any numbers (an edge with one that is not
  /// finite is dropped); the part outside the
  /// box's rows is dropped, the part outside its columns is moved onto
  /// the nearest side.
  mutating func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
    // A point a matrix overflowed covers nothing (and never reaches an
    // integer conversion).
    guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    let h = Double(height)
    let w = Double(width)
    var (ax, ay, bx, by, direction): (Double, Double, Double, Double, Float) =
      y0 < y1 ? (x0, y0, x1, y1, 1) : (x1, y1, x0, y0, -1)
    guard by > 0 && ay < h else { return }
    if ay < 0 || by > h {
      let slope = (bx - ax) / (by - ay)
      if ay < 0 {
        ax += slope * (0 - ay)
        ay = 0
      }
      if by > h {
        bx = ax + slope * (h - ay)
        by = h
      }
    }
    // Clipping numbers near the largest double can overflow: such an edge
    // is dropped.
    guard by > ay, ax.isFinite, bx.isFinite else { return }
    if ax >= 0 && ax <= w && bx >= 0 && bx <= w {
      accumulate(Float(ax), Float(ay), Float(bx), Float(by), direction)
      return
    }
    // Split where the edge crosses the box's left (x = 0) and right
    // (x = width) sides; the pieces outside become vertical edges on them.
    var cuts: (Double, Double) = (2, 2)
    let dx = bx - ax
    if dx != 0 {
      let t0 = (0 - ax) / dx
      let t1 = (w - ax) / dx
      let lo = min(t0, t1)
      let hi = max(t0, t1)
      if lo > 0 && lo < 1 { cuts.0 = lo }
      if hi > 0 && hi < 1 { if cuts.0 == 2 { cuts.0 = hi } else { cuts.1 = hi } }
    }
    if cuts.0 == 2 {
      piece(ax, ay, bx, by, direction)
      return
    }
    let dy = by - ay
    var sx = ax
    var sy = ay
    for k in 0..<3 {
      let t = k == 0 ? cuts.0 : k == 1 ? cuts.1 : 1
      guard t <= 1 else { continue }
      let ex = t == 1 ? bx : ax + dx * t
      let ey = t == 1 ? by : ay + dy * t
      piece(sx, sy, ex, ey, direction)
      sx = ex
      sy = ey
    }
  }

  /// One piece of an edge within the rows, y0 < y1, clamped into the
  /// columns (a piece wholly outside is a vertical edge on the side).
  @inline(__always)
  private mutating func piece(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ direction: Float
  ) {
    guard y1 > y0 else { return }
    let w = Double(width)
    let mid = 0.5 * (x0 + x1)
    if mid <= 0 {
      accumulate(0, Float(y0), 0, Float(y1), direction)
    } else if mid >= w {
      accumulate(Float(w), Float(y0), Float(w), Float(y1), direction)
    } else {
      accumulate(
        Float(min(max(x0, 0), w)), Float(y0), Float(min(max(x1, 0), w)), Float(y1), direction)
    }
  }

  /// Deposits the area of the edge (x0, y0)–(x1, y1), 0 <= x <= width,
  /// 0 <= y0 < y1 <= height, to the right of it in each row it crosses.
  @inline(__always)
  private mutating func accumulate(
    _ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ direction: Float
  ) {
    guard y1 > y0 else { return }
    let a = area
    let w = Float(width)
    let first = Int(y0)
    let last = min(height, ceiling(y1))
    if x0 == x1 {
      // A vertical edge (a rectangle's side): the loop below with x fixed,
      // its crossing not recomputed a row.
      let loI = Int(x0)
      let xmf = 0.5 * (x0 + x0) - Float(loI)
      for y in first..<last {
        let dy = min(Float(y + 1), y1) - max(Float(y), y0)
        if Int32(loI) < rowFirst[y] { rowFirst[y] = Int32(loI) }
        mark(y, from: loI, through: loI + 1)
        narrow(a + y &* stride + loI, dy * direction, xmf: xmf)
      }
      return
    }
    let dxdy = (x1 - x0) / (y1 - y0)
    var x = x0
    var y = first
    while y < last {
      let base = y &* stride
      let dy = min(Float(y + 1), y1) - max(Float(y), y0)
      let next = min(max(x + dxdy * dy, 0), w)
      let d = dy * direction
      let lo = min(x, next)
      let hi = max(x, next)
      let loI = Int(lo)  // lo >= 0: truncation is the floor
      let loFloor = Float(loI)
      let hiI = ceiling(hi)
      let hiCeil = Float(hiI)
      if Int32(loI) < rowFirst[y] { rowFirst[y] = Int32(loI) }
      mark(y, from: loI, through: max(hiI, loI + 1))
      if hiI <= loI + 1 {
        narrow(a + base + loI, d, xmf: 0.5 * (x + next) - loFloor)
      } else {
        let s = 1 / (hi - lo)
        let x0f = lo - loFloor
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = hi - hiCeil + 1
        let am = 0.5 * s * x1f * x1f
        a[base + loI] += d * a0
        if hiI == loI + 2 {
          a[base + loI + 1] += d * (1 - a0 - am)
        } else {
          let a1 = s * (1.5 - x0f)
          a[base + loI + 1] += d * (a1 - a0)
          let ds = d * s
          var xi = loI + 2
          while xi < hiI - 1 {
            a[base + xi] += ds
            xi += 1
          }
          let a2 = a1 + Float(hiI - loI - 3) * s
          a[base + hiI - 1] += d * (1 - a2 - am)
        }
        a[base + hiI] += d * am
      }
      x = next
      y += 1
    }
  }

  /// The deposit of an edge's piece within one cell of a row: `d` (its
  /// height times its direction) split between the cell at `cell` and the
  /// next at `xmf`, its middle's offset into the cell.
  @inline(__always)
  private func narrow(_ cell: UnsafeMutablePointer<Float>, _ d: Float, xmf: Float) {
    cell[0] += d - d * xmf
    cell[1] += d * xmf
  }

  /// Sets the marks of cells `first...last` of row `y`.
  @inline(__always)
  private func mark(_ y: Int, from first: Int, through last: Int) {
    setBits(marks + y &* words, from: first, through: last)
  }

  /// The longest constant run between marked cells that ``spans(_:into:evenOdd:_:)``
  /// passes as part of a varying span: below it, a span's fixed cost is
  /// more than painting the run cell by cell.
  static let joinedGap = 24

  /// Row `y`'s coverage as spans, clearing the row: `body(x, count,
  /// cover, constant)` gets either `count` varying coverages at `cover`
  /// (pixels edges cross) or, with `cover` nil, a run of `count` pixels
  /// all at `constant` (> 0) — the inside of a shape, filled without a
  /// per-pixel coverage. `out` is scratch for the varying coverages.
  @inline(__always)
  func spans(
    _ y: Int, into out: UnsafeMutablePointer<Float>, evenOdd: Bool,
    _ body: (Int, Int, UnsafeMutablePointer<Float>?, Float) -> Void
  ) {
    let first = Int(rowFirst[y])
    guard first != Int(Int32.max) else { return }
    let a = area + y &* stride
    let row = marks + y &* words
    let last = width
    // A running sum's coverage under each fill rule.
    @inline(__always) func nonzero(_ sum: Float) -> Float { min(abs(sum), 1) }
    @inline(__always) func alternate(_ sum: Float) -> Float {
      var c = abs(sum)
      c -= 2 * Float(Int(c * 0.5))
      return c > 1 ? 2 - c : c
    }
    @inline(__always) func level(_ sum: Float) -> Float {
      evenOdd ? alternate(sum) : nonzero(sum)
    }
    var sum: Float = 0
    // Marked cells from `cells` to `next` are pending as one span of
    // varying coverage; between marked cells the coverage is constant.
    var cells = -1
    var next = 0
    for k in (first >> 6)..<words {
      var bits = row[k]
      guard bits != 0 else { continue }
      row[k] = 0
      while bits != 0 {
        let zeros = bits.trailingZeroBitCount
        let ones = (~(bits >> UInt64(zeros))).trailingZeroBitCount
        let start = (k << 6) + zeros
        let end = start + ones
        bits = zeros + ones >= 64 ? 0 : bits & (~UInt64(0) << UInt64(zeros + ones))
        if start != next || cells < 0 {
          if cells >= 0 && start < last && start - next <= Self.joinedGap {
            // A short constant run between edges (a thin stroke's inside)
            // joins the pending span as varying coverage: one span, not
            // three, and the same pixels (painting a constant coverage or
            // each cell at that coverage is the same arithmetic).
            let c = level(sum)
            for x in next..<start { out[x] = c }
          } else {
            if cells >= 0 {
              if next > cells { body(cells, next - cells, out + cells, 0) }
              let gap = min(start, last)
              if gap > next {
                let c = level(sum)
                if c > 0.001 { body(next, gap - next, nil, c) }
              }
            }
            cells = start
          }
        }
        let stop = min(end, last)
        var x = start
        // The fill rule chosen once a run, not per cell.
        if evenOdd {
          while x < stop {
            sum += a[x]
            a[x] = 0
            out[x] = alternate(sum)
            x += 1
          }
        } else {
          while x < stop {
            sum += a[x]
            a[x] = 0
            out[x] = nonzero(sum)
            x += 1
          }
        }
        // Cells past the box (an edge on its right side) are cleared,
        // not read.
        while x < end {
          a[x] = 0
          x += 1
        }
        next = stop
        if end > last { next = last }
      }
    }
    if cells >= 0 && next > cells { body(cells, next - cells, out + cells, 0) }
  }
}
