// kf_player_*: a headless player driven by the caller's clock.
import CKeyframe
import Razzle

/// The player behind a handle.
private func player(_ handle: OpaquePointer?) throws(RazzleError) -> Player {
  let handle = try required(handle, "player")
  guard let object = HandleTable.shared.object(handle, tag: .player) else {
    throw RazzleError(.invalidHandle, "player handle is released or not a player")
  }
  return unsafeDowncast(object, to: Player.self)
}

@_cdecl("kf_player_new")
public func kf_player_new(
  _ nodeHandle: OpaquePointer?, _ curve: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_player_new") { () throws(RazzleError) in
    let out = try required(out, "out_player")
    let node = try node(nodeHandle)
    let curve = try optionalString(curve, "curve").flatMap { (spec) throws(RazzleError) in
      spec.isEmpty ? nil : try Easing(parsing: spec)
    }
    out.pointee = try issue(Player(node, curve: curve), .player)
  }
}

@_cdecl("kf_player_release")
public func kf_player_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .player)
}

/// Moves the clock with `move` and reports its events into the caller's
/// buffer; what does not fit stays queued in the player.
private func report(
  _ function: StaticString, _ handle: OpaquePointer?, _ outEvents: UnsafeMutablePointer<kf_event>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?, _ outMore: UnsafeMutablePointer<Int32>?,
  _ move: (Player) throws(RazzleError) -> Void
) -> kf_status {
  call(function) { () throws(RazzleError) in
    let player = try player(handle)
    let events = try mutableBuffer(outEvents, capacity, "out_events")
    let count = try required(outCount, "out_count")
    try move(player)
    let taken = player.takeEvents(limit: events.count)
    write(taken.events, more: taken.more, into: events, count: count, more: outMore)
  }
}

/// Writes taken events as `kf_event`s, their count and whether more are
/// queued.
private func write(
  _ taken: [PlayerEvent], more: Bool, into events: UnsafeMutableBufferPointer<kf_event>,
  count: UnsafeMutablePointer<Int>, more outMore: UnsafeMutablePointer<Int32>?
) {
  for (i, e) in taken.enumerated() {
    events[i] = kf_event(kind: e.kind.code, clock_time: e.clockTime, iteration: e.iteration ?? .nan)
  }
  count.pointee = taken.count
  outMore?.pointee = more ? 1 : 0
}

@_cdecl("kf_player_tick")
public func kf_player_tick(
  _ handle: OpaquePointer?, _ now: Double, _ outEvents: UnsafeMutablePointer<kf_event>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?, _ outMore: UnsafeMutablePointer<Int32>?
) -> kf_status {
  report("kf_player_tick", handle, outEvents, capacity, outCount, outMore) {
    (p) throws(RazzleError) in try p.move(to: now)
  }
}

@_cdecl("kf_player_advance")
public func kf_player_advance(
  _ handle: OpaquePointer?, _ dt: Double, _ outEvents: UnsafeMutablePointer<kf_event>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?, _ outMore: UnsafeMutablePointer<Int32>?
) -> kf_status {
  report("kf_player_advance", handle, outEvents, capacity, outCount, outMore) {
    (p) throws(RazzleError) in try p.move(by: dt)
  }
}

@_cdecl("kf_player_advance_frame")
public func kf_player_advance_frame(
  _ handle: OpaquePointer?, _ dt: Double, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int,
  _ outWidth: UnsafeMutablePointer<Int>?, _ outEvents: UnsafeMutablePointer<kf_event>?,
  _ eventsCapacity: Int, _ outCount: UnsafeMutablePointer<Int>?,
  _ outMore: UnsafeMutablePointer<Int32>?
) -> kf_status {
  call("kf_player_advance_frame") { () throws(RazzleError) in
    let player = try player(handle)
    let events = try mutableBuffer(outEvents, eventsCapacity, "out_events")
    let count = try required(outCount, "out_count")
    let values = try mutableBuffer(out, capacity, "out_values")
    // One step: the move, the row and the events under the player's lock.
    let step = try player.advance(by: dt, sampleInto: values, takingEvents: events.count)
    outWidth?.pointee = step.width
    write(step.events, more: step.more, into: events, count: count, more: outMore)
  }
}

/// Runs one control on the player behind `handle`.
private func control(
  _ function: StaticString, _ handle: OpaquePointer?,
  _ body: (Player) throws(RazzleError) -> Void
) -> kf_status {
  call(function) { () throws(RazzleError) in try body(try player(handle)) }
}

@_cdecl("kf_player_play")
public func kf_player_play(_ handle: OpaquePointer?) -> kf_status {
  control("kf_player_play", handle) { (p) throws(RazzleError) in try p.play() }
}

@_cdecl("kf_player_pause")
public func kf_player_pause(_ handle: OpaquePointer?) -> kf_status {
  control("kf_player_pause", handle) { (p) throws(RazzleError) in try p.pause() }
}

@_cdecl("kf_player_reverse")
public func kf_player_reverse(_ handle: OpaquePointer?) -> kf_status {
  control("kf_player_reverse", handle) { (p) throws(RazzleError) in try p.reverse() }
}

@_cdecl("kf_player_finish")
public func kf_player_finish(_ handle: OpaquePointer?) -> kf_status {
  control("kf_player_finish", handle) { (p) throws(RazzleError) in try p.finish() }
}

