// kf_lottie_*: Lottie documents imported as timelines.
import CKeyframe
import Razzle

/// The import behind a handle.
func lottie(_ handle: OpaquePointer?) throws(RazzleError) -> LottieAnimation {
  let handle = try required(handle, "lottie")
  guard let object = HandleTable.shared.object(handle, tag: .lottie) else {
    throw RazzleError(.invalidHandle, "lottie handle is released or not a lottie import")
  }
  return unsafeDowncast(object, to: LottieAnimation.self)
}

@_cdecl("kf_lottie_import")
public func kf_lottie_import(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ seconds: Int32,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_lottie_import") { () throws(RazzleError) in
    let out = try required(out, "out_lottie")
    guard seconds == 0 || seconds == 1 else {
      throw RazzleError(.invalidValue, "seconds must be 0 or 1, got \(seconds)")
    }
    let bytes = try buffer(json, length, "json")
    let raw = UnsafeRawBufferPointer(bytes).bindMemory(to: UInt8.self)
    let animation = try LottieAnimation(json: raw, timeUnit: seconds == 1 ? .seconds : .frames)
    out.pointee = try issue(animation, .lottie)
  }
}

@_cdecl("kf_lottie_release")
public func kf_lottie_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .lottie)
}

@_cdecl("kf_lottie_timeline")
public func kf_lottie_timeline(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_lottie_timeline") { () throws(RazzleError) in
    let animation = try lottie(handle)
    try issue(animation.timeline, try required(out, "out_timeline"))
  }
}

@_cdecl("kf_lottie_get_info")
public func kf_lottie_get_info(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kf_lottie_info>?
) -> kf_status {
  call("kf_lottie_get_info") { () throws(RazzleError) in
    let animation = try lottie(handle)
    let out = try required(out, "out_info")
    out.pointee = kf_lottie_info(
      frame_rate: animation.frameRate, in_point: animation.inPoint,
      out_point: animation.outPoint, width: animation.width, height: animation.height,
      seconds: animation.timeUnit == .seconds ? 1 : 0, row_width: animation.rowWidth,
      layers: animation.layers.count, columns: animation.columns.count,
      statics: animation.staticValues.count, warnings: animation.warnings.count)
  }
}

@_cdecl("kf_lottie_describe")
public func kf_lottie_describe(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_lottie_describe") { () throws(RazzleError) in
    try copyText(try lottie(handle).summaryJSON, out, capacity, outLength)
  }
}

@_cdecl("kf_lottie_sample_many")
public func kf_lottie_sample_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  sampleLottie("kf_lottie_sample_many", .rows, handle, times, count, out, capacity)
}

@_cdecl("kf_lottie_sample_columns")
public func kf_lottie_sample_columns(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  sampleLottie("kf_lottie_sample_columns", .columns, handle, times, count, out, capacity)
}

/// kf_lottie_sample_many and kf_lottie_sample_columns: the matrix in
/// `layout`.
private func sampleLottie(
  _ name: StaticString, _ layout: MatrixLayout, _ handle: OpaquePointer?,
  _ times: UnsafePointer<Double>?, _ count: Int, _ out: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> kf_status {
  call(name) { () throws(RazzleError) in
    let animation = try lottie(handle)
    let t = try buffer(times, count, "times")
    let o = try mutableBuffer(out, capacity, "out_values")
    try animation.sample(times: t, into: o, layout: layout)
  }
}

@_cdecl("kf_lottie_sample_transforms")
public func kf_lottie_sample_transforms(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int, _ world: Int32,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_lottie_sample_transforms") { () throws(RazzleError) in
    let animation = try lottie(handle)
    guard world == 0 || world == 1 else {
      throw RazzleError(.invalidValue, "world must be 0 or 1, got \(world)")
    }
    let t = try buffer(times, count, "times")
    let o = try mutableBuffer(out, capacity, "out_matrices")
    try animation.sampleTransforms(times: t, world: world == 1, into: o)
  }
}

@_cdecl("kf_lottie_marker_count")
public func kf_lottie_marker_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_lottie_marker_count") { () throws(RazzleError) in
    let animation = try lottie(handle)
    try required(out, "out_count").pointee = animation.markers.count
  }
}

@_cdecl("kf_lottie_marker_get")
public func kf_lottie_marker_get(
  _ handle: OpaquePointer?, _ index: Int, _ outFrame: UnsafeMutablePointer<Double>?,
  _ outDuration: UnsafeMutablePointer<Double>?, _ out: UnsafeMutablePointer<CChar>?,
  _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_lottie_marker_get") { () throws(RazzleError) in
    let markers = try lottie(handle).markers
    guard index >= 0 && index < markers.count else {
      throw RazzleError(
        .outOfRange, "marker index \(index) is past the end (\(markers.count) markers)")
    }
    let marker = markers[index]
    outFrame?.pointee = marker.frame
    outDuration?.pointee = marker.duration
    try copyText(marker.name, out, capacity, outLength, "out_name")
  }
}
