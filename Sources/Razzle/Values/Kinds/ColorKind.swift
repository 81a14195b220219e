/// Non-premultiplied, sRGB-encoded (r, g, b, a), as UIColor's
/// getRed:green:blue:alpha: gives them: `backgroundColor`, `fillColor`,
/// `strokeColor`, `textColor`. Blended in ``space`` (alpha linearly; with
/// ``premultiplied``, as CSS Color 4 does; see
/// ``interpolateColor(_:_:_:in:premultiplied:)``); output is always sRGB
/// RGBA. Components are not clipped (extended sRGB); alpha must lie in
/// [0, 1].
///
/// Derived per keyframe: the color in ``space``, premultiplied if asked, and
/// whether its hue is powerless, so a sample converts once (back to sRGB);
/// per segment (in the spaces whose samples batch), the blend's start and
/// differences after the hue fix-ups.
public struct ColorKind: ValueKindProtocol {
  @usableFromInline static let name = "color"
  @usableFromInline static let catalogEntry = ValueKindDescription(
    name: name, channels: 4...4, componentNames: ["r", "g", "b", "a"], isPerChannel: false,
    parameters: ["colorSpace", "premultiplied"],
    typeName: "Color", blending: "in the track's color space (CSS Color 4 interpolation)")

  /// The space colors blend in.
  public let space: ColorSpace
  /// Whether colors blend premultiplied by alpha.
  public let premultiplied: Bool

  /// Creates the kind.
  public init(space: ColorSpace = .srgb, premultiplied: Bool = false) {
    self.space = space
    self.premultiplied = premultiplied
  }

  @usableFromInline
  static func make(channels: Int, colorSpace: ColorSpace, premultiplied: Bool) -> ColorKind {
    ColorKind(space: colorSpace, premultiplied: premultiplied)
  }

  @inlinable var channels: Int { 4 }
  @usableFromInline var componentNames: [String] { Self.catalogEntry.componentNames }
  @inlinable var isPerChannel: Bool { false }
  @inlinable var derivedStride: Int { ColorEndpoint.stride }
  /// A segment's blend record (``ColorEndpoint/storeSegment(_:_:in:into:)``)
  /// in the spaces whose samples batch.
  @inlinable var segmentStride: Int { batchesConversions ? ColorEndpoint.segmentStride : 0 }

  /// An alpha outside [0, 1].
  @usableFromInline
  func violation(in value: UnsafeBufferPointer<Double>) -> (channel: Int, reason: String)? {
    (0...1).contains(value[3]) ? nil : (3, "(alpha) must be within [0, 1]")
  }

  @inlinable
  func derive(_ value: UnsafePointer<Double>, into derived: UnsafeMutablePointer<Double>) {
    ColorEndpoint(
      RGBA(r: value[0], g: value[1], b: value[2], a: value[3]), in: space,
      premultiplied: premultiplied
    ).store(into: derived)
  }

  @inlinable
  func deriveSegment(
    _ from: BlendOperand, _ to: BlendOperand, into segment: UnsafeMutablePointer<Double>
  ) {
    guard batchesConversions else { return }
    ColorEndpoint.storeSegment(
      ColorEndpoint(contentsOf: from.derived), ColorEndpoint(contentsOf: to.derived), in: space,
      into: segment)
  }

  @inlinable
  func blend(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    let source = e == 0 ? segment.from.value : (e == 1 ? segment.to.value : nil)
    if let source {
      for c in 0..<4 { out[c] = source[c] }
      return
    }
    let color = ColorEndpoint.blend(
      ColorEndpoint(contentsOf: segment.from.derived),
      ColorEndpoint(contentsOf: segment.to.derived), e, in: space,
      premultiplied: premultiplied)
    out[0] = color.r
    out[1] = color.g
    out[2] = color.b
    out[3] = color.a
  }

  /// A central difference (step 1e-6 in e): the blend runs through
  /// nonlinear conversions.
  @inlinable
  func blendDerivative(
    _ segment: BlendSegment, _ e: Double, into out: UnsafeMutablePointer<Double>
  ) {
    centralDifference(segment, e, into: out)
  }
}
