// kf_paging_*, kf_page_tracker_*: forwarders to `PagingLayout` and
// `PageTracker`.
import CKeyframe
import Razzle

/// The paging layout behind a handle.
func paging(_ handle: OpaquePointer?) throws(RazzleError) -> PagingLayout {
  let handle = try required(handle, "paging")
  guard let object = HandleTable.shared.object(handle, tag: .paging) else {
    throw RazzleError(.invalidHandle, "paging handle is released or not a paging layout")
  }
  return unsafeDowncast(object, to: PagingLayout.self)
}

/// The page tracker behind a handle.
func pageTracker(_ handle: OpaquePointer?) throws(RazzleError) -> PageTracker {
  let handle = try required(handle, "tracker")
  guard let object = HandleTable.shared.object(handle, tag: .pageTracker) else {
    throw RazzleError(.invalidHandle, "tracker handle is released or not a page tracker")
  }
  return unsafeDowncast(object, to: PageTracker.self)
}

/// A `size_t` count as an `Int`, or `.outOfRange`.
func index(_ value: Int, _ name: StaticString) throws(RazzleError) -> Int {
  guard value >= 0 else {
    throw RazzleError(.outOfRange, "\(name) \(UInt(bitPattern: value)) is too large")
  }
  return value
}

@_cdecl("kf_page_attribute_name")
public func kf_page_attribute_name(_ code: kf_page_attribute) -> UnsafePointer<CChar>? {
  (try? PageAttribute(code: code)).map { StaticName.pointer($0.name) }
}

@_cdecl("kf_page_attribute_from_name")
public func kf_page_attribute_from_name(
  _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<kf_page_attribute>?
) -> kf_status {
  call("kf_page_attribute_from_name") { () throws(RazzleError) in
    let value = try PageAttribute(named: try string(name, "name"))
    try required(out, "out_attribute").pointee = value.code
  }
}

@_cdecl("kf_paging_create")
public func kf_paging_create(
  _ handle: OpaquePointer?, _ pageCount: Int, _ pageWidth: Double,
  _ variable: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_paging_create") { () throws(RazzleError) in
    let animator = try animator(handle)
    let variable = try optionalString(variable, "variable") ?? "pageWidth"
    let out = try required(out, "out_paging")
    let pages = try index(pageCount, "page_count")
    let layout = try PagingLayout(
      animator: animator, pageCount: pages, pageWidth: pageWidth, variable: variable)
    out.pointee = try issue(layout, .paging)
  }
}

@_cdecl("kf_paging_release")
public func kf_paging_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .paging)
}

@_cdecl("kf_paging_set_page_width")
public func kf_paging_set_page_width(_ handle: OpaquePointer?, _ width: Double) -> kf_status {
  call("kf_paging_set_page_width") { () throws(RazzleError) in
    try paging(handle).setPageWidth(width)
  }
}

@_cdecl("kf_paging_page_width")
public func kf_paging_page_width(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?)
  -> kf_status
{
  call("kf_paging_page_width") { () throws(RazzleError) in
    let layout = try paging(handle)
    let out = try required(out, "out_page_width")
    out.pointee = try layout.pageWidth()
  }
}

@_cdecl("kf_paging_page_count")
public func kf_paging_page_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_paging_page_count") { () throws(RazzleError) in
    let layout = try paging(handle)
    try required(out, "out_page_count").pointee = layout.pageCount
  }
}

@_cdecl("kf_paging_content_width")
public func kf_paging_content_width(
  _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_paging_content_width") { () throws(RazzleError) in
    let layout = try paging(handle)
    let out = try required(out, "out_content_width")
    out.pointee = try layout.contentWidth()
  }
}

@_cdecl("kf_paging_page_offset")
public func kf_paging_page_offset(
  _ handle: OpaquePointer?, _ contentOffset: Double, _ out: UnsafeMutablePointer<Double>?
) -> kf_status {
  call("kf_paging_page_offset") { () throws(RazzleError) in
    let layout = try paging(handle)
    let out = try required(out, "out_page_offset")
    out.pointee = try layout.pageOffset(contentOffset: contentOffset)
  }
}

@_cdecl("kf_paging_current_page")
public func kf_paging_current_page(
  _ handle: OpaquePointer?, _ contentOffset: Double, _ out: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_paging_current_page") { () throws(RazzleError) in
    let layout = try paging(handle)
    let out = try required(out, "out_page")
    out.pointee = try layout.currentPage(contentOffset: contentOffset)
  }
}

