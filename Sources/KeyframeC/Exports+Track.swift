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
    try track.setKeyframe(time: time, value: value, style: KeyframeStyle(easing: easing))
  }
}

@_cdecl("kf_track_set_keyframe_styled")
public func kf_track_set_keyframe_styled(
  _ handle: OpaquePointer?, _ time: Double, _ value: UnsafePointer<Double>?, _ count: Int,
  _ easing: UnsafePointer<CChar>?, _ interpolation: UnsafePointer<CChar>?,
  _ parameters: UnsafePointer<Double>?, _ left: UnsafePointer<Double>?,
  _ right: UnsafePointer<Double>?, _ handleCount: Int
) -> Int32 {
  call("kf_track_set_keyframe_styled") {
    let track = try track(handle)
    let value = try buffer(value, count, "value")
    var style = KeyframeStyle()
    if let easing { style.easing = try Easing(parsing: try string(easing, "easing")) }
    if let interpolation {
      let name = try string(interpolation, "interpolation")
      if !name.isEmpty {
        guard let mode = Interpolation(rawValue: name) else {
          throw CallError(
            .invalidValue,
            "unknown interpolation \"\(name)\" (\(Interpolation.allCases.map(\.rawValue).joined(separator: ", ")))"
          )
        }
        style.interpolation = mode
      }
    }
    if let parameters {
      style.tension = parameters[0]
      style.continuity = parameters[1]
      style.bias = parameters[2]
    }
    if left != nil || right != nil {
      guard handleCount == 1 + track.channels else {
        throw CallError(
          .wrongSize, "handle_count is \(handleCount); a handle is 1 + \(track.channels) doubles")
      }
    }
    style.leftHandle = left.map {
      BezierHandle(
        time: $0[0], value: Array(UnsafeBufferPointer(start: $0 + 1, count: handleCount - 1)))
    }
    style.rightHandle = right.map {
      BezierHandle(
        time: $0[0], value: Array(UnsafeBufferPointer(start: $0 + 1, count: handleCount - 1)))
    }
    try track.setKeyframe(time: time, value: value, style: style)
  }
}

@_cdecl("kf_track_get_interpolation")
public func kf_track_get_interpolation(
  _ handle: OpaquePointer?, _ index: Int, _ outText: UnsafeMutablePointer<CChar>?,
  _ capacity: Int, _ outParameters: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_track_get_interpolation") {
    let track = try track(handle)
    let style = try track.keyframe(at: index).style
    try copyText(style.interpolation.rawValue, outText, capacity, nil)
    outParameters?[0] = style.tension
    outParameters?[1] = style.continuity
    outParameters?[2] = style.bias
  }
}

@_cdecl("kf_track_get_handle")
public func kf_track_get_handle(
  _ handle: OpaquePointer?, _ index: Int, _ side: Int32, _ out: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> Int32 {
  call("kf_track_get_handle") {
    let track = try track(handle)
    guard side == 0 || side == 1 else {
      throw CallError(.invalidValue, "side is \(side); 0 is the left handle, 1 the right")
    }
    let out = try mutableBuffer(out, capacity, "out_handle")
    guard capacity >= 1 + track.channels else {
      throw CallError(
        .bufferTooSmall, "capacity is \(capacity), a handle needs \(1 + track.channels)")
    }
    let style = try track.keyframe(at: index).style
    guard let found = side == 0 ? style.leftHandle : style.rightHandle else {
      throw CallError(.notFound, "keyframe \(index) has no \(side == 0 ? "left" : "right") handle")
    }
    out[0] = found.time
    for (c, v) in found.value.enumerated() { out[1 + c] = v }
  }
}

@_cdecl("kf_track_set_extrapolation")
public func kf_track_set_extrapolation(
  _ handle: OpaquePointer?, _ before: UnsafePointer<CChar>?, _ after: UnsafePointer<CChar>?
) -> Int32 {
  call("kf_track_set_extrapolation") {
    let track = try track(handle)
    func mode(_ text: UnsafePointer<CChar>?, _ name: StaticString) throws -> Extrapolation? {
      guard let text else { return nil }
      let word = try string(text, name)
      guard let mode = Extrapolation(rawValue: word) else {
        throw CallError(
          .invalidValue,
          "unknown extrapolation \"\(word)\" (\(Extrapolation.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
      }
      return mode
    }
    let newBefore = try mode(before, "before")
    let newAfter = try mode(after, "after")
    try track.setExtrapolation(before: newBefore, after: newAfter)
  }
}

@_cdecl("kf_track_get_extrapolation")
public func kf_track_get_extrapolation(
  _ handle: OpaquePointer?, _ side: Int32, _ outText: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int32 {
  call("kf_track_get_extrapolation") {
    let track = try track(handle)
    guard side == 0 || side == 1 else {
      throw CallError(.invalidValue, "side is \(side); 0 is before, 1 after")
    }
    let modes = track.extrapolation
    try copyText((side == 0 ? modes.before : modes.after).rawValue, outText, capacity, nil)
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
    try copyText(track.keyframe(at: index).easing.description, outText, capacity, outLength)
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

@_cdecl("kf_track_velocity")
public func kf_track_velocity(
  _ handle: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> Int32 {
  call("kf_track_velocity") {
    let track = try track(handle)
    let out = try mutableBuffer(out, capacity, "out_value")
    try withUnsafePointer(to: time) {
      try track.velocity(times: UnsafeBufferPointer(start: $0, count: 1), into: out)
    }
  }
}

@_cdecl("kf_track_velocity_many")
public func kf_track_velocity_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> Int32 {
  call("kf_track_velocity_many") {
    let track = try track(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    try track.velocity(times: times, into: out)
  }
}

@_cdecl("kf_track_kind")
public func kf_track_kind(
  _ handle: OpaquePointer?, _ outText: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int32 {
  call("kf_track_kind") {
    try copyText(try track(handle).kind.name, outText, capacity, nil)
  }
}

@_cdecl("kf_track_color_space")
public func kf_track_color_space(
  _ handle: OpaquePointer?, _ outText: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outPremultiplied: UnsafeMutablePointer<Int32>?
) -> Int32 {
  call("kf_track_color_space") {
    let track = try track(handle)
    guard let color = track.kind.model(as: ColorKind.self) else {
      throw CallError(.kindMismatch, "\(track.property) is a \(track.kind.name) track, not a color")
    }
    try copyText(color.space.rawValue, outText, capacity, nil)
    outPremultiplied?.pointee = color.premultiplied ? 1 : 0
  }
}

@_cdecl("kf_track_hide_at")
public func kf_track_hide_at(_ handle: OpaquePointer?, _ time: Double) -> Int32 {
  call("kf_track_hide_at") { try track(handle).hide(at: time) }
}

@_cdecl("kf_track_show_at")
public func kf_track_show_at(_ handle: OpaquePointer?, _ time: Double) -> Int32 {
  call("kf_track_show_at") { try track(handle).show(at: time) }
}
