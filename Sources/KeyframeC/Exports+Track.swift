// kf_track_*: forwarders to `Track`.
import CKeyframe
import Razzle

@_cdecl("kf_track_release")
public func kf_track_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .track)
}

@_cdecl("kf_track_target")
public func kf_track_target(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
  var result: UnsafePointer<CChar>?
  _ = call("kf_track_target") { () throws(RazzleError) in
    result = UnsafePointer(try trackReference(handle).target)
  }
  return result
}

@_cdecl("kf_track_property")
public func kf_track_property(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
  var result: UnsafePointer<CChar>?
  _ = call("kf_track_property") { () throws(RazzleError) in
    result = UnsafePointer(try trackReference(handle).property)
  }
  return result
}

@_cdecl("kf_track_get_options")
public func kf_track_get_options(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kf_track_options>?
) -> kf_status {
  call("kf_track_get_options") { () throws(RazzleError) in
    let reference = try trackReference(handle)
    let out = try required(out, "out_options")
    let options = TrackOptions(of: reference.track)
    try writeTrackOptions(
      kf_track_options(
        version: UInt32(KF_TRACK_OPTIONS_VERSION), kind: options.kind.map(StaticName.pointer),
        channels: options.channels, color_space: options.colorSpace.map(StaticName.pointer),
        premultiplied: options.premultiplied ? 1 : 0, before: options.before.code,
        after: options.after.code, relative_to: UnsafePointer(reference.relativeTo),
        constant: options.constant), to: out)
  }
}

@_cdecl("kf_track_set_extrapolation")
public func kf_track_set_extrapolation(
  _ handle: OpaquePointer?, _ before: kf_extrapolation, _ after: kf_extrapolation
) -> kf_status {
  call("kf_track_set_extrapolation") { () throws(RazzleError) in
    let track = try track(handle)
    let unchanged = kf_extrapolation(KF_EXTRAPOLATION_UNCHANGED)
    try track.setExtrapolation(
      before: before == unchanged ? nil : try Extrapolation(code: before),
      after: after == unchanged ? nil : try Extrapolation(code: after))
  }
}

@_cdecl("kf_keyframe_options_init")
public func kf_keyframe_options_init(_ out: UnsafeMutablePointer<kf_keyframe_options>?)
  -> kf_status
{
  call("kf_keyframe_options_init") { () throws(RazzleError) in
    try required(out, "options").pointee = kf_keyframe_options(
      version: UInt32(KF_KEYFRAME_OPTIONS_VERSION), easing: nil,
      interpolation: kf_interpolation(KF_INTERPOLATION_LINEAR), tension: 0, continuity: 0, bias: 0,
      left_handle: nil, right_handle: nil, handle_count: 0)
  }
}

@_cdecl("kf_track_set_keyframe")
public func kf_track_set_keyframe(
  _ handle: OpaquePointer?, _ time: Double, _ value: UnsafePointer<Double>?, _ count: Int,
  _ options: UnsafePointer<kf_keyframe_options>?
) -> kf_status {
  call("kf_track_set_keyframe") { () throws(RazzleError) in
    let track = try track(handle)
    let value = try buffer(value, count, "value")
    try track.setKeyframe(time: time, value: value, style: try keyframeStyle(options))
  }
}

@_cdecl("kf_track_set_keyframes")
public func kf_track_set_keyframes(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ values: UnsafePointer<Double>?, _ valueCount: Int,
  _ options: UnsafePointer<kf_keyframe_options>?, _ optionsCount: Int
) -> kf_status {
  call("kf_track_set_keyframes") { () throws(RazzleError) in
    let track = try track(handle)
    let times = try buffer(times, count, "times")
    let values = try buffer(values, valueCount, "values")
    let options = try buffer(options, optionsCount, "options")
    var styles: [KeyframeStyle] = []
    styles.reserveCapacity(options.count)
    for option in options {
      styles.append(
        try withUnsafePointer(to: option) { (p) throws(RazzleError) in try keyframeStyle(p) })
    }
    try track.setKeyframes(times: times, values: values, styles: styles)
  }
}

@_cdecl("kf_track_remove_keyframe")
public func kf_track_remove_keyframe(_ handle: OpaquePointer?, _ time: Double) -> kf_status {
  call("kf_track_remove_keyframe") { () throws(RazzleError) in
    try track(handle).removeKeyframe(at: time)
  }
}

@_cdecl("kf_track_keyframe_count")
public func kf_track_keyframe_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_track_keyframe_count") { () throws(RazzleError) in
    let track = try track(handle)
    try required(out, "out_count").pointee = track.keyframeCount
  }
}

@_cdecl("kf_track_find_keyframe")
public func kf_track_find_keyframe(
  _ handle: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_track_find_keyframe") { () throws(RazzleError) in
    let track = try track(handle)
    let out = try required(out, "out_index")
    guard let index = track.index(ofKeyframeAt: time) else {
      throw RazzleError(.notFound, "\(track.property): no keyframe at time \(time)")
    }
    out.pointee = index
  }
}

@_cdecl("kf_track_generation")
public func kf_track_generation(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?)
  -> kf_status
{
  call("kf_track_generation") { () throws(RazzleError) in
    let track = try track(handle)
    try required(out, "out_generation").pointee = track.generation
  }
}

