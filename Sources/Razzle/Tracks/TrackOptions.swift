/// How a new track is made: its value kind, spelled as the C API and Python
/// spell it, its extrapolation, and the variable it is relative to.
///
/// The options name a kind rather than hold a ``ValueKind`` so that every
/// front end (the C API, a scene file) resolves names by the same rule,
/// ``resolveKind(for:)``.
public struct TrackOptions: Sendable, Hashable {
  /// The kind's name, or nil for the property's own kind.
  public var kind: String?
  /// A `vector` track's channel count (1…64); 0 for other kinds, or their
  /// own channel count.
  public var channels: Int
  /// A color track's blending space, or nil for `srgb`.
  public var colorSpace: String?
  /// Whether a color track blends premultiplied.
  public var premultiplied: Bool
  /// What the track does before its first keyframe.
  public var before: Extrapolation
  /// What the track does after its last keyframe.
  public var after: Extrapolation
  /// The animator variable the track's values multiply, or nil for a plain
  /// track (see ``TrackRelation``).
  public var relativeTo: String?
  /// What a relative track adds after multiplying (ignored without
  /// ``relativeTo``).
  public var constant: Double

  /// Creates options; the defaults make the property's own kind with `hold`
  /// at both ends, not relative to any variable.
  public init(
    kind: String? = nil, channels: Int = 0, colorSpace: String? = nil,
    premultiplied: Bool = false, before: Extrapolation = .hold, after: Extrapolation = .hold,
    relativeTo: String? = nil, constant: Double = 0
  ) {
    self.kind = kind
    self.channels = channels
    self.colorSpace = colorSpace
    self.premultiplied = premultiplied
    self.before = before
    self.after = after
    self.relativeTo = relativeTo
    self.constant = constant
  }

  /// The relation these options ask for, or nil.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for a bad variable name,
  ///   `.invalidValue` for a constant that is not finite (also without a
  ///   variable: a NaN is refused wherever it is given).
  public func relation() throws(RazzleError) -> TrackRelation? {
    guard constant.isFinite else {
      throw RazzleError(.invalidValue, "constant must be finite, got \(constant)")
    }
    guard let relativeTo else { return nil }
    let relation = TrackRelation(variable: relativeTo, constant: constant)
    try relation.validate()
    return relation
  }

  /// The options as they resolved for `track`: its kind's name, its channel
  /// count, its color space (nil for a track that is not a color) and its
  /// current extrapolation.
  public init(of track: Track) {
    let modes = track.extrapolation
    var space: String?
    var premultiplied = false
    if let color = track.kind.model(as: ColorKind.self) {
      space = color.space.name
      premultiplied = color.premultiplied
    }
    self.init(
      kind: track.kind.name, channels: track.channels, colorSpace: space,
      premultiplied: premultiplied, before: modes.before, after: modes.after,
      relativeTo: track.relation?.variable, constant: track.relation?.constant ?? 0)
  }

  /// Whether the options say anything about color.
  var hasColorOptions: Bool { colorSpace != nil || premultiplied }

  /// The kind these options give a track of `property`.
  ///
  /// An empty or nil kind means the property's own (see
  /// ``PropertyRule/impliedKind(of:)``); color options without a kind ask
  /// for a color track, which a name that implies another kind contradicts.
  /// The track itself checks that an explicit kind fits the property.
  ///
  /// - Throws: ``RazzleError`` `.invalidName` for an unknown kind or color
  ///   space, `.kindMismatch` for color options on another kind,
  ///   `.wrongSize` for a channel count that does not fit the kind.
  /// - Returns: The kind, or nil for the property's own kind.
  public func resolveKind(for property: String) throws(RazzleError) -> ValueKind? {
    let space = try colorSpace.map { (name) throws(RazzleError) in try ColorSpace(named: name) }
    var name = kind ?? ""
    if name.isEmpty && hasColorOptions {
      name = PropertyRule.impliedKind(of: property)?.name ?? "color"
    }
    if name.isEmpty {
      guard channels == 0 else {
        throw RazzleError(.wrongSize, "channels is \(channels); only a vector track chooses them")
      }
      return nil
    }
    let resolved = try ValueKind(
      name: name, channels: channels, colorSpace: space ?? .srgb, premultiplied: premultiplied)
    if hasColorOptions && resolved.name != "color" {
      throw RazzleError(
        .kindMismatch, "color_space and premultiplied apply to color tracks, not \(name)")
    }
    if name != "vector" && channels != 0 && channels != resolved.channels {
      throw RazzleError(
        .wrongSize, "a \(name) track has \(resolved.channels) channels, not \(channels)")
    }
    return resolved
  }
}
