#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A layer's shape tree at one frame, collected for drawing: every path
// item's contours (in its own coordinates) in document order, every
// group's matrix and opacity, and where each item's paths begin, so that a
// style paints the contiguous run of paths above it (lottie-web: a fill or
// stroke paints the paths before it in its group and in nested groups
// before it), and a trim changes the same run before any style draws.

struct ShapeTree {
  struct Group {
    /// 0 for the layer's own list.
    var depth: Int
    /// The group's transform relative to its parent group.
    var matrix: Affine
    /// The group's opacity.
    var alpha: Double
    /// The first entry collected in the group.
    var entryStart: Int
    /// Per item of the group, the entries collected before it.
    var itemEntryStart: [Int]
    /// Per item, the group it opens (-1 when it is not a group).
    var childGroups: [Int]
  }

  /// One path item's geometry.
  struct Entry {
    var contours: [BezierContour]
    /// The groups from the layer's list (0) to the item's own.
    var chain: [Int]
  }

  /// A trim and the entries it covers.
  struct Trim {
    var range: Range<Int>
    var start: Double
    var end: Double
    var offset: Double
    var mode: Int
  }

  /// A path modifier and the entries it covers, in document order.
  enum Modifier {
    case trim(Trim)
    /// lottie-web's RoundCornersModifier with this radius.
    case roundCorners(Range<Int>, radius: Double)
    /// lottie-web's PuckerAndBloatModifier with this amount (%).
    case puckerBloat(Range<Int>, amount: Double)
    /// lottie-web's ZigZagModifier: size, ridges a segment (rounded as
    /// JavaScript's Math.round, at least 0), smooth points or corners.
    case zigZag(Range<Int>, size: Double, ridges: Double, smooth: Bool)
    /// lottie-web's OffsetPathModifier.
    case offset(Range<Int>, amount: Double, join: BezierContour.OffsetJoin, miterLimit: Double)
  }

  /// A merge paths item (`mm`, modes 2–5): each path before it in its
  /// group and in the groups nested there (each shape item one path, as
  /// After Effects and skottie merge them), in order, which a fill after
  /// it paints as one combined shape.
  struct Merge {
    var paths: [Range<Int>]
    var mode: Int
    /// Its group and its index among the group's items: it combines for
    /// the fills after it.
    var group: Int
    var item: Int
    /// All the entries it combines.
    var range: Range<Int> { (paths.first?.lowerBound ?? 0)..<(paths.last?.upperBound ?? 0) }
  }

  var groups: [Group] = []
  var entries: [Entry] = []
  var modifiers: [Modifier] = []
  var merges: [Merge] = []

  /// Collects the layer's shape list (group 0).
  mutating func collect(_ items: [LottieShapeItem], time: Double) {
    collectGroup(items, time: time, chain: [], matrix: .identity, alpha: 1)
  }