@_cdecl("kf_paging_keep")
public func kf_paging_keep(
  _ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ attribute: kf_page_attribute,
  _ pages: UnsafePointer<Double>?, _ times: UnsafePointer<Double>?, _ count: Int,
  _ constant: Double, _ offsets: UnsafePointer<Double>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_paging_keep") { () throws(RazzleError) in
    let layout = try paging(handle)
    let target = try string(target, "target")
    let attribute = try PageAttribute(code: attribute)
    let pageList = Array(try buffer(pages, count, "pages"))
    let timeList = try times.map { (p) throws(RazzleError) in Array(try buffer(p, count, "times")) }
    let offsetList = try offsets.map { (p) throws(RazzleError) in
      Array(try buffer(p, count, "offsets"))
    }
    let track = try layout.keep(
      target: target, pages: pageList, times: timeList, attribute: attribute, constant: constant,
      offsets: offsetList)
    guard let out else { return }
    do throws(RazzleError) {
      try issue(track, out)
    } catch {
      // Without the handle it asked for the caller cannot reach the
      // track: undo the keep.
      try? layout.unkeep(target: target)
      throw error
    }
  }
}

@_cdecl("kf_paging_unkeep")
public func kf_paging_unkeep(_ handle: OpaquePointer?, _ target: UnsafePointer<CChar>?)
  -> kf_status
{
  call("kf_paging_unkeep") { () throws(RazzleError) in
    let layout = try paging(handle)
    try layout.unkeep(target: try string(target, "target"))
  }
}

@_cdecl("kf_paging_kept_count")
public func kf_paging_kept_count(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_paging_kept_count") { () throws(RazzleError) in
    let layout = try paging(handle)
    try required(out, "out_count").pointee = layout.keptCount
  }
}

@_cdecl("kf_paging_positions")
public func kf_paging_positions(
  _ handle: OpaquePointer?, _ pageOffsets: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> kf_status {
  call("kf_paging_positions") { () throws(RazzleError) in
    let layout = try paging(handle)
    let times = try buffer(pageOffsets, count, "page_offsets")
    let out = try mutableBuffer(out, capacity, "out_positions")
    try layout.positions(pageOffsets: times, into: out)
  }
}

@_cdecl("kf_page_tracker_create")
public func kf_page_tracker_create(
  _ handle: OpaquePointer?, _ initialPage: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> kf_status {
  call("kf_page_tracker_create") { () throws(RazzleError) in
    let layout = try paging(handle)
    let out = try required(out, "out_tracker")
    let tracker = try PageTracker(
      layout: layout, initialPage: try index(initialPage, "initial_page"))
    out.pointee = try issue(tracker, .pageTracker)
  }
}

@_cdecl("kf_page_tracker_release")
public func kf_page_tracker_release(_ handle: OpaquePointer?) {
  guard let handle else { return }
  HandleTable.shared.remove(handle, tag: .pageTracker)
}

@_cdecl("kf_page_tracker_page")
public func kf_page_tracker_page(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?)
  -> kf_status
{
  call("kf_page_tracker_page") { () throws(RazzleError) in
    let tracker = try pageTracker(handle)
    try required(out, "out_page").pointee = tracker.currentPage
  }
}

@_cdecl("kf_page_tracker_feed")
public func kf_page_tracker_feed(
  _ handle: OpaquePointer?, _ offsets: UnsafePointer<Double>?, _ count: Int,
  _ out: UnsafeMutablePointer<kf_page_change>?, _ capacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?
) -> kf_status {
  call("kf_page_tracker_feed") { () throws(RazzleError) in
    let tracker = try pageTracker(handle)
    let offsets = try buffer(offsets, count, "content_offsets")
    let changes = try mutableBuffer(out, capacity, "out_changes")
    try tracker.feed(contentOffsets: offsets) { (found) throws(RazzleError) in
      outCount?.pointee = found.count
      guard changes.count >= found.count else {
        throw RazzleError(
          .bufferTooSmall,
          "out_changes holds \(changes.count) changes, the offsets make \(found.count)")
      }
      for (i, change) in found.enumerated() {
        changes[i] = kf_page_change(index: change.index, from_page: change.from, to_page: change.to)
      }
    }
  }
}
