// kf_relative_keyframes_*: UIView.animateKeyframes' blocks, built into a
// clip.
import CKeyframe
import Razzle

/// A relative-keyframes builder behind a handle: the core's value and a
/// lock, since handles are shared across threads.
final class RelativeKeyframesBox: @unchecked Sendable {
  let lock = ReadWriteLock()
  var value: RelativeKeyframes

  init(_ value: RelativeKeyframes) { self.value = value }
}

private func builder(_ handle: OpaquePointer?) throws(RazzleError) -> RelativeKeyframesBox {
  let handle = try required(handle, "keyframes")
  guard let object = HandleTable.shared.object(handle, tag: .relativeKeyframes) else {
    throw RazzleError(.invalidHandle, "relative keyframes handle is released or of another type")
  }
  return unsafeDowncast(object, to: RelativeKeyframesBox.self)
}

@_cdecl("kf_relative_keyframes_new")
public func kf_relative_keyframes_new(
  _ duration: Double, _ delay: Double, _ mode: kf_calculation_mode,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_relative_keyframes_new") { () throws(RazzleError) in
    let out = try required(out, "out_keyframes")
    let value = try RelativeKeyframes(
      duration: duration, delay: delay, mode: try KeyframeCalculationMode(code: mode))
    out.pointee = try issue(RelativeKeyframesBox(value), .relativeKeyframes)
  }
}

@_cdecl("kf_relative_keyframes_release")
public func kf_relative_keyframes_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .relativeKeyframes)
}

@_cdecl("kf_relative_keyframes_set_start")
public func kf_relative_keyframes_set_start(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ property: UnsafePointer<CChar>?,
  _ options: UnsafePointer<kf_track_options>?, _ value: UnsafePointer<Double>?, _ channels: Int
) -> kf_status {
  call("kf_relative_keyframes_set_start") { () throws(RazzleError) in
    let box = try builder(handle)
    let target = try string(target, "target")
    let property = try string(property, "property")
    let kind: ValueKind? =
      options == nil ? nil : try trackOptions(options).resolveKind(for: property)
    let value = Array(try buffer(value, channels, "value"))
    try box.lock.withWriteLock { () throws(RazzleError) in
      try box.value.setStart(target: target, property: property, value: value, kind: kind)
    }
  }
}

@_cdecl("kf_relative_keyframes_add_block")
public func kf_relative_keyframes_add_block(
  _ handle: OpaquePointer?, _ start: Double, _ duration: Double,
  _ targets: UnsafePointer<UnsafePointer<CChar>?>?,
  _ properties: UnsafePointer<UnsafePointer<CChar>?>?, _ values: UnsafePointer<Double>?,
  _ offsets: UnsafePointer<Int>?, _ count: Int
) -> kf_status {
  call("kf_relative_keyframes_add_block") { () throws(RazzleError) in
    let box = try builder(handle)
    let targets = try buffer(targets, count, "targets")
    let properties = try buffer(properties, count, "properties")
    let offsets = try buffer(offsets, count == 0 ? 0 : count + 1, "offsets")
    var entries: [(target: String, property: String, value: [Double])] = []
    if count > 0 {
      guard offsets[0] == 0 else {
        throw RazzleError(.wrongSize, "offsets[0] must be 0, got \(offsets[0])")
      }
      for i in 1...count where offsets[i] < offsets[i - 1] {
        throw RazzleError(
          .wrongSize, "offsets must not decrease (offsets[\(i)] < offsets[\(i - 1)])")
      }
      let all = try buffer(values, offsets[count], "values")
      for i in 0..<count {
        entries.append(
          (
            try string(targets[i], "targets[i]"), try string(properties[i], "properties[i]"),
            Array(all[offsets[i]..<offsets[i + 1]])
          ))
      }
    }
    try box.lock.withWriteLock { () throws(RazzleError) in
      try box.value.addBlock(start: start, duration: duration, values: entries)
    }
  }
}

@_cdecl("kf_relative_keyframes_make_clip")
public func kf_relative_keyframes_make_clip(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_relative_keyframes_make_clip") { () throws(RazzleError) in
    let box = try builder(handle)
    let out = try required(out, "out_node")
    let value = box.lock.withReadLock { box.value }
    try issue(try value.makeClip(), out)
  }
}
