// kf_scene_*: razzle-scene/1 files (Guides/Scenes.md).
import CKeyframe
import Razzle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scene behind a handle.
func scene(_ handle: OpaquePointer?) throws(RazzleError) -> Scene {
  let handle = try required(handle, "scene")
  guard let object = HandleTable.shared.object(handle, tag: .scene) else {
    throw RazzleError(.invalidHandle, "scene handle is released or not a scene")
  }
  return unsafeDowncast(object, to: Scene.self)
}

/// Loads `bytes`, reporting where it failed.
private func load(
  _ bytes: UnsafeBufferPointer<UInt8>, _ out: UnsafeMutablePointer<OpaquePointer?>,
  _ location: UnsafeMutablePointer<kf_scene_location>?
) throws(RazzleError) {
  switch Scene.load(bytes) {
  case .success(let loaded): out.pointee = try issue(loaded, .scene)
  case .failure(let e):
    location?.pointee = kf_scene_location(
      offset: e.position.offset, line: e.position.line, column: e.position.column)
    throw e.error
  }
}

@_cdecl("kf_scene_new")
public func kf_scene_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> kf_status {
  call("kf_scene_new") { () throws(RazzleError) in
    try required(out, "out_scene").pointee = try issue(Scene(), .scene)
  }
}

@_cdecl("kf_scene_load")
public func kf_scene_load(
  _ text: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
  _ location: UnsafeMutablePointer<kf_scene_location>?
) -> kf_status {
  call("kf_scene_load") { () throws(RazzleError) in
    location?.pointee = kf_scene_location(offset: 0, line: 0, column: 0)
    let out = try required(out, "out_scene")
    let chars = try buffer(text, length, "text")
    let bytes = UnsafeRawBufferPointer(chars).bindMemory(to: UInt8.self)
    try load(bytes, out, location)
  }
}

@_cdecl("kf_scene_load_file")
public func kf_scene_load_file(
  _ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
  _ location: UnsafeMutablePointer<kf_scene_location>?
) -> kf_status {
  call("kf_scene_load_file") { () throws(RazzleError) in
    location?.pointee = kf_scene_location(offset: 0, line: 0, column: 0)
    let name = try string(path, "path")
    let out = try required(out, "out_scene")
    guard let file = fopen(name, "rb") else {
      throw RazzleError(.notFound, "cannot open \(name): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
      guard bytes.count <= Scene.maximumTextBytes else {
        throw RazzleError(.format, "\(name) is longer than \(Scene.maximumTextBytes) bytes")
      }
      if n < chunk.count {
        guard ferror(file) == 0 else { throw RazzleError(.notFound, "cannot read \(name)") }
        break
      }
    }
    try bytes.withUnsafeBufferPointer { (b) throws(RazzleError) in try load(b, out, location) }
  }
}

@_cdecl("kf_scene_save")
public func kf_scene_save(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_scene_save") { () throws(RazzleError) in
    let text = try scene(handle).write()
    try copyText(text, out, capacity, outLength, "out")
  }
}

@_cdecl("kf_scene_save_file")
public func kf_scene_save_file(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?)
  -> kf_status
{
  call("kf_scene_save_file") { () throws(RazzleError) in
    let s = try scene(handle)
    let name = try string(path, "path")
    let text = try s.write()
    guard let file = fopen(name, "wb") else {
      throw RazzleError(.notFound, "cannot write \(name): \(String(cString: strerror(errno)))")
    }
    var t = text
    let written = t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == text.utf8.count, closed == 0 else {
      throw RazzleError(.notFound, "cannot write \(name): \(String(cString: strerror(errno)))")
    }
  }
}

@_cdecl("kf_scene_add_animator")
public func kf_scene_add_animator(
  _ handle: OpaquePointer?, _ object: OpaquePointer?, _ name: UnsafePointer<CChar>?
) -> kf_status {
  call("kf_scene_add_animator") { () throws(RazzleError) in
    let s = try scene(handle)
    try s.add(try animator(object), name: try optionalString(name, "name"))
  }
}

@_cdecl("kf_scene_add_node")
public func kf_scene_add_node(
  _ handle: OpaquePointer?, _ object: OpaquePointer?, _ name: UnsafePointer<CChar>?
) -> kf_status {
  call("kf_scene_add_node") { () throws(RazzleError) in
    let s = try scene(handle)
    try s.add(try node(object), name: try optionalString(name, "name"))
  }
}

@_cdecl("kf_scene_add_paging")
public func kf_scene_add_paging(
  _ handle: OpaquePointer?, _ object: OpaquePointer?, _ name: UnsafePointer<CChar>?
) -> kf_status {
  call("kf_scene_add_paging") { () throws(RazzleError) in
    let s = try scene(handle)
    try s.add(try paging(object), name: try optionalString(name, "name"))
  }
}

@_cdecl("kf_scene_add_path")
public func kf_scene_add_path(
  _ handle: OpaquePointer?, _ object: OpaquePointer?, _ name: UnsafePointer<CChar>?
) -> kf_status {
  call("kf_scene_add_path") { () throws(RazzleError) in
    let s = try scene(handle)
    try s.add(try path(object), name: try optionalString(name, "name"))
  }
}

@_cdecl("kf_scene_add_mask")
public func kf_scene_add_mask(
  _ handle: OpaquePointer?, _ kind: kf_mask, _ width: Double, _ height: Double,
  _ name: UnsafePointer<CChar>?
) -> kf_status {
  call("kf_scene_add_mask") { () throws(RazzleError) in
    let s = try scene(handle)
    let mask = try Mask(try MaskKind(code: kind), width: width, height: height)
    try s.add(mask, name: try optionalString(name, "name"))
  }
}

