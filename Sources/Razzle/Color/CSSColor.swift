// CSS Color 4 color text (https://drafts.csswg.org/css-color-4/) read into
// an `RGBA`: hex colors, named colors and `transparent`, and the functions
// rgb()/rgba(), hsl()/hsla(), hwb(), oklab() and oklch().
//
// The conversions are the spec's: hsl() through `HSL` (the sample code's
// `hslToRgb`), hwb() by the sample code's `hwbToRgb`, oklab() and oklch()
// through `ColorSpace`'s Oklab conversions (the spec's matrices).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RGBA {
  /// Parses a CSS Color 4 color into non-premultiplied, sRGB-encoded
  /// components.
  ///
  /// Accepted, with ASCII case ignored in names, functions, units and hex
  /// digits, and white space allowed around the color:
  /// - Hex colors: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (each pair, or
  ///   each doubled digit, is a byte over 255).
  /// - The 148 named colors of CSS Color 4 (`tomato`, `rebeccapurple`, both
  ///   `gray` and `grey`), and `transparent` (0, 0, 0, alpha 0).
  /// - `rgb()` and its alias `rgba()`: the legacy comma syntax
  ///   `rgb(255, 99, 71)` / `rgb(100%, 39%, 28%, 0.5)` (all three channels
  ///   numbers or all percentages), and the modern space syntax
  ///   `rgb(255 99 71 / 50%)` (numbers, percentages and `none` mixed freely).
  ///   Numbers run 0…255, percentages 0%…100%.
  /// - `hsl()` and its alias `hsla()`: legacy `hsl(9, 100%, 64%, 0.5)`
  ///   (percentages for saturation and lightness) and modern
  ///   `hsl(9deg 100 64 / 0.5)` (numbers or percentages). A hue is a number
  ///   of degrees or an angle in `deg`, `grad`, `rad` or `turn`.
  /// - `hwb(hue whiteness blackness [/ alpha])`, space syntax only; when
  ///   whiteness + blackness ≥ 100% the color is the gray
  ///   whiteness / (whiteness + blackness).
  /// - `oklab(L a b [/ alpha])` (L: 0…1 or 0%…100%; a and b: numbers, or
  ///   percentages of 0.4) and `oklch(L C h [/ alpha])` (C: a number or a
  ///   percentage of 0.4).
  /// - `none` in the space syntax stands for 0; alpha is a number or a
  ///   percentage, 1 when omitted.
  ///
  /// Out-of-range values are clamped where CSS Color 4 (the W3C Candidate
  /// Recommendation, https://www.w3.org/TR/css-color-4/) clamps them when
  /// the value is parsed, and nowhere else: alpha to [0, 1]; `rgb()` channels to
  /// [0, 255] (older drafts clamp them at computed-value time instead, with
  /// the same result for a color that is used); a negative `hsl()`
  /// saturation to 0; an `oklab()`/`oklch()` lightness to [0, 1]; a negative
  /// `oklch()` chroma to 0. Everything else is kept, so `hsl()` with a
  /// lightness above 100%, `hwb()` with a negative whiteness, and `oklab()` or
  /// `oklch()` colors outside the sRGB gamut give extended-range sRGB
  /// components outside [0, 1]. CSS gamut-maps such colors only when it
  /// displays them; razzle keeps them (see ``gamutMappedToSRGB`` and
  /// ``clippedToSRGB``).
  ///
  /// Not accepted: `currentcolor` and the system colors (they depend on a
  /// document), `color()`, `lab()`, `lch()`, `calc()`, relative colors, and
  /// comments.
  ///
  /// - Parameter text: The color text.
  /// - Throws: ``RazzleError`` of kind `.invalidValue` whose message quotes
  ///   the text and says what is wrong at which byte offset; for a
  ///   misspelled color name or function, the closest known one
  ///   (`"tomatoe"` → did you mean `"tomato"`?). A number whose magnitude
  ///   overflows a double, and a color whose conversion overflows, are
  ///   errors too.
  /// - Complexity: O(*n*) in the length of the text.
  public init(css text: String) throws(RazzleError) {
    var parser = CSSColorParser(text: text)
    self = try parser.color()
  }
}

