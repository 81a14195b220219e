/// Something that happened to a player, reported by the next
/// ``Player/advance(by:)`` or ``Player/tick(_:)`` in the order it happened.
public struct PlayerEvent: Sendable, Hashable, CustomStringConvertible {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The player began running.
    case started
    /// The node's current iteration changed to ``PlayerEvent/iteration``.
    case iteration
    /// The player was paused (or paused on completion).
    case paused
    /// The playback direction was reversed.
    case reversed
    /// The current time reached the end (0 running backwards), or the
    /// player was finished or stopped.
    case finished
    /// The player was cancelled: idle, no effect.
    case cancelled
  }

  public let kind: Kind
  /// The clock time it happened at.
  public let clockTime: Double
  /// The new current iteration, for `iteration` events.
  public let iteration: Double?

  public init(_ kind: Kind, at clockTime: Double, iteration: Double? = nil) {
    self.kind = kind
    self.clockTime = clockTime
    self.iteration = iteration
  }

  public var description: String {
    "\(kind.rawValue)@\(clockTime)\(iteration.map { " #\($0)" } ?? "")"
  }
}

extension PlayerEvent.Kind: PinnedCode {
  public static var noun: String { "player event" }
  public var name: String { rawValue }
  /// `KF_EVENT_*` order.
  public static let pinned: [PlayerEvent.Kind] = [
    .started, .iteration, .paused, .reversed, .finished, .cancelled,
  ]
}
