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
      (.stale, KF_E_STALE),
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

  func testLimitsAreTheCores() {
    XCTAssertEqual(Int(KF_CHANNELS_MAX), ValueKind.maximumChannels)
    XCTAssertEqual(Int(KF_HANDLE_MAX), 1 + ValueKind.maximumChannels)
    XCTAssertEqual(KF_EASING_NUMBER_MAX, 1e6)
    XCTAssertThrowsError(try Easing(parsing: "easeOutBack(1000001)"))
    XCTAssertNoThrow(try Easing(parsing: "easeOutBack(1000000)"))
  }

  func testOptionsInitializersMatchTheDefaults() {
    // The macros' values, as a C caller gets them.
    let track = kf_track_options(
      version: UInt32(KF_TRACK_OPTIONS_VERSION), kind: nil, channels: 0, color_space: nil,
      premultiplied: 0, before: kf_extrapolation(KF_EXTRAPOLATION_HOLD),
      after: kf_extrapolation(KF_EXTRAPOLATION_HOLD))
    let defaults = TrackOptions()
    XCTAssertEqual(track.before, defaults.before.code)
    XCTAssertEqual(track.after, defaults.after.code)
    XCTAssertEqual(Int32(KF_INTERPOLATION_LINEAR), KeyframeStyle.plain.interpolation.code)
  }
}
