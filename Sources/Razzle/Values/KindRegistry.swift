/// One kind as ``ValueKind/catalog`` lists it: what a binding needs to build
/// its value types.
public struct ValueKindDescription: Sendable, Hashable {
  /// The kind's name (`"point"`), as ``ValueKind/init(name:channels:colorSpace:premultiplied:)``
  /// takes it.
  public let name: String
  /// The channel counts the kind can have: one number for most kinds,
  /// 1…64 for `vector`.
  public let channels: ClosedRange<Int>
  /// One name per channel (`["x", "y"]`), or none when the channels have
  /// no names (`vector`).
  public let componentNames: [String]
  /// Whether values blend channel by channel (see ``ValueKind/isPerChannel``).
  public let isPerChannel: Bool
  /// The parameters beyond the name that choose the kind: `["channels"]`
  /// for `vector`, `["colorSpace", "premultiplied"]` for `color`.
  public let parameters: [String]
  /// The name bindings give the record type of one sample (`"Point"`,
  /// `"Color"`, with fields named by ``componentNames``), or nil where a
  /// sample is a plain number (`scalar`), a boolean (`bool`) or a tuple
  /// (`vector`).
  public let typeName: String?
  /// One line on how values blend.
  public let blending: String

  /// Creates a description.
  public init(
    name: String, channels: ClosedRange<Int>, componentNames: [String], isPerChannel: Bool,
    parameters: [String] = [], typeName: String? = nil, blending: String
  ) {
    self.name = name
    self.channels = channels
    self.componentNames = componentNames
    self.isPerChannel = isPerChannel
    self.parameters = parameters
    self.typeName = typeName
    self.blending = blending
  }
}

extension ValueKind {
  /// Every kind, once, in the order the catalog lists them. A new kind is a
  /// new file in `Values/Kinds/` and one line here.
  @usableFromInline static let registry: [any ValueKindProtocol.Type] = [
    ScalarKind.self,
    PointKind.self,
    SizeKind.self,
    RectKind.self,
    VectorKind.self,
    ColorKind.self,
    BoolKind.self,
    TransformKind.self,
    Transform3DKind.self,
  ]

  /// Every value kind: name, channel counts, component names, whether it
  /// blends per channel, the parameters that choose it and how it blends.
  ///
  /// Bindings build their value types from it (a `point` sample is an
  /// `(x, y)` record, a `color` an `(r, g, b, a)` one), so a new kind needs
  /// no new table in a binding.
  public static let catalog: [ValueKindDescription] = registry.map { $0.catalogEntry }

  /// The names of the kinds that blend per channel, for messages:
  /// "scalar, point, size, rect, vector".
  static let perChannelNames = catalog.filter(\.isPerChannel).map(\.name).joined(separator: ", ")
}
