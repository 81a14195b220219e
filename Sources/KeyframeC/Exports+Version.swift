// Version and error reporting: kf_version_*, kf_status_string, kf_last_error.

/// The library version; must equal `KF_VERSION_*` in `include/keyframe.h`.
enum Version {
  static let number: Int32 = 100
  static let string: StaticString = "0.1.0"
}

@_cdecl("kf_version_number")
public func kf_version_number() -> Int32 {
  Version.number
}

@_cdecl("kf_version_string")
public func kf_version_string() -> UnsafePointer<CChar> {
  Version.string.cString
}

@_cdecl("kf_status_string")
public func kf_status_string(_ status: Int32) -> UnsafePointer<CChar> {
  guard let status = Status(rawValue: status) else { return StaticString("unknown status").cString }
  return status.text.cString
}

@_cdecl("kf_last_error")
public func kf_last_error() -> UnsafePointer<CChar> {
  LastError.current
}
