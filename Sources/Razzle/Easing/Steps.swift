// CSS Easing Functions Level 1, step easing functions: `steps(n, position)`,
// `step-start` and `step-end`.
//
// https://drafts.csswg.org/css-easing-1/#step-easing-functions

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A step easing: CSS `steps(count, position)`.
///
/// The output jumps between `count` (or `count ± 1`) flat levels. Evaluation
/// follows the spec's "step easing function" algorithm exactly:
///
/// 1. `step = floor(p × count)`;
/// 2. add 1 for `jumpStart` and `jumpBoth`;
/// 3. if the *before flag* is set and `p × count` is an integer, subtract 1;
/// 4. if `p ≥ 0` and `step < 0`, `step = 0`;
/// 5. `jumps` is `count` for `jumpStart`/`jumpEnd`, `count − 1` for
///    `jumpNone`, `count + 1` for `jumpBoth`;
/// 6. if `p ≤ 1` and `step > jumps`, `step = jumps`;
/// 7. the output is `step / jumps`.
///
/// The before flag belongs to timing (``Timing``): Web Animations sets it
/// when an effect fills backwards before its active interval while playing
/// forwards, or fills forwards after it while playing backwards, so that a
/// `jump-start` step does not show its first jump before the animation
/// starts. Keyframe segments have no before flag (``value(_:)`` leaves it
/// unset), so `value(1) == 1` for every position, and `value(0)` is
/// `1 / count` for `jumpStart`, `1 / (count + 1)` for `jumpBoth` and 0
/// otherwise. Outside [0, 1] nothing is clamped, as in the spec: `steps(2)`
/// gives 1.5 at p = 1.5.
public struct Steps: Sendable, Hashable {
  /// Where the jumps happen (CSS `<step-position>`).
  public enum Position: Sendable, Hashable, CaseIterable {
    /// The first jump happens at p = 0 (CSS `jump-start`, also `start`).
    case jumpStart
    /// The last jump happens at p = 1 (CSS `jump-end`, also `end`; the
    /// default).
    case jumpEnd
    /// No jump at either end; needs at least 2 steps (CSS `jump-none`).
    case jumpNone
    /// Jumps at both p = 0 and p = 1 (CSS `jump-both`).
    case jumpBoth

    /// CSS `start`, a synonym of ``jumpStart``.
    public static var start: Position { .jumpStart }
    /// CSS `end`, a synonym of ``jumpEnd``.
    public static var end: Position { .jumpEnd }
  }

  /// The number of steps (CSS `<integer>`), at least 1 (2 for `jumpNone`).
  public let count: Int
  /// Where the jumps happen.
  public let position: Position

  /// The divisor of the spec's algorithm: the number of jumps.
  @usableFromInline
  let jumps: Double

  /// Creates `steps(count, position)`.
  ///
  /// - Parameters:
  ///   - count: The number of steps: at least 1, or at least 2 for
  ///     ``Position/jumpNone``.
  ///   - position: Where the jumps happen; CSS's default is `jump-end`.
  /// - Throws: ``RazzleError`` of kind `.easing` if `count` is too small.
  public init(_ count: Int, _ position: Position = .jumpEnd) throws(RazzleError) {
    if count < 1 {
      throw RazzleError(.easing, "steps() needs at least 1 step, got \(count)")
    }
    if position == .jumpNone && count < 2 {
      throw RazzleError(.easing, "steps() with jump-none needs at least 2 steps, got \(count)")
    }
    self.count = count
    self.position = position
    switch position {
    case .jumpStart, .jumpEnd: jumps = Double(count)
    case .jumpNone: jumps = Double(count - 1)
    case .jumpBoth: jumps = Double(count) + 1
    }
  }

  /// CSS `step-start`: `steps(1, jump-start)`, 1 everywhere on [0, 1].
  public static let stepStart = Steps(validated: 1, .jumpStart)
  /// CSS `step-end`: `steps(1, jump-end)`, 0 on [0, 1) and 1 at 1.
  public static let stepEnd = Steps(validated: 1, .jumpEnd)

  /// Creates steps whose parameters are known to be valid.
  private init(validated count: Int, _ position: Position) {
    self.count = count
    self.position = position
    jumps = Double(count)
  }

  /// The eased progress at `p`, with the before flag unset (a keyframe
  /// segment's steps).
  ///
  /// - Parameter p: Progress through the segment, normally in [0, 1].
  /// - Returns: The spec's output progress (see the type's description);
  ///   NaN for a NaN `p`.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func value(_ p: Double) -> Double {
    value(p, beforeFlag: false)
  }

  /// The eased progress at `p` with CSS Easing's before flag.
  ///
  /// - Parameters:
  ///   - p: Input progress, normally in [0, 1].
  ///   - beforeFlag: Set when the timing is in its before phase going
  ///     forwards, or in its after phase going backwards (see ``Timing``):
  ///     at a jump (`p × count` an integer) the level before the jump is
  ///     taken. `steps(2, jump-start)` gives 0 at p = 0 with the flag, 0.5
  ///     without.
  /// - Returns: The spec's output progress; NaN for a NaN `p`.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func value(_ p: Double, beforeFlag: Bool) -> Double {
    // Selects rather than branches on the data (a batch of unordered times
    // would mispredict them); the position and the flag are the same for a
    // whole batch.
    let scaled = p * Double(count)
    var step = floor(scaled)
    if position == .jumpStart || position == .jumpBoth { step += 1 }
    if beforeFlag && scaled.truncatingRemainder(dividingBy: 1) == 0 { step -= 1 }
    step = p >= 0 && step < 0 ? 0 : step
    step = p <= 1 && step > jumps ? jumps : step
    return step / jumps
  }

  /// The derivative of ``value(_:)`` with respect to `p`.
  ///
  /// - Parameter p: Progress through the segment.
  /// - Returns: 0: the steps are flat, and at a jump this is the right-hand
  ///   derivative, which is also 0. NaN for a NaN `p`.
  /// - Complexity: O(1).
  @inlinable
  public func derivative(_ p: Double) -> Double {
    p.isNaN ? p : 0
  }
}
