/// A paging scroll view's layout, headless: RazzleDazzle's
/// `AnimatedPagingScrollViewController` and JazzHands'
/// `IFTTTAnimatedPagingScrollViewController` without UIKit.
///
/// The layout owns a page-width variable on an animator (`pageWidth` unless
/// told otherwise) and keeps views on pages with tracks relative to it, so a
/// new width (a rotation, split screen) moves every kept view at the next
/// sample, with no keyframe edited.
///
/// **The time axis is the page offset**, `contentOffset.x / pageWidth`, as
/// RazzleDazzle's controller drives `animator.animate(pageOffset)`: keyframe
/// times are in pages, so they survive a new width too. ``pageOffset(contentOffset:)``
/// converts a scroll position.
///
/// For page width W and a view kept with attribute offset o (0 left, 0.5
/// centerX, 1 right):
/// - on one page p: x = (p + o) · W at every time;
/// - on pages p_0 … p_{n−1} at times t_0 … t_{n−1} (default: the pages):
///   x(t) = (o + page(t)) · W + c + offset(t), page(t) the linear
///   interpolation of the pages over the times (held before t_0 and after
///   t_{n−1}), c a constant and offset(t) the JazzHands offsets keyed at the
///   same times (0 without them).
///
/// Fractional, negative and over-scroll pages are allowed. Safe to share
/// between threads; the kept views are guarded by the animator's lock.
public final class PagingLayout: @unchecked Sendable {
  /// A kept view: its x track (relative to the page width) and, for
  /// JazzHands' variant, its offsets track.
  struct Kept {
    let target: String
    let attribute: PageAttribute
    let track: Track
    let offsets: Track?
  }

  /// The animator the layout's tracks and variable live on.
  public let animator: Animator
  /// The number of pages (≥ 1).
  public let pageCount: Int
  /// The name of the page-width variable.
  public let variable: String
  /// Guarded by the animator's lock: the kept views in the order they were
  /// kept.
  private var kept: [Kept] = []

  /// Creates a layout of `pageCount` pages of width `pageWidth` on
  /// `animator`, setting the variable `variable` to the width.
  ///
  /// - Parameters:
  ///   - animator: Where the layout's tracks and variable live.
  ///   - pageCount: At least 1.
  ///   - pageWidth: Finite and > 0.
  ///   - variable: The page-width variable's name (see ``VariableName``);
  ///     two layouts on one animator need two names.
  /// - Throws: ``RazzleError`` `.outOfRange` for no pages, `.invalidValue`
  ///   for a bad width, `.invalidName` for a bad variable name.
  public init(
    animator: Animator, pageCount: Int, pageWidth: Double, variable: String = "pageWidth"
  ) throws(RazzleError) {
    guard pageCount >= 1 else {
      throw RazzleError(.outOfRange, "a paging layout has at least 1 page, not \(pageCount)")
    }
    try PagingLayout.checkWidth(pageWidth)
    try animator.setVariable(variable, to: pageWidth)
    self.animator = animator
    self.pageCount = pageCount
    self.variable = variable
  }

  private static func checkWidth(_ width: Double) throws(RazzleError) {
    guard width.isFinite && width > 0 else {
      throw RazzleError(.invalidValue, "page width must be finite and > 0, got \(width)")
    }
  }

  /// The page width W: the animator's variable.
  ///
  /// - Throws: ``RazzleError`` `.notFound` if someone removed the variable.
  public func pageWidth() throws(RazzleError) -> Double {
    try animator.variable(named: variable)
  }

  /// Sets the page width (a rotation, a new window size): every kept view
  /// follows at its next sample.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` unless finite and > 0.
  public func setPageWidth(_ width: Double) throws(RazzleError) {
    try PagingLayout.checkWidth(width)
    try animator.setVariable(variable, to: width)
  }

  /// The content width, pages × W.
  public func contentWidth() throws(RazzleError) -> Double {
    Double(pageCount) * (try pageWidth())
  }

  /// The page offset of a scroll position: contentOffset / W (the layout's
  /// time).
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite offset.
  public func pageOffset(contentOffset: Double) throws(RazzleError) -> Double {
    try PagingLayout.checkOffset(contentOffset)
    return contentOffset / (try pageWidth())
  }

  /// The scroll position of a page offset: pageOffset · W.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite offset.
  public func contentOffset(pageOffset: Double) throws(RazzleError) -> Double {
    try PagingLayout.checkOffset(pageOffset)
    return pageOffset * (try pageWidth())
  }

