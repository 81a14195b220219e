// UIKit's `UIView.animateKeyframes(withDuration:delay:options:animations:)`
// with `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`:
// blocks that set values over fractions of a whole, built into a clip.
//
// https://developer.apple.com/documentation/uikit/uiview/animatekeyframes(withduration:delay:options:animations:)

/// How relative keyframes travel between values: UIKit's
/// `UIView.KeyframeAnimationOptions.calculationMode*`, mapped onto razzle's
/// interpolation modes (Guides/Choreography.md has the table).
public enum KeyframeCalculationMode: String, Sendable, Hashable, CaseIterable {
  /// Straight segments over each block, holds between (`linear`).
  case linear
  /// The value jumps at each block's end (`hold`).
  case discrete
  /// Block times ignored: constant speed over the whole duration (`paced`).
  case paced
  /// A Catmull-Rom curve through the values at the block boundaries
  /// (`smooth`).
  case cubic
  /// The Catmull-Rom curve, retimed by the polyline's length.
  case cubicPaced
}

extension KeyframeCalculationMode: PinnedCode {
  public static var noun: String { "calculation mode" }
  public var name: String { rawValue }
  /// `KF_CALCULATION_*` order.
  public static let pinned: [KeyframeCalculationMode] = [
    .linear, .discrete, .paced, .cubic, .cubicPaced,
  ]
}

/// Relative keyframes: blocks that set properties over fractions of a whole
/// duration, as `UIView.animateKeyframes` places them, built into a clip
/// over an animator keyed in seconds (``makeClip()``).
///
/// ```swift
/// var plane = try RelativeKeyframes(duration: 1.5)
/// try plane.setStart(target: "plane", property: "alpha", value: [1])
/// try plane.addBlock(start: 0.25, duration: 0.25, values: [("plane", "alpha", [0])])
/// let clip = try plane.makeClip()
/// ```
public struct RelativeKeyframes: Sendable {
  /// One block: values set over `[start, start + duration]` of the whole.
  public struct Block: Sendable {
    public let start: Double
    public let duration: Double
    public let values: [(key: Animator.Key, value: [Double])]
  }

  /// The whole animation's duration in seconds.
  public let duration: Double
  /// The delay before it, in seconds.
  public let delay: Double
  public let mode: KeyframeCalculationMode
  /// Every animated property's value before the animation, in the order
  /// they were given, with its kind.
  public private(set) var starts: [(key: Animator.Key, kind: ValueKind, value: [Double])] = []
  public private(set) var blocks: [Block] = []

  /// Creates empty relative keyframes.
  ///
  /// - Parameters:
  ///   - duration: The whole duration, finite and > 0.
  ///   - delay: The delay before it, finite.
  ///   - mode: The calculation mode.
  /// - Throws: ``RazzleError`` `.invalidValue` for a duration or delay
  ///   out of range.
  public init(duration: Double, delay: Double = 0, mode: KeyframeCalculationMode = .linear)
    throws(RazzleError)
  {
    guard duration.isFinite && duration > 0 else {
      throw RazzleError(
        .invalidValue, "a keyframe animation's duration must be finite and > 0, got \(duration)")
    }
    guard delay.isFinite else {
      throw RazzleError(.invalidValue, "a keyframe animation's delay must be finite, got \(delay)")
    }
    self.duration = duration
    self.delay = delay
    self.mode = mode
  }

  /// Gives `property` of `target` its value before the animation (UIKit
  /// reads it from the view).
  ///
  /// - Parameters:
  ///   - target: The target's name.
  ///   - property: The property's name.
  ///   - value: Its value before the animation.
  ///   - kind: The track's kind; nil for the property's default kind.
  /// - Throws: ``RazzleError`` `.duplicate` for a pair given twice,
  ///   `.invalidName`, `.wrongSize` or `.invalidValue` as a track would
  ///   refuse the value.
  public mutating func setStart(
    target: String, property: String, value: [Double], kind: ValueKind? = nil
  ) throws(RazzleError) {
    let key = Animator.Key(target: target, property: property)
    guard !starts.contains(where: { $0.key == key }) else {
      throw RazzleError(.duplicate, "\(Self.name(key)) has a start value already")
    }
    // A scratch track checks the name, kind and value as a track would.
    let track = try Track(target: target, property: property, kind: kind)
    try track.setKeyframe(time: 0, value: value)
    starts.append((key, track.kind, value))
  }

