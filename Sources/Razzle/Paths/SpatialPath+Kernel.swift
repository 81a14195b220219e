import RazzleKernels
import RazzleKernelsAVX2
import RazzleStores

extension SpatialPath.Points {
  /// The points at `count` keyframe progress values `v` (not NaN; see
  /// ``point(_:)``) to `x[j]` and `y[j]`: by the route kernel at `level`
  /// (`RazzleKernels.sampleRoutePoints`: eight values that share a segment
  /// and a fitted piece of the table on lanes), the others gathered and
  /// located as one batch (``locate(_:count:found:ts:)``: values out of
  /// order lose nothing to the kernel's try). The same bits as
  /// ``point(_:)`` for every value.
  func points(
    _ v: UnsafePointer<Double>, count: Int, x: UnsafeMutablePointer<Double>,
    y: UnsafeMutablePointer<Double>, level: KernelLevel
  ) {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 &* count &+ 1) { ints in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 &* count) { doubles in
        let missed = ints.baseAddress.unsafelyUnwrapped
        let found = missed + count
        let values = doubles.baseAddress.unsafelyUnwrapped
        let ts = values + count
        // The count of misses, in the buffer (a variable captured by
        // `miss` would be boxed on the heap at every call).
        let counter = found + count
        counter.pointee = 0
        func miss(_ j: Int) {
          let misses = counter.pointee
          missed[misses] = j
          values[misses] = v[j]
          counter.pointee = misses &+ 1
        }
        if let query {
          let table = razzle_route_table(
            segment_count: segments.count, lengths: lengths, starts: starts, total: total,
            piece_starts: query.starts, records: query.records,
            record_stride: ArcLengthTable.recordStride, fit_offset: ArcLengthTable.fitOffset,
            fit_degree: ArcLengthTable.fitDegree, fitted_mode: ArcLengthTable.fittedMode,
            polynomials: polynomials)
          // A local function, not a closure in a constant (which would be
          // escaping: a context on the heap at every call, a block of 64
          // rows; 4 % of bench case 64's call went to allocating and
          // freeing them).
          func piece(_ s: Double) -> Int { query.piece(containing: s) }
          switch level {
          case .baseline:
            RazzleKernels.sampleRoutePoints(
              table, along: v, count: count, x: x, y: y, piece: piece, fallback: miss)
          case .avx2, .avx512:
            // AVX-512's build measured no faster (intelia_logo_animation.json's
            // matrix, perf: 813 samples in the kernel against AVX2's 755).
            RazzleKernelsAVX2.sampleRoutePoints(
              table, along: v, count: count, x: x, y: y, piece: piece, fallback: miss)
          }
        } else {
          // No pieces (every segment of length 0): no fitted inverse either.
          for j in 0..<count { miss(j) }
        }
        let misses = counter.pointee
        locate(values, count: misses, found: found, ts: ts)
        for m in 0..<misses {
          let p = point(at: (found[m], ts[m]))
          x[missed[m]] = p.x
          y[missed[m]] = p.y
        }
      }
    }
  }
}
