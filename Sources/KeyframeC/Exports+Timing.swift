// kf_timing_*, kf_direction_*, kf_fill_*, kf_phase_*,
// kf_animation_direction_*: the Web Animations timing model.
import CKeyframe
import Razzle

@_cdecl("kf_direction_name")
public func kf_direction_name(_ code: kf_direction) -> UnsafePointer<CChar>? {
  (try? PlaybackDirection(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_fill_name")
public func kf_fill_name(_ code: kf_fill) -> UnsafePointer<CChar>? {
  (try? FillMode(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_phase_name")
public func kf_phase_name(_ code: kf_phase) -> UnsafePointer<CChar>? {
  (try? TimingPhase(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_animation_direction_name")
public func kf_animation_direction_name(_ code: kf_animation_direction) -> UnsafePointer<CChar>? {
  (try? AnimationDirection(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_direction_from_name")
public func kf_direction_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_direction>?
) -> kf_status {
  call("kf_direction_from_name") { () throws(RazzleError) in
    let value = try PlaybackDirection(named: try string(name, "name"))
    try required(out, "out_direction").pointee = value.code
  }
}

@_cdecl("kf_fill_from_name")
public func kf_fill_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_fill>?
) -> kf_status {
  call("kf_fill_from_name") { () throws(RazzleError) in
    let value = try FillMode(parsing: try string(name, "name"))
    try required(out, "out_fill").pointee = value.code
  }
}

@_cdecl("kf_phase_from_name")
public func kf_phase_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_phase>?
) -> kf_status {
  call("kf_phase_from_name") { () throws(RazzleError) in
    let value = try TimingPhase(named: try string(name, "name"))
    try required(out, "out_phase").pointee = value.code
  }
}

@_cdecl("kf_animation_direction_from_name")
public func kf_animation_direction_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_animation_direction>?
) -> kf_status {
  call("kf_animation_direction_from_name") { () throws(RazzleError) in
    let value = try AnimationDirection(named: try string(name, "name"))
    try required(out, "out_direction").pointee = value.code
  }
}

/// The header's KF_DURATION_AUTO (`-INFINITY`, which Swift cannot import).
private let durationAuto = -Double.infinity

extension kf_timing_options {
  /// KF_TIMING_OPTIONS_INIT.
  static var defaults: kf_timing_options {
    kf_timing_options(
      version: UInt32(KF_TIMING_OPTIONS_VERSION), delay: 0, end_delay: 0, duration: durationAuto,
      iterations: 1, iteration_start: 0, direction: kf_direction(KF_DIRECTION_NORMAL),
      fill: kf_fill(KF_FILL_AUTO), easing: nil, autoreverses: 0, time_offset: 0)
  }
}

/// The core's timing from a `kf_timing_options` (NULL: the defaults).
func timing(_ pointer: UnsafePointer<kf_timing_options>?) throws(RazzleError) -> Timing {
  guard let c = pointer?.pointee else { return .default }
  try checkVersion(
    c.version, KF_TIMING_OPTIONS_VERSION, "kf_timing_options",
    initializer: "KF_TIMING_OPTIONS_INIT")
  return try Timing(
    delay: c.delay, endDelay: c.end_delay,
    duration: c.duration == durationAuto ? .auto : .time(c.duration), iterations: c.iterations,
    iterationStart: c.iteration_start, direction: try PlaybackDirection(code: c.direction),
    fill: try FillMode(code: c.fill),
    easing: try Easing(parsing: try optionalString(c.easing, "easing") ?? ""),
    autoreverses: c.autoreverses != 0, timeOffset: c.time_offset)
}

@_cdecl("kf_timing_options_init")
public func kf_timing_options_init(_ options: UnsafeMutablePointer<kf_timing_options>?)
  -> kf_status
{
  call("kf_timing_options_init") { () throws(RazzleError) in
    try required(options, "options").pointee = .defaults
  }
}

extension kf_timing_options {
  /// The C form of a validated timing, with `easing` as given.
  init(_ t: Timing, easing: UnsafePointer<CChar>?) {
    var duration = durationAuto
    if case .time(let d) = t.duration { duration = d }
    self.init(
      version: UInt32(KF_TIMING_OPTIONS_VERSION), delay: t.delay, end_delay: t.endDelay,
      duration: duration, iterations: t.iterations, iteration_start: t.iterationStart,
      direction: t.direction.code, fill: t.fill.code, easing: easing, autoreverses: 0,
      time_offset: 0)
  }
}

@_cdecl("kf_timing_validate")
public func kf_timing_validate(
  _ options: UnsafePointer<kf_timing_options>?, _ out: UnsafeMutablePointer<kf_timing_options>?
) -> kf_status {
  call("kf_timing_validate") { () throws(RazzleError) in
    let t = try timing(options)
    guard let out else { return }
    out.pointee = kf_timing_options(t, easing: options?.pointee.easing)
  }
}

@_cdecl("kf_timing_compute")
public func kf_timing_compute(
  _ options: UnsafePointer<kf_timing_options>?, _ localTime: Double, _ intrinsicDuration: Double,
  _ direction: kf_animation_direction, _ out: UnsafeMutablePointer<kf_computed_timing>?
) -> kf_status {
  call("kf_timing_compute") { () throws(RazzleError) in
    let out = try required(out, "out_timing")
    try checkVersion(
      out.pointee.version, KF_COMPUTED_TIMING_VERSION, "kf_computed_timing",
      initializer: "KF_COMPUTED_TIMING_INIT")
    let c = try timing(options).computed(
      at: localTime, intrinsicDuration: intrinsicDuration,
      animationDirection: try AnimationDirection(code: direction))
    out.pointee = kf_computed_timing(c)
  }
}

@_cdecl("kf_timing_progress_many")
public func kf_timing_progress_many(
  _ options: UnsafePointer<kf_timing_options>?, _ localTimes: UnsafePointer<Double>?, _ count: Int,
  _ intrinsicDuration: Double, _ direction: kf_animation_direction,
  _ outProgress: UnsafeMutablePointer<Double>?, _ outIterations: UnsafeMutablePointer<Double>?,
  _ capacity: Int
) -> kf_status {
  call("kf_timing_progress_many") { () throws(RazzleError) in
    let timing = try timing(options)
    let times = try buffer(localTimes, count, "local_times")
    guard outProgress != nil || outIterations != nil else {
      throw RazzleError(.null, "out_progress and out_iterations are both NULL")
    }
    let progress = try outProgress.map { (p) throws(RazzleError) in
      try mutableBuffer(p, capacity, "out_progress")
    }
    let iterations = try outIterations.map { (p) throws(RazzleError) in
      try mutableBuffer(p, capacity, "out_iterations")
    }
    try timing.progress(
      at: times, intrinsicDuration: intrinsicDuration,
      animationDirection: try AnimationDirection(code: direction), into: progress,
      iterations: iterations)
  }
}
