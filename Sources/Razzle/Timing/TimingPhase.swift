/// Where a local time falls relative to a timing's active interval (Web
/// Animations' animation effect phases).
///
/// https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
public enum TimingPhase: String, Sendable, Hashable, CaseIterable {
  /// Before the active interval: local time < max(min(delay, end time), 0),
  /// or equal to it when time runs backwards.
  case before
  /// In the active interval.
  case active
  /// After the active interval: local time > max(min(delay + active
  /// duration, end time), 0), or equal to it when time runs forwards.
  case after
  /// No phase: the local time is unresolved (NaN).
  case idle
}

extension TimingPhase: PinnedCode {
  public static var noun: String { "phase" }
  public var name: String { rawValue }
  /// `KF_PHASE_*` order.
  public static let pinned: [TimingPhase] = [.before, .active, .after, .idle]
}
