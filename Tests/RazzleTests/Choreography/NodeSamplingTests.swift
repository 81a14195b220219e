import XCTest

@testable import Razzle

/// Hand-worked values of the timing tree (Guides/Choreography.md); the
/// shared vectors in choreography.json cover the combinations.
final class NodeSamplingTests: XCTestCase {
  /// An animator with one scalar track `target.property` through `keys`.
  func animator(_ target: String, _ property: String, _ keys: [(Double, Double)]) throws
    -> Animator
  {
    let a = Animator()
    let t = try a.addTrack(target: target, property: property)
    for (time, value) in keys { try t.setKeyframe(time: time, value: [value]) }
    return a
  }

  func sample(_ node: Node, _ times: [Double]) throws -> [[Double]] {
    let width = try node.layout().width
    var out = [Double](repeating: 0, count: times.count * width)
    try times.withUnsafeBufferPointer { t in
      try out.withUnsafeMutableBufferPointer { o in _ = try node.sample(times: t, into: o) }
    }
    return (0..<times.count).map { Array(out[$0 * width..<($0 + 1) * width]) }
  }

  func testClipMapsProgressOntoItsSpan() throws {
    // Keyed in scroll points 100…300, played over 2 s: at 0.5 s a quarter.
    let clip = try Node.clip(
      animator("a", "x", [(100, 0), (300, 8)]), timing: Timing(duration: .time(2)))
    let rows = try sample(clip, [-1, 0, 0.5, 1.999, 2, 3])
    XCTAssertTrue(rows[0][0].isNaN)  // before, fill none
    XCTAssertEqual(rows[1][0], 0)
    XCTAssertEqual(rows[2][0], 2)
    XCTAssertEqual(rows[3][0], 8 * 1.999 / 2, accuracy: 1e-12)
    XCTAssertTrue(rows[4][0].isNaN)  // the end is after, fill none
    XCTAssertEqual(try clip.layout().columns.map(\.property), ["x"])
    XCTAssertEqual(clip.naturalDuration, 200)
  }

  func testSequenceWithForwardFillHoldsAndLaterClipWins() throws {
    let up = try Node.clip(
      animator("a", "x", [(0, 0), (1, 1)]), timing: Timing(fill: .forwards))
    let down = try Node.clip(
      animator("a", "x", [(0, 1), (2, 0)]), timing: Timing(fill: .forwards))
    let line = Node.timeline()
    XCTAssertEqual(try line.add(up), 0)
    XCTAssertEqual(try line.add(down, at: .end(0.5)), 1.5)
    let rows = try sample(line, [0.5, 1.2, 2.5, 4])
    XCTAssertEqual(rows.map { $0[0] }, [0.5, 1, 0.5, 0])
  }

  func testGroupAlternateReversesChildren() throws {
    let clip = try Node.clip(animator("a", "x", [(0, 0), (1, 10)]), timing: Timing(fill: .both))
    let line = Node.timeline(timing: try Timing(iterations: 2, direction: .alternate))
    try line.add(clip)
    // The second iteration runs backwards: at 1.25 the inner time is 0.75.
    XCTAssertEqual(try sample(line, [0.25, 1.25]).map { $0[0] }, [2.5, 7.5])
  }

  func testAddCompositeSums() throws {
    let base = try Node.clip(animator("v", "x", [(0, 10), (1, 10)]), timing: Timing(fill: .both))
    let shake = try Node.clip(
      animator("v", "x", [(0, 0), (1, 2)]), composite: .add)
    let line = Node.timeline()
    try line.add(base)
    try line.add(shake, at: .time(0))
    XCTAssertEqual(try sample(line, [0.5, 2]).map { $0[0] }, [11, 10])
  }

  func testAnimationKitStartTimes() throws {
    let d = try StaggerDistribution(.each(0.05), maxCount: 20)
    let offsets = d.offsets(count: 25)
    for i in 0..<25 {
      XCTAssertEqual(offsets[i], 0.05 * Double(Swift.min(i, 20)), accuracy: 1e-15)
    }
  }