  /// Adds a block: over `[start, start + duration]` of the whole, each
  /// property goes from its value before the block to the value given.
  ///
  /// - Parameters:
  ///   - start: The relative start time, in [0, 1].
  ///   - duration: The relative duration, > 0, with start + duration ≤ 1.
  ///   - values: The values the block sets.
  /// - Throws: ``RazzleError`` `.invalidValue` for fractions out of range
  ///   or a block overlapping another on one property; `.notFound` for a
  ///   property without a start value; `.wrongSize` or `.invalidValue` for
  ///   a value its track would refuse. Nothing is added then.
  public mutating func addBlock(
    start: Double, duration: Double, values: [(target: String, property: String, value: [Double])]
  ) throws(RazzleError) {
    guard start >= 0 && start <= 1 else {
      throw RazzleError(.invalidValue, "a block's relative start must lie in [0, 1], got \(start)")
    }
    guard duration > 0 && duration <= 1 else {
      throw RazzleError(
        .invalidValue,
        "a block's relative duration must lie in (0, 1] (a jump is a short block), got \(duration)")
    }
    guard start + duration <= 1 + 1e-12 else {
      throw RazzleError(
        .invalidValue, "a block must end by 1: start \(start) + duration \(duration) > 1")
    }
    var checked: [(key: Animator.Key, value: [Double])] = []
    for v in values {
      let key = Animator.Key(target: v.target, property: v.property)
      guard let s = starts.first(where: { $0.key == key }) else {
        throw RazzleError(
          .notFound,
          "\(Self.name(key)) has no start value (give every animated property one in start)")
      }
      let track = try Track(target: v.target, property: v.property, kind: s.kind)
      try track.setKeyframe(time: 0, value: v.value)
      let end = start + duration
      for other in blocks where other.values.contains(where: { $0.key == key }) {
        let otherEnd = other.start + other.duration
        if start < otherEnd && other.start < end {
          throw RazzleError(
            .invalidValue,
            "\(Self.name(key)): the block at [\(start), \(end)] overlaps the one at [\(other.start), \(otherEnd)]"
          )
        }
      }
      checked.append((key, v.value))
    }
    blocks.append(Block(start: start, duration: duration, values: checked))
  }

  /// The animator: one track per start value, keyed in seconds from 0 to
  /// the duration.
  ///
  /// - Throws: ``RazzleError`` as the tracks do (not for values these
  ///   keyframes checked).
  public func makeAnimator() throws(RazzleError) -> Animator {
    let animator = Animator()
    for start in starts {
      let track = try animator.addTrack(
        target: start.key.target, property: start.key.property, kind: start.kind)
      // The property's blocks in time order.
      let own = blocks.compactMap { b -> (Double, Double, [Double])? in
        guard let v = b.values.first(where: { $0.key == start.key }) else { return nil }
        return (b.start * duration, (b.start + b.duration) * duration, v.value)
      }.sorted { $0.0 < $1.0 }
      var times: [Double] = [0]
      var values: [[Double]] = [start.value]
      switch mode {
      case .linear, .discrete, .cubic:
        var lastTime = 0.0
        var lastValue = start.value
        for (begin, end, value) in own {
          if begin > lastTime {
            times.append(begin)
            values.append(lastValue)
          }
          times.append(end)
          values.append(value)
          (lastTime, lastValue) = (end, value)
        }
        let interpolation: Interpolation =
          mode == .discrete ? .hold : mode == .cubic ? .smooth : .linear
        for i in times.indices {
          try track.setKeyframe(
            time: times[i], value: values[i], style: KeyframeStyle(interpolation: interpolation))
        }
      case .paced, .cubicPaced:
        for (_, _, value) in own where value != values[values.count - 1] { values.append(value) }
        let n = values.count
        times = (0..<n).map { n == 1 ? 0 : duration * Double($0) / Double(n - 1) }
        let interpolation: Interpolation
        if mode == .cubicPaced && n > 2 {
          let flat = values.flatMap { $0 }
          var paced = times
          try times.withUnsafeBufferPointer { (t) throws(RazzleError) in
            try flat.withUnsafeBufferPointer { (v) throws(RazzleError) in
              try paced.withUnsafeMutableBufferPointer { (o) throws(RazzleError) in
                try Paced.retime(times: t, values: v, channels: start.kind.channels, into: o)
              }
            }
          }
          // Equal consecutive values were merged, so the retimed times
          // increase strictly unless a value is visited twice in a row.
          times = paced
          interpolation = .smooth
        } else {
          interpolation = mode == .cubicPaced ? .smooth : .paced
        }
        for i in times.indices where i == 0 || times[i] > times[i - 1] {
          try track.setKeyframe(
            time: times[i], value: values[i], style: KeyframeStyle(interpolation: interpolation))
        }
      }
    }
    return animator
  }

  /// The clip: ``makeAnimator()`` over the span [0, duration], with the
  /// delay, the duration and fill `both` (UIKit sets the model values at
  /// the start: the start values show before, the final ones after).
  public func makeClip() throws(RazzleError) -> Node {
    try Node.clip(
      makeAnimator(), span: (0, duration),
      timing: Timing(delay: delay, duration: .time(duration), fill: .both))
  }

  private static func name(_ key: Animator.Key) -> String {
    "\(key.target.isEmpty ? "" : key.target + ".")\(key.property)"
  }
}
