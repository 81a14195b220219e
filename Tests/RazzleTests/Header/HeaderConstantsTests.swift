import CKeyframe
import Razzle
import XCTest

/// The header `include/keyframe.h` is the ABI's source of truth: the core's
/// pinned numbers must be the header's.
final class HeaderConstantsTests: XCTestCase {
  func testStatusCodesAreTheHeaders() {
    let header: [(RazzleError.Kind, Int)] = [
      (.null, KF_E_NULL), (.invalidHandle, KF_E_INVALID_HANDLE),
      (.invalidValue, KF_E_INVALID_VALUE), (.wrongSize, KF_E_WRONG_SIZE),
      (.bufferTooSmall, KF_E_BUFFER_TOO_SMALL), (.easing, KF_E_EASING),
      (.emptyTrack, KF_E_EMPTY_TRACK), (.notFound, KF_E_NOT_FOUND),
      (.duplicate, KF_E_DUPLICATE), (.invalidName, KF_E_INVALID_NAME),
      (.outOfRange, KF_E_OUT_OF_RANGE), (.kindMismatch, KF_E_KIND_MISMATCH),
      (.stale, KF_E_STALE), (.invalidState, KF_E_INVALID_STATE), (.format, KF_E_FORMAT),
    ]
    XCTAssertEqual(header.count, RazzleError.Kind.allCases.count)
    for (kind, code) in header { XCTAssertEqual(Int(kind.rawValue), code, "\(kind)") }
    XCTAssertEqual(KF_OK, 0)
  }

  func testEnumCodesAreTheHeaders() throws {
    let interpolations: [(Interpolation, Int)] = [
      (.linear, KF_INTERPOLATION_LINEAR), (.hold, KF_INTERPOLATION_HOLD),
      (.bezier, KF_INTERPOLATION_BEZIER), (.smooth, KF_INTERPOLATION_SMOOTH),
      (.monotone, KF_INTERPOLATION_MONOTONE), (.paced, KF_INTERPOLATION_PACED),
    ]
    XCTAssertEqual(interpolations.count, Interpolation.allCases.count)
    for (mode, code) in interpolations {
      XCTAssertEqual(Int(mode.code), code)
      XCTAssertEqual(try Interpolation(code: Int32(code)), mode)
    }
    let extrapolations: [(Extrapolation, Int)] = [
      (.hold, KF_EXTRAPOLATION_HOLD), (.linear, KF_EXTRAPOLATION_LINEAR),
      (.cycle, KF_EXTRAPOLATION_CYCLE), (.cycleOffset, KF_EXTRAPOLATION_CYCLE_OFFSET),
      (.pingPong, KF_EXTRAPOLATION_PING_PONG),
    ]
    XCTAssertEqual(extrapolations.count, Extrapolation.allCases.count)
    for (mode, code) in extrapolations {
      XCTAssertEqual(Int(mode.code), code)
      XCTAssertEqual(try Extrapolation(code: Int32(code)), mode)
    }
    XCTAssertThrowsError(try Extrapolation(code: Int32(KF_EXTRAPOLATION_UNCHANGED)))
    XCTAssertThrowsError(try Interpolation(code: 6))
  }

