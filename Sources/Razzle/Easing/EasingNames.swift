// Every name of the easing grammar, spelled once. The parser looks names up
// here, the printer (`Easing.description`) writes them from here, and the
// did-you-mean suggestions of the parser's errors draw on the same lists.

/// Names for the values of one type, read both ways: name → value for the
/// parser, value → name for the printer.
///
/// A value may have several names (CSS's `start` and `jump-start`); the
/// first entry for a value is its canonical name, the one that is printed.
struct NameTable<Value: Hashable & Sendable>: Sendable {
  /// The names in order, canonical names before their aliases.
  let entries: [(name: String, value: Value)]
  private let values: [String: Value]
  private let canonicalNames: [Value: String]

  /// Creates the table; a name listed twice keeps its first value.
  init(_ entries: [(name: String, value: Value)]) {
    self.entries = entries
    var values: [String: Value] = [:]
    var canonicalNames: [Value: String] = [:]
    for (name, value) in entries {
      if values[name] == nil { values[name] = value }
      if canonicalNames[value] == nil { canonicalNames[value] = name }
    }
    self.values = values
    self.canonicalNames = canonicalNames
  }

  /// The value spelled `name` (case-sensitive), if any.
  func value(named name: String) -> Value? { values[name] }

  /// The canonical name of `value`. Every table below names every value of
  /// its type (EasingNamesTests checks it), so the fallback is never used.
  func name(of value: Value) -> String { canonicalNames[value] ?? "\(value)" }

  /// Every name, in table order: the candidates for a suggestion.
  var names: [String] { entries.map(\.name) }
}

/// A Penner family without its parameters: what a name such as
/// `easeInOutBack` says, before the arguments fill in the overshoot.
enum PennerFamily: Hashable, Sendable, CaseIterable {
  case sine, quad, cubic, quart, quint, expo, circ, back, elastic, bounce
}

extension PennerCurve {
  /// The family of this curve.
  var family: PennerFamily {
    switch self {
    case .sine: return .sine
    case .quad: return .quad
    case .cubic: return .cubic
    case .quart: return .quart
    case .quint: return .quint
    case .expo: return .expo
    case .circ: return .circ
    case .back: return .back
    case .elastic: return .elastic
    case .bounce: return .bounce
    }
  }
}

/// SwiftUI's named springs: a spring of a given duration and this bounce.
enum SpringPreset: Hashable, Sendable, CaseIterable {
  case smooth, snappy, bouncy

  /// The bounce SwiftUI gives the preset (`Spring.smooth`, `.snappy`,
  /// `.bouncy`).
  var bounce: Double {
    switch self {
    case .smooth: return 0
    case .snappy: return 0.15
    case .bouncy: return 0.3
    }
  }
}

/// The parameter labels of the grammar (`spring(mass=2)`); the case name is
/// the label.
enum EasingParameter: String, Hashable, Sendable, CaseIterable {
  case x1, y1, x2, y2
  case count, position
  case overshoot, amplitude, period
  case mass, stiffness, damping, velocity, dampingRatio, response, duration, bounce
  case extraBounce
}

/// What the name at the start of a specification stands for.
enum EasingKeyword: Hashable, Sendable {
  /// `linear`, or `linear(…)` with stops.
  case linear
  /// `cubic-bezier(x1, y1, x2, y2)`.
  case cubicBezier
  /// `steps(count, position)`.
  case steps
  /// `spring(…)` in one of its three parametrizations.
  case spring
  /// A named cubic Bézier curve (`ease`, `easeInEaseOut`, …).
  case namedCurve(CubicBezier)
  /// A named step easing (`step-start`, `step-end`).
  case namedSteps(Steps)
  /// A named spring with an optional duration and extra bounce.
  case springPreset(SpringPreset)
  /// One of Penner's curves (`easeInOutBack`).
  case penner(PennerFamily, EasingMode)

  /// The labels this name's arguments may carry, in positional order.
  var parameters: [EasingParameter] {
    switch self {
    case .linear, .namedCurve, .namedSteps: return []
    case .cubicBezier: return [.x1, .y1, .x2, .y2]
    case .steps: return [.count, .position]
    case .spring:
      return [.mass, .stiffness, .damping, .velocity, .dampingRatio, .response, .duration, .bounce]
    case .springPreset: return [.duration, .extraBounce]
    case .penner(.back, _): return [.overshoot]
    case .penner(.elastic, _): return [.amplitude, .period]
    case .penner: return []
    }
  }
}

/// The easing grammar's names.
enum EasingNames {
  /// Penner's mode prefixes.
  static let modes = NameTable<EasingMode>([
    ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
  ])

  /// Penner's family suffixes.
  static let families = NameTable<PennerFamily>([
    ("Sine", .sine), ("Quad", .quad), ("Cubic", .cubic), ("Quart", .quart), ("Quint", .quint),
    ("Expo", .expo), ("Circ", .circ), ("Back", .back), ("Elastic", .elastic), ("Bounce", .bounce),
  ])

  /// CSS `<step-position>`: the four canonical names, then CSS's synonyms.
  static let stepPositions = NameTable<Steps.Position>([
    ("jump-start", .jumpStart), ("jump-end", .jumpEnd), ("jump-none", .jumpNone),
    ("jump-both", .jumpBoth), ("start", .jumpStart), ("end", .jumpEnd),
  ])

  /// SwiftUI's spring presets.
  static let springPresets = NameTable<SpringPreset>([
    ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
  ])

  /// Every name a specification may start with: the functions, the named
  /// curves (CSS's, then Core Animation's), the named steps, the spring
  /// presets and Penner's 30 curves (mode prefix + family).
  static let keywords = NameTable<EasingKeyword>(
    [
      ("linear", .linear), ("cubic-bezier", .cubicBezier), ("steps", .steps),
      ("spring", .spring),
      ("ease", .namedCurve(.ease)), ("ease-in", .namedCurve(.cssEaseIn)),
      ("ease-out", .namedCurve(.cssEaseOut)), ("ease-in-out", .namedCurve(.cssEaseInOut)),
      ("default", .namedCurve(.coreAnimationDefault)),
      ("easeIn", .namedCurve(.coreAnimationEaseIn)),
      ("easeOut", .namedCurve(.coreAnimationEaseOut)),
      ("easeInEaseOut", .namedCurve(.coreAnimationEaseInEaseOut)),
      ("step-start", .namedSteps(.stepStart)), ("step-end", .namedSteps(.stepEnd)),
    ]
      + springPresets.entries.map { (name: $0.name, value: EasingKeyword.springPreset($0.value)) }
      + modes.entries.flatMap { mode in
        families.entries.map { family in
          (name: mode.name + family.name, value: EasingKeyword.penner(family.value, mode.value))
        }
      })

  /// The name of a Penner curve without its arguments, `easeInOutBack`.
  static func name(_ family: PennerFamily, _ mode: EasingMode) -> String {
    keywords.name(of: .penner(family, mode))
  }
}