/// The color functions of CSS Color 4 that razzle reads.
enum CSSColorFunction: String, CaseIterable {
  case rgb, rgba, hsl, hsla, hwb, oklab, oklch

  /// The names of the three components, for messages.
  var componentNames: [String] {
    switch self {
    case .rgb, .rgba: return ["red", "green", "blue"]
    case .hsl, .hsla: return ["hue", "saturation", "lightness"]
    case .hwb: return ["hue", "whiteness", "blackness"]
    case .oklab: return ["lightness", "a", "b"]
    case .oklch: return ["lightness", "chroma", "hue"]
    }
  }

  /// Whether the legacy comma syntax is allowed.
  var hasLegacySyntax: Bool {
    switch self {
    case .rgb, .rgba, .hsl, .hsla: return true
    case .hwb, .oklab, .oklch: return false
    }
  }
}

/// Reads one color from CSS text.
struct CSSColorParser {
  /// One component between the parentheses.
  struct Component {
    enum Value {
      case number(Double)
      case percentage(Double)
      case dimension(Double, unit: String)
      case none
    }

    var value: Value
    /// The component's text, for messages.
    var text: String
    /// The offset of its first byte.
    var offset: Int
  }

  let text: String
  let bytes: [UInt8]
  var index = 0

  init(text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  var atEnd: Bool { index == bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[index] }

  /// An error at `offset` (the current position by default), with an
  /// optional did-you-mean `hint`.
  func error(_ what: String, at offset: Int? = nil, hint: String = "") -> RazzleError {
    RazzleError(
      .invalidValue, "invalid color \"\(text)\": \(what) at offset \(offset ?? index)\(hint)")
  }

  // MARK: - Tokens

  static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
  }
  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
  static func isLetter(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b >= 0x80
  }
  static func isNameByte(_ b: UInt8) -> Bool {
    isLetter(b) || isDigit(b) || b == UInt8(ascii: "-")
  }

  mutating func skipSpace() {
    while let b = peek, CSSColorParser.isSpace(b) { index += 1 }
  }

  mutating func consume(_ c: Unicode.Scalar) -> Bool {
    guard peek == UInt8(ascii: c) else { return false }
    index += 1
    return true
  }

  /// Whether an identifier starts at `offset`: a letter, or `-` followed by
  /// a letter or `-`.
  func identifierStarts(at offset: Int) -> Bool {
    guard offset < bytes.count else { return false }
    let b = bytes[offset]
    if CSSColorParser.isLetter(b) { return true }
    guard b == UInt8(ascii: "-"), offset + 1 < bytes.count else { return false }
    return CSSColorParser.isLetter(bytes[offset + 1]) || bytes[offset + 1] == UInt8(ascii: "-")
  }

