/// What a track animates: how many `Double` channels one value has, how two
/// values blend, and which values are valid.
///
/// Every value crosses the C ABI as a flat array of `channels` doubles, so a
/// new kind needs a case here and nothing new at the boundary.
public enum ValueKind: Sendable, Hashable {
  /// One number, blended as `v0 + (v1 − v0)·e`.
  case scalar
  /// (x, y), blended per component.
  case point
  /// (width, height), blended per component; both ≥ 0.
  case size
  /// (x, y, width, height), blended per component; width and height ≥ 0.
  case rect
  /// A fixed number of independent numbers (1…64), blended per component.
  case vector(Int)
  /// Non-premultiplied, sRGB-encoded (r, g, b, a), as UIColor's
  /// getRed:green:blue:alpha: gives them. Blended in `space` (alpha linearly;
  /// with `premultiplied`, as CSS Color 4 does); output is always sRGB RGBA.
  /// Components are not clipped (extended sRGB); alpha must lie in [0, 1].
  case color(ColorSpace, premultiplied: Bool)
  /// 0 or 1. RazzleDazzle's rule: the start value while eased progress is 0,
  /// then the end value.
  case bool
  /// A 2D affine transform (a, b, c, d, tx, ty), in CGAffineTransform's
  /// order, blended as CSS Transforms Level 2 blends the equivalent 3D matrix.
  case transform
  /// A 4×4 matrix m11…m44 in CATransform3D order (CSS `matrix3d()`'s argument
  /// order), blended by CSS Transforms Level 2 decomposition.
  case transform3d

  /// The most channels a `vector` track may have.
  public static let maximumChannels = 64

  /// An sRGB color blended the way RazzleDazzle and UIKit do: per encoded
  /// component, not premultiplied.
  public static let color = ValueKind.color(.srgb, premultiplied: false)

  /// The number of doubles in one value.
  @inlinable
  public var channels: Int {
    switch self {
    case .scalar, .bool: return 1
    case .point, .size: return 2
    case .rect, .color: return 4
    case .vector(let n): return n
    case .transform: return 6
    case .transform3d: return 16
    }
  }

  /// The kind's name, as the C API and Python spell it.
  public var name: String {
    switch self {
    case .scalar: return "scalar"
    case .point: return "point"
    case .size: return "size"
    case .rect: return "rect"
    case .vector: return "vector"
    case .color: return "color"
    case .bool: return "bool"
    case .transform: return "transform"
    case .transform3d: return "transform3d"
    }
  }

  /// The kind named `name`; `channels` is needed (1…64) for `vector` and
  /// ignored otherwise.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for an unknown name,
  ///   `.wrongSize` for a bad vector size.
  public init(
    name: String, channels: Int = 0, colorSpace: ColorSpace = .srgb, premultiplied: Bool = false
  ) throws(RazzleError) {
    switch name {
    case "scalar": self = .scalar
    case "point": self = .point
    case "size": self = .size
    case "rect": self = .rect
    case "color": self = .color(colorSpace, premultiplied: premultiplied)
    case "bool": self = .bool
    case "transform": self = .transform
    case "transform3d": self = .transform3d
    case "vector":
      guard (1...ValueKind.maximumChannels).contains(channels) else {
        throw RazzleError(
          .wrongSize,
          "a vector track has 1 to \(ValueKind.maximumChannels) channels, not \(channels)")
      }
      self = .vector(channels)
    default:
      throw RazzleError(
        .invalidName,
        "unknown value kind \"\(name)\" (scalar, point, size, rect, vector, color, bool, transform, transform3d)"
      )
    }
  }

  /// True for kinds blended channel by channel as plain numbers: they support
  /// every interpolation and extrapolation mode.
  @inlinable
  public var isPerChannel: Bool {
    switch self {
    case .scalar, .point, .size, .rect, .vector: return true
    case .color, .bool, .transform, .transform3d: return false
    }
  }

  /// Blends `from` and `to` at eased progress `e` into `out`, `channels`
  /// doubles each. `e = 0` gives `from` and `e = 1` gives `to`, exactly, for
  /// every kind; other values of `e` extrapolate where the kind allows.
  @inlinable
  func blend(
    _ from: UnsafePointer<Double>, _ to: UnsafePointer<Double>, _ e: Double,
    into out: UnsafeMutablePointer<Double>
  ) {
    switch self {
    case .scalar:
      out[0] = from[0] + (to[0] - from[0]) * e
    case .point, .size, .rect, .vector:
      for c in 0..<channels { out[c] = from[c] + (to[c] - from[c]) * e }
    case .color(let space, let premultiplied):
      let a = RGBA(r: from[0], g: from[1], b: from[2], a: from[3])
      let b = RGBA(r: to[0], g: to[1], b: to[2], a: to[3])
      let c = interpolateColor(a, b, e, in: space, premultiplied: premultiplied)
      out[0] = c.r
      out[1] = c.g
      out[2] = c.b
      out[3] = c.a
    case .bool:
      out[0] = e == 0 ? from[0] : to[0]
    case .transform:
      interpolateTransform2D(Transform2D(contentsOf: from), Transform2D(contentsOf: to), e)
        .store(into: out)
    case .transform3d:
      interpolateTransform(Transform3D(contentsOf: from), Transform3D(contentsOf: to), e)
        .store(into: out)
    }
  }

  /// d blend / d e for channel `c`: exact for per-channel kinds, 0 for
  /// `bool`, and a central difference (step 1e-6 in e) for colors and
  /// transforms, whose blends go through nonlinear conversions.
  @inlinable
  func blendDerivative(
    _ from: UnsafePointer<Double>, _ to: UnsafePointer<Double>, _ e: Double, channel c: Int
  ) -> Double {
    switch self {
    case .scalar, .point, .size, .rect, .vector: return to[c] - from[c]
    case .bool: return 0
    case .color, .transform, .transform3d:
      let h = 1e-6
      var high = [Double](repeating: 0, count: channels)
      var low = high
      high.withUnsafeMutableBufferPointer {
        blend(from, to, e + h, into: $0.baseAddress.unsafelyUnwrapped)
      }
      low.withUnsafeMutableBufferPointer {
        blend(from, to, e - h, into: $0.baseAddress.unsafelyUnwrapped)
      }
      return (high[c] - low[c]) / (2 * h)
    }
  }
}
