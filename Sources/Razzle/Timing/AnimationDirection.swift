/// The direction time runs in when a timing is sampled (Web Animations'
/// *animation direction*): `backwards` when the player driving it has a
/// negative playback rate, else `forwards`.
///
/// It decides the phase at the two boundary instants: at the start of the
/// active interval a timing played backwards is already in its before phase,
/// and at its end a timing played forwards is already in its after phase.
/// Through the phase it also decides the `steps()` before flag. Everywhere
/// else the two directions give the same computed timing.
///
/// https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
public enum AnimationDirection: String, Sendable, Hashable, CaseIterable {
  /// Time runs forwards (a playback rate ≥ 0, or no player).
  case forwards
  /// Time runs backwards (a negative playback rate).
  case backwards
}

extension AnimationDirection: PinnedCode {
  public static var noun: String { "animation direction" }
  public var name: String { rawValue }
  /// `KF_ANIMATION_*` order.
  public static let pinned: [AnimationDirection] = [.forwards, .backwards]
}
