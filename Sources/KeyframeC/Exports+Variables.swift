// kf_animator_*_variable*: forwarders to `Animator`'s variables.
import CKeyframe
import Razzle

@_cdecl("kf_animator_set_variable")
public func kf_animator_set_variable(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ value: Double
) -> kf_status {
  call("kf_animator_set_variable") { () throws(RazzleError) in
    let animator = try animator(handle)
    try animator.setVariable(try string(name, "name"), to: value)
  }
}

@_cdecl("kf_animator_get_variable")
public func kf_animator_get_variable(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_animator_get_variable") { () throws(RazzleError) in
    let animator = try animator(handle)
    let name = try string(name, "name")
    let out = try required(out, "out_value")
    out.pointee = try animator.variable(named: name)
  }
}

@_cdecl("kf_animator_remove_variable")
public func kf_animator_remove_variable(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?)
  -> kf_status
{
  call("kf_animator_remove_variable") { () throws(RazzleError) in
    let animator = try animator(handle)
    try animator.removeVariable(named: try string(name, "name"))
  }
}

@_cdecl("kf_animator_variable_count")
public func kf_animator_variable_count(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_animator_variable_count") { () throws(RazzleError) in
    let animator = try animator(handle)
    try required(out, "out_count").pointee = animator.variableCount
  }
}

@_cdecl("kf_animator_list_variables")
public func kf_animator_list_variables(
  _ handle: OpaquePointer?, _ outNames: UnsafeMutablePointer<CChar>?, _ namesCapacity: Int,
  _ outValues: UnsafeMutablePointer<Double>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?, _ outNamesLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_animator_list_variables") { () throws(RazzleError) in
    let animator = try animator(handle)
    let names = try mutableBuffer(outNames, namesCapacity, "out_names")
    let values = try mutableBuffer(outValues, capacity, "out_values")
    let variables = animator.variables
    let namesLength = variables.reduce(0) { $0 + $1.name.utf8.count + 1 }
    outCount?.pointee = variables.count
    outNamesLength?.pointee = namesLength
    guard values.count >= variables.count, names.count >= namesLength else {
      throw RazzleError(
        .bufferTooSmall,
        "the animator has \(variables.count) variables (capacity \(values.count)) and \(namesLength) bytes of names (names_capacity \(names.count))"
      )
    }
    var offset = 0
    for (i, variable) in variables.enumerated() {
      values[i] = variable.value
      for byte in variable.name.utf8 {
        names[offset] = CChar(bitPattern: byte)
        offset += 1
      }
      names[offset] = 0
      offset += 1
    }
  }
}
