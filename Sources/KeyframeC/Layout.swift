// Writing a layout (columns and "target\0property\0" names) into caller
// buffers: one helper for the animator's and a node's.
import CKeyframe
import Razzle

/// One (target, property)'s place in a sample matrix.
struct LayoutEntry {
  let target: String
  let property: String
  let kind: ValueKind
  let start: Int
}

/// Writes `entries` as `kf_column`s and names, reporting their count and
/// the names' length (and whatever `sizes` writes: a generation, a width)
/// also when a buffer is too small — but nothing at all for a NULL buffer
/// with a capacity.
func writeLayout(
  _ entries: [LayoutEntry], _ outColumns: UnsafeMutablePointer<kf_column>?, _ capacity: Int,
  _ outNames: UnsafeMutablePointer<CChar>?, _ namesCapacity: Int,
  _ outCount: UnsafeMutablePointer<Int>?, _ outNamesLength: UnsafeMutablePointer<Int>?,
  sizes: () -> Void = {}
) throws(RazzleError) {
  // NULL buffers with a capacity first (nothing is written then), then the
  // sizes, then the capacities themselves (one of 2^63 or more is refused
  // after the sizes are out).
  if capacity != 0 { _ = try required(outColumns, "out_columns") }
  if namesCapacity != 0 { _ = try required(outNames, "out_names") }
  sizes()
  let namesLength = entries.reduce(0) { $0 + $1.target.utf8.count + $1.property.utf8.count + 2 }
  outCount?.pointee = entries.count
  outNamesLength?.pointee = namesLength
  let columns = try mutableBuffer(outColumns, capacity, "out_columns")
  let names = try mutableBuffer(outNames, namesCapacity, "out_names")
  guard columns.count >= entries.count, names.count >= namesLength else {
    throw RazzleError(
      .bufferTooSmall,
      "the layout has \(entries.count) entries (capacity \(columns.count)) and \(namesLength) bytes of names (names_capacity \(names.count))"
    )
  }
  var offset = 0
  for (i, entry) in entries.enumerated() {
    columns[i] = kf_column(
      start: entry.start, channels: entry.kind.channels, kind: StaticName.pointer(entry.kind.name))
    for name in [entry.target, entry.property] {
      for byte in name.utf8 {
        names[offset] = CChar(bitPattern: byte)
        offset += 1
      }
      names[offset] = 0
      offset += 1
    }
  }
}
