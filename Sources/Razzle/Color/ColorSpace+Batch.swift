extension ColorSpace {
  /// Converts colors, four doubles each (non-premultiplied sRGB-encoded r,
  /// g, b, a), into this space's three coordinates followed by alpha.
  /// `colors` and `out` may be the same memory.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite number,
  ///   `.bufferTooSmall` for a short output; nothing is written then.
  public func convert(
    _ colors: UnsafeBufferPointer<Double>, toCoordinatesInto out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try checkFinite(colors, "rgba")
    try checkCapacity(out.count, colors.count, "out")
    for i in stride(from: 0, to: colors.count - 3, by: 4) {
      let c = coordinates(
        of: RGBA(r: colors[i], g: colors[i + 1], b: colors[i + 2], a: colors[i + 3]))
      let alpha = colors[i + 3]
      out[i] = c[0]
      out[i + 1] = c[1]
      out[i + 2] = c[2]
      out[i + 3] = alpha
    }
  }

  /// The inverse of ``convert(_:toCoordinatesInto:)``: three coordinates and
  /// alpha per color, to sRGB-encoded colors.
  ///
  /// - Throws: as ``convert(_:toCoordinatesInto:)``.
  public func convert(
    _ coordinates: UnsafeBufferPointer<Double>,
    fromCoordinatesInto out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try checkFinite(coordinates, "coordinates")
    try checkCapacity(out.count, coordinates.count, "out")
    for i in stride(from: 0, to: coordinates.count - 3, by: 4) {
      let c = color(
        fromCoordinates: SIMD3(coordinates[i], coordinates[i + 1], coordinates[i + 2]),
        alpha: coordinates[i + 3])
      out[i] = c.r
      out[i + 1] = c.g
      out[i + 2] = c.b
      out[i + 3] = c.a
    }
  }
}
