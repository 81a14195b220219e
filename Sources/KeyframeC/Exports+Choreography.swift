// kf_clip_*, kf_timeline_*, kf_stagger_*, kf_node_*: the timing tree.
import CKeyframe
import Razzle

/// The node behind a handle.
func node(_ handle: OpaquePointer?) throws(RazzleError) -> Node {
  let handle = try required(handle, "node")
  guard let object = HandleTable.shared.object(handle, tag: .node) else {
    throw RazzleError(.invalidHandle, "node handle is released or not a node")
  }
  return unsafeDowncast(object, to: Node.self)
}

/// Hands out a new node handle through `out`.
func issue(_ node: Node, _ out: UnsafeMutablePointer<OpaquePointer?>) throws(RazzleError) {
  out.pointee = try issue(node, .node)
}

/// A position string, NULL for the timeline's end.
private func placement(_ text: UnsafePointer<CChar>?) throws(RazzleError) -> Placement {
  guard let text = try optionalString(text, "position") else { return .end(0) }
  return try Placement(parsing: text)
}

@_cdecl("kf_clip_new")
public func kf_clip_new(
  _ animatorHandle: OpaquePointer?, _ span: UnsafePointer<Double>?,
  _ options: UnsafePointer<kf_timing_options>?, _ composite: kf_composite,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_clip_new") { () throws(RazzleError) in
    let out = try required(out, "out_node")
    let animator = try animator(animatorHandle)
    let clip = try Node.clip(
      animator, span: span.map { ($0[0], $0[1]) }, timing: try timing(options),
      composite: try Composite(code: composite))
    try issue(clip, out)
  }
}

@_cdecl("kf_timeline_new")
public func kf_timeline_new(
  _ options: UnsafePointer<kf_timing_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_timeline_new") { () throws(RazzleError) in
    let out = try required(out, "out_node")
    try issue(Node.timeline(timing: try timing(options)), out)
  }
}

@_cdecl("kf_timeline_add")
public func kf_timeline_add(
  _ timeline: OpaquePointer?, _ child: OpaquePointer?, _ position: UnsafePointer<CChar>?,
  _ outStart: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_timeline_add") { () throws(RazzleError) in
    let start = try node(timeline).add(try node(child), at: try placement(position))
    outStart?.pointee = start
  }
}

@_cdecl("kf_timeline_add_label")
public func kf_timeline_add_label(
  _ timeline: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ position: UnsafePointer<CChar>?,
  _ outTime: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_timeline_add_label") { () throws(RazzleError) in
    let time = try node(timeline).addLabel(try string(name, "name"), at: try placement(position))
    outTime?.pointee = time
  }
}

@_cdecl("kf_timeline_label_time")
public func kf_timeline_label_time(
  _ timeline: OpaquePointer?, _ name: UnsafePointer<CChar>?,
  _ outTime: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_timeline_label_time") { () throws(RazzleError) in
    let out = try required(outTime, "out_time")
    out.pointee = try node(timeline).labelTime(try string(name, "name"))
  }
}

@_cdecl("kf_timeline_child_count")
public func kf_timeline_child_count(
  _ timeline: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_timeline_child_count") { () throws(RazzleError) in
    let out = try required(outCount, "out_count")
    out.pointee = try node(timeline).children.count
  }
}

@_cdecl("kf_timeline_child_at")
public func kf_timeline_child_at(
  _ timeline: OpaquePointer?, _ index: Int, _ outChild: UnsafeMutablePointer<OpaquePointer?>?,
  _ outStart: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_timeline_child_at") { () throws(RazzleError) in
    let children = try node(timeline).children
    guard index >= 0 && index < children.count else {
      throw RazzleError(
        .outOfRange,
        "child index \(UInt(bitPattern: index)) is out of range (count \(children.count))")
    }
    if let outChild { try issue(children[index].node, outChild) }
    outStart?.pointee = children[index].start
  }
}

extension kf_stagger_options {
  /// KF_STAGGER_OPTIONS_INIT.
  static var defaults: kf_stagger_options {
    kf_stagger_options(
      version: UInt32(KF_STAGGER_OPTIONS_VERSION), each: 0.05, amount: .nan,
      origin: kf_stagger_from(KF_STAGGER_FROM_INDEX), origin_index: 0, origin_x: 0, origin_y: 0,
      seed: 0,
      grid_rows: 0, grid_columns: 0, axis: kf_stagger_axis(KF_STAGGER_AXIS_BOTH), ease: nil,
      max_count: Int64.min)
  }
}

