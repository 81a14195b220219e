// kf_color_* and kf_transform*_make: value helpers.
import CKeyframe
import Razzle

@_cdecl("kf_color_parse")
public func kf_color_parse(_ text: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?)
  -> kf_status
{
  call("kf_color_parse") { () throws(RazzleError) in
    let color = try RGBA(css: try string(text, "text"))
    let out = try required(out, "out_rgba")
    (out[0], out[1], out[2], out[3]) = (color.r, color.g, color.b, color.a)
  }
}

@_cdecl("kf_color_to_space")
public func kf_color_to_space(
  _ space: UnsafePointer<CChar>?, _ rgba: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_color_to_space") { () throws(RazzleError) in
    let space = try ColorSpace(named: try string(space, "space"))
    let (colors, out) = try quadruples(rgba, count, out)
    try space.convert(colors, toCoordinatesInto: out)
  }
}

@_cdecl("kf_color_from_space")
public func kf_color_from_space(
  _ space: UnsafePointer<CChar>?, _ coordinates: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_color_from_space") { () throws(RazzleError) in
    let space = try ColorSpace(named: try string(space, "space"))
    let (coordinates, out) = try quadruples(coordinates, count, out)
    try space.convert(coordinates, fromCoordinatesInto: out)
  }
}

@_cdecl("kf_color_gamut_map")
public func kf_color_gamut_map(
  _ rgba: UnsafePointer<Double>?, _ count: Int, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_color_gamut_map") { () throws(RazzleError) in
    let (colors, out) = try quadruples(rgba, count, out)
    try RGBA.gamutMapToSRGB(colors, into: out)
  }
}

/// `count` colors (four doubles each) in and room for as many out.
private func quadruples(
  _ input: UnsafePointer<Double>?, _ count: Int, _ output: UnsafeMutablePointer<Double>?
) throws(RazzleError) -> (UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) {
  let (doubles, overflow) = count.multipliedReportingOverflow(by: 4)
  guard !overflow else { throw RazzleError(.wrongSize, "count \(count) is too large") }
  return (try buffer(input, doubles, "colors"), try mutableBuffer(output, doubles, "out"))
}

@_cdecl("kf_transform_make")
public func kf_transform_make(
  _ tx: Double, _ ty: Double, _ sx: Double, _ sy: Double, _ angle: Double,
  _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_transform_make") { () throws(RazzleError) in
    let made = try Transform2D.make(
      translation: (tx, ty), scale: (sx, sy), angle: angle)
    made.store(into: try required(out, "out_transform"))
  }
}

@_cdecl("kf_transform3d_make")
public func kf_transform3d_make(
  _ translation: UnsafePointer<Double>?, _ scale: UnsafePointer<Double>?,
  _ rotation: UnsafePointer<Double>?, _ m34: Double, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_transform3d_make") { () throws(RazzleError) in
    let t = try buffer(translation, 3, "translation")
    let s = try buffer(scale, 3, "scale")
    let r = try buffer(rotation, 4, "rotation")
    let out = try required(out, "out_transform")
    try Transform3D.make(
      translation: (t[0], t[1], t[2]), scale: (s[0], s[1], s[2]),
      rotation: (angle: r[0], x: r[1], y: r[2], z: r[3]), m34: m34
    ).store(into: out)
  }
}
