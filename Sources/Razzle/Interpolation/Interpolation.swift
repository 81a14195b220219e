/// How a keyframe's outgoing segment travels from its value to the next
/// keyframe's, after the segment's easing has shaped progress.
///
/// The easing maps linear progress p to eased progress e; the interpolation
/// maps e to a value. With the default `linear` easing the modes are the
/// classic ones of Lottie, Core Animation and Blender.
public enum Interpolation: String, Sendable, Hashable, CaseIterable {
  /// v_i + (v_{i+1} − v_i)·e (RazzleDazzle's rule).
  case linear
  /// v_i until the next keyframe (Lottie's hold keyframes, Core Animation's
  /// discrete mode).
  case hold
  /// A cubic Bézier in (time, value) space through this keyframe's right
  /// handle and the next keyframe's left handle (Blender F-curves, After
  /// Effects). Eased progress is clamped to [0, 1] here, since the
  /// handles define the segment's timing: an overshooting easing holds at
  /// the segment's ends.
  case bezier
  /// A cubic Hermite curve with Kochanek–Bartels tangents (Catmull-Rom when
  /// tension, continuity and bias are 0): passes through every keyframe with
  /// a continuous slope.
  case smooth
  /// A cubic Hermite curve with Fritsch–Carlson tangents, as scipy's
  /// `PchipInterpolator`: never overshoots the keyframe values.
  case monotone
  /// Constant speed along the polyline of values: a run of consecutive
  /// paced segments is retimed by arc length between the run's first and last
  /// keyframe times (Core Animation's paced mode).
  case paced

  /// Modes whose curve uses per-channel tangents.
  @inlinable var usesTangents: Bool { self == .smooth || self == .monotone }
}

extension Interpolation: PinnedCode {
  public static var noun: String { "interpolation" }
  public var name: String { rawValue }
  /// `KF_INTERPOLATION_*` order.
  public static let pinned: [Interpolation] = [.linear, .hold, .bezier, .smooth, .monotone, .paced]
}