  func testTimingEnumCodesAreTheHeaders() throws {
    let directions: [(PlaybackDirection, Int)] = [
      (.normal, KF_DIRECTION_NORMAL), (.reverse, KF_DIRECTION_REVERSE),
      (.alternate, KF_DIRECTION_ALTERNATE), (.alternateReverse, KF_DIRECTION_ALTERNATE_REVERSE),
    ]
    XCTAssertEqual(directions.count, PlaybackDirection.allCases.count)
    for (value, code) in directions {
      XCTAssertEqual(Int(value.code), code)
      XCTAssertEqual(try PlaybackDirection(code: Int32(code)), value)
    }
    let fills: [(FillMode, Int)] = [
      (.none, KF_FILL_NONE), (.forwards, KF_FILL_FORWARDS), (.backwards, KF_FILL_BACKWARDS),
      (.both, KF_FILL_BOTH), (.auto, KF_FILL_AUTO),
    ]
    XCTAssertEqual(fills.count, FillMode.allCases.count)
    for (value, code) in fills {
      XCTAssertEqual(Int(value.code), code)
      XCTAssertEqual(try FillMode(code: Int32(code)), value)
    }
    let phases: [(TimingPhase, Int)] = [
      (.before, KF_PHASE_BEFORE), (.active, KF_PHASE_ACTIVE), (.after, KF_PHASE_AFTER),
      (.idle, KF_PHASE_IDLE),
    ]
    XCTAssertEqual(phases.count, TimingPhase.allCases.count)
    for (value, code) in phases { XCTAssertEqual(Int(value.code), code) }
    let animation: [(AnimationDirection, Int)] = [
      (.forwards, KF_ANIMATION_FORWARDS), (.backwards, KF_ANIMATION_BACKWARDS),
    ]
    XCTAssertEqual(animation.count, AnimationDirection.allCases.count)
    for (value, code) in animation { XCTAssertEqual(Int(value.code), code) }
    XCTAssertThrowsError(try FillMode(code: 5))
    XCTAssertThrowsError(try PlaybackDirection(code: -1))
  }

  func testTimingOptionsDefaultsAreTheCores() {
    // KF_TIMING_OPTIONS_INIT's values (the macro itself is checked in
    // Tests/c/api_test.c, where KF_DURATION_AUTO's -INFINITY is visible).
    let c = kf_timing_options(
      version: UInt32(KF_TIMING_OPTIONS_VERSION), delay: 0, end_delay: 0, duration: -.infinity,
      iterations: 1, iteration_start: 0, direction: kf_direction(KF_DIRECTION_NORMAL),
      fill: kf_fill(KF_FILL_AUTO), easing: nil, autoreverses: 0, time_offset: 0)
    let core = Timing.default
    XCTAssertEqual(c.delay, core.delay)
    XCTAssertEqual(c.end_delay, core.endDelay)
    XCTAssertEqual(core.duration, .auto)
    XCTAssertEqual(c.iterations, core.iterations)
    XCTAssertEqual(c.iteration_start, core.iterationStart)
    XCTAssertEqual(c.direction, core.direction.code)
    XCTAssertEqual(c.fill, core.fill.code)
    XCTAssertEqual(core.easing, .linear)
    XCTAssertEqual(KF_TIMING_OPTIONS_VERSION, 1)
    XCTAssertEqual(KF_COMPUTED_TIMING_VERSION, 1)
  }

  func testLimitsAreTheCores() {
    XCTAssertEqual(Int(KF_CHANNELS_MAX), ValueKind.maximumChannels)
    XCTAssertEqual(Int(KF_HANDLE_MAX), 1 + ValueKind.maximumChannels)
    XCTAssertEqual(KF_EASING_NUMBER_MAX, 1e6)
    XCTAssertThrowsError(try Easing(parsing: "easeOutBack(1000001)"))
    XCTAssertNoThrow(try Easing(parsing: "easeOutBack(1000000)"))
  }

  func testPageAttributeCodesAreTheHeaders() throws {
    let attributes: [(PageAttribute, Int)] = [
      (.left, KF_PAGE_ATTRIBUTE_LEFT), (.centerX, KF_PAGE_ATTRIBUTE_CENTER_X),
      (.right, KF_PAGE_ATTRIBUTE_RIGHT),
    ]
    XCTAssertEqual(attributes.count, PageAttribute.allCases.count)
    for (value, code) in attributes {
      XCTAssertEqual(Int(value.code), code)
      XCTAssertEqual(try PageAttribute(code: Int32(code)), value)
    }
    XCTAssertThrowsError(try PageAttribute(code: 3))
  }

