extension Path: CustomStringConvertible {
  /// The path as SVG path data in absolute commands (`M`, `L`, `Q`, `C`,
  /// `A`, `Z`; H, V, S and T written out), numbers in their shortest
  /// round-trip form (−0 kept): parsing it gives the same segments, arcs
  /// from their radii as given, and the same closed state.
  /// A path of lone movetos is its movetos.
  public var description: String {
    var out = ""
    var moveIndex = 0
    func number(_ x: Double) -> String {
      if x == 0 { return x.sign == .minus ? "-0" : "0" }
      var text = "\(x)"
      if text.hasSuffix(".0") { text.removeLast(2) }
      return text
    }
    func pair(_ p: PathPoint) -> String { "\(number(p.x)) \(number(p.y))" }
    func append(_ piece: String) {
      if !out.isEmpty { out += " " }
      out += piece
    }
    for segment in segments {
      if segment.startsSubpath {
        append("M\(pair(segment.start))")
        moveIndex += 1
      }
      if segment.closes {
        append("Z")
        continue
      }
      switch segment.shape {
      case .line(_, let p): append("L\(pair(p))")
      case .quadratic(_, let c, let p): append("Q\(pair(c)) \(pair(p))")
      case .cubic(_, let c1, let c2, let p): append("C\(pair(c1)) \(pair(c2)) \(pair(p))")
      case .arc(let e, _, let p):
        let large = abs(e.sweepAngle) > Double.pi ? 1 : 0
        let sweep = e.sweepAngle > 0 ? 1 : 0
        // The radii as given (not F.6.6's scaled ones), so the text parses
        // to the same ellipse.
        append(
          "A\(number(e.givenRx)) \(number(e.givenRy)) \(number(e.rotation)) \(large) \(sweep) \(pair(p))"
        )
      }
    }
    if segments.isEmpty {
      for p in moves { append("M\(pair(p))") }
    } else if !isClosed, segments.last?.closes == true, let last = moves.last {
      // A moveto after the last Z: without it the text would read back as a
      // closed path.
      append("M\(pair(last))")
    }
    return out
  }
}
