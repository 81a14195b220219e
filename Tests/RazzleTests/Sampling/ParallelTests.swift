import Dispatch
import XCTest

@testable import Razzle

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

  /// Rows of uneven cost in several chunks a thread: every row once, on no
  /// more threads than set, each chunk contiguous.
  func testChunksPerThreadCoverTheRowsExactlyOnceOnTheSetThreads() {
    for threads in [1, 2, 3] {
      Parallel.setThreadCount(threads)
      for (count, work) in [(0, 0), (5, 5), (1_000, 400_000), (400_000, 400_000 * 47)] {
        for perThread in [1, 8, 100_000] {
          let visits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
          visits.initialize(repeating: 0)
          defer { visits.deallocate() }
          let lock = Mutex()
          nonisolated(unsafe) var seen: Set<UInt64> = []
          nonisolated(unsafe) var chunks = 0
          Parallel.forEachChunk(count, work: work, chunksPerThread: perThread) { range in
            for i in range { visits[i] &+= 1 }
            lock.lock()
            seen.insert(UInt64(pthread_self()))
            chunks += 1
            lock.unlock()
          }
          let what = "\(threads) threads, \(count) rows, \(perThread) a thread"
          XCTAssertTrue(visits.prefix(count).allSatisfy { $0 == 1 }, what)
          XCTAssertLessThanOrEqual(seen.count, threads, what)
          if threads > 1 && work >= 2 * Parallel.minimumChunk {
            // Chunks of equal length (the last shorter): between half and
            // all of the pieces asked for.
            let pieces = min(count, threads * perThread)
            XCTAssertLessThanOrEqual(chunks, pieces, what)
            XCTAssertGreaterThanOrEqual(2 * chunks, pieces, what)
          }
        }
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

  /// The pool is reused batch after batch: every batch still covers its
  /// range exactly once.
  func testManyBatchesReuseThePool() {
    Parallel.setThreadCount(3)
    let count = 3 * Parallel.minimumChunk + 5
    let visits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
    defer { visits.deallocate() }
    for round in 0..<50 {
      visits.initialize(repeating: 0)
      Parallel.forEachChunk(count) { range in
        for i in range { visits[i] &+= 1 }
      }
      XCTAssertTrue(visits.allSatisfy { $0 == 1 }, "round \(round)")
    }
  }

  /// Several threads splitting batches at once (one gets the pool, the
  /// others run theirs alone): each batch covers its own range exactly once.
  func testConcurrentCallers() {
    Parallel.setThreadCount(2)
    let callers = 4
    let count = 2 * Parallel.minimumChunk + 17
    let visits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: callers * count)
    visits.initialize(repeating: 0)
    defer { visits.deallocate() }
    DispatchQueue.concurrentPerform(iterations: callers) { caller in
      for _ in 0..<20 {
        Parallel.forEachChunk(count) { range in
          for i in range { visits[caller * count + i] &+= 1 }
        }
      }
    }
    XCTAssertTrue(visits.allSatisfy { $0 == 20 })
  }

  /// An animator's matrix is the same bits on 1, 2 and 3 threads.
  func testAnimatorMatrixIsIdenticalOnAnyThreadCount() throws {
    let animator = Animator()
    var generator = SplitMix64(seed: 14)
    for i in 0..<40 {
      let track = try animator.addTrack(target: "t\(i)", property: "v")
      for k in 0..<16 {
        try track.setKeyframe(
          time: Double(k) + Double.random(in: 0..<0.5, using: &generator),
          value: [Double.random(in: -1...1, using: &generator)])
      }
    }
    let times = (0..<5000).map { _ in Double.random(in: -1...17, using: &generator) }
    var results: [[UInt64]] = []
    for threads in [1, 2, 3] {
      Parallel.setThreadCount(threads)
      var out = [Double](repeating: 0, count: times.count * 40)
      _ = try times.withUnsafeBufferPointer { t in
        try out.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
      }
      results.append(out.map(\.bitPattern))
    }
    XCTAssertEqual(results[0], results[1])
    XCTAssertEqual(results[0], results[2])
    // And the frame path gives row 0's bits.
    var row = [Double](repeating: 0, count: 40)
    _ = try [times[0]].withUnsafeBufferPointer { t in
      try row.withUnsafeMutableBufferPointer { try animator.sample(times: t, into: $0) }
    }
    XCTAssertEqual(row.map(\.bitPattern), Array(results[0][0..<40]))
  }
}
