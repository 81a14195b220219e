// The options structs of the C API, read into the core's types and written
// back. Their layout is the header's: `CKeyframe` imports it.
import CKeyframe
import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks an options struct's version field.
func checkVersion(
  _ version: UInt32, _ expected: Int32, _ name: StaticString, initializer: StaticString
) throws(RazzleError) {
  guard version == UInt32(expected) else {
    throw RazzleError(
      .invalidValue,
      "\(name).version is \(version); this library knows version \(expected) (initialize the struct with \(initializer))"
    )
  }
}

/// Checks a `kf_track_options` version: 1 (the fields up to `after`) or 2.
func checkTrackOptions(_ version: UInt32) throws(RazzleError) {
  if version == 1 { return }
  try checkVersion(
    version, KF_TRACK_OPTIONS_VERSION, "kf_track_options", initializer: "KF_TRACK_OPTIONS_INIT")
}

/// The bytes of a version 1 `kf_track_options`: the fields up to `after`
/// (its size, padding included, is where version 2's first field starts).
let trackOptionsVersion1Size =
  MemoryLayout<kf_track_options>.offset(of: \.relative_to) ?? MemoryLayout<kf_track_options>.size

/// The caller's `kf_track_options`, read as far as its version has fields
/// (the later ones take their defaults).
func readTrackOptions(_ pointer: UnsafePointer<kf_track_options>) throws(RazzleError)
  -> kf_track_options
{
  let version = UnsafeRawPointer(pointer).load(as: UInt32.self)
  try checkTrackOptions(version)
  if version != 1 { return pointer.pointee }
  var options = kf_track_options()
  withUnsafeMutableBytes(of: &options) {
    $0.copyMemory(
      from: UnsafeRawBufferPointer(start: pointer, count: trackOptionsVersion1Size))
  }
  return options
}

/// Writes `options` to the caller's struct, as far as its version has
/// fields.
func writeTrackOptions(
  _ options: kf_track_options, to pointer: UnsafeMutablePointer<kf_track_options>
) throws(RazzleError) {
  let version = UnsafeRawPointer(pointer).load(as: UInt32.self)
  try checkTrackOptions(version)
  var written = options
  written.version = version
  if version != 1 {
    pointer.pointee = written
    return
  }
  withUnsafeBytes(of: &written) {
    UnsafeMutableRawPointer(pointer).copyMemory(
      from: $0.baseAddress.unsafelyUnwrapped, byteCount: trackOptionsVersion1Size)
  }
}

/// Checks a `kf_keyframe_options` version.
func checkKeyframeOptions(_ version: UInt32) throws(RazzleError) {
  try checkVersion(
    version, KF_KEYFRAME_OPTIONS_VERSION, "kf_keyframe_options",
    initializer: "KF_KEYFRAME_OPTIONS_INIT")
}

/// The core's track options from a `kf_track_options` (NULL: the defaults).
func trackOptions(_ pointer: UnsafePointer<kf_track_options>?) throws(RazzleError) -> TrackOptions {
  guard let pointer else { return TrackOptions() }
  let c = try readTrackOptions(pointer)
  return TrackOptions(
    kind: try optionalString(c.kind, "kind"), channels: c.channels,
    colorSpace: try optionalString(c.color_space, "color_space"),
    premultiplied: c.premultiplied != 0, before: try Extrapolation(code: c.before),
    after: try Extrapolation(code: c.after),
    relativeTo: try optionalString(c.relative_to, "relative_to"), constant: c.constant)
}

/// The core's keyframe style from a `kf_keyframe_options` (NULL: plain).
func keyframeStyle(_ pointer: UnsafePointer<kf_keyframe_options>?) throws(RazzleError)
  -> KeyframeStyle
{
  guard let c = pointer?.pointee else { return .plain }
  try checkKeyframeOptions(c.version)
  if c.left_handle != nil || c.right_handle != nil {
    _ = try buffer(c.left_handle ?? c.right_handle, c.handle_count, "handle_count")
  }
  return try KeyframeStyle(
    easingSpec: try optionalString(c.easing, "easing"),
    interpolation: try Interpolation(code: c.interpolation), tension: c.tension,
    continuity: c.continuity, bias: c.bias,
    leftHandle: try c.left_handle.map { (p) throws(RazzleError) in
      try buffer(p, c.handle_count, "left_handle")
    },
    rightHandle: try c.right_handle.map { (p) throws(RazzleError) in
      try buffer(p, c.handle_count, "right_handle")
    })
}

/// Names the library hands out as static C strings (kinds, color spaces,
/// interpolations): each distinct name is copied once and kept for the
/// life of the process.
enum StaticName {
  private static let lock = ReadWriteLock()
  nonisolated(unsafe) private static var names: [String: UnsafePointer<CChar>] = [:]

  /// The static C string for `name`.
  static func pointer(_ name: String) -> UnsafePointer<CChar> {
    if let found = lock.withReadLock({ names[name] }) { return found }
    return lock.withWriteLock {
      if let found = names[name] { return found }
      let copy = UnsafePointer(strdup(name).unsafelyUnwrapped)
      names[name] = copy
      return copy
    }
  }
}