/// The core's distribution from a `kf_stagger_options` (NULL: the
/// defaults).
private func distribution(_ pointer: UnsafePointer<kf_stagger_options>?) throws(RazzleError)
  -> StaggerDistribution
{
  let c = pointer?.pointee ?? .defaults
  try checkVersion(
    c.version, KF_STAGGER_OPTIONS_VERSION, "kf_stagger_options",
    initializer: "KF_STAGGER_OPTIONS_INIT")
  guard c.origin_index >= 0 && c.origin_index <= Int64(Int32.max) else {
    throw RazzleError(
      .invalidValue, "origin_index must lie in 0 ... 2^31 - 1, got \(c.origin_index)")
  }
  let origin = StaggerDistribution.origin(
    try StaggerDistribution.OriginKind(code: c.origin), index: Int(c.origin_index),
    x: c.origin_x, y: c.origin_y, seed: c.seed)
  guard (c.grid_rows == 0) == (c.grid_columns == 0) else {
    throw RazzleError(
      .invalidValue, "grid_rows and grid_columns are both 0 (no grid) or both >= 1")
  }
  let grid = c.grid_rows == 0 ? nil : (Int(c.grid_rows), Int(c.grid_columns))
  let ease = try optionalString(c.ease, "ease").flatMap { (spec) throws(RazzleError) in
    spec.isEmpty ? nil : try Easing(parsing: spec)
  }
  return try StaggerDistribution(
    c.amount.isNaN ? .each(c.each) : .amount(c.amount), from: origin, grid: grid,
    axis: try StaggerDistribution.Axis(code: c.axis), ease: ease,
    maxCount: c.max_count == Int64.min ? nil : Int(clamping: c.max_count))
}

/// `count` UTF-8 target names.
private func names(_ pointer: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int)
  throws(RazzleError) -> [String]
{
  let list = try buffer(pointer, count, "targets")
  var result: [String] = []
  result.reserveCapacity(list.count)
  for p in list { result.append(try string(p, "targets[i]")) }
  return result
}

@_cdecl("kf_stagger_options_init")
public func kf_stagger_options_init(_ out: UnsafeMutablePointer<kf_stagger_options>?)
  -> kf_status
{
  call("kf_stagger_options_init") { () throws(RazzleError) in
    try required(out, "options").pointee = .defaults
  }
}

@_cdecl("kf_stagger_new")
public func kf_stagger_new(
  _ template: OpaquePointer?, _ targets: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
  _ options: UnsafePointer<kf_stagger_options>?, _ timingOptions: UnsafePointer<kf_timing_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_stagger_new") { () throws(RazzleError) in
    let out = try required(out, "out_node")
    let stagger = try Node.stagger(
      try node(template), targets: try names(targets, count),
      distribution: try distribution(options), timing: try timing(timingOptions))
    try issue(stagger, out)
  }
}

@_cdecl("kf_stagger_preset_new")
public func kf_stagger_preset_new(
  _ preset: kf_stagger_preset, _ targets: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_stagger_preset_new") { () throws(RazzleError) in
    let out = try required(out, "out_node")
    let stagger = try StaggerPreset(code: preset).stagger(targets: try names(targets, count))
    try issue(stagger, out)
  }
}

@_cdecl("kf_stagger_preset_template")
public func kf_stagger_preset_template(
  _ preset: kf_stagger_preset, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_stagger_preset_template") { () throws(RazzleError) in
    let out = try required(out, "out_clip")
    try issue(try StaggerPreset(code: preset).template(), out)
  }
}

@_cdecl("kf_stagger_offsets")
public func kf_stagger_offsets(
  _ stagger: OpaquePointer?, _ outOffsets: UnsafeMutablePointer<Double>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_stagger_offsets") { () throws(RazzleError) in
    let offsets = try node(stagger).staggerOffsets
    let out = try mutableBuffer(outOffsets, capacity, "out_offsets")
    let count = try required(outCount, "out_count")
    count.pointee = offsets.count
    guard out.count >= offsets.count else {
      throw RazzleError(
        .bufferTooSmall, "out_offsets holds \(out.count) doubles, \(offsets.count) needed")
    }
    for i in offsets.indices { out[i] = offsets[i] }
  }
}

@_cdecl("kf_node_release")
public func kf_node_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .node)
}

@_cdecl("kf_node_kind_of")
public func kf_node_kind_of(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kf_node_kind>?)
  -> kf_status
{
  call("kf_node_kind_of") { () throws(RazzleError) in
    let out = try required(out, "out_kind")
    out.pointee = try node(handle).kind.code
  }
}

@_cdecl("kf_node_set_timing")
public func kf_node_set_timing(
  _ handle: OpaquePointer?, _ options: UnsafePointer<kf_timing_options>?
) -> kf_status {
  call("kf_node_set_timing") { () throws(RazzleError) in
    let node = try node(handle)
    node.setTiming(try timing(options))
  }
}