  private static func checkOffset(_ offset: Double) throws(RazzleError) {
    guard offset.isFinite else {
      throw RazzleError(.invalidValue, "offset must be finite, got \(offset)")
    }
  }

  /// The page a scroll position shows most of: the page offset rounded to
  /// the nearest page (halves round up, as a page control's
  /// `floor(x / W + 0.5)`), clamped to 0 … pageCount − 1.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite offset.
  public func currentPage(contentOffset: Double) throws(RazzleError) -> Int {
    PagingLayout.currentPage(pageOffset: try pageOffset(contentOffset: contentOffset), pageCount)
  }

  /// ``currentPage(contentOffset:)`` of a page offset already divided.
  static func currentPage(pageOffset: Double, _ pageCount: Int) -> Int {
    let rounded = (pageOffset + 0.5).rounded(.down)
    return Int(min(max(rounded, 0), Double(pageCount - 1)))
  }

  /// Keeps `target` on one page: its attribute's x is (page + offset) · W
  /// at every time (RazzleDazzle's `keepView(_:onPage:attribute:)`).
  ///
  /// - Returns: The x track, `(target, attribute.name)` on the animator.
  /// - Throws: as ``keep(target:pages:times:attribute:constant:offsets:)``.
  @discardableResult
  public func keep(target: String, page: Double, attribute: PageAttribute = .centerX)
    throws(RazzleError) -> Track
  {
    try keep(target: target, pages: [page], attribute: attribute)
  }

  /// Keeps `target` still on the screen across `pages` (RazzleDazzle's
  /// `keepView(_:onPages:atTimes:attribute:)`), with JazzHands' constant
  /// and offsets if given: x(t) = (offset + page(t)) · W + constant +
  /// offsets(t).
  ///
  /// The x track is `(target, attribute.name)`, relative to the page width
  /// with `constant`, keyed at `times` with the values page_i + offset;
  /// JazzHands' offsets go to a plain track `(target, attribute.name +
  /// "Offset")` keyed at the same times. Both hold their end values.
  /// ``positions(pageOffsets:into:)`` sums the two; an animator frame lists
  /// them as two tracks.
  ///
  /// - Parameters:
  ///   - target: The view's name; a target is kept once per layout.
  ///   - pages: At least one finite page (fractional, negative, beyond the
  ///     last page: all allowed).
  ///   - times: Page offsets, one per page, distinct and finite; nil for
  ///     the pages themselves.
  ///   - attribute: The attribute kept at the page's position.
  ///   - constant: JazzHands' initial constraint constant, in points.
  ///   - offsets: JazzHands' offsets, in points, one per page; nil for none.
  /// - Returns: The x track.
  /// - Throws: ``RazzleError`` `.wrongSize` for no pages or counts that
  ///   differ, `.invalidValue` for a non-finite number or a time given
  ///   twice, `.duplicate` if the layout keeps `target` already or the
  ///   animator has one of the tracks, `.invalidName` for an empty target
  ///   name…; nothing is added then.
  @discardableResult
  public func keep(
    target: String, pages: [Double], times: [Double]? = nil,
    attribute: PageAttribute = .centerX, constant: Double = 0, offsets: [Double]? = nil
  ) throws(RazzleError) -> Track {
    guard !pages.isEmpty else {
      throw RazzleError(.wrongSize, "keep \(target): give at least one page")
    }
    let times = times ?? pages
    for (what, list) in [("times", times), ("offsets", offsets ?? pages)]
    where list.count != pages.count {
      throw RazzleError(
        .wrongSize,
        "keep \(target): \(pages.count) pages need \(pages.count) \(what), got \(list.count)")
    }
    for (what, list) in [("page", pages), ("time", times), ("offset", offsets ?? [])] {
      for (i, x) in list.enumerated() where !x.isFinite {
        throw RazzleError(.invalidValue, "keep \(target): \(what) \(i) must be finite, got \(x)")
      }
    }
    guard Set(times).count == times.count else {
      throw RazzleError(.invalidValue, "keep \(target): a time is given twice in \(times)")
    }
    let values = pages.map { $0 + attribute.offset }
    for (i, v) in values.enumerated() where !v.isFinite {
      throw RazzleError(.invalidValue, "keep \(target): page \(i) + \(attribute.offset) overflows")
    }
    guard let check = try keptAttribute(of: target) else {
      return try add(target, attribute, times, values, constant, offsets)
    }
    throw RazzleError(.duplicate, "\(target) is kept by this layout already (\(check.name))")
  }