  func testStaggerSharesTemplateAcrossItems() throws {
    let template = try Node.clip(
      animator("", "opacity", [(0, 0), (1, 1)]), timing: Timing(fill: .both))
    let s = try Node.stagger(
      template, targets: ["a", "b", "c"], distribution: StaggerDistribution(.each(0.5)))
    XCTAssertEqual(s.staggerOffsets, [0, 0.5, 1])
    XCTAssertEqual(try s.layout().columns.map(\.target), ["a", "b", "c"])
    XCTAssertEqual(try sample(s, [0.75])[0], [0.75, 0.25, 0])
  }

  func testCycleAndSecondParentAreRefused() throws {
    let outer = Node.timeline()
    let inner = Node.timeline()
    try outer.add(inner)
    XCTAssertThrowsError(try inner.add(outer))
    XCTAssertThrowsError(try Node.timeline().add(inner))
    XCTAssertThrowsError(try outer.add(outer))
    XCTAssertEqual(outer.children.count, 1)
  }

  func testPlacementGrammar() throws {
    XCTAssertEqual(try Placement(parsing: "+=0.2"), .end(0.2))
    XCTAssertEqual(try Placement(parsing: "-=1"), .end(-1))
    XCTAssertEqual(try Placement(parsing: "<"), .previousStart(0))
    XCTAssertEqual(try Placement(parsing: "<-0.1"), .previousStart(-0.1))
    XCTAssertEqual(try Placement(parsing: ">0.5"), .previousEnd(0.5))
    XCTAssertEqual(try Placement(parsing: "intro+=2"), .label("intro", 2))
    XCTAssertEqual(try Placement(parsing: "-2.5"), .time(-2.5))
    for bad in ["", "+=", "<<", "1.2.3", "+= 1", "a+=x", "1e"] {
      XCTAssertThrowsError(try Placement(parsing: bad), bad)
    }
  }

  func testPlayerRunsFinishesAndReportsIterations() throws {
    let clip = try Node.clip(
      animator("a", "x", [(0, 0), (1, 1)]), timing: Timing(iterations: 3))
    let player = Player(clip)
    XCTAssertEqual(player.playState, .idle)
    try player.play()
    var events = try player.advance(by: 1.5)
    XCTAssertEqual(events.map(\.kind), [.started, .iteration])
    XCTAssertEqual(events[1].clockTime, 1)
    XCTAssertEqual(player.currentTime, 1.5)
    events = try player.advance(by: 2)
    XCTAssertEqual(events.map(\.kind), [.iteration, .finished])
    XCTAssertEqual(events.last?.clockTime, 3)
    XCTAssertEqual(player.currentTime, 3)
    XCTAssertEqual(player.playState, .finished)
    try player.reverse()
    events = try player.advance(by: 0.5)
    XCTAssertEqual(events.first?.kind, .reversed)
    XCTAssertEqual(player.currentTime, 2.5)
  }

