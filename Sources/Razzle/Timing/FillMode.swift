/// What a timing gives outside its active interval (Web Animations' fill
/// mode, the `fill` property). The default is `auto`.
///
/// https://drafts.csswg.org/web-animations-1/#fill-behavior
public enum FillMode: String, Sendable, Hashable, CaseIterable {
  /// No effect outside the active interval.
  case none
  /// After the active interval, the progress of its last moment.
  case forwards
  /// Before the active interval, the progress of its first moment.
  case backwards
  /// Both `backwards` and `forwards`.
  case both
  /// `none` for a single timing or a clip (Web Animations Level 1 resolves
  /// `auto` to `none` for a keyframe effect).
  case auto
}

extension FillMode: PinnedCode {
  public static var noun: String { "fill mode" }
  public var name: String { rawValue }
  /// `KF_FILL_*` order.
  public static let pinned: [FillMode] = [.none, .forwards, .backwards, .both, .auto]
}

extension FillMode {
  /// Core Animation's `fillMode` names (`kCAFillMode*`): `removed` is
  /// `none`, the others are spelled as here.
  public static let coreAnimationNames: [(name: String, mode: FillMode)] = [
    ("removed", .none), ("forwards", .forwards), ("backwards", .backwards), ("both", .both),
  ]

  /// The fill mode called `name`: a Web Animations name (``name``) or Core
  /// Animation's `removed` (`none`).
  ///
  /// - Parameter name: The name, case-sensitive.
  /// - Throws: ``RazzleError`` `.invalidName` for any other text, with the
  ///   closest name as a suggestion.
  public init(parsing name: String) throws(RazzleError) {
    if let alias = Self.coreAnimationNames.first(where: { $0.name == name }) {
      self = alias.mode
      return
    }
    do {
      self = try FillMode(named: name)
    } catch {
      let names = Self.allCases.map(\.name) + ["removed"]
      throw RazzleError(
        .invalidName,
        "unknown fill mode \"\(name)\"\(NameSuggestion.hint(for: name, among: names)) (\(names.joined(separator: ", ")))"
      )
    }
  }

  /// Whether the timing has an effect before its active interval (`auto`
  /// resolved as for a single timing: `none`).
  @inlinable var fillsBackwards: Bool { self == .backwards || self == .both }

  /// Whether the timing has an effect after its active interval.
  @inlinable var fillsForwards: Bool { self == .forwards || self == .both }
}
