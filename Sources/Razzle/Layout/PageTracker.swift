/// Page changes from successive scroll positions: feed it the offsets a
/// scroll view reports, get the page changes since the last feed, in order.
///
/// The current page of an offset is ``PagingLayout/currentPage(contentOffset:)``
/// (rounded, clamped) at the layout's width when the offsets are fed. Safe
/// to share between threads: feeds are serialized.
public final class PageTracker: @unchecked Sendable {
  /// One change of the current page.
  public struct PageChange: Sendable, Hashable {
    /// The position, in the fed offsets, of the offset that changed it.
    public var index: Int
    /// The page before.
    public var from: Int
    /// The page after.
    public var to: Int

    /// Creates a change.
    public init(index: Int, from: Int, to: Int) {
      self.index = index
      self.from = from
      self.to = to
    }
  }

  /// The layout whose pages are tracked.
  public let layout: PagingLayout
  private let lock = ReadWriteLock()
  /// Guarded by `lock`.
  private var page: Int

  /// Creates a tracker that starts on `initialPage` (a scroll view starts
  /// at offset 0: page 0).
  ///
  /// - Throws: ``RazzleError`` `.outOfRange` unless 0 ≤ initialPage <
  ///   pageCount.
  public init(layout: PagingLayout, initialPage: Int = 0) throws(RazzleError) {
    guard initialPage >= 0 && initialPage < layout.pageCount else {
      throw RazzleError(
        .outOfRange,
        "initial page \(initialPage) is not a page of the layout (0 ... \(layout.pageCount - 1))")
    }
    self.layout = layout
    self.page = initialPage
  }

  /// The page after the last offset fed.
  public var currentPage: Int { lock.withReadLock { page } }

  /// Feeds `contentOffsets` in order and hands `accept` the page changes
  /// they make; the tracker moves to the last offset's page only if
  /// `accept` returns (a caller whose buffer is too small throws, and the
  /// tracker stays where it was).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` naming the first non-finite
  ///   offset, `.notFound` if the layout's width variable was removed, or
  ///   what `accept` throws; the tracker is unchanged then.
  public func feed(
    contentOffsets: UnsafeBufferPointer<Double>,
    accept: ([PageChange]) throws(RazzleError) -> Void
  ) throws(RazzleError) {
    for (i, x) in contentOffsets.enumerated() where !x.isFinite {
      throw RazzleError(.invalidValue, "content offset \(i) must be finite, got \(x)")
    }
    try lock.withWriteLock { () throws(RazzleError) in
      let width = try layout.pageWidth()
      var current = page
      var changes: [PageChange] = []
      for (i, x) in contentOffsets.enumerated() {
        let next = PagingLayout.currentPage(pageOffset: x / width, layout.pageCount)
        if next != current {
          changes.append(PageChange(index: i, from: current, to: next))
          current = next
        }
      }
      try accept(changes)
      page = current
    }
  }

  /// Feeds `contentOffsets` and returns the page changes they make, in
  /// order (see ``feed(contentOffsets:accept:)``).
  public func feed(contentOffsets: [Double]) throws(RazzleError) -> [PageChange] {
    var result: [PageChange] = []
    try contentOffsets.withUnsafeBufferPointer { (offsets) throws(RazzleError) in
      try feed(contentOffsets: offsets) { changes in result = changes }
    }
    return result
  }
}