  func testPlayerOverflowsNeitherToNaNNorToAnInfiniteRate() throws {
    let clip = try Node.clip(animator("a", "x", [(0, 0), (1, 1)]))
    // A rate of 0 with a clock and a start far enough apart that their
    // difference overflows: (clock - start) x 0 is 0, not NaN.
    let stalled = Player(clip)
    try stalled.setPlaybackRate(0)
    try stalled.tick(.greatestFiniteMagnitude)
    try stalled.setStartTime(-1e300)
    XCTAssertEqual(stalled.currentTime, 0)
    // A continue whose factor takes the rate past the largest double is
    // refused, the rate unchanged.
    let fast = Player(clip)
    try fast.setPlaybackRate(1e300)
    XCTAssertThrowsError(try fast.continueAnimation(durationFactor: 1e-10)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .invalidValue)
    }
    XCTAssertEqual(fast.playbackRate, 1e300)
  }

  func testPlayerControlsThatWouldPutTheStartTimeBeyondTheDoublesChangeNothing() throws {
    let clip = try Node.clip(animator("a", "x", [(0, 0), (10, 1)]))
    // The fuzz finding's first case: at a subnormal rate, a seek to 7.25
    // after a tick to 1e300 puts the start at 1e300 - 7.25 / 7.9e-313,
    // about -9.2e312: beyond the doubles.
    let slow = Player(clip)
    try slow.setPlaybackRate(7.9e-313)
    try slow.play()
    try slow.tick(1e300)
    let before = slow.state
    let start = slow.startTime
    XCTAssertThrowsError(try slow.setCurrentTime(7.25)) {
      XCTAssertEqual(($0 as? RazzleError)?.kind, .invalidValue)
    }
    XCTAssertEqual(slow.state, before)
    XCTAssertEqual(slow.startTime, start)
    // The second: at rate 1e-300, fraction 1e154 of an end of 10 is a
    // current time of 1e155, 1e455 clock units before the clock.
    let crawling = Player(clip)
    try crawling.play()
    try crawling.setPlaybackRate(1e-300)
    let running = crawling.state
    XCTAssertThrowsError(try crawling.setFractionComplete(1e154))
    XCTAssertEqual(crawling.state, running)
    XCTAssertTrue(crawling.startTime?.isFinite ?? false)
    // A seek the doubles hold still works: the start is 0 - 5 / 1e-300,
    // about -5e300.
    try crawling.setCurrentTime(5)
    XCTAssertEqual(crawling.currentTime ?? .nan, 5, accuracy: 1e-15)
    XCTAssertEqual(crawling.startTime ?? .nan, -5e300, accuracy: 1e285)
  }

  func testPlayerFrameStepMovesSamplesAndTakesEventsAsOneStep() throws {
    // advance(by:sampleInto:takingEvents:) gives sample(clockTimes:)'s row
    // at the new clock and the events advance(by:) reports.
    let a = try animator("a", "x", [(0, 0), (1, 1)])
    let clip = try Node.clip(a, timing: Timing(iterations: 3))
    let player = Player(clip)
    let twin = Player(clip)
    try player.play()
    try twin.play()
    var row = [Double](repeating: -1, count: 1)
    var expected = [Double](repeating: -1, count: 1)
    for dt in [0.25, 1.0, 0.5, 1.5] {
      let step = try row.withUnsafeMutableBufferPointer {
        try player.advance(by: dt, sampleInto: $0, takingEvents: 8)
      }
      let events = try twin.advance(by: dt)
      var now = twin.clockTime
      try withUnsafePointer(to: &now) { t in
        try expected.withUnsafeMutableBufferPointer {
          _ = try twin.sample(clockTimes: UnsafeBufferPointer(start: t, count: 1), into: $0)
        }
      }
      XCTAssertEqual(step.events, events)
      XCTAssertFalse(step.more)
      XCTAssertEqual(step.width, 1)
      XCTAssertEqual(row.map(\.bitPattern), expected.map(\.bitPattern))
    }
    XCTAssertEqual(player.playState, .finished)
    // A row too small, or a variable unset: the clock moves, the events
    // stay queued, the error follows.
    let paged = Animator()
    try paged.setVariable("w", to: 2)
    let x = try paged.addTrack(
      target: "v", property: "x", options: TrackOptions(relativeTo: "w", constant: 0))
    try x.setKeyframe(time: 0, value: [0])
    try x.setKeyframe(time: 1, value: [1])
    let other = Player(try Node.clip(paged, timing: Timing(fill: .both)))
    try other.play()
    try paged.removeVariable(named: "w")
    XCTAssertThrowsError(
      try row.withUnsafeMutableBufferPointer {
        try other.advance(by: 0.5, sampleInto: $0, takingEvents: 8)
      }
    ) { XCTAssertEqual(($0 as? RazzleError)?.kind, .notFound) }
    XCTAssertEqual(other.clockTime, 0.5)
    XCTAssertThrowsError(
      try other.advance(by: 0.25, sampleInto: UnsafeMutableBufferPointer(start: nil, count: 0))
    ) { XCTAssertEqual(($0 as? RazzleError)?.kind, .notFound) }
    try paged.setVariable("w", to: 2)
    XCTAssertThrowsError(
      try other.advance(by: 0.25, sampleInto: UnsafeMutableBufferPointer(start: nil, count: 0))
    ) { XCTAssertEqual(($0 as? RazzleError)?.kind, .bufferTooSmall) }
    let step = try row.withUnsafeMutableBufferPointer {
      try other.advance(by: 0.25, sampleInto: $0, takingEvents: 8)
    }
    XCTAssertEqual(step.events.map(\.kind), [.started, .finished])
    XCTAssertEqual(other.clockTime, 1.25)
    XCTAssertEqual(row, [2])
  }

  func testClipsSeeVariablesAtEachSample() throws {
    // A paging-style track: page 1.5 × pageWidth; a rotation changes the
    // width and the clip follows without an edit.
    let a = Animator()
    try a.setVariable("pageWidth", to: 375)
    let x = try a.addTrack(
      target: "v", property: "x", options: TrackOptions(relativeTo: "pageWidth", constant: 10))
    try x.setKeyframe(time: 0, value: [1])
    try x.setKeyframe(time: 1, value: [2])
    let clip = try Node.clip(a, timing: Timing(fill: .both))
    XCTAssertEqual(try sample(clip, [0.5])[0], [1.5 * 375 + 10])
    try a.setVariable("pageWidth", to: 667)
    XCTAssertEqual(try sample(clip, [0.5])[0], [1.5 * 667 + 10])
    try a.removeVariable(named: "pageWidth")
    XCTAssertThrowsError(try sample(clip, [0.5])) { error in
      XCTAssertEqual((error as? RazzleError)?.kind, .notFound)
    }
  }

  func testAutoDurationClipsMapTimeExactly() throws {
    // A hold keyframe at 13.7 over the span [0, 100]: 13.7 / 100 · 100 is
    // 13.699999999999999, which would still show the previous value; the
    // clip maps local time 13.7 to animator time 13.7 exactly.
    let a = Animator()
    let step = try a.addTrack(target: "v", property: "x")
    try step.setKeyframe(time: 0, value: [0], style: KeyframeStyle(interpolation: .hold))
    try step.setKeyframe(time: 13.7, value: [1], style: KeyframeStyle(interpolation: .hold))
    try step.setKeyframe(time: 100, value: [2])
    XCTAssertLessThan(13.7 / 100 * 100, 13.7)
    let clip = try Node.clip(a, timing: Timing(fill: .both))
    let line = Node.timeline()
    try line.add(clip, at: .time(0))
    XCTAssertEqual(try sample(clip, [13.7, 50])[0], [1])
    XCTAssertEqual(try sample(line, [13.7])[0], [1])
    XCTAssertEqual(try clip.values(at: 13.7).first?.value, [1])
  }

  func testSiblingClipsTimedAlikeShareTheirMapAndOthersDoNot() throws {
    // Siblings of equal timing, start and span map a block once; a sibling
    // that differs in any of them maps its own (NodeSampler's ClipMap).
    let both = try Timing(fill: .both)
    let line = Node.timeline()
    try line.add(try Node.clip(animator("a", "x", [(0, 0), (1, 10)]), timing: both), at: .time(0))
    try line.add(try Node.clip(animator("a", "y", [(0, 0), (1, 20)]), timing: both), at: .time(0))
    // A later start, then the same start again.
    try line.add(
      try Node.clip(animator("a", "w", [(0, 0), (1, 30)]), timing: both), at: .time(0.5))
    try line.add(
      try Node.clip(animator("a", "v", [(0, 0), (1, 40)]), timing: both), at: .time(0.5))
    // The same timing and start, another span (10…11).
    try line.add(
      try Node.clip(animator("a", "u", [(10, 0), (11, 50)]), timing: both), at: .time(0.5))
    // Its own duration (the span 0…2).
    try line.add(try Node.clip(animator("a", "z", [(0, 0), (2, 20)]), timing: both), at: .time(0))
    let times = [0.25, 0.75, 1.25, 3]
    let expected: [[Double]] = [
      [2.5, 5, 0, 0, 0, 2.5],
      [7.5, 15, 7.5, 10, 12.5, 7.5],
      [10, 20, 22.5, 30, 37.5, 12.5],
      [10, 20, 30, 40, 50, 20],
    ]
    XCTAssertEqual(try line.layout().columns.map(\.property), ["x", "y", "w", "v", "u", "z"])
    XCTAssertEqual(try sample(line, times), expected)
    // One time at a time (the one-row path) gives the same rows.
    for (j, t) in times.enumerated() { XCTAssertEqual(try sample(line, [t])[0], expected[j]) }
  }

  func testABlockOfTimesMapsAsEachTimeAloneAtTheBoundaries() throws {
    // Clips of simple timings (delays, each fill, a duration other than
    // the span's) under a timeline, sampled as one block (eight times at a
    // time where the block runs forwards) and one time at a time (the
    // scalar map): the same bits, at and around each phase boundary.
    let line = Node.timeline()
    let fills: [FillMode] = [.none, .backwards, .forwards, .both]
    var boundaries: [Double] = []
    for (i, fill) in fills.enumerated() {
      let delay = 0.25 * Double(i)
      let duration = 1.5 + 0.5 * Double(i)
      let a = try animator("c\(i)", "x", [(0, Double(i)), (2, Double(i) + 7)])
      try line.add(
        try Node.clip(a, timing: Timing(delay: delay, duration: .time(duration), fill: fill)),
        at: .time(0.1 * Double(i)))
      let start = 0.1 * Double(i) + delay
      boundaries += [start, start + duration]
    }
    var times: [Double] = [-1, .nan, 0, 5, .infinity, -.infinity]
    for b in boundaries { times += [b.nextDown, b, b.nextUp] }
    times += (0..<37).map { Double($0) * 0.0625 }
    let block = try sample(line, times)
    for (j, t) in times.enumerated() {
      let alone = try sample(line, [t])[0]
      XCTAssertEqual(block[j].map(\.bitPattern), alone.map(\.bitPattern), "t = \(t)")
    }
    // Hand-worked: clip 1 (start 0.35, duration 2, fills backwards) is
    // its first keyframe before it starts and nothing after it ends.
    XCTAssertEqual(block[0][1], 1)
    XCTAssertTrue(block[3][1].isNaN)
    // Clip 3 (active from 1.05 for 3, fill both) halfway through its
    // active interval: halfway through its span, 3 + 7 · 0.5.
    XCTAssertEqual(try sample(line, [2.55])[0][3], 6.5)
  }

  func testABlockUnderAnAlternatingGroupMapsAsEachTimeAlone() throws {
    // The second iteration of an alternating group runs its children
    // backwards: there a time at a clip's start is before it (fill none:
    // no effect), where running forwards it is active. A block of times
    // spanning both iterations must treat each row by its own direction.
    let inner = Node.timeline()
    try inner.add(
      try Node.clip(
        animator("a", "x", [(0, 0), (1, 10)]), timing: Timing(delay: 0.5, duration: 1)),
      at: .time(0.25))
    let line = Node.timeline(timing: try Timing(iterations: 2, direction: .alternate))
    try line.add(inner)
    // The clip is active from 0.75 to 1.75 of each iteration (1.75 long):
    // forwards at 0.75 and 1.75 + 1.75 − 0.75 = 2.75 backwards, both ends.
    var times: [Double] = []
    for b in [0.75, 1.75, 2.5, 2.75, 1.0, 3.0] { times += [b.nextDown, b, b.nextUp] }
    let block = try sample(line, times)
    for (j, t) in times.enumerated() {
      XCTAssertEqual(
        block[j].map(\.bitPattern), try sample(line, [t])[0].map(\.bitPattern), "t = \(t)")
    }
    // Hand-worked: at 0.75 forwards the clip starts (value 0); at 2.75
    // (inner time 0.75, running backwards) it is before its start: none.
    XCTAssertEqual(block[1][0], 0)
    XCTAssertTrue(block[10][0].isNaN)
  }
}
