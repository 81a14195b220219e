// kf_track_*: forwarders to `Track`.
import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("kf_track_release")
public func kf_track_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .track)
}

@_cdecl("kf_track_target")
public func kf_track_target(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
  var result: UnsafePointer<CChar>?
  _ = call("kf_track_target") { result = UnsafePointer(try trackReference(handle).target) }
  return result
}

@_cdecl("kf_track_property")
public func kf_track_property(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
  var result: UnsafePointer<CChar>?
  _ = call("kf_track_property") { result = UnsafePointer(try trackReference(handle).property) }
  return result
}

@_cdecl("kf_track_set_keyframe")
public func kf_track_set_keyframe(
  _ handle: OpaquePointer?, _ time: Double, _ value: UnsafePointer<Double>?, _ count: Int,
  _ easing: UnsafePointer<CChar>?
) -> Int32 {
  call("kf_track_set_keyframe") {
    let track = try track(handle)
    let value = try buffer(value, count, "value")
    let easing = try easing.map { try Easing(parsing: try string($0, "easing")) } ?? .linear
    try track.setKeyframe(time: time, value: value, easing: easing)
  }
}

@_cdecl("kf_track_remove_keyframe")
public func kf_track_remove_keyframe(_ handle: OpaquePointer?, _ time: Double) -> Int32 {
  call("kf_track_remove_keyframe") { try track(handle).removeKeyframe(at: time) }
}

@_cdecl("kf_track_keyframe_count")
public func kf_track_keyframe_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> Int32
{
  call("kf_track_keyframe_count") {
    let track = try track(handle)
    try required(out, "out_count").pointee = track.keyframeCount
  }
}

@_cdecl("kf_track_channels")
public func kf_track_channels(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> Int32
{
  call("kf_track_channels") {
    let track = try track(handle)
    try required(out, "out_channels").pointee = track.channels
  }
}

@_cdecl("kf_track_get_keyframe")
public func kf_track_get_keyframe(
  _ handle: OpaquePointer?, _ index: Int, _ outTime: UnsafeMutablePointer<Double>?,
  _ outValue: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> Int32 {
  call("kf_track_get_keyframe") {
    let track = try track(handle)
    let outTime = try required(outTime, "out_time")
    let outValue = try mutableBuffer(outValue, capacity, "out_value")
    guard capacity >= track.channels else {
      throw CallError(
        .bufferTooSmall, "out_capacity is \(capacity), the track has \(track.channels) channels")
    }
    let keyframe = try track.keyframe(at: index)
    outTime.pointee = keyframe.time
    for (c, v) in keyframe.value.enumerated() { outValue[c] = v }
  }
}

@_cdecl("kf_track_get_easing")
public func kf_track_get_easing(
  _ handle: OpaquePointer?, _ index: Int, _ outText: UnsafeMutablePointer<CChar>?,
  _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  call("kf_track_get_easing") {
    let track = try track(handle)
    if capacity != 0 { _ = try required(outText, "out_text") }
    let text = try track.keyframe(at: index).easing.description
    let length = text.utf8.count
    outLength?.pointee = length
    guard capacity > length, let outText else {
      throw CallError(
        .bufferTooSmall, "capacity is \(capacity) bytes, the easing needs \(length + 1)")
    }
    text.withCString { _ = strcpy(outText, $0) }
  }
}

@_cdecl("kf_track_sample")
public func kf_track_sample(
  _ handle: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> Int32 {
  call("kf_track_sample") {
    let track = try track(handle)
    let out = try mutableBuffer(out, capacity, "out_value")
    try withUnsafePointer(to: time) {
      try track.sample(times: UnsafeBufferPointer(start: $0, count: 1), into: out)
    }
  }
}

@_cdecl("kf_track_sample_many")
public func kf_track_sample_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> Int32 {
  call("kf_track_sample_many") {
    let track = try track(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    try track.sample(times: times, into: out)
  }
}