@_cdecl("kf_scene_count")
public func kf_scene_count(
  _ handle: OpaquePointer?, _ item: kf_scene_item, _ out: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_scene_count") { () throws(RazzleError) in
    let s = try scene(handle)
    let kind = try Scene.ItemKind(code: item)
    try required(out, "out_count").pointee = s.count(kind)
  }
}

@_cdecl("kf_scene_find")
public func kf_scene_find(
  _ handle: OpaquePointer?, _ item: kf_scene_item, _ name: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_scene_find") { () throws(RazzleError) in
    let s = try scene(handle)
    let kind = try Scene.ItemKind(code: item)
    let text = try string(name, "name")
    let out = try required(out, "out_index")
    out.pointee = try s.index(of: kind, named: text)
  }
}

@_cdecl("kf_scene_name")
public func kf_scene_name(
  _ handle: OpaquePointer?, _ item: kf_scene_item, _ index: Int,
  _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_scene_name") { () throws(RazzleError) in
    let s = try scene(handle)
    let names = s.names(try Scene.ItemKind(code: item))
    guard index >= 0 && index < names.count else {
      throw RazzleError(.outOfRange, "index \(index) is out of range (count \(names.count))")
    }
    try copyText(names[index] ?? "", out, capacity, outLength, "out")
  }
}

/// Item `index` of `items`, or `.outOfRange`.
private func item<T>(_ items: [Scene.Item<T>], _ index: Int, _ what: String) throws(RazzleError)
  -> T
{
  guard index >= 0 && index < items.count else {
    throw RazzleError(
      .outOfRange, "\(what) index \(index) is out of range (count \(items.count))")
  }
  return items[index].object
}

@_cdecl("kf_scene_animator_at")
public func kf_scene_animator_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_scene_animator_at") { () throws(RazzleError) in
    let object = try item(try scene(handle).animators, index, "animator")
    try required(out, "out_animator").pointee = try issue(object, .animator)
  }
}

@_cdecl("kf_scene_node_at")
public func kf_scene_node_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_scene_node_at") { () throws(RazzleError) in
    let object = try item(try scene(handle).nodes, index, "node")
    try issue(object, try required(out, "out_node"))
  }
}

@_cdecl("kf_scene_paging_at")
public func kf_scene_paging_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_scene_paging_at") { () throws(RazzleError) in
    let object = try item(try scene(handle).pagings, index, "paging")
    try required(out, "out_paging").pointee = try issue(object, .paging)
  }
}

@_cdecl("kf_scene_path_at")
public func kf_scene_path_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_scene_path_at") { () throws(RazzleError) in
    let object = try item(try scene(handle).paths, index, "path")
    try required(out, "out_path").pointee = try issue(PathReference(object), .path)
  }
}

@_cdecl("kf_scene_mask_at")
public func kf_scene_mask_at(
  _ handle: OpaquePointer?, _ index: Int, _ outKind: UnsafeMutablePointer<kf_mask>?,
  _ outWidth: UnsafeMutablePointer<Double>?, _ outHeight: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_scene_mask_at") { () throws(RazzleError) in
    let s = try scene(handle)
    let kind = try required(outKind, "out_kind")
    let width = try required(outWidth, "out_width")
    let height = try required(outHeight, "out_height")
    let mask = try item(s.masks, index, "mask")
    kind.pointee = mask.kind.code
    width.pointee = mask.width
    height.pointee = mask.height
  }
}

@_cdecl("kf_scene_add_stage")
public func kf_scene_add_stage(
  _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int,
  _ location: UnsafeMutablePointer<kf_scene_location>?
) -> kf_status {
  call("kf_scene_add_stage") { () throws(RazzleError) in
    location?.pointee = kf_scene_location(offset: 0, line: 0, column: 0)
    let s = try scene(handle)
    let chars = try buffer(json, length, "json")
    let bytes = UnsafeRawBufferPointer(chars).bindMemory(to: UInt8.self)
    if case .failure(let e) = s.addStage(json: bytes) {
      location?.pointee = kf_scene_location(
        offset: e.position.offset, line: e.position.line, column: e.position.column)
      throw e.error
    }
  }
}

@_cdecl("kf_scene_stage_at")
public func kf_scene_stage_at(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_scene_stage_at") { () throws(RazzleError) in
    let text = try scene(handle).stageJSON(at: index)
    try copyText(text, out, capacity, outLength, "out")
  }
}

@_cdecl("kf_scene_release")
public func kf_scene_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .scene)
}

@_cdecl("kf_paging_animator")
public func kf_paging_animator(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_paging_animator") { () throws(RazzleError) in
    let layout = try paging(handle)
    try required(out, "out_animator").pointee = try issue(layout.animator, .animator)
  }
}

@_cdecl("kf_paging_kept_target")
public func kf_paging_kept_target(
  _ handle: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<CChar>?, _ capacity: Int,
  _ outLength: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_paging_kept_target") { () throws(RazzleError) in
    let views = try paging(handle).keptViews
    guard index >= 0 && index < views.count else {
      throw RazzleError(.outOfRange, "kept view \(index) is out of range (count \(views.count))")
    }
    try copyText(views[index].target, out, capacity, outLength, "out")
  }
}
