import Foundation
import XCTest

@testable import Razzle

/// An imported Lottie animation's matrix of many times: split across
/// threads, written in place or streamed, in both layouts — every row the
/// bits `values(at:)` gives for its time alone (spatial positions along
/// their routes, shape vertices, plain tracks).
final class LottieSamplingTests: XCTestCase {
  override func tearDown() {
    FrameMatrix.streamingOverride.store(-1, ordering: .relaxed)
    Parallel.setThreadCount(0)
    super.tearDown()
  }

  func testLargeMatricesHoldEachTimesValues() throws {
    for name in ["spatial.json", "shapes.json", "parenting.json", "keyframes.json"] {
      let text = try String(
        contentsOf: LottieAnimationTests.lottieDirectory.appendingPathComponent(name),
        encoding: .utf8)
      let animation = try LottieAnimation(json: text)
      let width = animation.rowWidth
      // Before, across and after the frames, NaN among them.
      let first = animation.inPoint - 5
      let span = animation.outPoint - animation.inPoint + 10
      var times = (0..<6_007).map { first + span * Double($0) / 6_006 }
      times[17] = .nan
      var expected = [Double]()
      for j in Swift.stride(from: 0, to: times.count, by: 97) {
        var row = [Double](repeating: 0, count: width)
        try withUnsafePointer(to: times[j]) { t in
          try row.withUnsafeMutableBufferPointer {
            try animation.sample(times: UnsafeBufferPointer(start: t, count: 1), into: $0)
          }
        }
        expected += row
      }
      for threads in [1, 2] {
        Parallel.setThreadCount(threads)
        for streamed in [false, true] {
          FrameMatrix.streamingOverride.store(streamed ? 0 : -1, ordering: .relaxed)
          for layout in MatrixLayout.allCases {
            var out = [Double](repeating: 7, count: times.count * width + 2)
            try times.withUnsafeBufferPointer { t in
              try out.withUnsafeMutableBufferPointer {
                try animation.sample(times: t, into: $0, layout: layout)
              }
            }
            var k = 0
            var mismatches = 0
            for j in Swift.stride(from: 0, to: times.count, by: 97) {
              for c in 0..<width {
                let got = layout == .rows ? out[j * width + c] : out[c * times.count + j]
                if got.bitPattern != expected[k].bitPattern { mismatches += 1 }
                k += 1
              }
            }
            let context = "\(name), \(layout), \(threads) threads, streamed \(streamed)"
            XCTAssertEqual(mismatches, 0, context)
            XCTAssertEqual(Array(out.suffix(2)), [7, 7], "nothing past the matrix: \(context)")
          }
        }
      }
    }
  }
}
