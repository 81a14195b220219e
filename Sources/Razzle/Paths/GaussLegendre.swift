/// Eight-point Gauss–Legendre quadrature: exact for polynomials of degree 15,
/// the rule every arc-length integral of a path uses.
///
/// Nodes and weights on [-1, 1] (the positive half; the rule is symmetric),
/// as numpy's `leggauss(8)` gives them.
@usableFromInline
enum GaussLegendre {
  @usableFromInline static let x0 = 0.18343464249564978
  @usableFromInline static let x1 = 0.525532409916329
  @usableFromInline static let x2 = 0.7966664774136267
  @usableFromInline static let x3 = 0.9602898564975362
  @usableFromInline static let w0 = 0.36268378337836166
  @usableFromInline static let w1 = 0.3137066458778869
  @usableFromInline static let w2 = 0.22238103445337443
  @usableFromInline static let w3 = 0.10122853629037706

  /// ∫ f over [a, b] by the eight-point rule.
  @inlinable @inline(__always)
  static func integrate(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    let h = 0.5 * (b - a)
    let m = 0.5 * (a + b)
    var sum = w0 * (f(m - h * x0) + f(m + h * x0))
    sum += w1 * (f(m - h * x1) + f(m + h * x1))
    sum += w2 * (f(m - h * x2) + f(m + h * x2))
    sum += w3 * (f(m - h * x3) + f(m + h * x3))
    return sum * h
  }
}
