/// Which horizontal attribute of a view a paging layout keeps on a page
/// (RazzleDazzle's `HorizontalPositionAttribute`): its left edge, its
/// center or its right edge, at that fraction of the page.
public enum PageAttribute: String, Sendable, Hashable, CaseIterable {
  /// The left edge: x = page · W.
  case left
  /// The center: x = (page + 0.5) · W.
  case centerX
  /// The right edge: x = (page + 1) · W.
  case right

  /// The fraction of a page the attribute sits at: 0, 0.5 or 1.
  public var offset: Double {
    switch self {
    case .left: return 0
    case .centerX: return 0.5
    case .right: return 1
    }
  }
}

extension PageAttribute: PinnedCode {
  public static var noun: String { "page attribute" }
  public var name: String { rawValue }
  /// `KF_PAGE_ATTRIBUTE_*` order.
  public static let pinned: [PageAttribute] = [.left, .centerX, .right]
}
