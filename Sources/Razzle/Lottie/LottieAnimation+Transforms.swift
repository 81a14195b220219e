// Every layer's 2D transform matrix at many times: its own (anchor,
// position, scale, skew, rotation as lottie-web orders them) or its world
// matrix, premultiplied by its chain of parents' matrices as lottie-web's
// renderTransform does (the parents' opacity is not inherited).

extension LottieAnimation {
  /// Samples every layer's transform matrix at each time into `out`: the
  /// matrix of layer `l` (in ``layers`` order) at `times[j]` is
  /// `out[(j × layers.count + l) × 6 ..< … + 6]`, `[a, b, c, d, tx, ty]`
  /// with x' = a x + c y + tx and y' = b x + d y + ty (SVG's and canvas'
  /// `matrix(a, b, c, d, e, f)`), in the composition's pixels.
  ///
  /// A layer's own matrix is lottie-web's: translate by −anchor, scale by
  /// scale / 100, skew by `sk` along the axis `sa`, rotate by `r`
  /// (clockwise on screen, y down), translate by position; 3D parts (z,
  /// `rx`, `ry`, `or`) are left out. Its world matrix is its parent's world
  /// matrix times its own. A parent's matrix applies at every frame its
  /// child shows, also where the parent itself does not (lottie-web
  /// evaluates a parent's transform whether or not it is in range). A
  /// chain of parents that reaches an `ind` no layer has, or loops, is not
  /// composed (a warning names it): that layer's world matrix is its own.
  ///
  /// - Parameters:
  ///   - times: in the timeline's unit (frames, or seconds when imported
  ///     with ``TimeUnit/seconds``: frame = time × frame rate).
  ///   - world: true: composed with the parents; false: each layer's own.
  ///   - out: at least `times.count × layers.count × 6` doubles. A layer's
  ///     six numbers are NaN where it does not show (frame < in point or ≥
  ///     out point, or a NaN time).
  /// - Throws: ``RazzleError`` `.bufferTooSmall` (nothing written).
  /// - Complexity: O(times × (transform tracks + layers)).
  public func sampleTransforms(
    times: UnsafeBufferPointer<Double>, world: Bool = true,
    into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    let width = layers.count * 6
    let (needed, overflow) = times.count.multipliedReportingOverflow(by: width)
    guard !overflow, out.count >= needed else {
      throw RazzleError(
        .bufferTooSmall,
        "output holds \(out.count) doubles, \(times.count) times of \(layers.count) layers × 6 need \(overflow ? "more" : String(needed))"
      )
    }
    guard times.count > 0, width > 0, let base = out.baseAddress else { return }
    let frames = timeUnit == .seconds ? times.map { $0 * frameRate } : Array(times)
    try frames.withUnsafeBufferPointer { (f) throws(RazzleError) in
      for (l, parts) in layerTransforms.enumerated() {
        try parts.matrices(f, into: base + l * 6, stride: width)
      }
    }
    if world {
      for l in compositionOrder {
        guard let p = composedParent[l] else { continue }
        for j in 0..<times.count {
          let row = base + j * width
          LottieTransform.premultiply(UnsafePointer(row + p * 6), row + l * 6)
        }
      }
    }
    for (l, layer) in layers.enumerated() {
      for j in 0..<times.count where !(layer.inPoint <= frames[j] && frames[j] < layer.outPoint) {
        let o = base + j * width + l * 6
        for c in 0..<6 { o[c] = .nan }
      }
    }
  }

  /// Every layer's matrix `[a, b, c, d, tx, ty]` at one time, nil where
  /// the layer does not show; see ``sampleTransforms(times:world:into:)``.
  ///
  /// - Throws: ``RazzleError`` as ``sampleTransforms(times:world:into:)``.
  public func transforms(at time: Double, world: Bool = true) throws(RazzleError) -> [(
    layer: String, matrix: [Double]?
  )] {
    var row = [Double](repeating: 0, count: layers.count * 6)
    try withUnsafePointer(to: time) { (t) throws(RazzleError) in
      try row.withUnsafeMutableBufferPointer { (buffer) throws(RazzleError) in
        try sampleTransforms(
          times: UnsafeBufferPointer(start: t, count: 1), world: world, into: buffer)
      }
    }
    return layers.enumerated().map { (l, layer) in
      let m = Array(row[(l * 6)..<(l * 6 + 6)])
      return (layer.name, m[0].isNaN ? nil : m)
    }
  }
}
