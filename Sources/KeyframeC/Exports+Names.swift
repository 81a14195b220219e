// kf_*_name and kf_*_from_name for the choreography enums: each a pinned
// enum of the core, printed and parsed there.
import CKeyframe
import Razzle

/// The static name of code `code` of `T`, or NULL for a code it lacks.
func pinnedName<T: PinnedCode>(_ type: T.Type, _ code: Int32) -> UnsafePointer<CChar>? {
  (try? T(code: code)).map { StaticName.pointer($0.name) }
}

/// Parses `name` as a `T` into `out`.
func pinnedFromName<T: PinnedCode>(
  _ type: T.Type, _ function: StaticString, _ name: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<Int32>?
) -> kf_status {
  call(function) { () throws(RazzleError) in
    let value = try T(named: try string(name, "name"))
    try required(out, "out").pointee = value.code
  }
}

@_cdecl("kf_composite_name")
public func kf_composite_name(_ code: kf_composite) -> UnsafePointer<CChar>? {
  pinnedName(Composite.self, code)
}

@_cdecl("kf_node_kind_name")
public func kf_node_kind_name(_ code: kf_node_kind) -> UnsafePointer<CChar>? {
  pinnedName(Node.Kind.self, code)
}

@_cdecl("kf_stagger_from_name")
public func kf_stagger_from_name(_ code: kf_stagger_from) -> UnsafePointer<CChar>? {
  pinnedName(StaggerDistribution.OriginKind.self, code)
}

@_cdecl("kf_stagger_axis_name")
public func kf_stagger_axis_name(_ code: kf_stagger_axis) -> UnsafePointer<CChar>? {
  pinnedName(StaggerDistribution.Axis.self, code)
}

@_cdecl("kf_stagger_preset_name")
public func kf_stagger_preset_name(_ code: kf_stagger_preset) -> UnsafePointer<CChar>? {
  pinnedName(StaggerPreset.self, code)
}

@_cdecl("kf_calculation_mode_name")
public func kf_calculation_mode_name(_ code: kf_calculation_mode) -> UnsafePointer<CChar>? {
  pinnedName(KeyframeCalculationMode.self, code)
}

@_cdecl("kf_play_state_name")
public func kf_play_state_name(_ code: kf_play_state) -> UnsafePointer<CChar>? {
  pinnedName(PlayState.self, code)
}

@_cdecl("kf_event_kind_name")
public func kf_event_kind_name(_ code: kf_event_kind) -> UnsafePointer<CChar>? {
  pinnedName(PlayerEvent.Kind.self, code)
}

@_cdecl("kf_stop_position_name")
public func kf_stop_position_name(_ code: kf_stop_position) -> UnsafePointer<CChar>? {
  pinnedName(Player.StopPosition.self, code)
}

@_cdecl("kf_composite_from_name")
public func kf_composite_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_composite>?
) -> kf_status {
  pinnedFromName(Composite.self, "kf_composite_from_name", name, out)
}

@_cdecl("kf_node_kind_from_name")
public func kf_node_kind_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_node_kind>?
) -> kf_status {
  pinnedFromName(Node.Kind.self, "kf_node_kind_from_name", name, out)
}

@_cdecl("kf_stagger_from_from_name")
public func kf_stagger_from_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_stagger_from>?
) -> kf_status {
  pinnedFromName(StaggerDistribution.OriginKind.self, "kf_stagger_from_from_name", name, out)
}

@_cdecl("kf_stagger_axis_from_name")
public func kf_stagger_axis_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_stagger_axis>?
) -> kf_status {
  pinnedFromName(StaggerDistribution.Axis.self, "kf_stagger_axis_from_name", name, out)
}

@_cdecl("kf_stagger_preset_from_name")
public func kf_stagger_preset_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_stagger_preset>?
) -> kf_status {
  pinnedFromName(StaggerPreset.self, "kf_stagger_preset_from_name", name, out)
}

@_cdecl("kf_calculation_mode_from_name")
public func kf_calculation_mode_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_calculation_mode>?
) -> kf_status {
  pinnedFromName(KeyframeCalculationMode.self, "kf_calculation_mode_from_name", name, out)
}

@_cdecl("kf_play_state_from_name")
public func kf_play_state_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_play_state>?
) -> kf_status {
  pinnedFromName(PlayState.self, "kf_play_state_from_name", name, out)
}

@_cdecl("kf_event_kind_from_name")
public func kf_event_kind_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_event_kind>?
) -> kf_status {
  pinnedFromName(PlayerEvent.Kind.self, "kf_event_kind_from_name", name, out)
}

@_cdecl("kf_stop_position_from_name")
public func kf_stop_position_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_stop_position>?
) -> kf_status {
  pinnedFromName(Player.StopPosition.self, "kf_stop_position_from_name", name, out)
}