  /// An identifier, as written, or nil if none starts here.
  mutating func identifier() -> String? {
    guard identifierStarts(at: index) else { return nil }
    let start = index
    while let b = peek, CSSColorParser.isNameByte(b) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// `s` with ASCII letters lowercased, as CSS compares keywords.
  static func lowercased(_ s: String) -> String {
    String(
      decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  /// A CSS `<number>`: an optional sign, digits with an optional fraction
  /// (or a fraction alone, `.5`) and an optional exponent; nil if none
  /// starts here.
  mutating func number() throws(RazzleError) -> Double? {
    let start = index
    if let b = peek, b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    while let b = peek, CSSColorParser.isDigit(b) {
      index += 1
      digits += 1
    }
    if peek == UInt8(ascii: "."), index + 1 < bytes.count,
      CSSColorParser.isDigit(bytes[index + 1])
    {
      index += 1
      while let b = peek, CSSColorParser.isDigit(b) {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      index = start
      return nil
    }
    if let e = peek, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      var next = index + 1
      if next < bytes.count, bytes[next] == UInt8(ascii: "+") || bytes[next] == UInt8(ascii: "-") {
        next += 1
      }
      if next < bytes.count, CSSColorParser.isDigit(bytes[next]) {
        index = next
        while let b = peek, CSSColorParser.isDigit(b) { index += 1 }
      }
    }
    let literal = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(literal), value.isFinite else {
      throw error("number '\(literal)' is out of range", at: start)
    }
    return value + 0  // no negative zero
  }

  /// One component: a number, a percentage, a number with a unit, or
  /// `none`.
  mutating func component(_ name: String) throws(RazzleError) -> Component {
    let start = index
    func made(_ value: Component.Value) -> Component {
      Component(
        value: value, text: String(decoding: bytes[start..<index], as: UTF8.self), offset: start)
    }
    if let word = identifier() {
      guard CSSColorParser.lowercased(word) == "none" else {
        throw error("expected the \(name), got '\(word)'", at: start)
      }
      return made(.none)
    }
    guard let value = try number() else {
      throw error(atEnd ? "missing the \(name) and ')'" : "expected the \(name)", at: start)
    }
    if consume("%") { return made(.percentage(value)) }
    if let unit = identifier() {
      return made(.dimension(value, unit: CSSColorParser.lowercased(unit)))
    }
    return made(.number(value))
  }

  // MARK: - Colors

  /// The whole text as one color.
  mutating func color() throws(RazzleError) -> RGBA {
    skipSpace()
    let start = index
    let color: RGBA
    if atEnd {
      throw error(text.isEmpty ? "empty text" : "expected a color, found only white space")
    } else if consume("#") {
      color = try hexColor(start: start)
    } else if let name = identifier() {
      if peek == UInt8(ascii: "(") {
        color = try function(name, start: start)
      } else {
        let end = index
        skipSpace()
        if peek == UInt8(ascii: "("),
          CSSColorFunction(rawValue: CSSColorParser.lowercased(name)) != nil
        {
          throw error("no space may stand between \(name) and '('", at: end)
        }
        index = end
        color = try namedColor(name, start: start)
      }
    } else {
      throw error("expected a color: a hex color, a color name or a color function")
    }
    skipSpace()
    guard atEnd else { throw error("unexpected text after the color") }
    return color
  }

  /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, after the `#`.
  mutating func hexColor(start: Int) throws(RazzleError) -> RGBA {
    var digits: [UInt32] = []
    while let b = peek, CSSColorParser.isNameByte(b) {
      guard let digit = CSSColorParser.hexValue(b) else {
        throw error("'\(String(decoding: [b], as: UTF8.self))' is not a hexadecimal digit")
      }
      digits.append(digit)
      index += 1
    }
    let byte: (Int) -> Double
    switch digits.count {
    case 3, 4: byte = { Double(digits[$0] * 17) / 255 }
    case 6, 8: byte = { Double(digits[2 * $0] * 16 + digits[2 * $0 + 1]) / 255 }
    default:
      throw error("a hex color has 3, 4, 6 or 8 digits, not \(digits.count)", at: start)
    }
    return RGBA(r: byte(0), g: byte(1), b: byte(2), a: digits.count % 4 == 0 ? byte(3) : 1)
  }

  static func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case 0x30...0x39: return UInt32(b - 0x30)
    case 0x41...0x46: return UInt32(b - 0x41 + 10)
    case 0x61...0x66: return UInt32(b - 0x61 + 10)
    default: return nil
    }
  }

  /// A named color or `transparent`.
  mutating func namedColor(_ name: String, start: Int) throws(RazzleError) -> RGBA {
    let key = CSSColorParser.lowercased(name)
    if key == "transparent" { return RGBA(r: 0, g: 0, b: 0, a: 0) }
    if let color = CSSNamedColors.color(named: key) { return color }
    if key == "currentcolor" {
      throw error("currentcolor depends on a document's element and is not supported", at: start)
    }
    let names = CSSNamedColors.table.map(\.name) + ["transparent"]
    throw error(
      "unknown color name \"\(name)\"", at: start,
      hint: NameSuggestion.hint(for: key, among: names))
  }

  /// A color function, from its name to its `)`.
  mutating func function(_ name: String, start: Int) throws(RazzleError) -> RGBA {
    guard let function = CSSColorFunction(rawValue: CSSColorParser.lowercased(name)) else {
      let names = CSSColorFunction.allCases.map(\.rawValue)
      let hint = NameSuggestion.hint(for: CSSColorParser.lowercased(name), among: names)
      throw error(
        "unknown color function \"\(name)\"", at: start,
        hint: hint.isEmpty ? " (known: \(names.joined(separator: ", ")))" : hint)
    }
    _ = consume("(")
    let names = function.componentNames
    var components: [Component] = []
    var alpha: Component?
    var legacy = false
    skipSpace()
    components.append(try component(names[0]))
    skipSpace()
    if peek == UInt8(ascii: ",") {
      guard function.hasLegacySyntax else {
        throw error(
          "\(name)() separates its components with spaces, not commas")
      }
      legacy = true
      while components.count < 3 {
        guard consume(",") else {
          throw error(
            peek == UInt8(ascii: ")") || atEnd
              ? "missing the \(names[components.count])" : "expected ','")
        }
        skipSpace()
        components.append(try component(names[components.count]))
        skipSpace()
      }
      if consume(",") {
        skipSpace()
        alpha = try component("alpha")
        skipSpace()
      }
    } else {
      while components.count < 3 {
        guard let b = peek, b != UInt8(ascii: ")"), b != UInt8(ascii: "/") else {
          throw error("missing the \(names[components.count])")
        }
        guard b != UInt8(ascii: ",") else {
          throw error("expected a space: commas separate all components or none")
        }
        components.append(try component(names[components.count]))
        skipSpace()
      }
      if consume("/") {
        skipSpace()
        if atEnd || peek == UInt8(ascii: ")") { throw error("missing the alpha after '/'") }
        alpha = try component("alpha")
        skipSpace()
      }
    }
    guard consume(")") else {
      if atEnd { throw error("missing ')'") }
      if peek == UInt8(ascii: ",") || peek == UInt8(ascii: "/") {
        throw error("unexpected '\(String(decoding: [bytes[index]], as: UTF8.self))'")
      }
      throw error(
        "too many components: \(name)() takes \(names.joined(separator: ", ")) and "
          + (legacy ? "an alpha" : "'/ alpha'"))
    }
    let resolved = try resolve(function, components, alpha: alpha, legacy: legacy)
    guard resolved.r.isFinite, resolved.g.isFinite, resolved.b.isFinite else {
      throw error("the color's components overflow", at: start)
    }
    return resolved
  }

  // MARK: - Values

  /// The components' values converted to a color.
  func resolve(
    _ function: CSSColorFunction, _ c: [Component], alpha: Component?, legacy: Bool
  ) throws(RazzleError) -> RGBA {
    if legacy {
      for component in c + (alpha.map { [$0] } ?? []) {
        if case .none = component.value {
          throw error("'none' is not allowed in the comma syntax", at: component.offset)
        }
      }
    }
    let a = try alphaValue(alpha)
    switch function {
    case .rgb, .rgba:
      if legacy {
        let percentages = c.filter {
          if case .percentage = $0.value { return true }
          return false
        }
        if !percentages.isEmpty && percentages.count < 3 {
          let odd = c.first(where: {
            if case .percentage = $0.value { return false }
            return true
          })
          throw error(
            "the comma syntax takes three numbers or three percentages",
            at: (odd ?? c[0]).offset)
        }
      }
      var channels: [Double] = []
      for (component, name) in zip(c, function.componentNames) {
        switch component.value {
        case .number(let n): channels.append(Swift.min(Swift.max(n, 0), 255) / 255)
        case .percentage(let p): channels.append(Swift.min(Swift.max(p, 0), 100) / 100)
        case .none: channels.append(0)
        case .dimension: throw mismatch(component, name, "a number, a percentage or 'none'")
        }
      }
      return RGBA(r: channels[0], g: channels[1], b: channels[2], a: a)
    case .hsl, .hsla:
      let hue = try hueValue(c[0])
      let saturation = try percentValue(c[1], "saturation", legacy: legacy)
      let lightness = try percentValue(c[2], "lightness", legacy: legacy)
      return ColorSpace.hsl.color(
        fromCoordinates: SIMD3(hue, Swift.max(saturation, 0) / 100, lightness / 100), alpha: a)
    case .hwb:
      let hue = try hueValue(c[0])
      let white = try percentValue(c[1], "whiteness", legacy: false) / 100
      let black = try percentValue(c[2], "blackness", legacy: false) / 100
      if white + black >= 1 {
        let gray = white / (white + black)
        return RGBA(r: gray, g: gray, b: gray, a: a)
      }
      let pure = HSL(h: hue, s: 1, l: 0.5).rgba(alpha: a).rgb
      return RGBA(rgb: pure * (1 - white - black) + white, a: a)
    case .oklab:
      let l = try scaled(c[0], "lightness", percent: 1)
      let lab = SIMD3(
        Swift.min(Swift.max(l, 0), 1), try scaled(c[1], "a", percent: 0.4),
        try scaled(c[2], "b", percent: 0.4))
      return ColorSpace.oklab.color(fromCoordinates: lab, alpha: a)
    case .oklch:
      let l = try scaled(c[0], "lightness", percent: 1)
      let chroma = try scaled(c[1], "chroma", percent: 0.4)
      let lch = SIMD3(
        Swift.min(Swift.max(l, 0), 1), Swift.max(chroma, 0), try hueValue(c[2]))
      return ColorSpace.oklch.color(fromCoordinates: lch, alpha: a)
    }
  }

  /// An error for a component of the wrong type.
  func mismatch(_ component: Component, _ name: String, _ expected: String) -> RazzleError {
    error("the \(name) must be \(expected), got '\(component.text)'", at: component.offset)
  }

  /// The alpha, clamped to [0, 1]; 1 when absent, 0 for `none`.
  func alphaValue(_ component: Component?) throws(RazzleError) -> Double {
    guard let component else { return 1 }
    switch component.value {
    case .number(let n): return Swift.min(Swift.max(n, 0), 1)
    case .percentage(let p): return Swift.min(Swift.max(p / 100, 0), 1)
    case .none: return 0
    case .dimension: throw mismatch(component, "alpha", "a number or a percentage")
    }
  }

  /// The degrees a `<hue>` stands for: a number, or an angle in `deg`,
  /// `grad`, `rad` or `turn`; 0 for `none`.
  func hueValue(_ component: Component) throws(RazzleError) -> Double {
    let degrees: Double
    switch component.value {
    case .number(let value): degrees = value
    case .none: degrees = 0
    case .percentage: throw mismatch(component, "hue", "a number or an angle")
    case .dimension(let value, let unit):
      switch unit {
      case "deg": degrees = value
      case "grad": degrees = value / 400 * 360
      case "rad": degrees = value * (180 / Double.pi)
      case "turn": degrees = value * 360
      default:
        let units = ["deg", "grad", "rad", "turn"]
        let hint = NameSuggestion.hint(for: unit, among: units)
        throw error(
          "unknown angle unit '\(unit)' in '\(component.text)'", at: component.offset,
          hint: hint.isEmpty ? " (deg, grad, rad, turn)" : hint)
      }
    }
    guard degrees.isFinite else {
      throw error("the hue '\(component.text)' overflows", at: component.offset)
    }
    return degrees
  }

  /// A saturation, lightness, whiteness or blackness in percent: a
  /// percentage, or in the space syntax a number meaning the same; 0 for
  /// `none`.
  func percentValue(_ component: Component, _ name: String, legacy: Bool) throws(RazzleError)
    -> Double
  {
    switch component.value {
    case .percentage(let p): return p
    case .number(let n) where !legacy: return n
    case .none: return 0
    case .number: throw mismatch(component, name, "a percentage in the comma syntax")
    case .dimension: throw mismatch(component, name, "a number, a percentage or 'none'")
    }
  }

  /// A number as is, or a percentage of `percent`; 0 for `none`.
  func scaled(_ component: Component, _ name: String, percent: Double) throws(RazzleError)
    -> Double
  {
    switch component.value {
    case .number(let n): return n
    case .percentage(let p): return p / 100 * percent
    case .none: return 0
    case .dimension: throw mismatch(component, name, "a number, a percentage or 'none'")
    }
  }
}
