// CSS Easing Functions Level 2, the linear easing function `linear(…)`.
//
// https://drafts.csswg.org/css-easing-2/#the-linear-easing-function

/// A piecewise-linear easing: CSS `linear(…)` with its stops.
///
/// Built from a list of stops, each an output value and zero, one or two
/// input positions, and canonicalized into ``points`` exactly as the spec's
/// "create a linear easing function" does:
///
/// - A stop with two inputs becomes two points with the same output.
/// - Every given input is raised to the largest input before it, so inputs
///   never decrease (`linear(0, 0.9 60%, 0.5 40%, 1)` puts both middle points
///   at 0.6).
/// - A first stop without an input gets 0; a last stop without one gets the
///   larger of 1 and the largest input so far.
/// - Runs of stops without inputs are spread evenly between the points on
///   either side (`linear(0, 0.25, 1)` has points (0, 0), (0.5, 0.25),
///   (1, 1)).
///
/// Inputs are fractions, not percentages: CSS `75%` is passed as 0.75. They
/// may lie outside [0, 1].
///
/// Evaluation also follows the spec: point A is the last point whose input is
/// at most `p` (the first point if there is none, the second-to-last if it is
/// the last point), point B the one after it. If A and B share an input the
/// result is B's output, so at a duplicated input the right-hand (last)
/// point wins; otherwise the result interpolates linearly from A to B. Before
/// the first point and after the last, this extrapolates along the first two
/// and the last two points.
public struct PiecewiseLinearEasing: Sendable, Hashable {
  /// One canonical point of the curve.
  public struct Point: Sendable, Hashable {
    /// The input progress, as a fraction (1 is CSS `100%`).
    public var input: Double
    /// The output progress at ``input``.
    public var output: Double

    /// Creates a point with `input` and `output`.
    public init(input: Double, output: Double) {
      self.input = input
      self.output = output
    }
  }

  /// The canonical points: at least two, with non-decreasing inputs.
  public let points: [Point]

  /// Creates `linear(…)` from its stops, canonicalizing them as the spec does
  /// (see the type's description).
  ///
  /// - Parameter stops: The stops in order: an output value and 0, 1 or 2
  ///   inputs given as fractions (CSS `50%` is 0.5). For example
  ///   `linear(0, 0.5 25% 75%, 1)` is
  ///   `[(0, []), (0.5, [0.25, 0.75]), (1, [])]`.
  /// - Throws: ``RazzleError`` of kind `.easing` if there are fewer than two
  ///   stops, a stop has more than two inputs, or a number is NaN or infinite.
  /// - Complexity: O(*n*) for *n* stops.
  public init(_ stops: [(output: Double, inputs: [Double])]) throws(RazzleError) {
    if stops.count < 2 {
      throw RazzleError(.easing, "linear() needs at least 2 stops, got \(stops.count)")
    }
    var outputs: [Double] = []
    var inputs: [Double?] = []
    outputs.reserveCapacity(2 * stops.count)
    inputs.reserveCapacity(2 * stops.count)
    var largestInput = -Double.infinity
    for (index, stop) in stops.enumerated() {
      guard stop.output.isFinite else {
        throw RazzleError(
          .easing, "linear() stop \(index + 1) has a non-finite output \(stop.output)")
      }
      guard stop.inputs.count <= 2 else {
        throw RazzleError(
          .easing,
          "linear() stop \(index + 1) has \(stop.inputs.count) inputs; at most 2 are allowed")
      }
      for input in stop.inputs where !input.isFinite {
        throw RazzleError(.easing, "linear() stop \(index + 1) has a non-finite input \(input)")
      }
      if stop.inputs.isEmpty {
        outputs.append(stop.output)
        if index == 0 {
          inputs.append(0)
          largestInput = 0
        } else if index == stops.count - 1 {
          inputs.append(Swift.max(1, largestInput))
        } else {
          inputs.append(nil)
        }
      } else {
        for input in stop.inputs {
          largestInput = Swift.max(input, largestInput)
          outputs.append(stop.output)
          inputs.append(largestInput)
        }
      }
    }
    points = PiecewiseLinearEasing.fillingRuns(inputs: inputs, outputs: outputs)
  }