  /// The attribute `target` is kept by, or nil.
  private func keptAttribute(of target: String) throws(RazzleError) -> PageAttribute? {
    animator.lock.withReadLock { kept.first { $0.target == target }?.attribute }
  }

  private func add(
    _ target: String, _ attribute: PageAttribute, _ times: [Double], _ values: [Double],
    _ constant: Double, _ offsets: [Double]?
  ) throws(RazzleError) -> Track {
    let property = attribute.name
    let track = try animator.addTrack(
      target: target, property: property,
      options: TrackOptions(kind: "scalar", relativeTo: variable, constant: constant))
    var offsetsTrack: Track?
    do throws(RazzleError) {
      try times.withUnsafeBufferPointer { (t) throws(RazzleError) in
        try values.withUnsafeBufferPointer { (v) throws(RazzleError) in
          try track.setKeyframes(times: t, values: v)
        }
      }
      if let offsets {
        let added = try animator.addTrack(
          target: target, property: property + "Offset", options: TrackOptions(kind: "scalar"))
        offsetsTrack = added
        try times.withUnsafeBufferPointer { (t) throws(RazzleError) in
          try offsets.withUnsafeBufferPointer { (v) throws(RazzleError) in
            try added.setKeyframes(times: t, values: v)
          }
        }
      }
      let entry = Kept(target: target, attribute: attribute, track: track, offsets: offsetsTrack)
      try animator.lock.withWriteLock { () throws(RazzleError) in
        if let other = kept.first(where: { $0.target == target }) {
          throw RazzleError(
            .duplicate, "\(target) is kept by this layout already (\(other.attribute.name))")
        }
        kept.append(entry)
      }
    } catch {
      try? animator.removeTrack(target: target, property: property)
      if offsetsTrack != nil {
        try? animator.removeTrack(target: target, property: property + "Offset")
      }
      throw error
    }
    return track
  }

  /// Stops keeping `target`: removes it from the layout and its tracks from
  /// the animator (Track objects held elsewhere stay usable).
  ///
  /// - Throws: ``RazzleError`` `.notFound` if the layout does not keep it.
  public func unkeep(target: String) throws(RazzleError) {
    let removed = try animator.lock.withWriteLock { () throws(RazzleError) -> Kept in
      guard let i = kept.firstIndex(where: { $0.target == target }) else {
        throw RazzleError(.notFound, "the layout does not keep \(target)")
      }
      return kept.remove(at: i)
    }
    let property = removed.attribute.name
    if animator.track(target: target, property: property) === removed.track {
      try? animator.removeTrack(target: target, property: property)
    }
    if let offsets = removed.offsets,
      animator.track(target: target, property: property + "Offset") === offsets
    {
      try? animator.removeTrack(target: target, property: property + "Offset")
    }
  }

  /// The number of kept views.
  public var keptCount: Int { animator.lock.withReadLock { kept.count } }

  /// The kept views' targets and attributes, in the order they were kept
  /// (the columns of ``positions(pageOffsets:into:)``).
  public var keptViews: [(target: String, attribute: PageAttribute)] {
    animator.lock.withReadLock { kept.map { ($0.target, $0.attribute) } }
  }

  /// The x of every kept view at each of `pageOffsets`, row by row: row j
  /// holds the kept views' x at `pageOffsets[j]`, in the order they were
  /// kept, offsets included. One consistent frame: it is read under the
  /// animator's lock.
  ///
  /// - Throws: ``RazzleError`` `.bufferTooSmall` if `out` holds fewer than
  ///   `pageOffsets.count × keptCount` doubles, `.notFound` if the width
  ///   variable was removed. Nothing is written then.
  /// - Complexity: O(m × k × log n) for m offsets, k views, n keyframes.
  public func positions(
    pageOffsets: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try animator.lock.withReadLock { () throws(RazzleError) in
      try positions(unlocked: pageOffsets, into: out)
    }
  }

