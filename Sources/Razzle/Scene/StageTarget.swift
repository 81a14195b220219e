// A target of a stage: one drawn thing (a view) with its base geometry and
// styling (Guides/Scenes.md, "Stages").

/// One drawn thing of a ``Stage``: a shape in a frame, with its base
/// styling. Tracks whose `target` is the target's ``name`` animate it.
///
/// Members that only one shape has (``cornerRadius`` for rects; ``text``,
/// ``fontSize`` and ``textColor`` for text; ``path``; ``image``) are nil
/// for the default, and must be nil on the other shapes;
/// ``motionRotate`` must be nil without a ``motionPath``. The scene checks
/// every rule when the stage is added or read.
public struct StageTarget: Sendable, Equatable {
  /// What a target draws.
  public enum Shape: String, Sendable, Hashable, CaseIterable, NamedValue {
    /// A rectangle (with ``StageTarget/cornerRadius``).
    case rect
    /// The ellipse inscribed in the frame.
    case ellipse
    /// A line of ``StageTarget/text``.
    case text
    /// The outline of a path of the scene, in the target's own coordinates.
    case path
    /// An image file, resolved by the renderer relative to the scene file.
    case image

    public static var noun: String { "shape" }
    public var name: String { rawValue }
  }

  /// How a target on a ``StageTarget/motionPath`` turns (CSS
  /// `offset-rotate` keywords).
  public enum MotionRotate: String, Sendable, Hashable, CaseIterable, NamedValue {
    /// Not at all.
    case none
    /// With the path's direction.
    case auto
    /// With the path's direction, turned half a turn.
    case reverse

    public static var noun: String { "motion rotation" }
    public var name: String { rawValue }
  }

  /// The name tracks use: 1…255 bytes of UTF-8 without NUL, unique within
  /// the stage.
  public var name: String
  /// What the target draws.
  public var shape: Shape
  /// `[x, y, width, height]` in content coordinates (top-left origin, y
  /// down): finite, width and height ≥ 0.
  public var frame: SIMD4<Double>
  /// The fill color; clear by default.
  public var fill: RGBA
  /// The stroke color; clear by default.
  public var stroke: RGBA
  /// The stroke's width in points, finite ≥ 0.
  public var strokeWidth: Double
  /// The corner radius of a rect, finite ≥ 0; nil for 0.
  public var cornerRadius: Double?
  /// The opacity, in `0...1`.
  public var alpha: Double
  /// Whether the target is hidden.
  public var hidden: Bool
  /// The point transforms turn and scale about, in unit coordinates of the
  /// frame (finite); `[0.5, 0.5]` is the center.
  public var anchor: SIMD2<Double>
  /// The Gaussian blur's standard deviation in points (CSS `blur()`),
  /// finite ≥ 0.
  public var blur: Double
  /// The text of a text target (required there; may be empty).
  public var text: String?
  /// The font size of a text target, finite > 0; nil for 17.
  public var fontSize: Double?
  /// The text color of a text target; nil for opaque black.
  public var textColor: RGBA?
  /// The name of the scene's path a path target draws (required there).
  public var path: String?
  /// The file an image target shows (required there; non-empty).
  public var image: String?
  /// The name of the scene's path the anchor follows by arc length, at the
  /// value of the target's `pathPosition` track.
  public var motionPath: String?
  /// How the target turns along ``motionPath``; nil for ``MotionRotate/none``.
  public var motionRotate: MotionRotate?
  /// The name of the scene's mask the target is clipped to, at the value of
  /// its `mask` track (1 without one).
  public var mask: String?
  /// With a scrolling stage: whether the target is scroll content (true) or
  /// pinned to the viewport (false).
  public var scrolls: Bool
  /// The target's `extensions` object, or nil.
  public var extensions: JSONValue?

  /// Clear: the default fill and stroke.
  public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
  /// Opaque black: the default text color.
  public static let defaultTextColor = RGBA(r: 0, g: 0, b: 0, a: 1)
  /// The default font size, in points.
  public static let defaultFontSize = 17.0
  /// The default anchor: the frame's center.
  public static let defaultAnchor = SIMD2<Double>(0.5, 0.5)
  /// The longest name, in bytes of UTF-8.
  public static let maxNameBytes = 255

  /// A target named `name` drawing `shape` in `frame`, every other member
  /// at its default.
  ///
  /// - Parameters:
  ///   - name: the name its tracks use.
  ///   - shape: what it draws.
  ///   - frame: `[x, y, width, height]`.
  public init(name: String, shape: Shape, frame: SIMD4<Double>) {
    self.name = name
    self.shape = shape
    self.frame = frame
    self.fill = Self.clear
    self.stroke = Self.clear
    self.strokeWidth = 0
    self.cornerRadius = nil
    self.alpha = 1
    self.hidden = false
    self.anchor = Self.defaultAnchor
    self.blur = 0
    self.text = nil
    self.fontSize = nil
    self.textColor = nil
    self.path = nil
    self.image = nil
    self.motionPath = nil
    self.motionRotate = nil
    self.mask = nil
    self.scrolls = true
    self.extensions = nil
  }
}