@_cdecl("kf_node_get_timing")
public func kf_node_get_timing(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kf_timing_options>?
) -> kf_status {
  call("kf_node_get_timing") { () throws(RazzleError) in
    let timing = try node(handle).timing
    let out = try required(out, "out_timing")
    let easing = timing.easing == .linear ? nil : StaticName.pointer(timing.easing.description)
    out.pointee = kf_timing_options(timing, easing: easing)
  }
}

@_cdecl("kf_node_durations")
public func kf_node_durations(
  _ handle: OpaquePointer?, _ outNatural: UnsafeMutablePointer<Double>?,
  _ outActive: UnsafeMutablePointer<Double>?, _ outEnd: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_node_durations") { () throws(RazzleError) in
    let d = try node(handle).durations
    outNatural?.pointee = d.natural
    outActive?.pointee = d.active
    outEnd?.pointee = d.end
  }
}

@_cdecl("kf_node_compute")
public func kf_node_compute(
  _ handle: OpaquePointer?, _ localTime: Double, _ direction: kf_animation_direction,
  _ out: UnsafeMutablePointer<kf_computed_timing>?
) -> kf_status {
  call("kf_node_compute") { () throws(RazzleError) in
    let node = try node(handle)
    let out = try required(out, "out_timing")
    try checkVersion(
      out.pointee.version, KF_COMPUTED_TIMING_VERSION, "kf_computed_timing",
      initializer: "KF_COMPUTED_TIMING_INIT")
    out.pointee = kf_computed_timing(
      node.computedTiming(
        at: localTime, animationDirection: try AnimationDirection(code: direction)))
  }
}

@_cdecl("kf_node_get_layout")
public func kf_node_get_layout(
  _ handle: OpaquePointer?, _ outColumns: UnsafeMutablePointer<kf_column>?, _ capacity: Int,
  _ outNames: UnsafeMutablePointer<CChar>?, _ namesCapacity: Int,
  _ outPairCount: UnsafeMutablePointer<Int>?, _ outNamesLength: UnsafeMutablePointer<Int>?,
  _ outWidth: UnsafeMutablePointer<Int>?, _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call("kf_node_get_layout") { () throws(RazzleError) in
    let layout = try node(handle).layout()
    try writeLayout(
      layout.columns.map {
        LayoutEntry(target: $0.target, property: $0.property, kind: $0.kind, start: $0.column)
      }, outColumns, capacity, outNames, namesCapacity, outPairCount, outNamesLength
    ) {
      outWidth?.pointee = layout.width
      outGeneration?.pointee = layout.generation
    }
  }
}

@_cdecl("kf_node_sample_many")
public func kf_node_sample_many(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ direction: kf_animation_direction, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int,
  _ outWidth: UnsafeMutablePointer<Int>?, _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  sampleNode(
    "kf_node_sample_many", .rows, handle, times, count, direction, out, capacity, outWidth,
    outGeneration)
}

@_cdecl("kf_node_sample_columns")
public func kf_node_sample_columns(
  _ handle: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ direction: kf_animation_direction, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int,
  _ outWidth: UnsafeMutablePointer<Int>?, _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  sampleNode(
    "kf_node_sample_columns", .columns, handle, times, count, direction, out, capacity, outWidth,
    outGeneration)
}

/// kf_node_sample_many and kf_node_sample_columns: the matrix in `layout`.
private func sampleNode(
  _ name: StaticString, _ layout: MatrixLayout, _ handle: OpaquePointer?,
  _ times: UnsafePointer<Double>?, _ count: Int, _ direction: kf_animation_direction,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outWidth: UnsafeMutablePointer<Int>?,
  _ outGeneration: UnsafeMutablePointer<UInt64>?
) -> kf_status {
  call(name) { () throws(RazzleError) in
    let node = try node(handle)
    let times = try buffer(times, count, "times")
    let out = try mutableBuffer(out, capacity, "out_values")
    let (width, generation) = try node.sample(
      times: times, into: out, direction: try AnimationDirection(code: direction), layout: layout)
    outWidth?.pointee = width
    outGeneration?.pointee = generation
  }
}

extension kf_computed_timing {
  /// The C form of a computed timing, unresolved values as NaN.
  init(_ c: ComputedTiming) {
    self.init(
      version: UInt32(KF_COMPUTED_TIMING_VERSION), phase: c.phase.code,
      local_time: c.localTime ?? .nan, iteration_duration: c.iterationDuration,
      active_duration: c.activeDuration, end_time: c.endTime, active_time: c.activeTime ?? .nan,
      overall_progress: c.overallProgress ?? .nan,
      simple_iteration_progress: c.simpleIterationProgress ?? .nan,
      current_iteration: c.currentIteration ?? .nan,
      directed_progress: c.directedProgress ?? .nan,
      transformed_progress: c.transformedProgress ?? .nan)
  }
}
