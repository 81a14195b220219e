import Razzle
import XCTest

/// JazzHands' masks: the issue's numbers and the edge cases.
final class MaskTests: XCTestCase {
  func testIssueNumbers() throws {
    let circle = try Mask(.circle, width: 300, height: 400).geometry(0.5)
    XCTAssertEqual(circle.radius, 75)
    XCTAssertEqual(circle.x, 75)
    XCTAssertEqual(circle.y, 125)
    XCTAssertEqual(try Mask(.bounds, width: 300, height: 400).geometry(0.5).radius, 125)
    let bottom = try Mask(.bottom, width: 300, height: 400).geometry(0.25)
    XCTAssertEqual([bottom.x, bottom.y, bottom.width, bottom.height], [0, 300, 300, 100])
  }

  func testEdgesAndClamping() throws {
    let right = try Mask(.right, width: 200, height: 50).geometry(0.25)
    XCTAssertEqual([right.x, right.y, right.width, right.height], [150, 0, 50, 50])
    XCTAssertEqual(try Mask(.top, width: 10, height: 10).geometry(-1).height, 0)
    XCTAssertEqual(try Mask(.left, width: 10, height: 10).geometry(1.5).width, 15)
    XCTAssertTrue(try Mask(.left, width: 10, height: 10).geometry(.nan).width.isNaN)
    XCTAssertThrowsError(try Mask(.left, width: -1, height: 10))
    XCTAssertThrowsError(try Mask(.left, width: .infinity, height: 10))
    XCTAssertThrowsError(try MaskKind(named: "botom")) { error in
      XCTAssertTrue((error as? RazzleError)?.message.contains("did you mean \"bottom\"") ?? false)
    }
    XCTAssertEqual(MaskKind.pinned.map(\.code), [0, 1, 2, 3, 4, 5])
  }
}