@_cdecl("kf_player_cancel")
public func kf_player_cancel(_ handle: OpaquePointer?) -> kf_status {
  control("kf_player_cancel", handle) { (p) throws(RazzleError) in p.cancel() }
}

@_cdecl("kf_player_set_current_time")
public func kf_player_set_current_time(_ handle: OpaquePointer?, _ time: Double) -> kf_status {
  control("kf_player_set_current_time", handle) { (p) throws(RazzleError) in
    // NaN is "unresolved": allowed for an idle player only (a no-op).
    if time.isNaN { try p.unsetCurrentTime() } else { try p.setCurrentTime(time) }
  }
}

@_cdecl("kf_player_set_start_time")
public func kf_player_set_start_time(_ handle: OpaquePointer?, _ start: Double) -> kf_status {
  control("kf_player_set_start_time", handle) { (p) throws(RazzleError) in
    try p.setStartTime(start.isNaN ? nil : start)
  }
}

@_cdecl("kf_player_get_start_time")
public func kf_player_get_start_time(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_player_get_start_time") { () throws(RazzleError) in
    let p = try player(handle)
    try required(out, "out_start").pointee = p.startTime ?? .nan
  }
}

@_cdecl("kf_player_set_playback_rate")
public func kf_player_set_playback_rate(_ handle: OpaquePointer?, _ rate: Double) -> kf_status {
  control("kf_player_set_playback_rate", handle) { (p) throws(RazzleError) in
    try p.setPlaybackRate(rate)
  }
}

@_cdecl("kf_player_set_fraction_complete")
public func kf_player_set_fraction_complete(_ handle: OpaquePointer?, _ fraction: Double)
  -> kf_status
{
  control("kf_player_set_fraction_complete", handle) { (p) throws(RazzleError) in
    try p.setFractionComplete(fraction)
  }
}

@_cdecl("kf_player_set_reversed")
public func kf_player_set_reversed(_ handle: OpaquePointer?, _ reversed: Int32) -> kf_status {
  control("kf_player_set_reversed", handle) { (p) throws(RazzleError) in
    p.setReversed(reversed != 0)
  }
}

@_cdecl("kf_player_set_pauses_on_completion")
public func kf_player_set_pauses_on_completion(_ handle: OpaquePointer?, _ pauses: Int32)
  -> kf_status
{
  control("kf_player_set_pauses_on_completion", handle) { (p) throws(RazzleError) in
    p.pausesOnCompletion = pauses != 0
  }
}

@_cdecl("kf_player_set_scrubs_linearly")
public func kf_player_set_scrubs_linearly(_ handle: OpaquePointer?, _ scrubs: Int32) -> kf_status {
  control("kf_player_set_scrubs_linearly", handle) { (p) throws(RazzleError) in
    p.scrubsLinearly = scrubs != 0
  }
}

@_cdecl("kf_player_continue")
public func kf_player_continue(
  _ handle: OpaquePointer?, _ easing: UnsafePointer<CChar>?, _ durationFactor: Double
) -> kf_status {
  control("kf_player_continue", handle) { (p) throws(RazzleError) in
    let curve = try optionalString(easing, "easing").flatMap { (spec) throws(RazzleError) in
      spec.isEmpty ? nil : try Easing(parsing: spec)
    }
    try p.continueAnimation(easing: curve, durationFactor: durationFactor)
  }
}

@_cdecl("kf_player_stop")
public func kf_player_stop(_ handle: OpaquePointer?, _ position: kf_stop_position) -> kf_status {
  control("kf_player_stop", handle) { (p) throws(RazzleError) in
    try p.stop(at: try Player.StopPosition(code: position))
  }
}

@_cdecl("kf_player_get_state")
public func kf_player_get_state(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kf_player_state>?
) -> kf_status {
  call("kf_player_get_state") { () throws(RazzleError) in
    let player = try player(handle)
    let out = try required(out, "out_state")
    try checkVersion(
      out.pointee.version, KF_PLAYER_STATE_VERSION, "kf_player_state",
      initializer: "KF_PLAYER_STATE_INIT")
    let s = player.state
    out.pointee = kf_player_state(
      version: UInt32(KF_PLAYER_STATE_VERSION), play_state: s.playState.code,
      clock_time: s.clockTime, current_time: s.currentTime ?? .nan, playback_rate: s.rate,
      fraction_complete: s.fractionComplete, pauses_on_completion: s.pausesOnCompletion ? 1 : 0,
      scrubs_linearly: s.scrubsLinearly ? 1 : 0)
  }
}

@_cdecl("kf_player_local_times")
public func kf_player_local_times(
  _ handle: OpaquePointer?, _ clockTimes: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_player_local_times") { () throws(RazzleError) in
    let player = try player(handle)
    try player.localTimes(
      at: try buffer(clockTimes, count, "clock_times"),
      into: try mutableBuffer(out, capacity, "out_times"))
  }
}

@_cdecl("kf_player_sample_many")
public func kf_player_sample_many(
  _ handle: OpaquePointer?, _ clockTimes: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outWidth: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call("kf_player_sample_many") { () throws(RazzleError) in
    let player = try player(handle)
    let (width, generation) = try player.sample(
      clockTimes: try buffer(clockTimes, count, "clock_times"),
      into: try mutableBuffer(out, capacity, "out_values"))
    outWidth?.pointee = width
    outGeneration?.pointee = generation
  }
}
