@testable import Razzle

/// Test helpers over the library's SplitMix64, so the random tests repeat
/// and a failure reproduces from its seed.
extension SplitMix64 {
  /// A double uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }
}
