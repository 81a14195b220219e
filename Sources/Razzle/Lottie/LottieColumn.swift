/// One value of an imported Lottie animation, as ``LottieAnimation``'s
/// `values` and `sample` give it: a (target, property) pair with its
/// channels, computed from one or more timeline tracks.
public struct LottieColumn: Sendable, Hashable {
  /// The layer's (and shape groups') name path, `box` or `box/Group 1`.
  public let target: String
  /// The Lottie property path, `transform.position` or `Fill 1.color`.
  public let property: String
  /// Numbers per value.
  public let channels: Int
  /// The first of its channels in a row of ``LottieAnimation/sample(frames:into:)``.
  public let start: Int
}

/// How a column's value is computed from the timeline's matrix.
enum LottieSource {
  /// One track's columns as they are.
  case track(String)
  /// Several tracks' columns one after another (a shape's vertices).
  case concat([String])
  /// A position along a spatial route: a progress track (keyframe i + eased
  /// progress) and a segment track (i, held), see ``LottieRoute``.
  case spatial(progress: String, segment: String, route: LottieRoute)
}

/// A spatial position property: the keyframes' points and, per segment,
/// whether it is a curve traversed by arc length (its tangents kept) or a
/// straight interpolation (lottie-web dropped its tangents).
struct LottieRoute: @unchecked Sendable {
  let points: [[Double]]
  let curved: [Bool]
  let path: SpatialPath
  /// ``points`` flat, a point's channels after another's.
  let flat: [Double]

  init(points: [[Double]], curved: [Bool], path: SpatialPath) {
    self.points = points
    self.curved = curved
    self.path = path
    flat = points.flatMap { $0 }
  }

  /// The value at segment `segment` (held: an integer) and progress track
  /// value `progress` (segment + eased progress).
  func value(segment: Double, progress: Double, into out: UnsafeMutablePointer<Double>) {
    withUnsafePointer(to: segment) { segment in
      withUnsafePointer(to: progress) { progress in
        values(
          segments: segment, progress: progress, strides: (1, 1), count: 1, into: out, width: 0)
      }
    }
  }