  @discardableResult
  private mutating func collectGroup(
    _ items: [LottieShapeItem], time: Double, chain: [Int], matrix: Affine, alpha: Double
  ) -> Int {
    let id = groups.count
    var chain = chain
    chain.append(id)
    groups.append(
      Group(
        depth: chain.count - 1, matrix: matrix, alpha: alpha, entryStart: entries.count,
        itemEntryStart: [], childGroups: []))
    var starts: [Int] = []
    var children: [Int] = []
    starts.reserveCapacity(items.count)
    children.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      starts.append(entries.count)
      var child = -1
      switch item {
      case .group(let inner, let transform):
        let m = transform?.matrix(at: time) ?? .identity
        let a = transform?.alpha(at: time) ?? 1
        child = collectGroup(inner, time: time, chain: chain, matrix: m, alpha: a)
      case .copy(let inner, let m, let a):
        child = collectGroup(inner, time: time, chain: chain, matrix: m, alpha: a)
      case .repeated:
        break  // expanded into copies before the tree is collected
      case .path(let property, let closed, _):
        var contours: [BezierContour] = []
        if property.dimensions >= 6 {
          // The path's numbers in scratch memory (no array a frame).
          withUnsafeTemporaryAllocation(of: Double.self, capacity: property.dimensions) {
            numbers in
            numbers.initialize(repeating: 0)
            property.value(at: time, into: numbers.baseAddress.unsafelyUnwrapped)
            contours.append(BezierContour(lottie: UnsafeBufferPointer(numbers), closed: closed))
          }
        }
        entries.append(Entry(contours: contours, chain: chain))
      case .rect(let position, let size, let roundness, let reversed):
        let contour = BezierContour.rectangle(
          center: position.vector(at: time), size: size.vector(at: time),
          roundness: roundness.scalar(at: time), reversed: reversed)
        entries.append(Entry(contours: [contour], chain: chain))
      case .ellipse(let position, let size, let reversed):
        let contour = BezierContour.ellipse(
          center: position.vector(at: time), size: size.vector(at: time), reversed: reversed)
        entries.append(Entry(contours: [contour], chain: chain))
      case .polystar(let star):
        if let contour = BezierContour.polystar(star, at: time) {
          entries.append(Entry(contours: [contour], chain: chain))
        }
      case .trim(let s, let e, let o, let mode):
        modifiers.append(
          .trim(
            Trim(
              range: groups[id].entryStart..<entries.count, start: s.scalar(at: time),
              end: e.scalar(at: time), offset: o.scalar(at: time), mode: mode)))
      case .roundCorners(let radius):
        modifiers.append(
          .roundCorners(groups[id].entryStart..<entries.count, radius: radius.scalar(at: time)))
      case .puckerBloat(let amount):
        modifiers.append(
          .puckerBloat(groups[id].entryStart..<entries.count, amount: amount.scalar(at: time)))
      case .zigZag(let size, let ridges, let points):
        modifiers.append(
          .zigZag(
            groups[id].entryStart..<entries.count, size: size.scalar(at: time),
            ridges: ridges.scalar(at: time), smooth: points.scalar(at: time) == 2))
      case .offsetPath(let amount, let join, let miterLimit):
        modifiers.append(
          .offset(
            groups[id].entryStart..<entries.count, amount: amount.scalar(at: time),
            join: BezierContour.OffsetJoin(rawValue: join) ?? .miter,
            miterLimit: miterLimit.scalar(at: time)))
      case .mergePaths(let mode):
        let paths = (groups[id].entryStart..<entries.count).map { $0..<($0 + 1) }
        if !paths.isEmpty {
          merges.append(Merge(paths: paths, mode: mode, group: id, item: index))
        }
      case .fill, .stroke:
        break
      }
      children.append(child)
    }
    groups[id].itemEntryStart = starts
    groups[id].childGroups = children
    return id
  }

  /// The vertices zig zags and offset paths may make in one frame: past
  /// them their paths draw unmodified, so that a file's work stays
  /// bounded (an offset costs a few microseconds a vertex).
  static let maximumModifierVertices = 1 << 16

  /// Applies the modifiers in document order (the one nearest a path
  /// first). Zig zags and offset paths spend `budget` vertices (see
  /// ``maximumModifierVertices``).
  mutating func applyModifiers(budget: inout Int) {
    for modifier in modifiers {
      switch modifier {
      case .trim(let trim) where !trim.range.isEmpty:
        apply(trim)
      case .roundCorners(let range, let radius) where radius != 0 && radius.isFinite:
        for k in range {
          entries[k].contours = entries[k].contours.map { $0.roundingCorners(radius) }
        }
      case .puckerBloat(let range, let amount) where amount != 0 && amount.isFinite:
        for k in range {
          entries[k].contours = entries[k].contours.map { $0.puckeringAndBloating(amount) }
        }
      case .zigZag(let range, let size, let ridges, let smooth)
      where size != 0 && size.isFinite && ridges.isFinite:
        // Math.round: halves up.
        let r = max(0, (ridges + 0.5).rounded(.down))
        for k in range {
          entries[k].contours = entries[k].contours.map { contour in
            // Its corners at least (one more for a closed contour's end).
            guard budget > contour.segmentCount + 1 else { return contour }
            let zigZag = contour.zigZagged(
              size: size, ridges: r, smooth: smooth, vertexLimit: budget)
            budget -= zigZag.segmentCount + 1
            return zigZag
          }
        }
      case .offset(let range, let amount, let join, let miterLimit)
      where amount != 0 && amount.isFinite:
        for k in range {
          entries[k].contours = entries[k].contours.map { contour in
            // At most three pieces a segment and a join each: four
            // vertices a segment, twice for an open contour.
            guard budget >= 8 * (contour.segmentCount + 1) else { return contour }
            let offset = contour.offset(by: amount, join: join, miterLimit: miterLimit)
            budget -= offset.segmentCount + 1
            return offset
          }
        }
      default:
        continue
      }
    }
  }

  /// lottie-web's TrimModifier.
  private mutating func apply(_ trim: Trim) {
    var o = trim.offset.truncatingRemainder(dividingBy: 360) / 360
    if o < 0 { o += 1 }
    var s = min(1, max(0, trim.start * 0.01)) + o
    var e = min(1, max(0, trim.end * 0.01)) + o
    if s > e { swap(&s, &e) }
    s = (s * 10000).rounded() * 0.0001
    e = (e * 10000).rounded() * 0.0001
    guard s.isFinite, e.isFinite else { return }
    if s == e {
      for k in trim.range { entries[k].contours = [] }
      return
    }
    if (s == 0 && e == 1) || (s == 1 && e == 0) { return }
    let lengths = trim.range.map { k in
      entries[k].contours.map { $0.segmentLengths() }
    }
    let totals = lengths.map { $0.reduce(0) { $0 + $1.reduce(0, +) } }
    if trim.mode == 1 || trim.range.count == 1 {
      for (j, k) in trim.range.enumerated() {
        entries[k].contours = Self.cut(entries[k].contours, lengths[j], totals[j], [(s, e)])
      }
      return
    }
    // Individually (m 2): the paths as one, in document order.
    let total = totals.reduce(0, +)
    let segments: [(Double, Double)] =
      e <= 1 ? [(s, e)] : s >= 1 ? [(s - 1, e - 1)] : [(s, 1), (0, e - 1)]
    var added = 0.0
    for (j, k) in trim.range.enumerated() {
      let length = totals[j]
      var edges: [(Double, Double)] = []
      for (a, b) in segments {
        if b * total < added || a * total > added + length { continue }
        let shapeS = a * total <= added ? 0 : (a * total - added) / length
        let shapeE = b * total >= added + length ? 1 : (b * total - added) / length
        edges.append((shapeS, shapeE))
      }
      added += length
      if edges.isEmpty || length <= 0 {
        entries[k].contours = []
      } else if !(edges.count == 1 && edges[0].0 == 0 && edges[0].1 == 1) {
        entries[k].contours = Self.cut(entries[k].contours, lengths[j], length, edges)
      }
    }
  }

  /// The parts of a path between fractions of its length: each (s, e)
  /// with s, e in [0, 2] (past 1 wraps to the start); a wrapped part of a
  /// closed path joins its two pieces into one open contour through the
  /// start, as lottie-web does.
  static func cut(
    _ contours: [BezierContour], _ lengths: [[Double]], _ total: Double,
    _ edges: [(Double, Double)]
  ) -> [BezierContour] {
    guard total > 0 else { return [] }
    var result: [BezierContour] = []
    for (s, e) in edges {
      if e <= 1 {
        result += piece(contours, lengths, total * s, total * e)
      } else if s >= 1 {
        result += piece(contours, lengths, total * (s - 1), total * (e - 1))
      } else {
        var first = piece(contours, lengths, total * s, total)
        let second = piece(contours, lengths, 0, total * (e - 1))
        if contours.last?.closed == true, !first.isEmpty, let head = second.first {
          first[first.count - 1].points += head.points.dropFirst(2)
          result += first
          result += second.dropFirst()
        } else {
          result += first
          result += second
        }
      }
    }
    return result
  }

  /// The open contours covering arc lengths [a, b] of the path.
  static func piece(_ contours: [BezierContour], _ lengths: [[Double]], _ a: Double, _ b: Double)
    -> [BezierContour]
  {
    guard b > a else { return [] }
    var result: [BezierContour] = []
    var offset = 0.0
    for (c, contour) in contours.enumerated() {
      let segmentLengths = lengths[c]
      let length = segmentLengths.reduce(0, +)
      defer { offset += length }
      let from = max(a, offset)
      let to = min(b, offset + length)
      guard to > from else { continue }
      var out: [Double] = []
      var position = offset
      for k in 0..<contour.segmentCount {
        let l = segmentLengths[k]
        let s0 = position
        let s1 = position + l
        position = s1
        guard s1 > from && s0 < to else { continue }
        let segment = contour.segment(k)
        let t0 = from <= s0 ? 0 : BezierContour.parameter(segment, at: from - s0, total: l)
        let t1 = to >= s1 ? 1 : BezierContour.parameter(segment, at: to - s0, total: l)
        let part = t0 == 0 && t1 == 1 ? segment : BezierContour.slice(segment, t0, t1)
        if out.isEmpty {
          out.append(part.0)
          out.append(part.1)
        }
        out.append(part.2)
        out.append(part.3)
        out.append(part.4)
        out.append(part.5)
        out.append(part.6)
        out.append(part.7)
      }
      if !out.isEmpty { result.append(BezierContour(points: out, closed: false)) }
    }
    return result
  }
}
