// Library-wide settings and reports: versions, status texts, the last error,
// the thread count, the kernels' CPU level, and the names of the C API's enums.
import CKeyframe
import Razzle

/// The library version; a test checks it against `KF_VERSION_*`.
enum Version {
  static let number = kf_status(
    KF_VERSION_MAJOR * 10000 + KF_VERSION_MINOR * 100 + KF_VERSION_PATCH)
  static let string: StaticString = "0.3.23"
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
public func kf_status_string(_ status: kf_status) -> UnsafePointer<CChar> {
  if status == KF_OK { return StaticString("success").cString }
  return (RazzleError.Kind(rawValue: status)?.text ?? "unknown status").cString
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

@_cdecl("kf_kernel_level")
public func kf_kernel_level() -> UnsafePointer<CChar> {
  StaticName.pointer(KernelLevel.active.rawValue)
}

@_cdecl("kf_set_kernel_level")
public func kf_set_kernel_level(_ name: UnsafePointer<CChar>?) -> kf_status {
  call("kf_set_kernel_level") { () throws(RazzleError) in
    try KernelLevel.select(
      try optionalString(name, "name").map { name throws(RazzleError) in
        try KernelLevel(named: name)
      })
  }
}

@_cdecl("kf_kernel_level_supported")
public func kf_kernel_level_supported(_ name: UnsafePointer<CChar>?) -> Int32 {
  guard let text = try? optionalString(name, "name"), let level = KernelLevel(rawValue: text) else {
    return 0
  }
  return level.isSupported ? 1 : 0
}

@_cdecl("kf_interpolation_name")
public func kf_interpolation_name(_ code: kf_interpolation) -> UnsafePointer<CChar>? {
  (try? Interpolation(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_extrapolation_name")
public func kf_extrapolation_name(_ code: kf_extrapolation) -> UnsafePointer<CChar>? {
  (try? Extrapolation(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_interpolation_from_name")
public func kf_interpolation_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_interpolation>?
) -> kf_status {
  call("kf_interpolation_from_name") { () throws(RazzleError) in
    let value = try Interpolation(named: try string(name, "name"))
    try required(out, "out_interpolation").pointee = value.code
  }
}

@_cdecl("kf_extrapolation_from_name")
public func kf_extrapolation_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_extrapolation>?
) -> kf_status {
  call("kf_extrapolation_from_name") { () throws(RazzleError) in
    let value = try Extrapolation(named: try string(name, "name"))
    try required(out, "out_extrapolation").pointee = value.code
  }
}

extension StaticString {
  /// The string as a C string; static strings are NUL-terminated.
  var cString: UnsafePointer<CChar> {
    UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
