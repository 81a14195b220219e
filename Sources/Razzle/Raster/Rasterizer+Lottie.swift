// A Lottie frame straight to pixels: the frame's display list, built into
// the rasterizer's own list, then drawn (one call a frame for a caller that
// does not need the list itself).

extension Rasterizer {
  /// Draws composition frame `frame` of `animation` into `pixels`; the
  /// other parameters are ``draw(_:into:width:height:stride:matrix:background:premultiplied:)``'s.
  ///
  /// - Throws: ``RazzleError`` as `LottieAnimation.draw(frame:into:)` and
  ///   ``draw(_:into:width:height:stride:matrix:background:premultiplied:)``
  ///   do; `pixels` is not written on an error.
  public func render(
    _ animation: LottieAnimation, frame: Double, into pixels: UnsafeMutableRawBufferPointer,
    width: Int, height: Int, stride: Int,
    matrix: (Double, Double, Double, Double, Double, Double)? = nil,
    background: SIMD4<Double>? = nil, premultiplied: Bool = false
  ) throws(RazzleError) {
    try animation.draw(frame: frame, into: frameList)
    try draw(
      frameList, into: pixels, width: width, height: height, stride: stride, matrix: matrix,
      background: background, premultiplied: premultiplied)
  }
}
