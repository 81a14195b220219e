import Razzle
import XCTest

final class NamedValueTests: XCTestCase {
  func testNamesRoundTrip() throws {
    for mode in Interpolation.allCases { XCTAssertEqual(try Interpolation(named: mode.name), mode) }
    for mode in Extrapolation.allCases { XCTAssertEqual(try Extrapolation(named: mode.name), mode) }
    for space in ColorSpace.allCases { XCTAssertEqual(try ColorSpace(named: space.name), space) }
    XCTAssertEqual(try Extrapolation(named: "cycle-offset"), .cycleOffset)
    XCTAssertEqual(try ColorSpace(named: "linear-srgb"), .linearSRGB)
  }

  func testUnknownNamesListTheKnownOnes() {
    XCTAssertThrowsError(try Interpolation(named: "cubic")) {
      let error = $0 as? RazzleError
      XCTAssertEqual(error?.kind, .invalidName)
      XCTAssertTrue(error?.message.contains("unknown interpolation \"cubic\"") == true)
      XCTAssertTrue(error?.message.contains("monotone") == true)
    }
    XCTAssertThrowsError(try Extrapolation(named: "pingpong")) {
      XCTAssertTrue(
        ($0 as? RazzleError)?.message.contains("(did you mean \"ping-pong\"?)") == true, "\($0)")
    }
    XCTAssertThrowsError(try ColorSpace(named: "OKLab")) {
      XCTAssertTrue(
        ($0 as? RazzleError)?.message.contains("(did you mean \"oklab\"?)") == true, "\($0)")
    }
    XCTAssertThrowsError(try Extrapolation(named: "")) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .invalidName)
    }
  }

  func testCodesArePositionsInThePinnedList() throws {
    XCTAssertEqual(Interpolation.pinned.count, Interpolation.allCases.count)
    XCTAssertEqual(Set(Interpolation.pinned), Set(Interpolation.allCases))
    for (i, mode) in Extrapolation.pinned.enumerated() { XCTAssertEqual(mode.code, Int32(i)) }
    XCTAssertThrowsError(try Extrapolation(code: -1))
    XCTAssertThrowsError(try Extrapolation(code: 5))
  }
}
