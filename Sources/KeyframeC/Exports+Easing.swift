// kf_easing_* and kf_spring_*: easings and springs as standalone curves.
import Razzle

@_cdecl("kf_easing_sample")
public func kf_easing_sample(
  _ spec: UnsafePointer<CChar>?, _ progress: UnsafePointer<Double>?, _ count: Int,
  _ outValues: UnsafeMutablePointer<Double>?, _ outDerivatives: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> Int32 {
  call("kf_easing_sample") {
    let easing = try Easing(parsing: try string(spec, "spec"))
    let progress = try buffer(progress, count, "progress")
    let values = try mutableBuffer(outValues, capacity, "out_values")
    guard capacity >= count else {
      throw CallError(.bufferTooSmall, "capacity is \(capacity), \(count) values are needed")
    }
    for (i, p) in progress.enumerated() {
      values[i] = easing(p)
      outDerivatives?[i] = easing.derivative(p)
    }
  }
}

@_cdecl("kf_easing_canonical")
public func kf_easing_canonical(
  _ spec: UnsafePointer<CChar>?, _ outText: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  call("kf_easing_canonical") {
    let easing = try Easing(parsing: try string(spec, "spec"))
    try copyText(easing.description, outText, capacity, outLength)
  }
}

/// Reads a `kf_spring` (mass, stiffness, damping, velocity: four doubles).
private func spring(_ pointer: UnsafePointer<Double>?) throws -> Spring {
  let p = try required(pointer, "spring")
  return try physical { () throws(RazzleError) in
    try Spring(mass: p[0], stiffness: p[1], damping: p[2], initialVelocity: p[3])
  }
}

/// A spring, with bad parameters reported as `KF_E_INVALID_VALUE` (they are
/// numbers here, not an easing specification).
private func physical(_ make: () throws(RazzleError) -> Spring) throws -> Spring {
  do {
    return try make()
  } catch {
    throw CallError(.invalidValue, error.message)
  }
}

/// Writes a spring's parameters as a `kf_spring`.
private func store(_ spring: Spring, _ out: UnsafeMutablePointer<Double>) {
  out[0] = spring.mass
  out[1] = spring.stiffness
  out[2] = spring.damping
  out[3] = spring.initialVelocity
}

@_cdecl("kf_spring_from_duration_bounce")
public func kf_spring_from_duration_bounce(
  _ duration: Double, _ bounce: Double, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_spring_from_duration_bounce") {
    let out = try required(out, "out_spring")
    store(
      try physical { () throws(RazzleError) in try Spring(duration: duration, bounce: bounce) }, out
    )
  }
}

@_cdecl("kf_spring_from_damping_ratio")
public func kf_spring_from_damping_ratio(
  _ ratio: Double, _ response: Double, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_spring_from_damping_ratio") {
    let out = try required(out, "out_spring")
    store(
      try physical { () throws(RazzleError) in try Spring(dampingRatio: ratio, response: response)
      }, out)
  }
}

@_cdecl("kf_spring_evaluate")
public func kf_spring_evaluate(
  _ pointer: UnsafePointer<Double>?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ outPosition: UnsafeMutablePointer<Double>?, _ outVelocity: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> Int32 {
  call("kf_spring_evaluate") {
    let spring = try spring(pointer)
    let times = try buffer(times, count, "times")
    guard outPosition != nil || outVelocity != nil else {
      throw CallError(.null, "out_position and out_velocity are both NULL")
    }
    guard capacity >= count else {
      throw CallError(.bufferTooSmall, "capacity is \(capacity), \(count) values are needed")
    }
    for (i, t) in times.enumerated() {
      outPosition?[i] = spring.position(at: t)
      outVelocity?[i] = spring.velocity(at: t)
    }
  }
}

@_cdecl("kf_spring_settling_duration")
public func kf_spring_settling_duration(
  _ pointer: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
  call("kf_spring_settling_duration") {
    let spring = try spring(pointer)
    try required(out, "out_duration").pointee = spring.settlingDuration
  }
}
