// kf_path_*, kf_rotate_*: SVG paths, motion along them, stroke trimming.
import CKeyframe
import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path as the C API hands it out (paths are immutable values).
final class PathReference {
  let path: Path
  init(_ path: Path) { self.path = path }
}

/// The path behind a handle.
func path(_ handle: OpaquePointer?) throws(RazzleError) -> Path {
  let handle = try required(handle, "path")
  guard let object = HandleTable.shared.object(handle, tag: .path) else {
    throw RazzleError(.invalidHandle, "path handle is released or not a path")
  }
  return unsafeDowncast(object, to: PathReference.self).path
}

/// `count` points (two doubles each) at `pointer`, or nil for NULL.
private func points(_ pointer: UnsafePointer<Double>?, _ count: Int, _ name: StaticString)
  throws(RazzleError) -> [PathPoint]?
{
  guard let pointer else { return nil }
  let (doubles, overflow) = count.multipliedReportingOverflow(by: 2)
  guard !overflow, count >= 0 else {
    throw RazzleError(.wrongSize, "count \(UInt(bitPattern: count)) is too large")
  }
  let values = try buffer(pointer, doubles, name)
  return (0..<count).map { PathPoint(values[2 * $0], values[2 * $0 + 1]) }
}

/// Room for `capacity` items of `width` doubles at `pointer`.
private func items(
  _ pointer: UnsafeMutablePointer<Double>?, _ capacity: Int, _ width: Int, _ name: StaticString
) throws(RazzleError) -> UnsafeMutableBufferPointer<Double> {
  let (doubles, overflow) = capacity.multipliedReportingOverflow(by: width)
  guard !overflow, capacity >= 0 else {
    throw RazzleError(.bufferTooSmall, "capacity \(UInt(bitPattern: capacity)) is too large")
  }
  return try mutableBuffer(pointer, doubles, name)
}

@_cdecl("kf_rotate_name")
public func kf_rotate_name(_ code: kf_rotate) -> UnsafePointer<CChar>? {
  (try? PathRotation.Mode(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_rotate_from_name")
public func kf_rotate_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_rotate>?
) -> kf_status {
  call("kf_rotate_from_name") { () throws(RazzleError) in
    let value = try PathRotation.Mode(named: try string(name, "name"))
    try required(out, "out_rotate").pointee = value.code
  }
}

@_cdecl("kf_path_parse")
public func kf_path_parse(
  _ data: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
  _ outOffset: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_path_parse") { () throws(RazzleError) in
    let pointer = try required(data, "data")
    let out = try required(out, "out_path")
    guard let text = String(validatingCString: pointer) else {
      // Where the text stops being UTF-8, as for any other error.
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)
      )
      let offset = invalidUTF8Offset(bytes) ?? 0
      outOffset?.pointee = offset
      throw RazzleError(.invalidName, "data is not valid UTF-8 (byte offset \(offset))")
    }
    switch Path.parse(text) {
    case .success(let parsed): out.pointee = try issue(PathReference(parsed), .path)
    case .failure(let syntax):
      outOffset?.pointee = syntax.offset
      throw syntax.error
    }
  }
}

@_cdecl("kf_path_from_points")
public func kf_path_from_points(
  _ pointsIn: UnsafePointer<Double>?, _ inTangents: UnsafePointer<Double>?,
  _ outTangents: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_path_from_points") { () throws(RazzleError) in
    let list = try points(try required(pointsIn, "points"), count, "points") ?? []
    let spatial = try SpatialPath(
      points: list, inTangents: try points(inTangents, count, "in_tangents"),
      outTangents: try points(outTangents, count, "out_tangents"))
    let out = try required(out, "out_path")
    out.pointee = try issue(PathReference(spatial.path), .path)
  }
}

@_cdecl("kf_path_release")
public func kf_path_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .path)
}

@_cdecl("kf_path_length")
public func kf_path_length(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?)
  -> kf_status
{
  call("kf_path_length") { () throws(RazzleError) in
    let p = try path(handle)
    try required(out, "out_length").pointee = p.length
  }
}

@_cdecl("kf_path_is_closed")
public func kf_path_is_closed(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?)
  -> kf_status
{
  call("kf_path_is_closed") { () throws(RazzleError) in
    let p = try path(handle)
    try required(out, "out_closed").pointee = p.isClosed ? 1 : 0
  }
}

@_cdecl("kf_path_bounds")
public func kf_path_bounds(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?)
  -> kf_status
{
  call("kf_path_bounds") { () throws(RazzleError) in
    let b = try path(handle).bounds
    let out = try required(out, "out_rect")
    (out[0], out[1], out[2], out[3]) = (b.x, b.y, b.width, b.height)
  }
}

@_cdecl("kf_path_point_many")
public func kf_path_point_many(
  _ handle: OpaquePointer?, _ fractions: UnsafePointer<Double>?, _ count: Int,
  _ rotate: kf_rotate, _ angle: Double, _ outXY: UnsafeMutablePointer<Double>?,
  _ outAngles: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_path_point_many") { () throws(RazzleError) in
    let p = try path(handle)
    let fractions = try buffer(fractions, count, "fractions")
    let rotation = try PathRotation(try PathRotation.Mode(code: rotate), offset: angle)
    guard outXY != nil || outAngles != nil else {
      throw RazzleError(.null, "out_xy and out_angles are both NULL")
    }
    let xy = try outXY.map { (o) throws(RazzleError) in try items(o, capacity, 2, "out_xy") }
    let angles = try outAngles.map { (o) throws(RazzleError) in
      try items(o, capacity, 1, "out_angles")
    }
    try p.points(at: fractions, rotation: rotation, xy: xy, angles: angles)
  }
}

@_cdecl("kf_path_data")
public func kf_path_data(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_path_data") { () throws(RazzleError) in
    let p = try path(handle)
    try copyText(p.description, out, capacity, outLength)
  }
}

@_cdecl("kf_path_trim")
public func kf_path_trim(
  _ handle: OpaquePointer?, _ start: Double, _ end: Double, _ out: UnsafeMutablePointer<CChar>?,
  _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_path_trim") { () throws(RazzleError) in
    let p = try path(handle)
    try copyText(try p.trimmed(from: start, to: end).description, out, capacity, outLength)
  }
}

@_cdecl("kf_path_trim_points")
public func kf_path_trim_points(
  _ handle: OpaquePointer?, _ start: Double, _ end: Double, _ count: Int,
  _ outXY: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_path_trim_points") { () throws(RazzleError) in
    let p = try path(handle)
    guard count >= 0 else {
      throw RazzleError(.wrongSize, "count \(UInt(bitPattern: count)) is too large")
    }
    let xy = try items(outXY, capacity, 2, "out_xy")
    try p.trimPoints(from: start, to: end, count: count, into: xy)
  }
}
