import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error found at the C boundary, before the core is reached.
struct CallError: Error {
  var status: Status
  var message: String

  init(_ status: Status, _ message: String) {
    self.status = status
    self.message = message
  }
}

/// Runs one exported call: returns `KF_OK`, or records the error as this
/// thread's last error and returns its status. Nothing thrown escapes to C.
@inline(__always)
func call(_ function: StaticString, _ body: () throws -> Void) -> Int32 {
  do {
    try body()
    return Status.ok.rawValue
  } catch let error as RazzleError {
    LastError.set("\(function): \(error.message)")
    return Status(error.kind).rawValue
  } catch let error as CallError {
    LastError.set("\(function): \(error.message)")
    return error.status.rawValue
  } catch {
    LastError.set("\(function): \(error)")
    return Status.invalidValue.rawValue
  }
}

/// `pointer`, or a `KF_E_NULL` error naming the argument.
@inline(__always)
func required<T>(_ pointer: T?, _ name: StaticString) throws -> T {
  guard let pointer else { throw CallError(.null, "\(name) is NULL") }
  return pointer
}

/// The UTF-8 string at `pointer`.
func string(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws -> String {
  guard let text = String(validatingCString: try required(pointer, name)) else {
    throw CallError(.invalidName, "\(name) is not valid UTF-8")
  }
  return text
}

/// The animator behind a handle.
func animator(_ handle: OpaquePointer?) throws -> Animator {
  let handle = try required(handle, "animator")
  guard let object = HandleTable.shared.object(handle, tag: .animator) else {
    throw CallError(.invalidHandle, "animator handle is released or not an animator")
  }
  return unsafeDowncast(object, to: Animator.self)
}

/// A track as the C API hands it out: the track, and C copies of its names
/// that live as long as the handle.
final class TrackReference {
  let track: Track
  let target: UnsafeMutablePointer<CChar>?
  let property: UnsafeMutablePointer<CChar>?

  init(_ track: Track) {
    self.track = track
    self.target = strdup(track.target)
    self.property = strdup(track.property)
  }

  deinit {
    free(target)
    free(property)
  }
}

/// The track reference behind a handle.
func trackReference(_ handle: OpaquePointer?) throws -> TrackReference {
  let handle = try required(handle, "track")
  guard let object = HandleTable.shared.object(handle, tag: .track) else {
    throw CallError(.invalidHandle, "track handle is released or not a track")
  }
  return unsafeDowncast(object, to: TrackReference.self)
}

/// The track behind a handle.
@inline(__always)
func track(_ handle: OpaquePointer?) throws -> Track {
  try trackReference(handle).track
}

/// Hands out a new handle for `object`.
func issue(_ object: AnyObject, _ tag: HandleTable.Tag) throws -> OpaquePointer {
  guard let handle = HandleTable.shared.insert(object, tag: tag) else {
    throw CallError(.outOfRange, "too many live \(tag.name) handles")
  }
  return handle
}

/// `count` doubles at `pointer`; NULL is allowed only when `count` is 0.
/// A count above `Int.max` (a negative `size_t` reinterpreted) is rejected.
func buffer(_ pointer: UnsafePointer<Double>?, _ count: Int, _ name: StaticString) throws
  -> UnsafeBufferPointer<Double>
{
  guard count >= 0 else {
    throw CallError(.wrongSize, "\(name) count \(UInt(bitPattern: count)) is too large")
  }
  if count == 0 { return UnsafeBufferPointer(start: nil, count: 0) }
  return UnsafeBufferPointer(start: try required(pointer, name), count: count)
}

/// Room for `capacity` doubles at `pointer`; as ``buffer(_:_:_:)``.
func mutableBuffer(_ pointer: UnsafeMutablePointer<Double>?, _ capacity: Int, _ name: StaticString)
  throws -> UnsafeMutableBufferPointer<Double>
{
  guard capacity >= 0 else {
    throw CallError(.bufferTooSmall, "\(name) capacity \(UInt(bitPattern: capacity)) is too large")
  }
  if capacity == 0 { return UnsafeMutableBufferPointer(start: nil, count: 0) }
  return UnsafeMutableBufferPointer(start: try required(pointer, name), count: capacity)
}

/// Copies `text` and its NUL into `out` (`capacity` bytes); stores the length
/// without the NUL in `outLength` if given, also when the buffer is short.
func copyText(
  _ text: String, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) throws {
  if capacity != 0 { _ = try required(out, "out_text") }
  let length = text.utf8.count
  outLength?.pointee = length
  guard capacity > length, let out else {
    throw CallError(.bufferTooSmall, "capacity is \(capacity) bytes, the text needs \(length + 1)")
  }
  text.withCString { _ = strcpy(out, $0) }
}

/// The color space called `name`.
func colorSpace(named name: String) throws -> ColorSpace {
  guard let space = ColorSpace(rawValue: name) else {
    throw CallError(
      .invalidValue,
      "unknown color space \"\(name)\" (\(ColorSpace.allCases.map(\.rawValue).joined(separator: ", ")))"
    )
  }
  return space
}
