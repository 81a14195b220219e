import Razzle

/// The C API's status codes, as `KF_STATUS_MAP` in `include/keyframe.h`
/// pins them. A test checks that the two lists agree.
enum Status: Int32, CaseIterable {
  case ok = 0
  case null = -1
  case invalidHandle = -2
  case invalidValue = -3
  case wrongSize = -4
  case bufferTooSmall = -5
  case easing = -6
  case emptyTrack = -7
  case notFound = -8
  case duplicate = -9
  case invalidName = -10
  case outOfRange = -11
  case kindMismatch = -12

  /// The status for a core error.
  init(_ kind: RazzleError.Kind) {
    switch kind {
    case .invalidValue: self = .invalidValue
    case .wrongSize: self = .wrongSize
    case .easing: self = .easing
    case .emptyTrack: self = .emptyTrack
    case .notFound: self = .notFound
    case .duplicate: self = .duplicate
    case .invalidName: self = .invalidName
    case .outOfRange: self = .outOfRange
    case .bufferTooSmall: self = .bufferTooSmall
    case .kindMismatch: self = .kindMismatch
    }
  }

  /// The description `kf_status_string` returns, with static storage.
  var text: StaticString {
    switch self {
    case .ok: return "success"
    case .null: return "a required pointer argument is NULL"
    case .invalidHandle: return "the handle is released, was never issued, or has the wrong type"
    case .invalidValue: return "a number is NaN or infinite, or outside the property's range"
    case .wrongSize: return "a value has the wrong number of channels for the track"
    case .bufferTooSmall: return "an output buffer is too small for the result"
    case .easing: return "the easing specification could not be parsed"
    case .emptyTrack: return "the track has no keyframes"
    case .notFound: return "no keyframe or track matches the key"
    case .duplicate: return "a track for this target and property exists already"
    case .invalidName: return "a name is empty or not valid UTF-8"
    case .outOfRange: return "an index is past the end"
    case .kindMismatch: return "the value kind does not fit the property or the operation"
    }
  }
}

extension StaticString {
  /// The string as a C string; static strings are NUL-terminated.
  var cString: UnsafePointer<CChar> {
    UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
