/// An error from the razzle core: what kind of mistake it was, and a message
/// that names the offending input.
///
/// Every throwing operation in the core leaves the object it was called on
/// unchanged when it throws.
public struct RazzleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of an error. Its raw value is the C API's pinned status
  /// code (`KF_STATUS_MAP` in `include/keyframe.h`; a test checks that the
  /// two lists agree), and ``description`` is the status's static text.
  public enum Kind: Int32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A required pointer is NULL (raised at the C boundary).
    case null = -1
    /// A handle is released, was never issued, or has the wrong type
    /// (raised at the C boundary).
    case invalidHandle = -2
    /// A number is NaN or infinite, or outside the property's range.
    case invalidValue = -3
    /// A value has the wrong number of channels for its track.
    case wrongSize = -4
    /// An output buffer cannot hold the result.
    case bufferTooSmall = -5
    /// An easing specification could not be parsed.
    case easing = -6
    /// A track with no keyframes was sampled.
    case emptyTrack = -7
    /// There is no keyframe or track with the given key.
    case notFound = -8
    /// A track for the same (target, property) already exists.
    case duplicate = -9
    /// A name is empty, unknown or not valid UTF-8.
    case invalidName = -10
    /// An index is past the end.
    case outOfRange = -11
    /// A value kind that does not fit the property, or an operation (an
    /// interpolation or extrapolation mode) that does not fit the kind.
    case kindMismatch = -12
    /// The object changed since the generation a call names.
    case stale = -13
    /// The operation does not apply in the object's current state (a
    /// player asked to finish an endless node).
    case invalidState = -14
    /// A text is not valid JSON, or not a valid file of its format (a
    /// scene file with an unknown field, a wrong type, a missing member).
    case format = -15

    /// The status's static description, as `kf_status_string` gives it.
    public var text: StaticString {
      switch self {
      case .null: return "a required pointer argument is NULL"
      case .invalidHandle: return "the handle is released, was never issued, or has the wrong type"
      case .invalidValue: return "a number is NaN or infinite, or outside the property's range"
      case .wrongSize: return "a value has the wrong number of channels for the track"
      case .bufferTooSmall: return "an output buffer is too small for the result"
      case .easing: return "the easing specification could not be parsed"
      case .emptyTrack: return "the track has no keyframes"
      case .notFound: return "no keyframe or track matches the key"
      case .duplicate: return "a track for this target and property exists already"
      case .invalidName: return "a name is empty, unknown or not valid UTF-8"
      case .outOfRange: return "an index is past the end"
      case .kindMismatch: return "the value kind does not fit the property or the operation"
      case .stale: return "the object changed since the generation the call names"
      case .invalidState: return "the operation does not apply in the object's current state"
      case .format: return "the text is not valid JSON or not a valid file of its format"
      }
    }

    public var description: String { text.description }
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
