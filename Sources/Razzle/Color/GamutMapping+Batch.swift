extension RGBA {
  /// Maps colors, four doubles each, into the sRGB gamut (see
  /// ``gamutMappedToSRGB``). `colors` and `out` may be the same memory.
  ///
  /// - Throws: ``RazzleError`` `.invalidValue` for a non-finite number,
  ///   `.bufferTooSmall` for a short output; nothing is written then.
  public static func gamutMapToSRGB(
    _ colors: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>
  ) throws(RazzleError) {
    try checkFinite(colors, "rgba")
    try checkCapacity(out.count, colors.count, "out")
    for i in stride(from: 0, to: colors.count - 3, by: 4) {
      let mapped = RGBA(r: colors[i], g: colors[i + 1], b: colors[i + 2], a: colors[i + 3])
        .gamutMappedToSRGB
      out[i] = mapped.r
      out[i + 1] = mapped.g
      out[i + 2] = mapped.b
      out[i + 3] = mapped.a
    }
  }
}
