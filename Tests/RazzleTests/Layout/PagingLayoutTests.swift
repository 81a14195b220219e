import Razzle
import XCTest

/// RazzleDazzle's paging numbers (W = 375, 4 pages), worked by hand.
final class PagingLayoutTests: XCTestCase {
  private func kind(_ body: () throws -> Void) -> RazzleError.Kind? {
    do {
      try body()
      return nil
    } catch {
      return (error as? RazzleError)?.kind
    }
  }

  func testKeepOnPagesAndRotate() throws {
    let animator = Animator()
    let layout = try PagingLayout(animator: animator, pageCount: 4, pageWidth: 375)
    XCTAssertEqual(try animator.variable(named: "pageWidth"), 375)
    try layout.keep(target: "center", page: 1)
    try layout.keep(target: "left", page: 1, attribute: .left)
    try layout.keep(target: "right", page: 1, attribute: .right)
    try layout.keep(target: "still", pages: [1, 2])
    try layout.keep(target: "jazz", pages: [1, 2], constant: 10, offsets: [0, 20])
    XCTAssertEqual(try layout.positions(pageOffset: 0), [562.5, 375, 750, 562.5, 572.5])
    XCTAssertEqual(try layout.positions(pageOffset: 1.5), [562.5, 375, 750, 750, 770])
    XCTAssertEqual(try layout.positions(pageOffset: 3), [562.5, 375, 750, 937.5, 967.5])
    // The animator sees the same tracks: x, and JazzHands' offsets apart.
    let frame = try animator.animate(1.5)
    XCTAssertEqual(frame.map(\.key.property).suffix(2), ["centerX", "centerXOffset"])
    XCTAssertEqual(frame.map(\.value).suffix(2), [[760], [10]])
    try layout.setPageWidth(667)
    XCTAssertEqual(try layout.positions(pageOffset: 1.5), [1000.5, 667, 1334, 1334, 1354])
    XCTAssertEqual(try layout.contentWidth(), 2668)
    XCTAssertEqual(layout.keptViews.map(\.target), ["center", "left", "right", "still", "jazz"])
  }

  func testFractionalNegativeAndOverScrollPages() throws {
    let layout = try PagingLayout(animator: Animator(), pageCount: 2, pageWidth: 100)
    try layout.keep(target: "a", page: 1.25)
    try layout.keep(target: "b", pages: [-1, 3.5], times: [0, 2], attribute: .left)
    XCTAssertEqual(try layout.positions(pageOffset: 1), [175, 125])  // page 1.25 at 1 of 2
    XCTAssertEqual(try layout.positions(pageOffset: -5), [175, -100])
    XCTAssertEqual(try layout.positions(pageOffset: 9), [175, 350])
  }

  func testCurrentPageAndOffsets() throws {
    let layout = try PagingLayout(animator: Animator(), pageCount: 4, pageWidth: 375)
    XCTAssertEqual(try layout.pageOffset(contentOffset: 562.5), 1.5)
    XCTAssertEqual(try layout.contentOffset(pageOffset: 1.5), 562.5)
    let pages = try [0, 187, 187.5, 600, 1124, 1125, 9999, -300].map {
      try layout.currentPage(contentOffset: $0)
    }
    XCTAssertEqual(pages, [0, 0, 1, 2, 3, 3, 3, 0])
    XCTAssertEqual(kind { _ = try layout.currentPage(contentOffset: .nan) }, .invalidValue)
  }

  func testBadInputChangesNothing() throws {
    let animator = Animator()
    XCTAssertEqual(
      kind { _ = try PagingLayout(animator: animator, pageCount: 0, pageWidth: 1) }, .outOfRange)
    XCTAssertEqual(
      kind { _ = try PagingLayout(animator: animator, pageCount: 1, pageWidth: 0) }, .invalidValue)
    XCTAssertEqual(animator.variableCount, 0)
    let layout = try PagingLayout(animator: animator, pageCount: 4, pageWidth: 375)
    XCTAssertEqual(kind { try layout.setPageWidth(-1) }, .invalidValue)
    XCTAssertEqual(kind { try layout.keep(target: "a", pages: []) }, .wrongSize)
    XCTAssertEqual(kind { try layout.keep(target: "a", pages: [1, 2], times: [0]) }, .wrongSize)
    XCTAssertEqual(
      kind { try layout.keep(target: "a", pages: [1, 2], times: [0, 0]) }, .invalidValue)
    XCTAssertEqual(kind { try layout.keep(target: "a", pages: [.nan]) }, .invalidValue)
    XCTAssertEqual(
      kind { try layout.keep(target: "a", pages: [1], offsets: [.infinity]) }, .invalidValue)
    XCTAssertEqual(animator.trackCount, 0)
    try layout.keep(target: "a", page: 1)
    XCTAssertEqual(kind { try layout.keep(target: "a", page: 2, attribute: .left) }, .duplicate)
    XCTAssertEqual(animator.trackCount, 1)
    XCTAssertEqual(try layout.pageWidth(), 375)
    try layout.unkeep(target: "a")
    XCTAssertEqual(animator.trackCount, 0)
    XCTAssertEqual(kind { try layout.unkeep(target: "a") }, .notFound)
  }

  func testPageTrackerReportsChangesInOrder() throws {
    let layout = try PagingLayout(animator: Animator(), pageCount: 4, pageWidth: 375)
    let tracker = try PageTracker(layout: layout)
    XCTAssertEqual(
      try tracker.feed(contentOffsets: [10, 200, 300, 900, 1500, -20]),
      [
        .init(index: 1, from: 0, to: 1), .init(index: 3, from: 1, to: 2),
        .init(index: 4, from: 2, to: 3), .init(index: 5, from: 3, to: 0),
      ])
    XCTAssertEqual(try tracker.feed(contentOffsets: [0, 100]), [])
    XCTAssertEqual(tracker.currentPage, 0)
    XCTAssertEqual(kind { _ = try tracker.feed(contentOffsets: [400, .nan]) }, .invalidValue)
    XCTAssertEqual(tracker.currentPage, 0, "a refused feed moves nothing")
    // A refused accept (a short C buffer) moves nothing either.
    XCTAssertEqual(
      kind {
        try [400.0].withUnsafeBufferPointer { offsets in
          try tracker.feed(contentOffsets: offsets) { (_) throws(RazzleError) in
            throw RazzleError(.bufferTooSmall, "short")
          }
        }
      }, .bufferTooSmall)
    XCTAssertEqual(tracker.currentPage, 0)
    // The width at feed time counts: 400 is page 1 at 375, page 0 at 1000.
    try layout.setPageWidth(1000)
    XCTAssertEqual(try tracker.feed(contentOffsets: [400]), [])
    XCTAssertEqual(kind { _ = try PageTracker(layout: layout, initialPage: 4) }, .outOfRange)
  }
}
