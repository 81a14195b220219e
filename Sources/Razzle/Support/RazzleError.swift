/// An error from the razzle core: what kind of mistake it was, and a message
/// that names the offending input.
///
/// Every throwing operation in the core leaves the object it was called on
/// unchanged when it throws.
public struct RazzleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of an error. The C layer maps each to a pinned status code.
  public enum Kind: Sendable, Hashable {
    /// A number is NaN or infinite, or outside the property's range.
    case invalidValue
    /// A value has the wrong number of channels for its track.
    case wrongSize
    /// An easing specification could not be parsed.
    case easing
    /// A track with no keyframes was sampled.
    case emptyTrack
    /// There is no keyframe or track with the given key.
    case notFound
    /// A track for the same (target, property) already exists.
    case duplicate
    /// A target or property name is empty or not valid UTF-8.
    case invalidName
    /// An index is past the end.
    case outOfRange
    /// An output buffer cannot hold the result.
    case bufferTooSmall
    /// A value kind that does not fit the property, or an operation (an
    /// interpolation or extrapolation mode) that does not fit the kind.
    case kindMismatch
  }

  /// The category of the error.
  public var kind: Kind
  /// A human-readable explanation naming the offending input.
  public var message: String

  /// Creates an error of `kind` with `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
