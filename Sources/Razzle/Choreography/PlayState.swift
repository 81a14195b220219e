/// A player's play state, as Web Animations defines it.
///
/// https://drafts.csswg.org/web-animations-1/#play-states
public enum PlayState: String, Sendable, Hashable, CaseIterable {
  /// No current time: the node has no effect.
  case idle
  /// The current time moves with the clock.
  case running
  /// The current time is held.
  case paused
  /// The current time has reached the end (or 0, running backwards), or
  /// the player was stopped.
  case finished
}

extension PlayState: PinnedCode {
  public static var noun: String { "play state" }
  public var name: String { rawValue }
  /// `KF_PLAY_STATE_*` order.
  public static let pinned: [PlayState] = [.idle, .running, .paused, .finished]
}
