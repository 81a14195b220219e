// SVG path data, the grammar of SVG 1.1 §8.3.9 (and SVG 2's, which is the
// same for these commands): M L H V C S Q T A Z in absolute and relative
// forms, implicit repeats of the last command, compact numbers (`M1.5.5`
// is 1.5, 0.5) and flags (`a1 1 0 00 1 1`).
//
// https://www.w3.org/TR/SVG11/paths.html#PathDataBNF
//
// The whole string is read or none of it: unlike a renderer, which draws up
// to the first error, the parser reports the first error's byte offset and
// reason and builds nothing.

/// A syntax error in path data: where it is and what is wrong.
public struct PathSyntaxError: Error, Sendable, Hashable {
  /// The byte offset (UTF-8) of the first character that does not fit.
  public var offset: Int
  /// What was expected there.
  public var reason: String

  /// The error as the core reports it.
  public var error: RazzleError {
    RazzleError(.invalidValue, "path data: \(reason) at byte \(offset)")
  }
}

/// Reads path data into segments.
struct PathParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var i = 0
  private(set) var segments: [PathSegment] = []
  private(set) var moves: [PathPoint] = []
  private(set) var closed = false

  private var current = PathPoint.zero
  private var subpathStart = PathPoint.zero
  private var pendingSubpath = true
  /// Where the segment being read starts (its command, or its argument set
  /// when the command repeats), for errors about the segment.
  private var segmentOffset = 0
  /// The sum of the segments' length bounds so far.
  private var lengthBound = 0.0
  /// The reflected control point for S (after C/S) or T (after Q/T).
  private var lastCubicControl: PathPoint?
  private var lastQuadraticControl: PathPoint?

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The longest path data, in bytes (4 MiB, `KF_PATH_DATA_MAX_BYTES`): a
  /// path holds about 80 bytes a byte of its text, so this bounds one
  /// path's memory to a few hundred megabytes, whatever the input.
  static let maximumBytes = 4 << 20

  /// Parses `data`: the segments, the moveto points and whether the last
  /// command is a closepath.
  static func parse(_ data: String) -> Result<
    (segments: [PathSegment], moves: [PathPoint], closed: Bool), PathSyntaxError
  > {
    var data = data
    guard data.utf8.count <= maximumBytes else {
      return .failure(
        PathSyntaxError(
          offset: maximumBytes,
          reason: "path data is longer than \(maximumBytes) bytes (\(data.utf8.count))"))
    }
    return data.withUTF8 { utf8 in
      var parser = PathParser(utf8)
      do throws(PathSyntaxError) {
        try parser.run()
        return .success((parser.segments, parser.moves, parser.closed))
      } catch {
        return .failure(error)
      }
    }
  }

  private func fail(_ reason: String, at offset: Int? = nil) -> PathSyntaxError {
    PathSyntaxError(offset: offset ?? i, reason: reason)
  }

  private var atEnd: Bool { i >= bytes.count }
  private var peek: UInt8 { i < bytes.count ? bytes[i] : 0 }

  private static func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D
  }

  private mutating func skipWhitespace() {
    while i < bytes.count && Self.isWhitespace(bytes[i]) { i += 1 }
  }

  /// comma-wsp?: returns whether a comma was read.
  private mutating func skipCommaWhitespace() -> Bool {
    skipWhitespace()
    guard peek == UInt8(ascii: ",") else { return false }
    i += 1
    skipWhitespace()
    return true
  }

  private var atNumber: Bool {
    let c = peek
    return (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
      || c == UInt8(ascii: "+")
  }

  private static let powers: [Double] = (0...22).map { e in
    var p = 1.0
    for _ in 0..<e { p *= 10 }
    return p
  }

  /// A number (SVG's `number`: sign, digits, fraction, exponent).
  private mutating func number(_ what: StaticString) throws(PathSyntaxError) -> Double {
    let start = i
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var negative = false
    if peek == UInt8(ascii: "-") || peek == UInt8(ascii: "+") {
      negative = peek == UInt8(ascii: "-")
      i += 1
    }
    var any = false
    while peek >= 0x30 && peek <= 0x39 {
      any = true
      if digits < 19 {
        mantissa = mantissa * 10 + UInt64(peek - 0x30)
        if mantissa != 0 { digits += 1 }
      } else {
        exponent += 1
      }
      i += 1
    }
    if peek == UInt8(ascii: ".") {
      i += 1
      while peek >= 0x30 && peek <= 0x39 {
        any = true
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(peek - 0x30)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        i += 1
      }
    }
    guard any else { throw fail("expected \(what)", at: start) }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      let e = i
      i += 1
      var exponentNegative = false
      if peek == UInt8(ascii: "-") || peek == UInt8(ascii: "+") {
        exponentNegative = peek == UInt8(ascii: "-")
        i += 1
      }
      guard peek >= 0x30 && peek <= 0x39 else {
        throw fail("expected digits in the exponent of \(what)", at: e)
      }
      var value = 0
      while peek >= 0x30 && peek <= 0x39 {
        if value < 100_000 { value = value * 10 + Int(peek - 0x30) }
        i += 1
      }
      exponent += exponentNegative ? -value : value
    }
    let result: Double
    if digits <= 15 && abs(exponent) <= 22 {
      // Clinger's fast path: both operands exact, so one rounding.
      let m = Double(mantissa)
      result = exponent >= 0 ? m * Self.powers[exponent] : m / Self.powers[-exponent]
    } else {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
      result = abs(Double(text) ?? .nan)
    }
    guard result.isFinite else { throw fail("\(what) is out of range", at: start) }
    return negative ? -result : result
  }

  private mutating func flag(_ what: StaticString) throws(PathSyntaxError) -> Bool {
    switch peek {
    case UInt8(ascii: "0"):
      i += 1
      return false
    case UInt8(ascii: "1"):
      i += 1
      return true
    default: throw fail("expected \(what) (0 or 1)")
    }
  }

  private mutating func pair(_ relative: Bool) throws(PathSyntaxError) -> PathPoint {
    let x = try number("an x coordinate")
    _ = skipCommaWhitespace()
    let y = try number("a y coordinate")
    return relative ? PathPoint(current.x + x, current.y + y) : PathPoint(x, y)
  }

  /// Adds a segment, or fails at `segmentOffset` (where the segment's
  /// command or argument set starts) when the segment, or the path so far,
  /// cannot be measured (``PathSegment/maximumLength``).
  private mutating func add(_ shape: PathSegment.Shape, closes: Bool = false)
    throws(PathSyntaxError)
  {
    let segment = PathSegment(shape, closes: closes, startsSubpath: pendingSubpath)
    if let reason = segment.unmeasurableReason { throw fail(reason, at: segmentOffset) }
    lengthBound += segment.lengthBound
    guard lengthBound <= PathSegment.maximumLength else {
      throw fail(
        "the path is too long to measure (its length may exceed 2^1020)", at: segmentOffset)
    }
    segments.append(segment)
    pendingSubpath = false
  }

  private mutating func run() throws(PathSyntaxError) {
    skipWhitespace()
    guard !atEnd else { throw fail("path data is empty") }
    guard peek == UInt8(ascii: "M") || peek == UInt8(ascii: "m") else {
      throw fail("path data must begin with a moveto (M or m)")
    }
    while true {
      skipWhitespace()
      if atEnd { return }
      let commandOffset = i
      let letter = peek
      i += 1
      let relative = letter >= UInt8(ascii: "a")
      let command = relative ? letter - 0x20 : letter
      guard "MZLHVCSQTA".utf8.contains(command) else {
        throw fail("unknown command '\(Character(Unicode.Scalar(letter)))'", at: commandOffset)
      }
      closed = false
      segmentOffset = commandOffset
      if command == UInt8(ascii: "Z") {
        try add(.line(current, subpathStart), closes: true)
        current = subpathStart
        pendingSubpath = true
        closed = true
        lastCubicControl = nil
        lastQuadraticControl = nil
        skipWhitespace()
        if atNumber { throw fail("closepath takes no numbers") }
        continue
      }
      skipWhitespace()
      var first = true
      while true {
        try arguments(command, relative: relative, first: first)
        first = false
        let before = i
        let comma = skipCommaWhitespace()
        if atNumber {
          segmentOffset = i
          continue
        }
        if comma { throw fail("expected a number after ','") }
        i = before
        break
      }
    }
  }

  /// One argument set of `command` (the letter in upper case).
  private mutating func arguments(_ command: UInt8, relative: Bool, first: Bool)
    throws(PathSyntaxError)
  {
    var cubicControl: PathPoint?
    var quadraticControl: PathPoint?
    defer {
      lastCubicControl = cubicControl
      lastQuadraticControl = quadraticControl
    }
    switch command {
    case UInt8(ascii: "M"):
      let p = try pair(relative)
      if first {
        current = p
        subpathStart = p
        moves.append(p)
        pendingSubpath = true
      } else {
        try add(.line(current, p))  // implicit lineto
        current = p
      }
    case UInt8(ascii: "L"):
      let p = try pair(relative)
      try add(.line(current, p))
      current = p
    case UInt8(ascii: "H"):
      let x = try number("an x coordinate")
      let p = PathPoint(relative ? current.x + x : x, current.y)
      try add(.line(current, p))
      current = p
    case UInt8(ascii: "V"):
      let y = try number("a y coordinate")
      let p = PathPoint(current.x, relative ? current.y + y : y)
      try add(.line(current, p))
      current = p
    case UInt8(ascii: "C"), UInt8(ascii: "S"):
      let c1: PathPoint
      if command == UInt8(ascii: "C") {
        c1 = try pair(relative)
        _ = skipCommaWhitespace()
      } else {
        c1 = lastCubicControl.map { 2 * current - $0 } ?? current
      }
      let c2 = try pair(relative)
      _ = skipCommaWhitespace()
      let p = try pair(relative)
      try add(.cubic(current, c1, c2, p))
      current = p
      cubicControl = c2
    case UInt8(ascii: "Q"), UInt8(ascii: "T"):
      let c: PathPoint
      if command == UInt8(ascii: "Q") {
        c = try pair(relative)
        _ = skipCommaWhitespace()
      } else {
        c = lastQuadraticControl.map { 2 * current - $0 } ?? current
      }
      let p = try pair(relative)
      try add(.quadratic(current, c, p))
      current = p
      quadraticControl = c
    default:  // A
      let rx = try number("an x radius")
      _ = skipCommaWhitespace()
      let ry = try number("a y radius")
      _ = skipCommaWhitespace()
      let rotation = try number("an x axis rotation")
      _ = skipCommaWhitespace()
      let large = try flag("a large-arc flag")
      _ = skipCommaWhitespace()
      let sweep = try flag("a sweep flag")
      _ = skipCommaWhitespace()
      let p = try pair(relative)
      if p != current {
        if let arc = EllipticalArc(
          from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
        {
          try add(.arc(arc, start: current, end: p))
        } else {
          try add(.line(current, p))
        }
      }
      current = p
    }
  }
}
