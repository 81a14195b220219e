/// How a clip's values combine with what the clips before it in tree order
/// produced for the same (target, property) (Web Animations' composite
/// operation).
public enum Composite: String, Sendable, Hashable, CaseIterable {
  /// The clip's value replaces the value underneath: the later clip wins.
  case replace
  /// The clip's value is added, channel by channel, to the value underneath
  /// (to 0 when there is none). Only for kinds blended channel by channel
  /// (``ValueKind/isPerChannel``): adding colors or matrices channel by
  /// channel is not composing them.
  case add
}

extension Composite: PinnedCode {
  public static var noun: String { "composite" }
  public var name: String { rawValue }
  /// `KF_COMPOSITE_*` order.
  public static let pinned: [Composite] = [.replace, .add]
}
