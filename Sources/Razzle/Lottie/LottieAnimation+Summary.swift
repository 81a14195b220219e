// An import's layers, columns, static values and warnings as one JSON
// text, for bindings (kf_lottie_describe).

extension LottieAnimation {
  /// Everything but the values as compact JSON: frame rate, points, size,
  /// time unit, row width, layers, columns, static values, warnings
  /// (include/keyframe.h, `kf_lottie_describe`, lists the members).
  public var summaryJSON: String {
    func n(_ x: Double?) -> JSONValue { x.map { JSONValue(.number($0)) } ?? JSONValue(.null) }
    func s(_ x: String?) -> JSONValue { x.map { JSONValue(.string($0)) } ?? JSONValue(.null) }
    func object(_ members: [(String, JSONValue)]) -> JSONValue {
      JSONValue(
        .object(
          members.map {
            JSONMember(
              key: $0.0, keyPosition: JSONPosition(offset: 0, line: 1, column: 1), value: $0.1)
          }))
    }
    func numbers(_ xs: [Double]) -> JSONValue { JSONValue(.array(xs.map { n($0) })) }
    let layers = self.layers.map { l in
      object([
        ("name", s(l.name)), ("index", n(l.index.map(Double.init))),
        ("parent_index", n(l.parentIndex.map(Double.init))), ("parent", s(l.parent)),
        ("type", n(Double(l.type))), ("in_point", n(l.inPoint)), ("out_point", n(l.outPoint)),
        ("start_time", n(l.startTime)), ("stretch", n(l.stretch)),
      ])
    }
    let columns = self.columns.map { c in
      object([
        ("target", s(c.target)), ("property", s(c.property)), ("channels", n(Double(c.channels))),
        ("start", n(Double(c.start))),
      ])
    }
    let statics = staticValues.map { v in
      object([("target", s(v.target)), ("property", s(v.property)), ("value", numbers(v.value))])
    }
    let warnings = self.warnings.map { w in
      object([("pointer", s(w.pointer)), ("feature", s(w.feature)), ("message", s(w.message))])
    }
    let root = object([
      ("frame_rate", n(frameRate)), ("in_point", n(inPoint)), ("out_point", n(outPoint)),
      ("width", n(width)), ("height", n(height)), ("time_unit", s(timeUnit.rawValue)),
      ("row_width", n(Double(rowWidth))), ("layers", JSONValue(.array(layers))),
      ("columns", JSONValue(.array(columns))), ("static", JSONValue(.array(statics))),
      ("warnings", JSONValue(.array(warnings))),
    ])
    return JSONWriter.write(root, layout: .compact) ?? "{}"
  }
}
