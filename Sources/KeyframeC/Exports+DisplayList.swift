// kf_display_list_*, kf_lottie_draw and kf_lottie_image_*: Lottie frames
// as display lists, and the image assets their IMAGE ops name.
import CKeyframe
import Razzle

/// The list behind a handle.
func displayList(_ handle: OpaquePointer?) throws(RazzleError) -> DisplayList {
  let handle = try required(handle, "list")
  guard let object = HandleTable.shared.object(handle, tag: .displayList) else {
    throw RazzleError(.invalidHandle, "display list handle is released or not a display list")
  }
  return unsafeDowncast(object, to: DisplayList.self)
}

@_cdecl("kf_display_list_create")
public func kf_display_list_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kf_status {
  call("kf_display_list_create") { () throws(RazzleError) in
    let out = try required(out, "out_list")
    out.pointee = try issue(DisplayList(), .displayList)
  }
}

@_cdecl("kf_display_list_release")
public func kf_display_list_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .displayList)
}

@_cdecl("kf_lottie_draw")
public func kf_lottie_draw(_ handle: OpaquePointer?, _ frame: Double, _ list: OpaquePointer?)
  -> kf_status
{
  call("kf_lottie_draw") { () throws(RazzleError) in
    let animation = try lottie(handle)
    let list = try displayList(list)
    try list.withLock { () throws(RazzleError) in try animation.draw(frame: frame, into: list) }
  }
}

@_cdecl("kf_display_list_get")
public func kf_display_list_get(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kf_display_list_view>?
) -> kf_status {
  call("kf_display_list_get") { () throws(RazzleError) in
    let list = try displayList(handle)
    let out = try required(out, "out_view")
    list.withLock {
      // The arrays are the list's own and do not move until the next draw
      // into it: their addresses are what the view hands out.
      var view = kf_display_list_view()
      view.version = DisplayList.version
      view.width = list.width
      view.height = list.height
      view.frame = list.frame
      view.ops = list.ops.withUnsafeBufferPointer {
        UnsafeRawPointer($0.baseAddress)?.assumingMemoryBound(to: kf_draw_op.self)
      }
      view.op_count = list.ops.count
      view.verbs = list.verbs.withUnsafeBufferPointer { $0.baseAddress }
      view.verb_count = list.verbs.count
      view.points = list.points.withUnsafeBufferPointer { $0.baseAddress }
      view.point_count = list.points.count / 2
      view.dashes = list.dashes.withUnsafeBufferPointer { $0.baseAddress }
      view.dash_count = list.dashes.count
      view.stops = list.stops.withUnsafeBufferPointer { $0.baseAddress }
      view.stop_count = list.stops.count / 5
      out.pointee = view
    }
  }
}

/// Image asset `index` of an import.
private func image(_ handle: OpaquePointer?, _ index: Int) throws(RazzleError) -> LottieImageAsset {
  let images = try lottie(handle).images
  guard index >= 0 && index < images.count else {
    throw RazzleError(
      .outOfRange, "image index \(UInt(bitPattern: index)) is past the \(images.count) images")
  }
  return images[index]
}

@_cdecl("kf_lottie_image_count")
public func kf_lottie_image_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_lottie_image_count") { () throws(RazzleError) in
    let animation = try lottie(handle)
    try required(out, "out_count").pointee = animation.images.count
  }
}

@_cdecl("kf_lottie_image_info_get")
public func kf_lottie_image_info_get(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<kf_lottie_image_info>?
) -> kf_status {
  call("kf_lottie_image_info_get") { () throws(RazzleError) in
    let asset = try image(handle, index)
    try required(out, "out_info").pointee = kf_lottie_image_info(
      width: asset.width, height: asset.height, data_size: asset.data?.count ?? 0,
      path_length: asset.path?.utf8.count ?? 0)
  }
}

@_cdecl("kf_lottie_image_data")
public func kf_lottie_image_data(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<UInt8>?, _ capacity: Int,
  _ outSize: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_lottie_image_data") { () throws(RazzleError) in
    let data = try image(handle, index).data ?? []
    let o = try mutableBuffer(out, capacity, "out_data")
    outSize?.pointee = data.count
    guard o.count >= data.count else {
      throw RazzleError(
        .bufferTooSmall, "out_data holds \(o.count) bytes, the image has \(data.count)")
    }
    if !data.isEmpty { _ = o.initialize(from: data) }
  }
}

@_cdecl("kf_lottie_image_path")
public func kf_lottie_image_path(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_lottie_image_path") { () throws(RazzleError) in
    try copyText(try image(handle, index).path ?? "", out, capacity, outLength)
  }
}
