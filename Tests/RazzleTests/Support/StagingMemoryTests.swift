import Foundation
import RazzleStores
import XCTest

/// The staging buffers (`razzle_staging_alloc`): huge-page aligned, and
/// each thread keeps the last one it freed (up to 4 MiB) for its next, so
/// a matrix's chunks do not fault a new huge page in each time.
final class StagingMemoryTests: XCTestCase {
  func testAThreadReusesItsLastBufferUpToFourMebibytes() throws {
    let huge = 2 << 20
    // On a thread of its own, so that no buffer kept before is in the way.
    let done = expectation(description: "thread")
    // Written by the thread, read after it ends.
    final class Results: @unchecked Sendable {
      var reused = false
      var largestKept = false
      var aligned = true
      var bigNotKept = true
    }
    let r = Results()
    let thread = Thread {
      defer { done.fulfill() }
      guard let a = razzle_staging_alloc(1 << 20) else { return }
      r.aligned = r.aligned && Int(bitPattern: a) % huge == 0
      a[0] = 1
      a[(1 << 17) - 1] = 2
      razzle_staging_free(a, 1 << 20)
      // The same block again, a size it holds, with what was written in
      // it (the allocator would hand back the address of a fresh mapping,
      // whose pages read zero: the pointer alone cannot tell).
      guard let b = razzle_staging_alloc(1 << 19) else { return }
      r.reused = a == b && b[0] == 1 && b[(1 << 17) - 1] == 2
      // A larger one while `b` is out, then both back: the larger stays.
      guard let c = razzle_staging_alloc(3 << 20) else { return }
      r.aligned = r.aligned && Int(bitPattern: c) % huge == 0
      c[0] = 3
      razzle_staging_free(c, 3 << 20)
      razzle_staging_free(b, 1 << 19)
      guard let d = razzle_staging_alloc(3 << 20) else { return }
      r.largestKept = d == c && d[0] == 3
      // Past 4 MiB nothing is kept: the 4 MiB block stays the thread's.
      guard let e = razzle_staging_alloc(6 << 20) else { return }
      razzle_staging_free(e, 6 << 20)
      guard let f = razzle_staging_alloc(1 << 20) else { return }
      r.bigNotKept = f != e
      razzle_staging_free(f, 1 << 20)
      razzle_staging_free(d, 3 << 20)
      // The thread ends holding a buffer: its key's destructor frees it
      // (valgrind and the address sanitizer's leak check see to that).
    }
    thread.start()
    wait(for: [done], timeout: 30)
    XCTAssertTrue(r.aligned)
    XCTAssertTrue(r.reused)
    XCTAssertTrue(r.largestKept)
    XCTAssertTrue(r.bigNotKept)
  }
}
