/// One Lottie layer as imported: its name (the target of its tracks), its
/// index and parent, its type and its timing numbers, all in frames.
public struct LottieLayer: Sendable, Hashable {
  /// The layer's target name: its `nm`, made unique in the file
  /// (`"box"`, `"box #2"`; `"layer <ind>"` when it has none).
  public let name: String
  /// The layer's `ind`, or nil when it has none.
  public let index: Int?
  /// The `ind` of its parent layer (`parent`), or nil.
  public let parentIndex: Int?
  /// The target name of its parent layer, or nil (also when `parent`
  /// names no layer of the file; a warning says so).
  public let parent: String?
  /// The Lottie layer type `ty` (0 precomp, 1 solid, 2 image, 3 null, 4
  /// shape, 5 text, …).
  public let type: Int
  /// In point `ip`: the first frame the layer shows.
  public let inPoint: Double
  /// Out point `op`: the layer shows while frame < op.
  public let outPoint: Double
  /// Start time `st`.
  public let startTime: Double
  /// Time stretch `sr` (1 when absent).
  public let stretch: Double
}
