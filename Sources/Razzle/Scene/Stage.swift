// A stage: what a renderer draws for a scene (Guides/Scenes.md, "Stages").

/// A viewport of a scene and the targets drawn in it (the views of
/// RazzleDazzle and JazzHands): each target's base geometry and styling.
///
/// A stage is a value that refers to the objects of its scene by name: the
/// source of the animated values is the animator or root node named
/// ``animator`` or ``node``, or, with ``paging``, that paging layout's
/// animator. Tracks whose `target` is a target's ``StageTarget/name``
/// animate it. The scene checks a stage (ranges, names, that the objects it
/// names exist) when it is added or read from a file
/// (``Scene/add(_:)-(Stage)``); a stage built in code may hold anything
/// until then.
public struct Stage: Sendable, Equatable {
  /// What a frame value means to a renderer.
  public enum Driver: String, Sendable, Hashable, CaseIterable, NamedValue {
    /// Frame values are times; nothing scrolls.
    case time
    /// Frame values are content offsets x in points: the content moves by
    /// −x, and the source is sampled at x (with a paging layout, at the
    /// page offset x / pageWidth).
    case scroll

    public static var noun: String { "driver" }
    public var name: String { rawValue }
  }

  /// The stage's name: nil, or non-empty and unique among the scene's
  /// stages.
  public var name: String?
  /// The viewport's width and height in points: finite, in `0 < w ≤ 16384`.
  public var size: SIMD2<Double>
  /// The color behind the targets (sRGB, straight alpha, each component in
  /// `0...1`); opaque white by default.
  public var background: RGBA
  /// The name of the scene's animator that gives the values.
  public var animator: String?
  /// The name of the scene's root node that gives the values (exactly one
  /// of ``animator`` and ``node``, unless ``paging`` gives the source).
  public var node: String?
  /// The name of the paging layout whose scroll view the stage is: the
  /// source is that layout's animator (an ``animator`` given must be it; a
  /// ``node`` is an error).
  public var paging: String?
  /// What frame values mean; nil for the default (``Driver/scroll`` with
  /// ``paging``, else ``Driver/time``). ``effectiveDriver`` resolves it.
  public var driver: Driver?
  /// The default span of frames for a renderer, `[from, to]` (finite, from ≠
  /// to), or nil.
  public var range: SIMD2<Double>?
  /// The targets, drawn in order (later ones on top).
  public var targets: [StageTarget]
  /// The stage's `extensions` object (kept as read and written back), or
  /// nil.
  public var extensions: JSONValue?

  /// The default background: opaque white.
  public static let defaultBackground = RGBA(r: 1, g: 1, b: 1, a: 1)
  /// The largest width or height of a stage, in points.
  public static let maxSide = 16384.0

  /// A stage of `size` with `targets`; every other member has its default.
  ///
  /// - Parameters:
  ///   - size: the viewport's width and height.
  ///   - targets: the targets, bottom first.
  ///   - name: the stage's name, or nil.
  ///   - animator: the name of the animator that gives the values.
  ///   - node: the name of the root node that gives the values.
  ///   - paging: the name of the paging layout the stage scrolls.
  public init(
    size: SIMD2<Double>, targets: [StageTarget] = [], name: String? = nil,
    animator: String? = nil, node: String? = nil, paging: String? = nil
  ) {
    self.name = name
    self.size = size
    self.background = Self.defaultBackground
    self.animator = animator
    self.node = node
    self.paging = paging
    self.driver = nil
    self.range = nil
    self.targets = targets
    self.extensions = nil
  }

  /// ``driver``, or its default: ``Driver/scroll`` with a paging layout,
  /// else ``Driver/time``.
  public var effectiveDriver: Driver {
    driver ?? (paging == nil ? .time : .scroll)
  }
}

extension Stage {
  /// The same stage with every optional member that holds its default
  /// (bit for bit, so -0.0 stays) set to nil: the form a scene keeps, and
  /// the one reading its file back gives.
  public var canonical: Stage {
    var s = self
    if s.driver == (s.paging == nil ? .time : .scroll) { s.driver = nil }
    s.targets = s.targets.map(\.canonical)
    return s
  }
}

extension StageTarget {
  /// The same target with every optional member that holds its default
  /// (bit for bit) set to nil.
  public var canonical: StageTarget {
    var t = self
    if t.cornerRadius?.bitPattern == 0 { t.cornerRadius = nil }
    if t.fontSize?.bitPattern == Self.defaultFontSize.bitPattern { t.fontSize = nil }
    if let c = t.textColor, [c.r, c.g, c.b, c.a].map(\.bitPattern) == [0, 0, 0, 1.0.bitPattern] {
      t.textColor = nil
    }
    if t.motionRotate == MotionRotate.none { t.motionRotate = nil }
    return t
  }
}
