// kf_mask_*: JazzHands' mask geometry.
import CKeyframe
import Razzle

@_cdecl("kf_mask_name")
public func kf_mask_name(_ code: kf_mask) -> UnsafePointer<CChar>? {
  (try? MaskKind(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_mask_from_name")
public func kf_mask_from_name(_ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_mask>?)
  -> kf_status
{
  call("kf_mask_from_name") { () throws(RazzleError) in
    let value = try MaskKind(named: try string(name, "name"))
    try required(out, "out_mask").pointee = value.code
  }
}

@_cdecl("kf_mask_geometry_many")
public func kf_mask_geometry_many(
  _ kind: kf_mask, _ width: Double, _ height: Double, _ progress: UnsafePointer<Double>?,
  _ count: Int, _ outRects: UnsafeMutablePointer<Double>?,
  _ outRadii: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_mask_geometry_many") { () throws(RazzleError) in
    let mask = try Mask(try MaskKind(code: kind), width: width, height: height)
    let progress = try buffer(progress, count, "progress")
    guard outRects != nil || outRadii != nil else {
      throw RazzleError(.null, "out_rects and out_radii are both NULL")
    }
    let (doubles, overflow) = capacity.multipliedReportingOverflow(by: 4)
    guard !overflow, capacity >= 0 else {
      throw RazzleError(.bufferTooSmall, "capacity \(UInt(bitPattern: capacity)) is too large")
    }
    let rects = try outRects.map { (o) throws(RazzleError) in
      try mutableBuffer(o, doubles, "out_rects")
    }
    let radii = try outRadii.map { (o) throws(RazzleError) in
      try mutableBuffer(o, capacity, "out_radii")
    }
    try mask.geometry(progress, rects: rects, radii: radii)
  }
}
