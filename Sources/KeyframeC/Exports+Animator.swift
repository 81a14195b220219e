// kf_animator_*: forwarders to `Animator`.
import CKeyframe
import Razzle

@_cdecl("kf_animator_create")
public func kf_animator_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kf_status {
  call("kf_animator_create") { () throws(RazzleError) in
    let out = try required(out, "out_animator")
    out.pointee = try issue(Animator(), .animator)
  }
}

@_cdecl("kf_animator_copy")
public func kf_animator_copy(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?)
  -> kf_status
{
  call("kf_animator_copy") { () throws(RazzleError) in
    let animator = try animator(handle)
    let out = try required(out, "out_copy")
    out.pointee = try issue(animator.copy(), .animator)
  }
}

@_cdecl("kf_animator_release")
public func kf_animator_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .animator)
}

@_cdecl("kf_track_options_init")
public func kf_track_options_init(_ out: UnsafeMutablePointer<kf_track_options>?) -> kf_status {
  call("kf_track_options_init") { () throws(RazzleError) in
    try required(out, "options").pointee = kf_track_options(
      version: UInt32(KF_TRACK_OPTIONS_VERSION), kind: nil, channels: 0, color_space: nil,
      premultiplied: 0, before: kf_extrapolation(KF_EXTRAPOLATION_HOLD),
      after: kf_extrapolation(KF_EXTRAPOLATION_HOLD), relative_to: nil, constant: 0)
  }
}

@_cdecl("kf_animator_add_track")
public func kf_animator_add_track(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  _ options: UnsafePointer<kf_track_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_animator_add_track") { () throws(RazzleError) in
    let animator = try animator(handle)
    let target = try string(target, "target")
    let property = try string(property, "property")
    let options = try trackOptions(options)
    let out = try required(out, "out_track")
    let track = try animator.addTrack(target: target, property: property, options: options)
    do throws(RazzleError) {
      try issue(track, out)
    } catch {
      // Without a handle the caller cannot reach the track: undo the add.
      try? animator.removeTrack(target: target, property: property)
      throw error
    }
  }
}

@_cdecl("kf_animator_add_tracks")
public func kf_animator_add_tracks(
  _ handle: OpaquePointer?, _ targets: UnsafePointer<UnsafePointer<CChar>?>?,
  _ properties: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
  _ options: UnsafePointer<kf_track_options>?, _ keyframes: Int, _ times: UnsafePointer<Double>?,
  _ timesCount: Int, _ values: UnsafePointer<Double>?, _ valuesCount: Int
) -> kf_status {
  call("kf_animator_add_tracks") { () throws(RazzleError) in
    let animator = try animator(handle)
    let targetNames = try buffer(targets, count, "targets")
    let propertyNames = try buffer(properties, count, "properties")
    let options = try trackOptions(options)
    var targetList: [String] = []
    var propertyList: [String] = []
    targetList.reserveCapacity(count)
    propertyList.reserveCapacity(count)
    for i in 0..<count {
      targetList.append(try string(targetNames[i], "targets[i]"))
      propertyList.append(try string(propertyNames[i], "properties[i]"))
    }
    try animator.addTracks(
      targets: targetList, properties: propertyList, options: options, keyframes: keyframes,
      times: try buffer(times, timesCount, "times"),
      values: try buffer(values, valuesCount, "values"))
  }
}

@_cdecl("kf_animator_get_track")
public func kf_animator_get_track(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_animator_get_track") { () throws(RazzleError) in
    let animator = try animator(handle)
    let target = try string(target, "target")
    let property = try string(property, "property")
    let out = try required(out, "out_track")
    guard let track = animator.track(target: target, property: property) else {
      throw RazzleError(.notFound, "no track for \(target).\(property)")
    }
    try issue(track, out)
  }
}

@_cdecl("kf_animator_track_at")
public func kf_animator_track_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_animator_track_at") { () throws(RazzleError) in
    let animator = try animator(handle)
    let out = try required(out, "out_track")
    try issue(try animator.track(at: index), out)
  }
}

