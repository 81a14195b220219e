/// Which way each iteration of a timing plays (Web Animations' playback
/// direction, the `direction` property). The default is `normal`.
///
/// https://drafts.csswg.org/web-animations-1/#direction-control
public enum PlaybackDirection: String, Sendable, Hashable, CaseIterable {
  /// Every iteration forwards.
  case normal
  /// Every iteration backwards.
  case reverse
  /// Even iterations (0, 2, …) forwards, odd ones backwards.
  case alternate
  /// Even iterations backwards, odd ones forwards.
  case alternateReverse = "alternate-reverse"
}

extension PlaybackDirection: PinnedCode {
  public static var noun: String { "playback direction" }
  public var name: String { rawValue }
  /// `KF_DIRECTION_*` order.
  public static let pinned: [PlaybackDirection] = [
    .normal, .reverse, .alternate, .alternateReverse,
  ]
}
