import Razzle
import XCTest

/// Runs every file in `Tests/vectors/` through the Swift API.
final class VectorTests: XCTestCase {
  func testEveryVectorFileIsRun() throws {
    let files = try Vectors.files()
    for name in [
      "foundation.json", "easing.json", "interpolation.json", "kinds.json", "timing.json",
      "paging.json",
    ] {
      XCTAssertTrue(files.contains(name), "\(name) is missing")
    }
  }

  func testGroups() throws {
    let known = try Vectors.knownFailures()
    var checked = 0
    for file in try Vectors.files() {
      let groups = try XCTUnwrap(try Vectors.load(file)["groups"] as? [[String: Any]])
      for group in groups {
        let name = group["id"] as? String ?? "?"
        let id = "\(file)/\(name)"
        var report = Report(id: id)
        switch group["type"] as? String {
        case "track", "hide": checked += try runTrackGroup(group, report: &report)
        case "easing": checked += try runEasingGroup(group, id: id)
        case "compose": checked += try runComposeGroup(group, report: &report)
        case "color_convert": checked += try runConvertGroup(group, report: &report)
        case "timing": checked += try runTimingGroup(group, report: &report)
        case "relative", "paging", "page": checked += try runLayoutGroup(group, report: &report)
        default: XCTFail("unknown group type in \(id)")
        }
        for check in ["value", "velocity"] {
          report.settle(check, known: known.contains([file, name, check]))
        }
      }
    }
    XCTAssertGreaterThan(checked, 3500)
  }

  /// The mismatches of one group, by check ("value" or "velocity"), so that
  /// checks listed in `known_failures.txt` can be expected to fail.
  private struct Report {
    let id: String
    var mismatches: [String: [String]] = [:]

    mutating func check(
      _ check: String, _ actual: [Double], _ expected: [Double], tolerance: Double,
      _ what: @autoclosure () -> String
    ) {
      let fits =
        actual.count == expected.count
        && zip(actual, expected).allSatisfy { Vectors.matches($0, $1, tolerance: tolerance) }
      if !fits {
        mismatches[check, default: []].append("\(what()): got \(actual), expected \(expected)")
      }
    }

    /// Fails on any mismatch of an unlisted check, and on a listed check
    /// without one (a stale entry).
    func settle(_ check: String, known: Bool) {
      let found = mismatches[check] ?? []
      if known {
        XCTAssertFalse(
          found.isEmpty, "\(id) \(check) is listed in known_failures.txt but passes; remove it")
      } else {
        for message in found { XCTFail("\(id) \(message)") }
      }
    }
  }

