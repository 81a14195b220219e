// kf_color_* and kf_transform*_make: value helpers.
import Razzle

/// Checks that every one of `count` doubles at `pointer` is finite.
private func finite(_ pointer: UnsafePointer<Double>?, _ count: Int, _ name: StaticString) throws
  -> UnsafePointer<Double>
{
  let p = try required(pointer, name)
  for i in 0..<count where !p[i].isFinite {
    throw CallError(.invalidValue, "\(name)[\(i)] must be finite, got \(p[i])")
  }
  return p
}

@_cdecl("kf_color_to_space")
public func kf_color_to_space(
  _ rgba: UnsafePointer<Double>?, _ space: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_color_to_space") {
    let c = try finite(rgba, 4, "rgba")
    let space = try colorSpace(named: try string(space, "space"))
    let out = try required(out, "out_coordinates")
    let coordinates = space.coordinates(of: RGBA(r: c[0], g: c[1], b: c[2], a: c[3]))
    for i in 0..<3 { out[i] = coordinates[i] }
  }
}

@_cdecl("kf_color_from_space")
public func kf_color_from_space(
  _ coordinates: UnsafePointer<Double>?, _ alpha: Double, _ space: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_color_from_space") {
    let c = try finite(coordinates, 3, "coordinates")
    guard alpha.isFinite else {
      throw CallError(.invalidValue, "alpha must be finite, got \(alpha)")
    }
    let space = try colorSpace(named: try string(space, "space"))
    let out = try required(out, "out_rgba")
    let color = space.color(fromCoordinates: SIMD3(c[0], c[1], c[2]), alpha: alpha)
    out[0] = color.r
    out[1] = color.g
    out[2] = color.b
    out[3] = color.a
  }
}

@_cdecl("kf_color_gamut_map")
public func kf_color_gamut_map(_ rgba: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?)
  -> Int32
{
  call("kf_color_gamut_map") {
    let c = try finite(rgba, 4, "rgba")
    let out = try required(out, "out_rgba")
    let mapped = RGBA(r: c[0], g: c[1], b: c[2], a: c[3]).gamutMappedToSRGB
    out[0] = mapped.r
    out[1] = mapped.g
    out[2] = mapped.b
    out[3] = mapped.a
  }
}

@_cdecl("kf_transform_make")
public func kf_transform_make(
  _ tx: Double, _ ty: Double, _ sx: Double, _ sy: Double, _ angle: Double,
  _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_transform_make") {
    for (name, x) in [("tx", tx), ("ty", ty), ("sx", sx), ("sy", sy), ("angle", angle)]
    where !x.isFinite {
      throw CallError(.invalidValue, "\(name) must be finite, got \(x)")
    }
    let out = try required(out, "out_transform")
    Transform2D.scale(x: sx, y: sy)
      .concatenating(.rotation(angle))
      .concatenating(.translation(x: tx, y: ty))
      .store(into: out)
  }
}

@_cdecl("kf_transform3d_make")
public func kf_transform3d_make(
  _ translation: UnsafePointer<Double>?, _ scale: UnsafePointer<Double>?,
  _ rotation: UnsafePointer<Double>?, _ m34: Double, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_transform3d_make") {
    let t = try finite(translation, 3, "translation")
    let s = try finite(scale, 3, "scale")
    let r = try finite(rotation, 4, "rotation")
    guard m34.isFinite else { throw CallError(.invalidValue, "m34 must be finite, got \(m34)") }
    let out = try required(out, "out_transform")
    Transform3D.jazzHands(
      translation: (t[0], t[1], t[2]), scale: (s[0], s[1], s[2]),
      rotation: (angle: r[0], x: r[1], y: r[2], z: r[3]), m34: m34
    ).store(into: out)
  }
}
