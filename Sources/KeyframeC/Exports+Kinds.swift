// kf_kind_* and kf_property_info: the value kinds and properties the core
// defines, for bindings to build their value types from.
import CKeyframe
import Razzle

@_cdecl("kf_kind_count")
public func kf_kind_count() -> Int {
  ValueKind.catalog.count
}

@_cdecl("kf_kind_get")
public func kf_kind_get(_ index: Int, _ out: UnsafeMutablePointer<kf_kind_info>?) -> kf_status {
  call("kf_kind_get") { () throws(RazzleError) in
    let out = try required(out, "out_info")
    let catalog = ValueKind.catalog
    guard index >= 0 && index < catalog.count else {
      throw RazzleError(.outOfRange, "kind index \(index) is out of range (count \(catalog.count))")
    }
    let kind = catalog[index]
    out.pointee = kf_kind_info(
      name: StaticName.pointer(kind.name), min_channels: kind.channels.lowerBound,
      max_channels: kind.channels.upperBound,
      components: StaticName.pointer(kind.componentNames.joined(separator: " ")),
      type_name: kind.typeName.map(StaticName.pointer), per_channel: kind.isPerChannel ? 1 : 0)
  }
}

@_cdecl("kf_property_info")
public func kf_property_info(
  _ property: UnsafePointer<CChar>?, _ outKind: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
  _ outMinimum: UnsafeMutablePointer<Double>?, _ outMaximum: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_property_info") { () throws(RazzleError) in
    let property = try string(property, "property")
    let out = try required(outKind, "out_kind")
    let known = PropertyRule.known(property)
    let bounds = (known?.range ?? .any).bounds
    out.pointee = known.map { StaticName.pointer($0.kind.name) }
    outMinimum?.pointee = bounds.lower
    outMaximum?.pointee = bounds.upper
  }
}
