import Razzle
import XCTest

final class ParallelTests: XCTestCase {
  override func tearDown() { Parallel.setThreadCount(0) }

  func testChunksCoverTheRangeExactlyOnce() {
    for threads in [1, 2, 3, 7] {
      Parallel.setThreadCount(threads)
      for count in [
        0, 1, Parallel.minimumChunk, 2 * Parallel.minimumChunk + 1, 5 * Parallel.minimumChunk + 3,
      ] {
        let visits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
        visits.initialize(repeating: 0)
        defer { visits.deallocate() }
        Parallel.forEachChunk(count) { range in
          for i in range { visits[i] &+= 1 }
        }
        XCTAssertTrue(
          visits.prefix(count).allSatisfy { $0 == 1 }, "\(threads) threads, \(count) items")
      }
    }
  }

  func testThreadCountSettingIsClamped() {
    Parallel.setThreadCount(3)
    XCTAssertEqual(Parallel.threadCount, 3)
    Parallel.setThreadCount(1_000_000)
    XCTAssertEqual(Parallel.threadCount, Parallel.maximumThreads)
    Parallel.setThreadCount(0)
    XCTAssertGreaterThanOrEqual(Parallel.threadCount, 1)
  }
}
