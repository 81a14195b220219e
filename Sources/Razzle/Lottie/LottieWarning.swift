/// Something in a Lottie document that razzle does not import: the
/// feature's name, where it is, and what the import did instead.
public struct LottieWarning: Sendable, Hashable, CustomStringConvertible {
  /// The JSON Pointer of the unsupported member (`/layers/2/ef`).
  public let pointer: String
  /// A short name of the feature (`effects`, `expression`, `3D layer`).
  public let feature: String
  /// What happened to it (`not imported`, `keyframes imported, expression ignored`).
  public let message: String

  /// Creates a warning.
  public init(pointer: String, feature: String, message: String) {
    self.pointer = pointer
    self.feature = feature
    self.message = message
  }

  /// `"/layers/2/ef: effects: not imported"`.
  public var description: String {
    "\(pointer.isEmpty ? "(root)" : pointer): \(feature): \(message)"
  }
}
