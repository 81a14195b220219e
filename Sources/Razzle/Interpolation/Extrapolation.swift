/// What a track does before its first keyframe or after its last
/// (Blender's Cycles modifier modes). The default is `hold`.
public enum Extrapolation: String, Sendable, Hashable, CaseIterable {
  /// The end value.
  case hold
  /// Continue along the end slope: the curve's one-sided derivative at the
  /// end, or the outer Bézier handle's slope when the end keyframe has one.
  case linear
  /// Repeat the keyframes' span.
  case cycle
  /// Repeat, shifting each repeat by the last value minus the first.
  case cycleOffset = "cycle-offset"
  /// Repeat, running every other repeat backwards.
  case pingPong = "ping-pong"
}

extension Extrapolation: PinnedCode {
  public static var noun: String { "extrapolation" }
  public var name: String { rawValue }
  /// `KF_EXTRAPOLATION_*` order.
  public static let pinned: [Extrapolation] = [.hold, .linear, .cycle, .cycleOffset, .pingPong]
}