  /// Samples and velocities of a track or hide group; returns the number of
  /// tests.
  private func runTrackGroup(_ group: [String: Any], report: inout Report) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let velocityTolerance =
      group["velocity_tolerance"].map { Vectors.number($0) } ?? tolerance
    let track = try Vectors.track(group)
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    for test in tests {
      let tcId = test["tcId"] as? Int ?? -1
      let t = Vectors.number(test["time"])
      report.check(
        "value", try track.sample(at: t), Vectors.list(test["expected"]), tolerance: tolerance,
        "tcId \(tcId) at \(t)")
      let velocity = try track.velocity(at: t)
      if test["expected_velocity"] != nil {
        report.check(
          "velocity", velocity, Vectors.list(test["expected_velocity"]),
          tolerance: velocityTolerance, "tcId \(tcId) velocity at \(t)")
      }
    }
    return tests.count
  }

  /// A compose group: tracks added in order, then `Animator.transform`.
  private func runComposeGroup(_ group: [String: Any], report: inout Report) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let target = try XCTUnwrap(group["target"] as? String)
    let animator = Animator()
    for spec in try XCTUnwrap(group["tracks"] as? [[String: Any]]) {
      let track = try animator.addTrack(
        target: target, property: try XCTUnwrap(spec["property"] as? String),
        options: Vectors.options(spec))
      for k in try XCTUnwrap(spec["keyframes"] as? [[String: Any]]) {
        try Vectors.set(k, on: track)
      }
    }
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    for test in tests {
      let t = Vectors.number(test["time"])
      let m = try animator.transform(target: target, at: t)
      report.check(
        "value", [m.a, m.b, m.c, m.d, m.tx, m.ty], Vectors.list(test["expected"]),
        tolerance: tolerance, "tcId \(test["tcId"] as? Int ?? -1) at \(t)")
    }
    return tests.count
  }

  /// A color_convert group: `ColorSpace.coordinates(of:)` and
  /// `color(fromCoordinates:alpha:)`.
  private func runConvertGroup(_ group: [String: Any], report: inout Report) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let space = try XCTUnwrap(ColorSpace(rawValue: group["space"] as? String ?? ""))
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    for test in tests {
      let actual: [Double]
      if test["rgba"] != nil {
        let c = Vectors.numbers(test["rgba"])
        let coordinates = space.coordinates(of: RGBA(r: c[0], g: c[1], b: c[2], a: c[3]))
        actual = [coordinates.x, coordinates.y, coordinates.z]
      } else {
        let c = Vectors.numbers(test["coordinates"])
        let color = space.color(
          fromCoordinates: SIMD3(c[0], c[1], c[2]), alpha: Vectors.number(test["alpha"]))
        actual = [color.r, color.g, color.b, color.a]
      }
      report.check(
        "value", actual, Vectors.list(test["expected"]), tolerance: tolerance,
        "tcId \(test["tcId"] as? Int ?? -1)")
    }
    return tests.count
  }

  /// A timing group: `Timing.computed(at:)` at each time against every
  /// expected value, and the batch call against the single ones, bit for
  /// bit.
  private func runTimingGroup(_ group: [String: Any], report: inout Report) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let timing = try Vectors.timing(try XCTUnwrap(group["timing"] as? [String: Any]))
    let intrinsic = group["intrinsic_duration"].map { Vectors.number($0) } ?? 0
    let direction = try AnimationDirection(
      named: group["animation_direction"] as? String ?? "forwards")
    let durations = try XCTUnwrap(group["durations"] as? [String: Any])
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    let times = tests.map { Vectors.number($0["time"]) }
    var progress = [Double](repeating: 0, count: times.count)
    var iterations = [Double](repeating: 0, count: times.count)
    try times.withUnsafeBufferPointer { t in
      try progress.withUnsafeMutableBufferPointer { p in
        try iterations.withUnsafeMutableBufferPointer { k in
          try timing.progress(
            at: t, intrinsicDuration: intrinsic, animationDirection: direction, into: p,
            iterations: k)
        }
      }
    }
    for (i, test) in tests.enumerated() {
      let tcId = test["tcId"] as? Int ?? -1
      let c = try timing.computed(
        at: times[i], intrinsicDuration: intrinsic, animationDirection: direction)
      let expected = try XCTUnwrap(test["expected"] as? [String: Any])
      let phase = try TimingPhase(named: expected["phase"] as? String ?? "")
      if c.phase != phase {
        report.mismatches["value", default: []].append(
          "tcId \(tcId): phase \(c.phase.name), expected \(phase.name)")
      }
      let values: [(String, Double?)] = [
        ("iteration_duration", c.iterationDuration), ("active_duration", c.activeDuration),
        ("end_time", c.endTime), ("active_time", c.activeTime),
        ("overall_progress", c.overallProgress),
        ("simple_iteration_progress", c.simpleIterationProgress),
        ("current_iteration", c.currentIteration), ("directed_progress", c.directedProgress),
        ("transformed_progress", c.transformedProgress),
      ]
      for (key, actual) in values {
        let want = expected[key] ?? durations[key]
        let wanted = want is NSNull ? Double.nan : Vectors.number(want)
        report.check(
          "value", [actual ?? .nan], [wanted],
          tolerance: key == "transformed_progress" ? tolerance : 0,
          "tcId \(tcId) \(key) at \(times[i])")
      }
      // Bit for bit (an unresolved value is NaN in the batch, nil here).
      func same(_ batch: Double, _ single: Double?) -> Bool {
        single.map { $0.bitPattern == batch.bitPattern } ?? batch.isNaN
      }
      XCTAssertTrue(same(progress[i], c.transformedProgress), "tcId \(tcId): batch progress")
      XCTAssertTrue(same(iterations[i], c.currentIteration), "tcId \(tcId): batch iteration")
    }
    return tests.count
  }

  /// An easing group: the easing evaluated directly and, for 0 < p < 1,
  /// through a track (0 → 0 with the easing, 1 → 1), which must agree bit for
  /// bit; returns the number of tests.
  private func runEasingGroup(_ group: [String: Any], id: String) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let derivativeTolerance =
      group["derivative_tolerance"].map { Vectors.number($0) } ?? tolerance
    let easing = try Easing(parsing: try XCTUnwrap(group["easing"] as? String))
    let track = try Track(property: "progress")
    try track.setKeyframe(time: 0, value: [0], easing: easing)
    try track.setKeyframe(time: 1, value: [1])
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    for test in tests {
      let tcId = test["tcId"] as? Int ?? -1
      let p = Vectors.number(test["progress"])
      let value = easing(p)
      let expected = Vectors.list(test["expected"])[0]
      XCTAssertTrue(
        Vectors.matches(value, expected, tolerance: tolerance),
        "\(id) tcId \(tcId): at \(p) got \(value), expected \(expected)")
      let derivative = easing.derivative(p)
      if test["expected_derivative"] != nil {
        let expected = Vectors.number(test["expected_derivative"])
        XCTAssertTrue(
          Vectors.matches(derivative, expected, tolerance: derivativeTolerance),
          "\(id) tcId \(tcId): derivative at \(p) got \(derivative), expected \(expected)")
      }
      if p > 0 && p < 1 {
        XCTAssertEqual(
          try track.sample(at: p)[0].bitPattern, value.bitPattern, "\(id) tcId \(tcId) track")
        XCTAssertEqual(
          try track.velocity(at: p)[0].bitPattern, derivative.bitPattern,
          "\(id) tcId \(tcId) track velocity")
      }
    }
    return tests.count
  }

  /// Runs `body` and returns the error it throws, if any.
  private func attempt(_ body: () throws(RazzleError) -> Void) -> RazzleError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  func testRejections() throws {
    let kindNames: [RazzleError.Kind: String] = [
      .invalidValue: "KF_E_INVALID_VALUE", .wrongSize: "KF_E_WRONG_SIZE", .easing: "KF_E_EASING",
      .kindMismatch: "KF_E_KIND_MISMATCH", .invalidName: "KF_E_INVALID_NAME",
    ]
    let operations = ["set", "extrapolation", "hide_at", "show_at"]
    var checked = 0
    for file in try Vectors.files() {
      let rejections = try Vectors.load(file)["rejections"] as? [[String: Any]] ?? []
      for vector in rejections {
        let id = "\(file)/\(vector["id"] as? String ?? "?")"
        let expected = try XCTUnwrap(vector["status"] as? String)
        let tried = operations.first { vector[$0] != nil }
        var track: Track?
        let error: RazzleError?
        if let spec = vector["timing"] as? [String: Any] {
          // A timing rejection: making the timing, then computing it with
          // the vector's intrinsic duration.
          let intrinsic = vector["intrinsic_duration"].map { Vectors.number($0) } ?? 0
          error = attempt { () throws(RazzleError) in
            _ = try Vectors.timing(spec).computed(at: 0, intrinsicDuration: intrinsic)
          }
        } else if let tried {
          let setup = vector.filter { !operations.contains($0.key) }
          let made = try Vectors.track(setup)
          track = made
          error = attempt { () throws(RazzleError) in
            switch tried {
            case "set":
              try Vectors.set(vector["set"] as? [String: Any] ?? [:], on: made)
            case "extrapolation":
              let (before, after) = try Vectors.extrapolation(
                vector["extrapolation"] as? [String: Any] ?? [:])
              try made.setExtrapolation(before: before, after: after)
            default:
              try Vectors.apply([tried: vector[tried] as Any], to: made)
            }
          }
        } else {
          error = attempt { () throws(RazzleError) in _ = try Vectors.track(vector) }
        }
        if let error {
          XCTAssertEqual(kindNames[error.kind], expected, "\(id): \(error.message)")
          if let fragment = vector["message_contains"] as? String {
            XCTAssertTrue(error.message.contains(fragment), "\(id): \(error.message)")
          }
          if let track {
            let setup = try Vectors.track(vector.filter { !operations.contains($0.key) })
            XCTAssertEqual(track.keyframes, setup.keyframes, "\(id) changed the keyframes")
            XCTAssertTrue(
              track.extrapolation == setup.extrapolation, "\(id) changed the extrapolation")
          }
        } else {
          XCTAssertEqual(expected, "KF_OK", "\(id) was accepted")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 100)
  }
}

// MARK: - Variables and paging (paging.json)

extension VectorTests {
  /// A relative, paging or page group (Tests/vectors/README.md); returns
  /// the number of tests.
  private func runLayoutGroup(_ group: [String: Any], report: inout Report) throws -> Int {
    let tolerance = Vectors.number(group["tolerance"])
    let tests = try XCTUnwrap(group["tests"] as? [[String: Any]])
    let animator = Animator()
    if group["type"] as? String == "relative" {
      let variable = try XCTUnwrap(group["relative_to"] as? String)
      let track = try animator.addTrack(
        target: "view", property: try XCTUnwrap(group["property"] as? String),
        options: TrackOptions(relativeTo: variable, constant: Vectors.number(group["constant"])))
      for k in try XCTUnwrap(group["keyframes"] as? [[String: Any]]) {
        try Vectors.set(k, on: track)
      }
      let velocityTolerance = group["velocity_tolerance"].map { Vectors.number($0) } ?? tolerance
      for test in tests {
        try animator.setVariable(variable, to: Vectors.number(test["variable"]))
        let t = Vectors.number(test["time"])
        let value = try track.sample(at: t)
        report.check(
          "value", value, Vectors.list(test["expected"]), tolerance: tolerance,
          "tcId \(test["tcId"] ?? "?")")
        report.check(
          "velocity", try track.velocity(at: t), Vectors.list(test["expected_velocity"]),
          tolerance: velocityTolerance, "tcId \(test["tcId"] ?? "?") velocity")
        // The frame path (the animator's cache) gives the same double.
        XCTAssertEqual(try animator.animate(t).first?.value, value)
      }
      return tests.count
    }
    let layout = try PagingLayout(
      animator: animator, pageCount: try XCTUnwrap(group["pages"] as? Int),
      pageWidth: Vectors.number(group["page_width"]))
    if group["type"] as? String == "page" {
      for test in tests {
        let x = Vectors.number(test["time"])
        let page = try layout.currentPage(contentOffset: x)
        report.check(
          "value", [try layout.pageOffset(contentOffset: x), Double(page)],
          Vectors.list(test["expected"]), tolerance: tolerance, "tcId \(test["tcId"] ?? "?")")
      }
      return tests.count
    }
    for keep in try XCTUnwrap(group["keeps"] as? [[String: Any]]) {
      try layout.keep(
        target: try XCTUnwrap(keep["target"] as? String), pages: Vectors.numbers(keep["pages"]),
        times: keep["times"].map(Vectors.numbers),
        attribute: try PageAttribute(named: try XCTUnwrap(keep["attribute"] as? String)),
        constant: keep["constant"].map { Vectors.number($0) } ?? 0,
        offsets: keep["offsets"].map(Vectors.numbers))
    }
    for test in tests {
      if let width = test["page_width"] { try layout.setPageWidth(Vectors.number(width)) }
      let t = Vectors.number(test["time"])
      report.check(
        "value", try layout.positions(pageOffset: t), Vectors.list(test["expected"]),
        tolerance: tolerance, "tcId \(test["tcId"] ?? "?") at \(t)")
    }
    return tests.count
  }
}
