import Razzle
import XCTest

final class SmokeTests: XCTestCase {
  func testBuilds() throws {
    let t = try Track(property: "alpha")
    try t.setKeyframe(time: 30, value: [1])
    try t.setKeyframe(time: 60, value: [0])
    XCTAssertEqual(try t.sample(at: 45), [0.5])
  }
}