  /// Gives each missing input a value spaced evenly between the closest given
  /// inputs before and after it. The first and last inputs are given.
  private static func fillingRuns(inputs: [Double?], outputs: [Double]) -> [Point] {
    var points: [Point] = []
    points.reserveCapacity(inputs.count)
    var previous = 0  // the index of the last point with a given input
    for index in inputs.indices {
      guard let input = inputs[index] else { continue }
      if let start = points.last?.input {
        // points.count == previous + 1: fill the run previous+1 ..< index.
        let gap = Double(index - previous)
        for missing in (previous + 1)..<index {
          let fraction = Double(missing - previous) / gap
          points.append(Point(input: start + (input - start) * fraction, output: outputs[missing]))
        }
      }
      points.append(Point(input: input, output: outputs[index]))
      previous = index
    }
    return points
  }

  /// The index of point A for `p`: the last point with an input at most `p`,
  /// but at least 0 and at most `points.count − 2`.
  @inlinable
  func segmentIndex(_ p: Double) -> Int {
    points.withUnsafeBufferPointer {
      PiecewiseLinearEasing.segmentIndex($0.baseAddress.unsafelyUnwrapped, $0.count, p)
    }
  }

  /// ``segmentIndex(_:)`` over `count` points at `points`: a binary search
  /// whose halving steps are selects (no branch on the data), for the
  /// largest index with an input at most `p` (0 if there is none, or for
  /// NaN), then at most `count − 2`.
  @inlinable @inline(__always)
  static func segmentIndex(_ points: UnsafePointer<Point>, _ count: Int, _ p: Double) -> Int {
    var base = 0
    var length = count
    while length > 1 {
      let half = length >> 1
      base = points[base &+ half].input <= p ? base &+ half : base
      length &-= half
    }
    return Swift.min(base, count &- 2)
  }

  /// ``value(_:)`` over `count` points at `points` (the batch kernels hold
  /// the points' address for a whole batch): the same arithmetic.
  @inlinable @inline(__always)
  static func value(_ p: Double, points: UnsafePointer<Point>, count: Int) -> Double {
    let index = segmentIndex(points, count, p)
    let a = points[index]
    let b = points[index &+ 1]
    let v = a.output + (p - a.input) / (b.input - a.input) * (b.output - a.output)
    return p.isNaN ? p : (a.input == b.input ? b.output : v)
  }

  /// The eased progress at `p`.
  ///
  /// - Parameter p: Progress through the segment; values outside the points'
  ///   inputs extrapolate along the first or last two points.
  /// - Returns: The spec's output progress; at an input shared by several
  ///   points, the output of the last of them. NaN for a NaN `p`.
  /// - Complexity: O(log *n*) for *n* points.
  @inlinable
  public func value(_ p: Double) -> Double {
    points.withUnsafeBufferPointer {
      PiecewiseLinearEasing.value(p, points: $0.baseAddress.unsafelyUnwrapped, count: $0.count)
    }
  }

  /// The derivative of ``value(_:)`` with respect to `p`.
  ///
  /// - Parameter p: Progress through the segment.
  /// - Returns: The slope of the segment ``value(_:)`` uses at `p`, which is
  ///   the right-hand derivative at a point (the slope of the first or last
  ///   segment when extrapolating); 0 where the segment has zero width.
  ///   NaN for a NaN `p`.
  /// - Complexity: O(log *n*) for *n* points.
  @inlinable
  public func derivative(_ p: Double) -> Double {
    if p.isNaN { return p }
    let index = segmentIndex(p)
    let a = points[index]
    let b = points[index + 1]
    if a.input == b.input { return 0 }
    return (b.output - a.output) / (b.input - a.input)
  }
}
