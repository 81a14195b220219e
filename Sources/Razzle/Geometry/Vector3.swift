/// The dot product of two 3-vectors.
@inlinable
func dot3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
  a.x * b.x + a.y * b.y + a.z * b.z
}

/// The cross product of two 3-vectors.
@inlinable
func cross3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// Whether every lane of a vector is finite.
@inlinable
func allFinite<V: SIMD>(_ v: V) -> Bool where V.Scalar == Double {
  v.indices.allSatisfy { v[$0].isFinite }
}

/// The Euclidean length of a 3-vector.
@inlinable
func length3(_ a: SIMD3<Double>) -> Double {
  dot3(a, a).squareRoot()
}
