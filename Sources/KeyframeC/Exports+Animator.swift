// kf_animator_*: forwarders to `Animator`.
import Razzle

@_cdecl("kf_animator_create")
public func kf_animator_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
  call("kf_animator_create") {
    let out = try required(out, "out_animator")
    out.pointee = try issue(Animator(), .animator)
  }
}

@_cdecl("kf_animator_release")
public func kf_animator_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .animator)
}

@_cdecl("kf_animator_add_track")
public func kf_animator_add_track(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
  call("kf_animator_add_track") {
    try addTrack(handle, target, property, kind: nil, out)
  }
}

@_cdecl("kf_animator_add_track_kind")
public func kf_animator_add_track_kind(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  _ kind: UnsafePointer<CChar>?, _ channels: Int, _ colorSpace: UnsafePointer<CChar>?,
  _ premultiplied: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
  call("kf_animator_add_track_kind") {
    var space = ColorSpace.srgb
    if let spaceName = colorSpace {
      space = try KeyframeC.colorSpace(named: try string(spaceName, "color_space"))
    }
    var name = try kind.map { try string($0, "kind") } ?? ""
    if name.isEmpty && (colorSpace != nil || premultiplied != 0) {
      // Color options without a kind: the property's own kind, which must
      // be a color.
      let implied = PropertyRule.impliedKind(of: try string(property, "property"))
      name = implied?.name ?? "color"
    }
    let resolved =
      name.isEmpty
      ? nil
      : try ValueKind(
        name: name, channels: channels, colorSpace: space, premultiplied: premultiplied != 0)
    if resolved?.name != "color" && (colorSpace != nil || premultiplied != 0) {
      throw CallError(
        .kindMismatch, "color_space and premultiplied apply to color tracks, not \(name)")
    }
    try addTrack(handle, target, property, kind: resolved, out)
  }
}

/// Adds a track and hands out a handle to it.
private func addTrack(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  kind: ValueKind?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) throws {
  let animator = try animator(handle)
  let target = try string(target, "target")
  let property = try string(property, "property")
  let out = try required(out, "out_track")
  let track = try animator.addTrack(target: target, property: property, kind: kind)
  do {
    out.pointee = try issue(TrackReference(track), .track)
  } catch {
    // Without a handle the caller cannot reach the track: undo the add.
    try? animator.removeTrack(target: target, property: property)
    throw error
  }
}

@_cdecl("kf_animator_get_track")
public func kf_animator_get_track(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
  call("kf_animator_get_track") {
    let animator = try animator(handle)
    let target = try string(target, "target")
    let property = try string(property, "property")
    let out = try required(out, "out_track")
    guard let track = animator.track(target: target, property: property) else {
      throw CallError(.notFound, "no track for \(target).\(property)")
    }
    out.pointee = try issue(TrackReference(track), .track)
  }
}

@_cdecl("kf_animator_track_at")
public func kf_animator_track_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
  call("kf_animator_track_at") {
    let animator = try animator(handle)
    let out = try required(out, "out_track")
    out.pointee = try issue(TrackReference(try animator.track(at: index)), .track)
  }
}

@_cdecl("kf_animator_remove_track")
public func kf_animator_remove_track(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?
) -> Int32 {
  call("kf_animator_remove_track") {
    let animator = try animator(handle)
    try animator.removeTrack(
      target: try string(target, "target"), property: try string(property, "property"))
  }
}

@_cdecl("kf_animator_track_count")
public func kf_animator_track_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> Int32
{
  call("kf_animator_track_count") {
    let animator = try animator(handle)
    try required(out, "out_count").pointee = animator.trackCount
  }
}

@_cdecl("kf_animator_transform")
public func kf_animator_transform(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ time: Double,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> Int32 {
  call("kf_animator_transform") {
    let animator = try animator(handle)
    let target = try string(target, "target")
    let out = try mutableBuffer(out, capacity, "out_transform")
    guard capacity >= 6 else {
      throw CallError(.bufferTooSmall, "capacity is \(capacity), a transform needs 6")
    }
    try animator.transform(target: target, at: time).store(into: out.baseAddress.unsafelyUnwrapped)
  }
}

@_cdecl("kf_animator_generation")
public func kf_animator_generation(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  call("kf_animator_generation") {
    let animator = try animator(handle)
    try required(out, "out_generation").pointee = animator.layout.generation
  }
}

@_cdecl("kf_animator_sample_many")
public func kf_animator_sample_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outColumns: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  call("kf_animator_sample_many") {
    let animator = try animator(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    let (columns, generation) = try animator.sample(times: times, into: out)
    outColumns?.pointee = columns
    outGeneration?.pointee = generation
  }
}
