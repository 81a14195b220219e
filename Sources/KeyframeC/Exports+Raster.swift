// kf_raster_* and kf_lottie_render: display lists and Lottie frames drawn
// into RGBA8 pixels by the library's own rasterizer.
import CKeyframe
import Razzle

/// The rasterizer behind a handle.
func rasterizer(_ handle: OpaquePointer?) throws(RazzleError) -> Rasterizer {
  let handle = try required(handle, "raster")
  guard let object = HandleTable.shared.object(handle, tag: .raster) else {
    throw RazzleError(.invalidHandle, "raster handle is released or not a raster")
  }
  return unsafeDowncast(object, to: Rasterizer.self)
}

/// The output and options shared by kf_raster_draw and kf_lottie_render.
private struct Target {
  var pixels: UnsafeMutableRawBufferPointer
  var width: Int
  var height: Int
  var stride: Int
  var matrix: (Double, Double, Double, Double, Double, Double)?
  var background: SIMD4<Double>?
  var premultiplied: Bool

  init(
    _ matrix: UnsafePointer<Double>?, _ background: UnsafePointer<Double>?, _ flags: UInt32,
    _ pixels: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ width: UInt32, _ height: UInt32,
    _ stride: Int
  ) throws(RazzleError) {
    guard flags & ~UInt32(KF_RASTER_PREMULTIPLIED) == 0 else {
      throw RazzleError(.invalidValue, "unknown raster flags 0x\(String(flags, radix: 16))")
    }
    guard stride >= 0 else {
      throw RazzleError(.invalidValue, "stride \(UInt(bitPattern: stride)) is too large")
    }
    self.pixels = UnsafeMutableRawBufferPointer(try mutableBuffer(pixels, capacity, "out_pixels"))
    self.width = Int(width)
    self.height = Int(height)
    self.stride = stride
    self.matrix = matrix.map { ($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }
    self.background = background.map { SIMD4($0[0], $0[1], $0[2], $0[3]) }
    premultiplied = flags & UInt32(KF_RASTER_PREMULTIPLIED) != 0
  }
}

@_cdecl("kf_raster_create")
public func kf_raster_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kf_status {
  call("kf_raster_create") { () throws(RazzleError) in
    let out = try required(out, "out_raster")
    out.pointee = try issue(Rasterizer(), .raster)
  }
}

@_cdecl("kf_raster_release")
public func kf_raster_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .raster)
}

@_cdecl("kf_raster_set_image")
public func kf_raster_set_image(
  _ handle: OpaquePointer?, _ index: Int, _ rgba: UnsafePointer<UInt8>?, _ capacity: Int,
  _ width: UInt32, _ height: UInt32, _ stride: Int
) -> kf_status {
  call("kf_raster_set_image") { () throws(RazzleError) in
    let raster = try rasterizer(handle)
    let bytes = UnsafeRawBufferPointer(try buffer(rgba, capacity, "rgba"))
    guard stride >= 0 else {
      throw RazzleError(.invalidValue, "stride \(UInt(bitPattern: stride)) is too large")
    }
    try raster.withLock { () throws(RazzleError) in
      try raster.setImage(
        index: index, rgba: bytes, width: Int(width), height: Int(height), stride: stride)
    }
  }
}

@_cdecl("kf_raster_draw")
public func kf_raster_draw(
  _ handle: OpaquePointer?, _ list: OpaquePointer?, _ matrix: UnsafePointer<Double>?,
  _ background: UnsafePointer<Double>?, _ flags: UInt32, _ pixels: UnsafeMutablePointer<UInt8>?,
  _ capacity: Int, _ width: UInt32, _ height: UInt32, _ stride: Int
) -> kf_status {
  call("kf_raster_draw") { () throws(RazzleError) in
    let raster = try rasterizer(handle)
    let list = try displayList(list)
    let t = try Target(matrix, background, flags, pixels, capacity, width, height, stride)
    try list.withLock { () throws(RazzleError) in
      try raster.withLock { () throws(RazzleError) in
        try raster.draw(
          list, into: t.pixels, width: t.width, height: t.height, stride: t.stride,
          matrix: t.matrix, background: t.background, premultiplied: t.premultiplied)
      }
    }
  }
}

@_cdecl("kf_lottie_render")
public func kf_lottie_render(
  _ handle: OpaquePointer?, _ frame: Double, _ raster: OpaquePointer?,
  _ matrix: UnsafePointer<Double>?, _ background: UnsafePointer<Double>?, _ flags: UInt32,
  _ pixels: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ width: UInt32, _ height: UInt32,
  _ stride: Int
) -> kf_status {
  call("kf_lottie_render") { () throws(RazzleError) in
    let animation = try lottie(handle)
    let raster = try rasterizer(raster)
    let t = try Target(matrix, background, flags, pixels, capacity, width, height, stride)
    try raster.withLock { () throws(RazzleError) in
      try raster.render(
        animation, frame: frame, into: t.pixels, width: t.width, height: t.height,
        stride: t.stride, matrix: t.matrix, background: t.background,
        premultiplied: t.premultiplied)
    }
  }
}