  func testOptionsInitializersMatchTheDefaults() {
    // The macros' values, as a C caller gets them.
    let track = kf_track_options(
      version: UInt32(KF_TRACK_OPTIONS_VERSION), kind: nil, channels: 0, color_space: nil,
      premultiplied: 0, before: kf_extrapolation(KF_EXTRAPOLATION_HOLD),
      after: kf_extrapolation(KF_EXTRAPOLATION_HOLD), relative_to: nil, constant: 0)
    let defaults = TrackOptions()
    XCTAssertEqual(track.before, defaults.before.code)
    XCTAssertEqual(track.after, defaults.after.code)
    XCTAssertNil(defaults.relativeTo)
    XCTAssertEqual(track.constant, defaults.constant)
    XCTAssertEqual(Int32(KF_INTERPOLATION_LINEAR), KeyframeStyle.plain.interpolation.code)
  }

  /// `pinned` of `T` against the header's codes for it, in order.
  func check<T: PinnedCode>(_ type: T.Type, _ codes: [(T, Int)]) throws {
    XCTAssertEqual(codes.count, T.allCases.count, "\(T.self)")
    for (value, code) in codes {
      XCTAssertEqual(Int(value.code), code, "\(value)")
      XCTAssertEqual(try T(code: Int32(code)), value)
    }
    XCTAssertThrowsError(try T(code: Int32(codes.count)))
  }

  func testChoreographyEnumCodesAreTheHeaders() throws {
    try check(Composite.self, [(.replace, KF_COMPOSITE_REPLACE), (.add, KF_COMPOSITE_ADD)])
    try check(
      Node.Kind.self,
      [(.clip, KF_NODE_CLIP), (.timeline, KF_NODE_TIMELINE), (.stagger, KF_NODE_STAGGER)])
    try check(
      StaggerDistribution.OriginKind.self,
      [
        (.start, KF_STAGGER_FROM_START), (.center, KF_STAGGER_FROM_CENTER),
        (.end, KF_STAGGER_FROM_END), (.edges, KF_STAGGER_FROM_EDGES),
        (.random, KF_STAGGER_FROM_RANDOM), (.index, KF_STAGGER_FROM_INDEX),
        (.point, KF_STAGGER_FROM_POINT),
      ])
    try check(
      StaggerDistribution.Axis.self,
      [(.both, KF_STAGGER_AXIS_BOTH), (.x, KF_STAGGER_AXIS_X), (.y, KF_STAGGER_AXIS_Y)])
    try check(
      StaggerPreset.self,
      [
        (.default, KF_STAGGER_PRESET_DEFAULT), (.grid, KF_STAGGER_PRESET_GRID),
        (.list, KF_STAGGER_PRESET_LIST),
      ])
    try check(
      KeyframeCalculationMode.self,
      [
        (.linear, KF_CALCULATION_LINEAR), (.discrete, KF_CALCULATION_DISCRETE),
        (.paced, KF_CALCULATION_PACED), (.cubic, KF_CALCULATION_CUBIC),
        (.cubicPaced, KF_CALCULATION_CUBIC_PACED),
      ])
    try check(
      PlayState.self,
      [
        (.idle, KF_PLAY_STATE_IDLE), (.running, KF_PLAY_STATE_RUNNING),
        (.paused, KF_PLAY_STATE_PAUSED), (.finished, KF_PLAY_STATE_FINISHED),
      ])
    try check(
      PlayerEvent.Kind.self,
      [
        (.started, KF_EVENT_STARTED), (.iteration, KF_EVENT_ITERATION),
        (.paused, KF_EVENT_PAUSED), (.reversed, KF_EVENT_REVERSED),
        (.finished, KF_EVENT_FINISHED), (.cancelled, KF_EVENT_CANCELLED),
      ])
    try check(
      Player.StopPosition.self,
      [(.start, KF_STOP_AT_START), (.end, KF_STOP_AT_END), (.current, KF_STOP_AT_CURRENT)])
  }
}
