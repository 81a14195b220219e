// Library-wide settings and reports: versions, status texts, the last error,
// the thread count.
import Razzle

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

@_cdecl("kf_set_thread_count")
public func kf_set_thread_count(_ count: Int) {
  Parallel.setThreadCount(count < 0 ? 0 : count)
}

@_cdecl("kf_thread_count")
public func kf_thread_count() -> Int {
  Parallel.threadCount
}
