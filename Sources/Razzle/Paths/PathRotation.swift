#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How an object moving along a path is rotated: CSS Motion Path's
/// `offset-rotate` (`auto`, `reverse`, `<angle>`, `auto <angle>`) and Core
/// Animation's `rotationMode` (`auto`, `autoReverse`).
public struct PathRotation: Sendable, Hashable {
  /// Which rule gives the angle.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// The tangent's direction plus the offset.
    case auto
    /// The tangent's direction plus 180° plus the offset.
    case reverse
    /// The offset alone, whatever the path does.
    case fixed
  }

  /// The rule.
  public var mode: Mode
  /// Degrees added to the tangent's direction (auto, reverse) or the angle
  /// itself (fixed).
  public var offset: Double

  /// The rotation `mode` with `offset` degrees.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite offset.
  public init(_ mode: Mode, offset: Double = 0) throws(RazzleError) {
    guard offset.isFinite else {
      throw RazzleError(.invalidValue, "rotation angle must be finite, got \(offset)")
    }
    self.mode = mode
    self.offset = offset
  }

  /// `auto` with no offset.
  public static let auto = PathRotation(unchecked: .auto)

  init(unchecked mode: Mode) {
    self.mode = mode
    self.offset = 0
  }

  /// The angle for a tangent direction of `degrees`: auto and reverse in
  /// (-180, 180], fixed the offset as given.
  @inlinable @inline(__always)
  func apply(_ degrees: Double) -> Double {
    switch mode {
    case .fixed: return offset
    case .auto: return Self.normalized(degrees + offset)
    case .reverse: return Self.normalized(degrees + 180 + offset)
    }
  }

  /// `degrees` in (-180, 180]. Below 360 in magnitude the remainder is the
  /// number itself, so only larger ones pay for it.
  @inlinable @inline(__always)
  static func normalized(_ degrees: Double) -> Double {
    var r = abs(degrees) < 360 ? degrees : degrees.truncatingRemainder(dividingBy: 360)
    if r > 180 { r -= 360 } else if r <= -180 { r += 360 }
    return r
  }
}

extension PathRotation.Mode: PinnedCode {
  public static var noun: String { "rotation mode" }
  public var name: String { rawValue }
  /// `KF_ROTATE_*` order.
  public static let pinned: [PathRotation.Mode] = [.auto, .reverse, .fixed]
}
