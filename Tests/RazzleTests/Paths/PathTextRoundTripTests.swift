import Razzle
import XCTest

/// A path's text (`kf_path_data`) parses back to the same path: −0 kept,
/// arcs with the radii as given, a moveto after the last Z kept (issue 24,
/// item 4).
final class PathTextRoundTripTests: XCTestCase {
  private func roundTrip(_ data: String, file: StaticString = #filePath, line: UInt = #line)
    throws -> (Path, Path)
  {
    let path = try Path(data: data)
    let again = try Path(data: path.description)
    XCTAssertEqual(again.description, path.description, file: file, line: line)
    return (path, again)
  }

  func testNegativeZeroIsKept() throws {
    let (path, again) = try roundTrip("M-0 0 L10 -0")
    XCTAssertEqual(path.description, "M-0 0 L10 -0")
    XCTAssertEqual(again.segments[0].endPoint.y.sign, .minus)
  }

  func testArcRadiiAsGivenSoTheLengthIsTheSameBits() throws {
    // Radii 1, 1 are too small for the 10-wide chord: F.6.6 scales them
    // to 5. Writing 5 would make the parser recompute the center from the
    // rounded scale; writing 1 gives back the same ellipse.
    let (path, again) = try roundTrip("M0 0 A1 1 0 0 1 10 0.3")
    XCTAssertTrue(path.description.hasPrefix("M0 0 A1 1 0"), path.description)
    XCTAssertEqual(again.length.bitPattern, path.length.bitPattern)
  }

  func testAMoveAfterTheLastCloseKeepsThePathOpen() throws {
    let (path, again) = try roundTrip("M0 0 L10 0 L10 10 Z M5 5")
    XCTAssertFalse(path.isClosed)
    XCTAssertFalse(again.isClosed)
    XCTAssertEqual(again.moves.last, PathPoint(5, 5))
  }
}