@_cdecl("kf_track_get_keyframes")
public func kf_track_get_keyframes(
  _ handle: OpaquePointer?, _ outTimes: UnsafeMutablePointer<Double>?,
  _ outValues: UnsafeMutablePointer<Double>?, _ outStyles: UnsafeMutablePointer<UInt32>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call("kf_track_get_keyframes") { () throws(RazzleError) in
    let track = try track(handle)
    let channels = track.channels
    if capacity != 0 {
      _ = try required(outTimes, "out_times")
      _ = try required(outValues, "out_values")
    }
    try track.withKeyframes { (times, values, styles, generation) throws(RazzleError) in
      // The sizes first: a capacity of 2^63 or more is refused after them.
      outCount?.pointee = times.count
      outGeneration?.pointee = generation
      let outTimes = try mutableBuffer(outTimes, capacity, "out_times")
      let (valueCapacity, overflow) = capacity.multipliedReportingOverflow(by: channels)
      guard !overflow else { throw hugeCapacity("capacity", capacity) }
      let outValues = try mutableBuffer(outValues, valueCapacity, "out_values")
      guard capacity >= times.count else {
        throw RazzleError(
          .bufferTooSmall, "capacity is \(capacity), the track has \(times.count) keyframes")
      }
      guard !times.isEmpty else { return }
      _ = outTimes.initialize(from: times)
      _ = outValues.initialize(from: values)
      _ = try mutableBuffer(outStyles, outStyles == nil ? 0 : capacity, "out_styles").initialize(
        from: styles)
    }
  }
}

@_cdecl("kf_track_get_style")
public func kf_track_get_style(
  _ handle: OpaquePointer?, _ number: UInt32, _ generation: UInt64,
  _ outOptions: UnsafeMutablePointer<kf_keyframe_options>?,
  _ outEasing: UnsafeMutablePointer<CChar>?,
  _ easingCapacity: Int, _ outEasingLength: UnsafeMutablePointer<Int>?,
  _ outLeft: UnsafeMutablePointer<Double>?, _ outRight: UnsafeMutablePointer<Double>?,
  _ handleCapacity: Int, _ outHasHandles: UnsafeMutablePointer<Int32>?
) -> kf_status {
  call("kf_track_get_style") { () throws(RazzleError) in
    let track = try track(handle)
    let outOptions = try required(outOptions, "out_options")
    try checkKeyframeOptions(outOptions.pointee.version)
    let left = try mutableBuffer(outLeft, handleCapacity, "out_left_handle")
    let right = try mutableBuffer(outRight, handleCapacity, "out_right_handle")
    if easingCapacity != 0 { _ = try required(outEasing, "out_easing") }
    let style = try track.style(number: number, generation: generation)
    let easing = style.easing.description
    // The text's length is reported whatever else is too small.
    outEasingLength?.pointee = easing.utf8.count
    let needsHandles = (outLeft != nil || outRight != nil)
    if needsHandles && handleCapacity < 1 + track.channels {
      throw RazzleError(
        .bufferTooSmall,
        "handle_capacity is \(handleCapacity), a handle needs \(1 + track.channels)")
    }
    if outEasing != nil || easingCapacity != 0 {
      try copyText(easing, outEasing, easingCapacity, outEasingLength, "out_easing")
    }
    outOptions.pointee = kf_keyframe_options(
      version: UInt32(KF_KEYFRAME_OPTIONS_VERSION), easing: nil,
      interpolation: style.interpolation.code, tension: style.tension,
      continuity: style.continuity, bias: style.bias, left_handle: nil, right_handle: nil,
      handle_count: 1 + track.channels)
    if let handle = style.leftHandle, left.baseAddress != nil {
      _ = left.initialize(from: handle.flat)
    }
    if let handle = style.rightHandle, right.baseAddress != nil {
      _ = right.initialize(from: handle.flat)
    }
    outHasHandles?.pointee = (style.leftHandle != nil ? 1 : 0) | (style.rightHandle != nil ? 2 : 0)
  }
}

@_cdecl("kf_track_sample")
public func kf_track_sample(
  _ handle: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_track_sample") { () throws(RazzleError) in
    let track = try track(handle)
    let out = try mutableBuffer(out, capacity, "out_value")
    try withOne(time) { (t) throws(RazzleError) in try track.sample(times: t, into: out) }
  }
}

@_cdecl("kf_track_value")
public func kf_track_value(_ handle: OpaquePointer?, _ time: Double) -> Double {
  var value = Double.nan
  let status = call("kf_track_value") { () throws(RazzleError) in
    value = try track(handle).value(at: time)
  }
  return status == kf_status(KF_OK) ? value : .nan
}

@_cdecl("kf_track_sample_many")
public func kf_track_sample_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_track_sample_many") { () throws(RazzleError) in
    let track = try track(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    try track.sample(times: times, into: out)
  }
}

@_cdecl("kf_track_velocity")
public func kf_track_velocity(
  _ handle: OpaquePointer?, _ time: Double, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_track_velocity") { () throws(RazzleError) in
    let track = try track(handle)
    let out = try mutableBuffer(out, capacity, "out_value")
    try withOne(time) { (t) throws(RazzleError) in try track.velocity(times: t, into: out) }
  }
}

@_cdecl("kf_track_velocity_many")
public func kf_track_velocity_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_track_velocity_many") { () throws(RazzleError) in
    let track = try track(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    try track.velocity(times: times, into: out)
  }
}

@_cdecl("kf_track_hide_at")
public func kf_track_hide_at(_ handle: OpaquePointer?, _ time: Double) -> kf_status {
  call("kf_track_hide_at") { () throws(RazzleError) in try track(handle).hide(at: time) }
}

@_cdecl("kf_track_show_at")
public func kf_track_show_at(_ handle: OpaquePointer?, _ time: Double) -> kf_status {
  call("kf_track_show_at") { () throws(RazzleError) in try track(handle).show(at: time) }
}
