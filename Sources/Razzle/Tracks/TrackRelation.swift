/// A track defined relative to one of its animator's variables: the track
/// samples as `value(t) · variable + constant`, in every channel.
///
/// This is RazzleDazzle's `ConstraintMultiplierAnimation` (`constant =
/// multiplier(t) · reference attribute + constant`, the keyframes holding the
/// multiplier) and the paging scale (`x = page · pageWidth`, the keyframes in
/// pages). The keyframes stay as they are when the variable changes; the
/// next sample uses the new value. Velocities scale by the variable (the
/// constant drops out).
public struct TrackRelation: Sendable, Hashable {
  /// The variable's name (see ``VariableName``).
  public var variable: String
  /// Added after the multiplication; finite.
  public var constant: Double

  /// Creates a relation.
  ///
  /// - Parameters:
  ///   - variable: The variable the keyframe values multiply.
  ///   - constant: What is added to the product.
  public init(variable: String, constant: Double = 0) {
    self.variable = variable
    self.constant = constant
  }

  /// Checks the name and the constant.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for a bad name,
  ///   `.invalidValue` for a constant that is not finite.
  func validate() throws(RazzleError) {
    try VariableName.validate(variable)
    guard constant.isFinite else {
      throw RazzleError(.invalidValue, "constant must be finite, got \(constant)")
    }
  }
}

/// A relation bound to a variable slot of its track's domain, as the
/// sampling loops read it.
@usableFromInline
struct BoundRelation: Sendable {
  @usableFromInline let slot: Int
  @usableFromInline let constant: Double
  let relation: TrackRelation

  init(_ relation: TrackRelation, slot: Int) {
    self.relation = relation
    self.slot = slot
    self.constant = relation.constant
  }

  /// Rewrites `count` values at `out`, `stride` apart, in place:
  /// v · factor + constant (or v · factor for a derivative).
  @inlinable
  func apply(
    factor: Double, derivative: Bool, to out: UnsafeMutablePointer<Double>, count: Int,
    channels: Int, stride: Int
  ) {
    var row = out
    if derivative {
      for _ in 0..<count {
        for c in 0..<channels { row[c] *= factor }
        row += stride
      }
      return
    }
    for _ in 0..<count {
      for c in 0..<channels { row[c] = row[c] * factor + constant }
      row += stride
    }
  }
}
