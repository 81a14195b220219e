/// What a track animates: how many `Double` channels one value has, how two
/// values blend, and which values are valid.
///
/// Every value crosses the C ABI as a flat array of ``channels`` doubles.
/// Each kind is declared in one file under `Values/Kinds/` (``ScalarKind``,
/// ``ColorKind``, …) and listed once in ``registry``; ``catalog`` describes
/// them all for bindings.
///
/// ```swift
/// let kind = try ValueKind(name: "color", colorSpace: .oklch)
/// kind.channels                          // 4
/// kind.model(as: ColorKind.self)?.space  // .oklch
/// ```
public struct ValueKind: Sendable, Hashable, CustomStringConvertible {
  /// The kind's declaration.
  @usableFromInline let base: any ValueKindProtocol
  /// The number of doubles in one value.
  public let channels: Int
  /// True for kinds blended channel by channel as plain numbers (scalar,
  /// point, size, rect, vector): they support every interpolation and
  /// extrapolation mode. The others take `linear` and `hold` interpolation
  /// and `hold`, `cycle` and `ping-pong` extrapolation only.
  public let isPerChannel: Bool
  /// Whether the kind puts constraints of its own on values
  /// (``ValueKindProtocol/constrainsValues``), read once here so that a
  /// batch's validation does not open the declaration per value.
  @usableFromInline let constrainsValues: Bool

  @usableFromInline
  init(_ base: some ValueKindProtocol) {
    self.base = base
    self.channels = base.channels
    self.isPerChannel = base.isPerChannel
    self.constrainsValues = base.constrainsValues
  }

  /// The kind's name, as the C API and Python spell it.
  public var name: String { type(of: base).name }

  /// The names of the channels, in order (`["x", "y"]` for a point,
  /// `["r", "g", "b", "a"]` for a color); empty for `vector`, whose
  /// channels have no names.
  public var componentNames: [String] { base.componentNames }

  public var description: String { name }

  /// The kind's declaration as a `K`, or nil if it is another kind:
  /// `kind.model(as: ColorKind.self)?.space` is a color track's space.
  ///
  /// - Parameter type: A kind type such as ``ColorKind`` or ``VectorKind``.
  /// - Returns: The declaration, or nil for a kind of another type.
  public func model<K>(as type: K.Type) -> K? { base as? K }

  /// The kind named `name`.
  ///
  /// - Parameters:
  ///   - name: One of the names in ``catalog``.
  ///   - channels: A `vector`'s channel count (1…64); ignored otherwise.
  ///   - colorSpace: A `color`'s blending space; ignored otherwise.
  ///   - premultiplied: Whether a `color` blends premultiplied; ignored
  ///     otherwise.
  /// - Throws: ``RazzleError`` `.invalidName` for an unknown name (the
  ///   message lists the known ones), `.wrongSize` for a bad vector size.
  /// - Complexity: O(number of kinds).
  public init(
    name: String, channels: Int = 0, colorSpace: ColorSpace = .srgb, premultiplied: Bool = false
  ) throws(RazzleError) {
    guard let type = ValueKind.registry.first(where: { $0.name == name }) else {
      let known = ValueKind.registry.map { $0.name }.joined(separator: ", ")
      throw RazzleError(
        .invalidName,
        "unknown value kind \"\(name)\"\(NameSuggestion.hint(for: name, among: ValueKind.catalog.map(\.name))) (\(known))"
      )
    }
    self.init(
      try type.make(channels: channels, colorSpace: colorSpace, premultiplied: premultiplied))
  }

  /// Checks the kind's own parameters: a `vector` has 1…64 channels (a kind
  /// made with ``vector(_:)`` is not checked until a track uses it).
  ///
  /// - Throws: ``RazzleError`` `.wrongSize`.
  public func checkWellFormed() throws(RazzleError) { try base.checkWellFormed() }

  public static func == (lhs: ValueKind, rhs: ValueKind) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

// MARK: - The kinds by name

extension ValueKind {
  /// One number (``ScalarKind``).
  public static let scalar = ValueKind(ScalarKind())
  /// (x, y) (``PointKind``).
  public static let point = ValueKind(PointKind())
  /// (width, height), both ≥ 0 (``SizeKind``).
  public static let size = ValueKind(SizeKind())
  /// (x, y, width, height), width and height ≥ 0 (``RectKind``).
  public static let rect = ValueKind(RectKind())
  /// 0 or 1, switching (``BoolKind``).
  public static let bool = ValueKind(BoolKind())
  /// A 2D affine transform (a, b, c, d, tx, ty) (``TransformKind``).
  public static let transform = ValueKind(TransformKind())
  /// A 4×4 matrix in CATransform3D order (``Transform3DKind``).
  public static let transform3d = ValueKind(Transform3DKind())
  /// An sRGB color blended the way RazzleDazzle and UIKit do: per encoded
  /// component, not premultiplied.
  public static let color = ValueKind.color(.srgb, premultiplied: false)

  /// The most channels a `vector` track may have.
  public static let maximumChannels = VectorKind.maximumChannels

  /// `channels` independent numbers (``VectorKind``); a track checks that
  /// there are 1…64.
  public static func vector(_ channels: Int) -> ValueKind {
    ValueKind(VectorKind(channels: channels))
  }

  /// A color blended in `space`, premultiplied or not (``ColorKind``).
  public static func color(_ space: ColorSpace, premultiplied: Bool) -> ValueKind {
    ValueKind(ColorKind(space: space, premultiplied: premultiplied))
  }
}
