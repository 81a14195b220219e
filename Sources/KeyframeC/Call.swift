// What every forwarder shares: running a call, checking pointers, decoding
// strings and handles, and writing text out.
import CKeyframe
import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs one exported call: returns `KF_OK`, or records the error as this
/// thread's last error and returns its status. Nothing thrown escapes to C.
@inline(__always)
func call(_ function: StaticString, _ body: () throws(RazzleError) -> Void) -> kf_status {
  do {
    try body()
    return kf_status(KF_OK)
  } catch {
    LastError.set("\(function): \(error.message)")
    return error.kind.rawValue
  }
}

/// `pointer`, or a `KF_E_NULL` error naming the argument.
@inline(__always)
func required<T>(_ pointer: T?, _ name: StaticString) throws(RazzleError) -> T {
  guard let pointer else { throw RazzleError(.null, "\(name) is NULL") }
  return pointer
}

/// The UTF-8 string at `pointer`.
func string(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(RazzleError) -> String {
  guard let text = String(validatingCString: try required(pointer, name)) else {
    throw RazzleError(.invalidName, "\(name) is not valid UTF-8")
  }
  return text
}

/// The offset of the first byte of `bytes` that does not begin (or
/// continue) a valid UTF-8 sequence, or nil when all of it is valid.
func invalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var offset = 0
  while true {
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded): offset += encoded.count
    case .emptyInput: return nil
    case .error: return offset
    }
  }
}

/// The UTF-8 string at `pointer`, or nil for NULL.
func optionalString(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(RazzleError)
  -> String?
{
  guard let pointer else { return nil }
  return try string(pointer, name)
}

/// The animator behind a handle.
func animator(_ handle: OpaquePointer?) throws(RazzleError) -> Animator {
  let handle = try required(handle, "animator")
  guard let object = HandleTable.shared.object(handle, tag: .animator) else {
    throw RazzleError(.invalidHandle, "animator handle is released or not an animator")
  }
  return unsafeDowncast(object, to: Animator.self)
}

/// A track as the C API hands it out: the track, and C copies of its names
/// that live as long as the handle.
final class TrackReference {
  let track: Track
  let target: UnsafeMutablePointer<CChar>?
  let property: UnsafeMutablePointer<CChar>?
  /// The variable a relative track multiplies by, or nil.
  let relativeTo: UnsafeMutablePointer<CChar>?

  init(_ track: Track) {
    self.track = track
    self.target = strdup(track.target)
    self.property = strdup(track.property)
    self.relativeTo = track.relation.map { strdup($0.variable) } ?? nil
  }

  deinit {
    free(target)
    free(property)
    free(relativeTo)
  }
}

/// The track reference behind a handle.
func trackReference(_ handle: OpaquePointer?) throws(RazzleError) -> TrackReference {
  let handle = try required(handle, "track")
  guard let object = HandleTable.shared.object(handle, tag: .track) else {
    throw RazzleError(.invalidHandle, "track handle is released or not a track")
  }
  return unsafeDowncast(object, to: TrackReference.self)
}

/// The track behind a handle.
@inline(__always)
func track(_ handle: OpaquePointer?) throws(RazzleError) -> Track {
  try trackReference(handle).track
}

/// Hands out a new handle for `object`.
func issue(_ object: AnyObject, _ tag: HandleTable.Tag) throws(RazzleError) -> OpaquePointer {
  guard let handle = HandleTable.shared.insert(object, tag: tag) else {
    throw RazzleError(.outOfRange, "too many live \(tag.name) handles")
  }
  return handle
}

/// Hands out a new track handle through `out`.
func issue(_ track: Track, _ out: UnsafeMutablePointer<OpaquePointer?>) throws(RazzleError) {
  out.pointee = try issue(TrackReference(track), .track)
}

/// `count` elements at `pointer`; NULL is allowed only when `count` is 0.
/// A count above `Int.max` (a negative `size_t` reinterpreted) is rejected.
func buffer<T>(_ pointer: UnsafePointer<T>?, _ count: Int, _ name: StaticString)
  throws(RazzleError) -> UnsafeBufferPointer<T>
{
  guard count >= 0 else {
    throw RazzleError(.wrongSize, "\(name) count \(UInt(bitPattern: count)) is too large")
  }
  if count == 0 { return UnsafeBufferPointer(start: nil, count: 0) }
  return UnsafeBufferPointer(start: try required(pointer, name), count: count)
}

/// Room for `capacity` elements at `pointer`; as ``buffer(_:_:_:)``.
func mutableBuffer<T>(_ pointer: UnsafeMutablePointer<T>?, _ capacity: Int, _ name: StaticString)
  throws(RazzleError) -> UnsafeMutableBufferPointer<T>
{
  guard capacity >= 0 else { throw hugeCapacity(name, capacity) }
  if capacity == 0 { return UnsafeMutableBufferPointer(start: nil, count: 0) }
  return UnsafeMutableBufferPointer(start: try required(pointer, name), count: capacity)
}

/// The error for a capacity of 2^63 or more (negative as an `Int`): no
/// buffer is that large, so nothing is written to it (the size outputs the
/// header promises with `KF_E_BUFFER_TOO_SMALL` still are).
func hugeCapacity(_ name: StaticString, _ capacity: Int) -> RazzleError {
  RazzleError(
    .bufferTooSmall,
    "\(name) capacity \(UInt(bitPattern: capacity)) is 2^63 or more, not the size of a buffer")
}

/// Copies `text` and its NUL into `out` (`capacity` bytes); stores the length
/// without the NUL in `outLength` if given, also when the buffer is short.
func copyText(
  _ text: String, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?, _ name: StaticString = "out_text"
) throws(RazzleError) {
  if capacity != 0 { _ = try required(out, name) }
  let length = text.utf8.count
  outLength?.pointee = length
  guard capacity >= 0 else { throw hugeCapacity(name, capacity) }
  guard capacity > length, let out else {
    throw RazzleError(
      .bufferTooSmall, "\(name) holds \(capacity) bytes, the text needs \(length + 1)")
  }
  text.withCString { _ = strcpy(out, $0) }
}

/// A time as a one-element buffer, for the batch entry points.
@inline(__always)
func withOne<R>(_ time: Double, _ body: (UnsafeBufferPointer<Double>) throws(RazzleError) -> R)
  throws(RazzleError) -> R
{
  try withUnsafePointer(to: time) { (t) throws(RazzleError) -> R in
    try body(UnsafeBufferPointer(start: t, count: 1))
  }
}
