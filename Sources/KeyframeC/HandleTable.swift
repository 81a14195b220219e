import Razzle

/// The objects behind the C API's opaque handles.
///
/// A handle is not a pointer to the object: it encodes a slot index, the
/// slot's generation and a type tag (`generation << 32 | index << 4 | tag`).
/// Releasing a handle empties its slot and bumps the generation, so a stale,
/// double-released, forged or wrong-type handle is caught by a lookup instead
/// of crashing the process. Each slot holds one strong reference; the caller
/// owns the slot until it releases the handle.
///
/// Lookups take the table's lock for reading and retain the object before
/// letting go, so an object cannot vanish under a call even if another thread
/// releases the same handle meanwhile.
final class HandleTable: @unchecked Sendable {
  /// Which kind of object a handle names; never 0, so no handle is NULL.
  enum Tag: UInt, CaseIterable {
    case animator = 0xA
    case track = 0xC
    case paging = 0x5
    case pageTracker = 0x6
    case node = 0x3
    case player = 0x9
    case relativeKeyframes = 0xB
    case path = 0x7
    case lottie = 0xD
    case scene = 0x1
    case displayList = 0xE
    case raster = 0xF

    var name: String {
      switch self {
      case .animator: return "animator"
      case .track: return "track"
      case .paging: return "paging"
      case .pageTracker: return "page tracker"
      case .node: return "node"
      case .player: return "player"
      case .relativeKeyframes: return "relative keyframes"
      case .path: return "path"
      case .lottie: return "lottie import"
      case .scene: return "scene"
      case .displayList: return "display list"
      case .raster: return "raster"
      }
    }
  }

  private struct Slot {
    var generation: UInt32 = 0
    var tag: Tag?
    var object: AnyObject?
  }

  /// The table every export uses.
  static let shared = HandleTable()

  private let lock = ReadWriteLock()
  private var slots: [Slot] = []
  private var free: [Int] = []

  /// The largest slot index a handle can encode (28 bits).
  private static let maxSlots = 1 << 28

  /// Stores `object` in a new slot and returns its handle, or nil if the
  /// table is full.
  func insert(_ object: AnyObject, tag: Tag) -> OpaquePointer? {
    lock.withWriteLock {
      let index: Int
      if let reused = free.popLast() {
        index = reused
      } else {
        guard slots.count < HandleTable.maxSlots else { return nil }
        index = slots.count
        slots.append(Slot())
      }
      slots[index].tag = tag
      slots[index].object = object
      let bits = UInt(slots[index].generation) << 32 | UInt(index) << 4 | tag.rawValue
      return OpaquePointer(bitPattern: bits)
    }
  }

  /// Decodes a handle into its slot index, if its tag is `tag`.
  private func index(_ handle: OpaquePointer, tag: Tag) -> (Int, UInt32)? {
    let bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    guard bits & 0xF == tag.rawValue else { return nil }
    return (Int((bits >> 4) & 0x0FFF_FFFF), UInt32(truncatingIfNeeded: bits >> 32))
  }

  /// The live object behind `handle`, if it is a live handle tagged `tag`.
  func object(_ handle: OpaquePointer, tag: Tag) -> AnyObject? {
    guard let (i, generation) = index(handle, tag: tag) else { return nil }
    return lock.withReadLock {
      guard i < slots.count, slots[i].generation == generation, slots[i].tag == tag else {
        return nil
      }
      return slots[i].object
    }
  }

  /// Empties the slot of a live handle; does nothing for any other value.
  func remove(_ handle: OpaquePointer, tag: Tag) {
    guard let (i, generation) = index(handle, tag: tag) else { return }
    // Drop the object outside the lock: its deinit may be arbitrary work.
    let object: AnyObject? = lock.withWriteLock {
      guard i < slots.count, slots[i].generation == generation, slots[i].tag == tag else {
        return nil
      }
      let object = slots[i].object
      slots[i] = Slot(generation: generation &+ 1)
      free.append(i)
      return object
    }
    _ = object
  }
}