  /// ``positions(pageOffsets:into:)``; call with the animator's lock held.
  private func positions(
    unlocked pageOffsets: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    let columns = kept.count
    let (needed, overflow) = pageOffsets.count.multipliedReportingOverflow(by: columns)
    guard !overflow, out.count >= needed else {
      throw RazzleError(
        .bufferTooSmall,
        "output holds \(out.count) doubles, \(pageOffsets.count) rows of \(columns) kept views need \(overflow ? "more" : String(needed))"
      )
    }
    guard let width = animator.domain.variables.value(named: variable) else {
      throw RazzleError(.notFound, "the page width variable \"\(variable)\" is not set")
    }
    guard columns > 0, let base = out.baseAddress, let times = pageOffsets.baseAddress else {
      return
    }
    kept.withUnsafeBufferPointer { views in
      for j in 0..<pageOffsets.count {
        let one = UnsafeBufferPointer(start: times + j, count: 1)
        let row = base + j &* columns
        for i in 0..<columns {
          let view = views[i]
          // A caller may edit a kept track through the animator; one left
          // without keyframes reads as NaN here.
          guard let sampler = view.track.sampler else {
            row[i] = .nan
            continue
          }
          sampler.sampleBatch(one, into: row + i, stride: 1)
          // The track's own rule (value · W + constant), then the offsets.
          var x = row[i] * width + view.track.bound.unsafelyUnwrapped.constant
          if let offsets = view.offsets?.sampler {
            var extra = 0.0
            offsets.sampleBatch(one, into: &extra, stride: 1)
            x += extra
          }
          row[i] = x
        }
      }
    }
  }

  /// The kept views' x at one page offset (see
  /// ``positions(pageOffsets:into:)``).
  public func positions(pageOffset: Double) throws(RazzleError) -> [Double] {
    try animator.lock.withReadLock { () throws(RazzleError) -> [Double] in
      var out = [Double](repeating: 0, count: kept.count)
      try out.withUnsafeMutableBufferPointer { (o) throws(RazzleError) in
        try withUnsafePointer(to: pageOffset) { (t) throws(RazzleError) in
          try positions(unlocked: UnsafeBufferPointer(start: t, count: 1), into: o)
        }
      }
      return out
    }
  }

  // MARK: - Scene files

  /// A layout over an animator that holds its variable and kept tracks
  /// already (one read from a scene file).
  ///
  /// - Parameters:
  ///   - animator: The animator with the page-width variable and the tracks.
  ///   - pageCount: At least 1.
  ///   - variable: The page-width variable, set on `animator` to a width
  ///     that is finite and > 0.
  ///   - kept: Each kept view's target, attribute and whether it has an
  ///     offsets track; its x track `(target, attribute.name)` must be a
  ///     scalar track relative to `variable`, its offsets track
  ///     `(target, attribute.name + "Offset")` a plain scalar track.
  /// - Throws: ``RazzleError`` `.outOfRange` for no pages, `.notFound` for a
  ///   missing variable or track, `.invalidValue` for a bad width or a track
  ///   that does not fit, `.duplicate` for a target kept twice.
  init(
    animator: Animator, pageCount: Int, variable: String,
    kept: [(target: String, attribute: PageAttribute, hasOffsets: Bool)]
  ) throws(RazzleError) {
    let views = kept
    guard pageCount >= 1 else {
      throw RazzleError(.outOfRange, "a paging layout has at least 1 page, not \(pageCount)")
    }
    try VariableName.validate(variable)
    try PagingLayout.checkWidth(try animator.variable(named: variable))
    var entries: [Kept] = []
    for view in views {
      if entries.contains(where: { $0.target == view.target }) {
        throw RazzleError(.duplicate, "\(view.target) is kept twice")
      }
      let property = view.attribute.name
      guard let track = animator.track(target: view.target, property: property) else {
        throw RazzleError(
          .notFound, "the animator has no track (\(view.target), \(property)) to keep")
      }
      guard track.kind.name == "scalar", track.relation?.variable == variable else {
        throw RazzleError(
          .invalidValue,
          "the track (\(view.target), \(property)) must be a scalar track relative to \(variable)")
      }
      var offsets: Track?
      if view.hasOffsets {
        guard let found = animator.track(target: view.target, property: property + "Offset") else {
          throw RazzleError(
            .notFound, "the animator has no track (\(view.target), \(property)Offset) for offsets")
        }
        guard found.kind.name == "scalar", found.relation == nil else {
          throw RazzleError(
            .invalidValue,
            "the track (\(view.target), \(property)Offset) must be a plain scalar track")
        }
        offsets = found
      }
      entries.append(
        Kept(target: view.target, attribute: view.attribute, track: track, offsets: offsets))
    }
    self.animator = animator
    self.pageCount = pageCount
    self.variable = variable
    self.kept = entries
  }
}

extension PagingLayout {
  /// The kept views with their tracks, in the order they were kept.
  var keptEntries: [(target: String, attribute: PageAttribute, track: Track, offsets: Track?)] {
    animator.lock.withReadLock { kept.map { ($0.target, $0.attribute, $0.track, $0.offsets) } }
  }
}
