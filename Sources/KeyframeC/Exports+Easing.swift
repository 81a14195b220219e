// kf_easing_* and kf_spring_*: easings and springs as standalone curves.
import CKeyframe
import Razzle

@_cdecl("kf_easing_sample")
public func kf_easing_sample(
  _ spec: UnsafePointer<CChar>?, _ progress: UnsafePointer<Double>?, _ count: Int,
  _ outValues: UnsafeMutablePointer<Double>?, _ outDerivatives: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> kf_status {
  call("kf_easing_sample") { () throws(RazzleError) in
    let easing = try Easing(parsing: try string(spec, "spec"))
    let progress = try buffer(progress, count, "progress")
    let values = try mutableBuffer(outValues, capacity, "out_values")
    let derivatives = try mutableBuffer(
      outDerivatives, outDerivatives == nil ? 0 : capacity, "out_derivatives")
    try easing.evaluate(
      progress, into: values, derivatives: outDerivatives == nil ? nil : derivatives)
  }
}

@_cdecl("kf_easing_canonical")
public func kf_easing_canonical(
  _ spec: UnsafePointer<CChar>?, _ outText: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_easing_canonical") { () throws(RazzleError) in
    let easing = try Easing(parsing: try string(spec, "spec"))
    try copyText(easing.description, outText, capacity, outLength)
  }
}

/// The core's spring from a `kf_spring`; bad parameters are
/// `KF_E_INVALID_VALUE` (they are numbers here, not an easing text).
private func spring(_ pointer: UnsafePointer<kf_spring>?) throws(RazzleError) -> Spring {
  let p = try required(pointer, "spring").pointee
  return try physical { () throws(RazzleError) in
    try Spring(
      mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.velocity)
  }
}

/// A spring, with bad parameters reported as `KF_E_INVALID_VALUE`.
private func physical(_ make: () throws(RazzleError) -> Spring) throws(RazzleError) -> Spring {
  do {
    return try make()
  } catch {
    throw RazzleError(.invalidValue, error.message)
  }
}

extension kf_spring {
  init(_ spring: Spring) {
    self.init(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
      velocity: spring.initialVelocity)
  }
}

@_cdecl("kf_spring_from_duration_bounce")
public func kf_spring_from_duration_bounce(
  _ duration: Double, _ bounce: Double, _ out: UnsafeMutablePointer<kf_spring>?
) -> kf_status {
  call("kf_spring_from_duration_bounce") { () throws(RazzleError) in
    let out = try required(out, "out_spring")
    out.pointee = kf_spring(
      try physical { () throws(RazzleError) in try Spring(duration: duration, bounce: bounce) })
  }
}

@_cdecl("kf_spring_from_damping_ratio")
public func kf_spring_from_damping_ratio(
  _ ratio: Double, _ response: Double, _ out: UnsafeMutablePointer<kf_spring>?
) -> kf_status {
  call("kf_spring_from_damping_ratio") { () throws(RazzleError) in
    let out = try required(out, "out_spring")
    out.pointee = kf_spring(
      try physical { () throws(RazzleError) in
        try Spring(dampingRatio: ratio, response: response)
      })
  }
}

@_cdecl("kf_spring_evaluate")
public func kf_spring_evaluate(
  _ pointer: UnsafePointer<kf_spring>?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ outPosition: UnsafeMutablePointer<Double>?, _ outVelocity: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> kf_status {
  call("kf_spring_evaluate") { () throws(RazzleError) in
    let spring = try spring(pointer)
    let times = try buffer(times, count, "times")
    guard outPosition != nil || outVelocity != nil else {
      throw RazzleError(.null, "out_position and out_velocity are both NULL")
    }
    let positions = try mutableBuffer(
      outPosition, outPosition == nil ? 0 : capacity, "out_position")
    let velocities = try mutableBuffer(
      outVelocity, outVelocity == nil ? 0 : capacity, "out_velocity")
    try spring.evaluate(
      times, positions: outPosition == nil ? nil : positions,
      velocities: outVelocity == nil ? nil : velocities)
  }
}

@_cdecl("kf_spring_settling_duration")
public func kf_spring_settling_duration(
  _ pointer: UnsafePointer<kf_spring>?, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_spring_settling_duration") { () throws(RazzleError) in
    let spring = try spring(pointer)
    try required(out, "out_duration").pointee = spring.settlingDuration
  }
}