@_cdecl("kf_animator_remove_track")
public func kf_animator_remove_track(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?
) -> kf_status {
  call("kf_animator_remove_track") { () throws(RazzleError) in
    let animator = try animator(handle)
    try animator.removeTrack(
      target: try string(target, "target"), property: try string(property, "property"))
  }
}

@_cdecl("kf_animator_track_count")
public func kf_animator_track_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_animator_track_count") { () throws(RazzleError) in
    let animator = try animator(handle)
    try required(out, "out_count").pointee = animator.trackCount
  }
}

@_cdecl("kf_animator_generation")
public func kf_animator_generation(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call("kf_animator_generation") { () throws(RazzleError) in
    let animator = try animator(handle)
    try required(out, "out_generation").pointee = animator.layoutGeneration
  }
}

@_cdecl("kf_animator_get_layout")
public func kf_animator_get_layout(
  _ handle: OpaquePointer?, _ outColumns: UnsafeMutablePointer<kf_column>?, _ capacity: Int,
  _ outNames: UnsafeMutablePointer<CChar>?, _ namesCapacity: Int,
  _ outTrackCount: UnsafeMutablePointer<Int>?, _ outNamesLength: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call("kf_animator_get_layout") { () throws(RazzleError) in
    let animator = try animator(handle)
    let layout = animator.layout
    var start = 0
    let entries = layout.tracks.map { track in
      defer { start += track.channels }
      return LayoutEntry(
        target: track.target, property: track.property, kind: track.kind, start: start)
    }
    try writeLayout(
      entries, outColumns, capacity, outNames, namesCapacity, outTrackCount, outNamesLength
    ) { outGeneration?.pointee = layout.generation }
  }
}

@_cdecl("kf_animator_sample_many")
public func kf_animator_sample_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outColumns: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  sampleAnimator(
    "kf_animator_sample_many", .rows, handle, times, count, out, capacity, outColumns,
    outGeneration)
}

@_cdecl("kf_animator_sample_columns")
public func kf_animator_sample_columns(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outColumns: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  sampleAnimator(
    "kf_animator_sample_columns", .columns, handle, times, count, out, capacity, outColumns,
    outGeneration)
}

/// kf_animator_sample_many and kf_animator_sample_columns: the matrix in
/// `layout`.
private func sampleAnimator(
  _ name: StaticString, _ layout: MatrixLayout, _ handle: OpaquePointer?,
  _ times: UnsafePointer<Double>?, _ count: Int, _ out: UnsafeMutablePointer<Double>?,
  _ capacity: Int, _ outColumns: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call(name) { () throws(RazzleError) in
    let animator = try animator(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    let (columns, generation) = try animator.sample(times: times, into: out, layout: layout)
    outColumns?.pointee = columns
    outGeneration?.pointee = generation
  }
}

@_cdecl("kf_animator_transform_many")
public func kf_animator_transform_many(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ times: UnsafePointer<Double>?,
  _ count: Int, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_animator_transform_many") { () throws(RazzleError) in
    let animator = try animator(handle)
    let target = try string(target, "target")
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_transforms")
    try animator.transform(target: target, times: times, into: out)
  }
}

// MARK: - One frame (0.3.0)

@_cdecl("kf_animator_sample_frame")
public func kf_animator_sample_frame(
  _ handle: OpaquePointer?, _ t: Double, _ generation: UInt64, _ out: UnsafeMutablePointer<Double>?,
  _ capacity: Int, _ outColumns: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call("kf_animator_sample_frame") { () throws(RazzleError) in
    let animator = try animator(handle)
    let out = try mutableBuffer(out, capacity, "out_values")
    var shape = Animator.FrameShape(columns: 0, generation: 0)
    defer {
      outColumns?.pointee = shape.columns
      outGeneration?.pointee = shape.generation
    }
    try animator.sampleFrame(
      at: t, expecting: generation == UInt64(KF_ANY_GENERATION) ? nil : generation, into: out,
      shape: &shape)
  }
}
