/// The `base` of every empty ``StableBuffer``: aligned for any element,
/// never read or written (an empty buffer has no elements).
nonisolated(unsafe) let emptyBufferBase = UnsafeMutableRawPointer.allocate(
  byteCount: 64, alignment: 64)

/// The empty buffer of doubles that storage shares for data it does not
/// keep (see ``KeyframeStorage``); nothing ever writes it.
let noDoubles = StableBuffer<Double>()

/// A growable array whose elements stay at one address until the buffer is
/// next mutated.
///
/// Swift arrays only lend their storage inside `withUnsafeBufferPointer`, so a
/// sampler built from them has to be rebuilt, with reference counting, for
/// every call. A track keeps its keyframes in these instead and publishes
/// raw pointers to them after each edit, under its write lock; samplers read
/// through those pointers under the read lock, without reference counting.
///
/// An empty buffer allocates nothing: its `base` is a shared, never-read
/// sentinel until the first insertion, which allocates exactly what it needs
/// (later growth doubles). A track's storage has several of these and most
/// stay empty (tangents, paced times, derived data), so they cost their
/// objects only; an empty track has no storage at all.
///
/// Not thread-safe by itself; the owner's lock guards it.
@usableFromInline
final class StableBuffer<Element>: @unchecked Sendable {
  /// The first element; valid for `capacity` elements, `count` initialized.
  /// While `capacity` is 0 it is ``emptyBufferBase``, never dereferenced.
  @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
  /// The number of elements.
  @usableFromInline private(set) var count = 0
  private var capacity = 0

  init() {
    base = emptyBufferBase.assumingMemoryBound(to: Element.self)
  }

  deinit {
    base.deinitialize(count: count)
    if capacity > 0 { base.deallocate() }
  }

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable
  subscript(index: Int) -> Element {
    get { base[index] }
    set { base[index] = newValue }
  }

  /// The elements as a buffer, valid until the next mutation.
  @inlinable var buffer: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// Calls `body` with the elements as a buffer.
  @inlinable
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R
  {
    try body(buffer)
  }

  /// Makes room for `extra` more elements, doubling the capacity as needed.
  private func reserve(_ extra: Int) {
    let needed = count + extra
    guard needed > capacity else { return }
    var newCapacity = capacity == 0 ? needed : capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    if capacity > 0 { base.deallocate() }
    base = newBase
    capacity = newCapacity
  }

  /// Inserts `elements` at `index`, moving later elements up.
  func insert(contentsOf elements: UnsafeBufferPointer<Element>, at index: Int) {
    let n = elements.count
    reserve(n)
    (base + index + n).moveInitialize(from: base + index, count: count - index)
    if let source = elements.baseAddress { (base + index).initialize(from: source, count: n) }
    count += n
  }

  /// Inserts `element` at `index`.
  func insert(_ element: Element, at index: Int) {
    withUnsafePointer(to: element) {
      insert(contentsOf: UnsafeBufferPointer(start: $0, count: 1), at: index)
    }
  }

  /// Appends `element`.
  func append(_ element: Element) {
    reserve(1)
    (base + count).initialize(to: element)
    count += 1
  }

  /// Removes the elements in `range`, moving later elements down.
  func removeSubrange(_ range: Range<Int>) {
    (base + range.lowerBound).deinitialize(count: range.count)
    (base + range.lowerBound).moveInitialize(
      from: base + range.upperBound, count: count - range.upperBound)
    count -= range.count
  }

  /// Removes the element at `index`.
  func remove(at index: Int) { removeSubrange(index..<(index + 1)) }

  /// Replaces every element with `elements`.
  func replaceAll(with elements: [Element]) {
    elements.withUnsafeBufferPointer { replaceAll(with: $0) }
  }

  /// Replaces every element with a copy of `elements`.
  func replaceAll(with elements: UnsafeBufferPointer<Element>) {
    base.deinitialize(count: count)
    count = 0
    insert(contentsOf: elements, at: 0)
  }

  /// Replaces every element with `count` copies of `element`.
  func replaceAll(repeating element: Element, count newCount: Int) {
    base.deinitialize(count: count)
    count = 0
    reserve(newCount)
    base.initialize(repeating: element, count: newCount)
    count = newCount
  }

  /// Replaces every element with `newCount` elements that `initialize`
  /// writes at the address it is given (it must initialize all of them):
  /// no array in between.
  func replaceAll(
    count newCount: Int, initializingWith initialize: (UnsafeMutablePointer<Element>) -> Void
  ) {
    base.deinitialize(count: count)
    count = 0
    reserve(newCount)
    initialize(base)
    count = newCount
  }

  /// The elements in `range`, copied into an array.
  func copy(_ range: Range<Int>) -> [Element] {
    Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }
}
