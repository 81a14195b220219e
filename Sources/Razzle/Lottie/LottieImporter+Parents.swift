// Parenting as lottie-web resolves it (buildElementParenting): a layer's
// `parent` names the `ind` of another layer, whose own parent is followed
// in turn; the chain applies only when it ends at a layer without a parent.

extension LottieImporter {
  /// What went wrong with a layer's chain of parents, for its warning.
  struct ChainProblem {
    let feature: String
    let message: String
  }

  /// Resolves every layer's chain of parents.
  ///
  /// A parent is the first layer (in file order) with that `ind`. When a
  /// chain reaches an `ind` no layer has, or comes back to a layer it has
  /// been through, lottie-web applies no parent transform to the layer
  /// (it never sets its hierarchy; a loop recurses without end there): the
  /// layer's world matrix is then its own, and the problem is reported.
  ///
  /// - Parameters:
  ///   - layers: each layer's `ind` and `parent`, in file order.
  ///   - names: each layer's target name, for messages.
  /// - Returns: per layer the layer to premultiply by (nil: none), the
  ///   layers in an order that puts parents first, and the problems.
  /// - Complexity: O(layers): each layer's chain is walked once.
  static func parentChains(_ layers: [(index: Int?, parent: Int?)], names: [String]) -> (
    parent: [Int?], order: [Int], problems: [Int: ChainProblem]
  ) {
    let n = layers.count
    var first: [Int: Int] = [:]
    for (k, layer) in layers.enumerated() {
      if let i = layer.index, first[i] == nil { first[i] = k }
    }
    enum State {
      case unvisited
      case visiting
      case depth(Int)
      case missing(index: Int, layer: Int)
      case cycle
    }
    var state = [State](repeating: .unvisited, count: n)
    var path: [Int] = []
    for k in 0..<n {
      guard case .unvisited = state[k] else { continue }
      path.removeAll(keepingCapacity: true)
      var cursor = k
      var outcome: State
      while true {
        switch state[cursor] {
        case .visiting:
          outcome = .cycle
        case .unvisited:
          guard let p = layers[cursor].parent else {
            state[cursor] = .depth(0)
            outcome = .depth(0)
            break
          }
          state[cursor] = .visiting
          path.append(cursor)
          guard let next = first[p] else {
            outcome = .missing(index: p, layer: cursor)
            break
          }
          cursor = next
          continue
        default:
          outcome = state[cursor]
        }
        break
      }
      for layer in path.reversed() {
        if case .depth(let d) = outcome { outcome = .depth(d + 1) }
        state[layer] = outcome
      }
    }
    var parent = [Int?](repeating: nil, count: n)
    var depths = [Int](repeating: 0, count: n)
    var problems: [Int: ChainProblem] = [:]
    for k in 0..<n {
      switch state[k] {
      case .depth(let d):
        depths[k] = d
        if d > 0, let p = layers[k].parent { parent[k] = first[p] }
      case .missing(let index, let layer):
        problems[k] =
          layer == k
          ? ChainProblem(
            feature: "parent",
            message: "no layer has ind \(index); the layer's transform is its own")
          : ChainProblem(
            feature: "parent",
            message:
              "its chain of parents reaches \"\(names[layer])\", whose parent ind \(index) no layer has; the parents' transforms are not composed (as lottie-web)"
          )
      case .cycle:
        problems[k] = ChainProblem(
          feature: "parent cycle",
          message: "its chain of parents loops; the parents' transforms are not composed")
      case .unvisited, .visiting:
        break
      }
    }
    let order = (0..<n).sorted { depths[$0] < depths[$1] || (depths[$0] == depths[$1] && $0 < $1) }
    return (parent, order, problems)
  }
}