  /// ``value(segment:progress:into:)`` for `count` rows: row j's segment
  /// and progress track values at `segments[j · strides.segments]` and
  /// `progress[j · strides.progress]`, its channel c to
  /// `out[j · width + c · channelStride]`. The route's table and points
  /// are read once.
  ///
  /// Rows go in blocks of 64. A block whose rows all have one segment
  /// value (not NaN) and a progress value that is not NaN (the usual case
  /// for times in order) is computed column by column: the route kernel
  /// (``SpatialPath/Points/points(_:count:x:y:level:)``) for a curved
  /// segment, straight lines for the others. A block whose rows each have
  /// a NaN segment or progress (its layer hidden) is NaN, column by
  /// column. Other blocks go row by row,
  /// and there a row whose two inputs have the bits of the row before (a
  /// held position) copies that row's value, which the same operations
  /// would give again.
  func values(
    segments: UnsafePointer<Double>, progress: UnsafePointer<Double>,
    strides: (segments: Int, progress: Int), count: Int, into out: UnsafeMutablePointer<Double>,
    width: Int, channelStride: Int = 1
  ) {
    let channels = points[0].count
    let last = points.count - 1
    func run(_ route: SpatialPath.Points?) {
      let block = 64
      let level = KernelLevel.active
      // Per block: the rows that take a point of the route (their index,
      // progress along the route, and the point) and the rows that copy
      // the row before.
      withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* block) { ints in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 &* block) { doubles in
          flat.withUnsafeBufferPointer { flat in
            let flat = flat.baseAddress.unsafelyUnwrapped
            let curveRows = ints.baseAddress.unsafelyUnwrapped
            let copyRows = curveRows + block
            let along = doubles.baseAddress.unsafelyUnwrapped
            let xs = along + block
            let ys = xs + block
            var previous: (UInt64, UInt64)? = nil
            var start = 0
            // Rows first..<end column by column if they all have one
            // segment value and a progress value, not NaN: true, having
            // written them; else false, having written nothing. (It moves
            // no variable of `run`: one it captured and set would be boxed
            // on the heap at every call.)
            func oneSegment(_ first: Int, _ end: Int) -> Bool {
              let segment = segments[first &* strides.segments]
              guard segment == segment else { return false }
              let bits = segment.bitPattern
              for j in first..<end {
                let p = progress[j &* strides.progress]
                if segments[j &* strides.segments].bitPattern != bits || p != p { return false }
              }
              let i = min(last, max(0, Int(segment)))
              let a = flat + i &* channels
              let low = Double(i)
              let curve = i != last && curved[i] && route != nil
              for c in 0..<channels {
                let o = out + first &* width + c &* channelStride
                if i == last {
                  for j in 0..<(end &- first) { o[j &* width] = a[c] }
                } else if !curve || c >= 2 {
                  let (a0, a1) = (a[c], a[channels &+ c])
                  for j in 0..<(end &- first) {
                    let eased = progress[(first &+ j) &* strides.progress] - low
                    o[j &* width] = a0 + (a1 - a0) * eased
                  }
                }
              }
              if curve, let route {
                let n = end &- first
                for j in 0..<n {
                  let eased = progress[(first &+ j) &* strides.progress] - low
                  along[j] = low + min(1, max(0, eased))
                }
                let o = out + first &* width
                if width == 1 {
                  route.points(along, count: n, x: o, y: o + channelStride, level: level)
                } else {
                  route.points(along, count: n, x: xs, y: ys, level: level)
                  for j in 0..<n {
                    o[j &* width] = xs[j]
                    o[j &* width &+ channelStride] = ys[j]
                  }
                }
              }
              return true
            }
            // Rows first..<end all NaN, column by column, if each has a NaN
            // segment or progress (its layer hidden: the row loop's NaN,
            // which it would copy row after row): true, having written
            // them; else false, having written nothing.
            func hidden(_ first: Int, _ end: Int) -> Bool {
              for j in first..<end {
                let segment = segments[j &* strides.segments]
                let p = progress[j &* strides.progress]
                if segment == segment && p == p { return false }
              }
              for c in 0..<channels {
                let o = out + first &* width + c &* channelStride
                for j in 0..<(end &- first) { o[j &* width] = .nan }
              }
              return true
            }
            while start < count {
              let end = Swift.min(count, start &+ block)
              if oneSegment(start, end) || hidden(start, end) {
                start = end
                previous = nil
                continue
              }
              var curves = 0
              var copies = 0
              for j in start..<end {
                let segment = segments[j &* strides.segments]
                let progress = progress[j &* strides.progress]
                let o = out + j &* width
                let key = (segment.bitPattern, progress.bitPattern)
                if let previous, previous == key {
                  copyRows[copies] = j
                  copies &+= 1
                  continue
                }
                previous = key
                guard segment == segment, progress == progress else {
                  for c in 0..<channels { o[c &* channelStride] = .nan }
                  continue
                }
                let i = min(last, max(0, Int(segment)))
                let eased = progress - Double(i)
                let a = flat + i &* channels
                if i == last {
                  for c in 0..<channels { o[c &* channelStride] = a[c] }
                } else if curved[i], route != nil {
                  // lottie-web walks its table of the segment: an eased
                  // progress past the end stops at the end point; razzle
                  // clamps both ways.
                  curveRows[curves] = j
                  along[curves] = Double(i) + min(1, max(0, eased))
                  curves &+= 1
                  for c in 2..<max(2, channels) {
                    o[c &* channelStride] = a[c] + (a[channels &+ c] - a[c]) * eased
                  }
                } else {
                  for c in 0..<channels {
                    o[c &* channelStride] = a[c] + (a[channels &+ c] - a[c]) * eased
                  }
                }
              }
              if let route {
                route.points(along, count: curves, x: xs, y: ys, level: level)
                for m in 0..<curves {
                  let o = out + curveRows[m] &* width
                  o[0] = xs[m]
                  o[channelStride] = ys[m]
                }
              }
              // In order: a row copies the one before once that is done.
              for m in 0..<copies {
                let o = out + copyRows[m] &* width
                for c in 0..<channels { o[c &* channelStride] = (o - width)[c &* channelStride] }
              }
              start = end
            }
          }
        }
      }
    }
    // (A route of one point has no segment: no curved one either.)
    if path.segmentCount > 0 { path.withPoints(path.table) { run($0) } } else { run(nil) }
  }

  /// lottie-web's test that a point lies on the line through two others
  /// (`bez.pointOnLine2D`: the determinant within 0.001).
  static func onLine(_ a: [Double], _ b: [Double], _ c: [Double]) -> Bool {
    let det =
      a[0] * b[1] + a[1] * c[0] + b[0] * c[1] - c[0] * b[1] - c[1] * a[0] - b[0] * a[1]
    return det > -0.001 && det < 0.001
  }

  /// Whether lottie-web keeps segment tangents `to`/`ti` from `s` to `e`:
  /// it drops them when both control points lie on the line through
  /// the ends, and when the ends coincide and both tangents are zero.
  static func keepsTangents(_ s: [Double], _ e: [Double], _ to: [Double], _ ti: [Double]) -> Bool {
    let c1 = [s[0] + to[0], s[1] + to[1]]
    let c2 = [e[0] + ti[0], e[1] + ti[1]]
    let same = s[0] == e[0] && s[1] == e[1]
    if !same && onLine(s, e, c1) && onLine(s, e, c2) { return false }
    if same && to[0] == 0 && to[1] == 0 && ti[0] == 0 && ti[1] == 0 { return false }
    return true
  }
}
