// Lottie keyframes as lottie-web reads them: time `t` in frames, start
// value `s` (the end value is the next keyframe's `s`, or this keyframe's
// `e` in files before bodymovin 5.5), easing control points `o`/`i`
// (x = time, y = progress; a number or one per dimension), hold `h`, and
// spatial tangents `to`/`ti`.

/// One keyframe of an animated Lottie property.
struct LottieKeyframe {
  /// Its time in frames.
  var time: Double
  /// Its value, flattened (a scalar is one number).
  var value: [Double]
  /// The easing of its outgoing segment per dimension (nil: linear).
  var easing: [CubicBezier?]
  /// `h: 1`: the value holds until the next keyframe.
  var hold: Bool
  /// Spatial tangents `to` and `ti` (of the next keyframe's point), if given.
  var outTangent: [Double]?
  var inTangent: [Double]?
  /// Where the keyframe is, for messages.
  var pointer: LottiePointer
}

/// A property's content: a static value or keyframes.
enum LottieValue {
  case constant([Double])
  case keyframes([LottieKeyframe])
}

extension LottieNode {
  /// Reads an animatable property `{ "k": value or keyframes }` with
  /// `dimensions` numbers per value (nil: any count, the first value's).
  ///
  /// - Parameters:
  ///   - flatten: reads one value (a number, numbers, or a shape object).
  ///   - warnings: receives expressions (`x`), which are ignored.
  /// - Returns: the static value, or the keyframes (at least two).
  /// - Throws: ``RazzleError`` `.invalidValue` naming the pointer.
  func animatable(
    flatten: (LottieNode) throws(RazzleError) -> [Double], warnings: inout [LottieWarning]
  ) throws(RazzleError) -> LottieValue {
    let property = linked
    if let expression = property["x"], expression.value.string != nil {
      warnings.append(
        LottieWarning(
          pointer: expression.pointer.description, feature: "expression",
          message: "ignored; the keyframes (or the static value) are imported"))
    }
    guard let k = property["k"] else { throw error("missing \"k\"") }
    guard case .array(let list) = k.value.content, let first = list.first,
      first.members != nil, first["t"] != nil
    else {
      return .constant(try flatten(k))
    }
    let listPointer = k.pointer
    var keys: [LottieKeyframe] = []
    keys.reserveCapacity(list.count)
    var previousEnd: [Double]? = nil
    for (index, raw) in list.enumerated() {
      let item = LottieNode(value: raw, pointer: listPointer.appending(index))
      guard raw.members != nil else {
        throw item.error("expected a keyframe object, got \(raw.typeName)")
      }
      let time = try item.number("t")
      guard time.isFinite else { throw item.error("time must be finite") }
      if let last = keys.last, time < last.time {
        throw (item["t"] ?? item).error(
          "keyframe times must not decrease (\(time) after \(last.time))")
      }
      var value: [Double]
      if let s = item["s"] {
        value = try flatten(s)
      } else if let end = previousEnd {
        value = end
      } else if index == list.count - 1, let last = keys.last {
        value = last.value
      } else {
        throw item.error("missing \"s\"")
      }
      if let last = keys.last, value.count != last.value.count {
        throw (item["s"] ?? item).error(
          "a value of \(value.count) numbers after values of \(last.value.count)")
      }
      previousEnd = try item["e"].map { (e) throws(RazzleError) in try flatten(e) }
      let hold = item.flag("h")
      var easing: [CubicBezier?] = []
      if index < list.count - 1 && !hold {
        easing = try item.easing(dimensions: value.count, warnings: &warnings)
      }
      let outTangent = try item["to"].flatMap { (n) throws(RazzleError) -> [Double]? in
        n.value.isNull ? nil : try n.numbers()
      }
      let inTangent = try item["ti"].flatMap { (n) throws(RazzleError) -> [Double]? in
        n.value.isNull ? nil : try n.numbers()
      }
      for number in value where !number.isFinite { throw item.error("values must be finite") }
      keys.append(
        LottieKeyframe(
          time: time, value: value, easing: easing, hold: hold, outTangent: outTangent,
          inTangent: inTangent, pointer: item.pointer))
    }
    if keys.count == 1 { return .constant(keys[0].value) }
    return .keyframes(keys)
  }

  /// The easing of a keyframe's outgoing segment, one per dimension:
  /// `cubic-bezier(o.x, o.y, i.x, i.y)`, where an array gives dimension
  /// j its element j (the first when it has fewer), as lottie-web reads
  /// them. x outside [0, 1] is clamped, with a warning.
  func easing(dimensions: Int, warnings: inout [LottieWarning]) throws(RazzleError)
    -> [CubicBezier?]
  {
    guard let o = self["o"], let i = self["i"] else {
      throw error("missing \"o\" and \"i\" (the easing) on a keyframe that is not a hold")
    }
    // o.x, o.y, i.x, i.y: a number or a non-empty array of numbers each,
    // read in place (the nodes are made only to name an error).
    let parts = [o.value["x"], o.value["y"], i.value["x"], i.value["y"]]
    for (k, part) in parts.enumerated() where !Self.isEasingPart(part) {
      let node = k < 2 ? o.linked : i.linked
      let key = k % 2 == 0 ? "x" : "y"
      guard let member = node[key] else { throw node.error("missing \"\(key)\"") }
      let list = try member.numbers()
      if list.isEmpty { throw member.error("expected at least one number") }
    }
    var out: [CubicBezier?] = []
    out.reserveCapacity(max(1, dimensions))
    for j in 0..<max(1, dimensions) {
      var x1 = Self.pick(parts[0], j)
      let y1 = Self.pick(parts[1], j)
      var x2 = Self.pick(parts[2], j)
      let y2 = Self.pick(parts[3], j)
      if !(0...1).contains(x1) || !(0...1).contains(x2) {
        warnings.append(
          LottieWarning(
            pointer: pointer.description, feature: "easing x outside [0, 1]",
            message: "clamped to [0, 1] (time cannot run backwards)"))
        x1 = min(1, max(0, x1))
        x2 = min(1, max(0, x2))
      }
      if x1 == y1 && x2 == y2 {
        out.append(nil)
      } else if j > 0, let previous = out[j - 1], previous.x1 == x1, previous.y1 == y1,
        previous.x2 == x2, previous.y2 == y2
      {
        out.append(previous)
      } else {
        do {
          out.append(try CubicBezier(x1, y1, x2, y2))
        } catch {
          throw self.error("easing: \(error.message)")
        }
      }
    }
    return out
  }

  /// Whether `part` is a number or a non-empty array of numbers.
  private static func isEasingPart(_ part: JSONValue?) -> Bool {
    switch part?.content {
    case .number: return true
    case .array(let list):
      return !list.isEmpty
        && list.allSatisfy { if case .number = $0.content { true } else { false } }
    default: return false
    }
  }

  /// Element `j` of an easing part (element 0 when it has fewer; a number
  /// is its own element); call after ``isEasingPart(_:)``.
  private static func pick(_ part: JSONValue?, _ j: Int) -> Double {
    switch part?.content {
    case .number(let x): return x
    case .array(let list): return (j < list.count ? list[j] : list[0]).number ?? .nan
    default: return .nan
    }
  }
}
