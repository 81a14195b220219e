// AnimationKit's staggered presets: six modifiers from a "from" to a "to"
// value with the SwiftUI spring `.bouncy(duration: 0.4)`, 0.05 s apart,
// at most 20 items apart.
//
// https://github.com/nuplay/animationkit

/// AnimationKit's presets (`default`, `grid`, `list`): a template of six
/// scalar tracks — `opacity`, `offsetX`, `offsetY`, `rotation` (degrees),
/// `scale`, `blur` — each from the preset's *from* to its *to* value.
public enum StaggerPreset: String, Sendable, Hashable, CaseIterable {
  case `default`, grid, list

  /// The six properties, in column order (AnimationKit applies them inner
  /// to outer as opacity, blur, offset, scale, rotation).
  public static let properties = ["opacity", "offsetX", "offsetY", "rotation", "scale", "blur"]

  /// Each property's (from, to), in ``properties`` order.
  public var values: [(from: Double, to: Double)] {
    switch self {
    case .default: return [(0, 1), (0, 0), (50, 0), (0, 0), (1, 1), (0, 0)]
    case .grid: return [(0, 1), (0, 0), (100, 0), (0, 0), (1.3, 1), (8, 0)]
    case .list: return [(0, 1), (50, 0), (0, 0), (0, 0), (1.1, 1), (0, 0)]
    }
  }

  /// AnimationKit's animation: `.bouncy(duration: 0.4)`.
  public static let defaultSpring: Spring = {
    // Valid by construction: a positive duration and SwiftUI's bounce.
    guard let spring = try? Spring.bouncy(duration: 0.4) else {
      preconditionFailure("bouncy(duration: 0.4) is a valid spring")
    }
    return spring
  }()

  /// The preset's template clip: one track per property, keyed at 0 (from)
  /// and at the spring's settling duration (to) with the spring as easing,
  /// so the value at t seconds after the item starts is
  /// `from + (to − from)·x(t)`; fill `both`.
  ///
  /// - Parameter spring: The animation (default: ``defaultSpring``).
  /// - Returns: A clip without a parent.
  /// - Throws: ``RazzleError`` `.invalidValue` for a spring that never
  ///   settles.
  public func template(spring: Spring? = nil) throws(RazzleError) -> Node {
    let spring = spring ?? Self.defaultSpring
    let settle = spring.settlingDuration
    guard settle.isFinite && settle > 0 else {
      throw RazzleError(.invalidValue, "a stagger preset's spring must settle")
    }
    let animator = Animator()
    for (property, v) in zip(Self.properties, values) {
      let track = try animator.addTrack(target: "", property: property)
      try track.setKeyframe(time: 0, value: [v.from], easing: .spring(spring))
      try track.setKeyframe(time: settle, value: [v.to])
    }
    return try Node.clip(animator, timing: Timing(fill: .both))
  }

  /// The preset as a stagger over `targets`: AnimationKit's `each` 0.05 and
  /// `maxAnimationCount` 20 unless given.
  ///
  /// - Returns: The stagger.
  /// - Throws: ``RazzleError`` as ``Node/stagger(_:targets:distribution:timing:)``.
  public func stagger(
    targets: [String], each: Double = 0.05, maxCount: Int? = 20, spring: Spring? = nil
  ) throws(RazzleError) -> Node {
    try Node.stagger(
      template(spring: spring), targets: targets,
      distribution: StaggerDistribution(.each(each), maxCount: maxCount))
  }
}

extension StaggerPreset: PinnedCode {
  public static var noun: String { "stagger preset" }
  public var name: String { rawValue }
  /// `KF_STAGGER_PRESET_*` order.
  public static let pinned: [StaggerPreset] = [.default, .grid, .list]
}
