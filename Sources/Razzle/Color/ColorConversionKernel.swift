// The color batches' conversion back to sRGB at the active kernel level
// (see KernelLevel.swift): `RazzleKernels.convertColorsToSRGB`, four
// colors at a time, with the bits of the scalar conversions in this folder.

import RazzleKernels
import RazzleKernelsAVX2
import RazzleKernelsAVX512

/// Converts `count` colors in place from coordinates in `space` (three
/// arrays: `x`, `y`, `z`) to sRGB-encoded r, g, b, at the active kernel
/// level: what `space.color(fromCoordinates:alpha:)` gives per color, bit
/// for bit (an OkLCh color whose `missingHue` is not 0 as `a = b = 0`;
/// `missingHue` is read for OkLCh only). Colors in `srgb` or `hsl` are left
/// as they are: their conversion is not batched.
///
/// - Complexity: O(count).
@usableFromInline
func convertColorsToSRGB(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
  _ z: UnsafeMutablePointer<Double>, missingHue: UnsafePointer<Double>, count: Int,
  from space: ColorSpace
) {
  convertColorsToSRGB(
    x, y, z, missingHue: missingHue, count: count, from: space, level: KernelLevel.active)
}

/// ``convertColorsToSRGB(_:_:_:missingHue:count:from:)`` at `level` (the
/// tests compare the levels).
@usableFromInline
func convertColorsToSRGB(
  _ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
  _ z: UnsafeMutablePointer<Double>, missingHue: UnsafePointer<Double>, count: Int,
  from space: ColorSpace, level: KernelLevel
) {
  switch (level, space) {
  case (.baseline, .linearSRGB):
    RazzleKernels.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .linearSRGB)
  case (.baseline, .oklab):
    RazzleKernels.convertColorsToSRGB(x, y, z, missingHue: missingHue, count: count, from: .oklab)
  case (.baseline, .oklch):
    RazzleKernels.convertColorsToSRGB(x, y, z, missingHue: missingHue, count: count, from: .oklch)
  case (.avx2, .linearSRGB):
    RazzleKernelsAVX2.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .linearSRGB)
  case (.avx2, .oklab):
    RazzleKernelsAVX2.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .oklab)
  case (.avx2, .oklch):
    RazzleKernelsAVX2.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .oklch)
  case (.avx512, .linearSRGB):
    RazzleKernelsAVX512.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .linearSRGB)
  case (.avx512, .oklab):
    RazzleKernelsAVX512.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .oklab)
  case (.avx512, .oklch):
    RazzleKernelsAVX512.convertColorsToSRGB(
      x, y, z, missingHue: missingHue, count: count, from: .oklch)
  case (_, .srgb), (_, .hsl):
    break
  }
}

/// A plain color track's samples in `space` (`linearSRGB`, `oklab` or
/// `oklch`) at `level`: `RazzleKernels.sampleColorSegments` (the blend from
/// each segment's record and the conversion, a block of lanes at a time), with
/// the times it leaves to `scalar(j)`; in other spaces every time goes
/// there. `segments` holds each query's segment, or with `findsSegments` is
/// written with them first (``findSegmentsKernel(_:_:_:_:_:_:)``'s), before
/// any `scalar(j)`: at the avx512 level a track of few keyframes
/// (`colorKernelSearches(keyframes:)`) has the kernel search as it samples
/// (one pass over the queries, not two). `before` and `after`, where given,
/// are the colors the track holds before its first keyframe and after its
/// last (the avx512 level writes them itself).
@usableFromInline
func sampleColorSegmentsKernel(
  _ level: KernelLevel, _ times: UnsafePointer<Double>, _ count: Int,
  _ records: UnsafePointer<Double>, _ q: UnsafePointer<Double>,
  _ segments: UnsafeMutablePointer<Int>, _ m: Int, _ out: UnsafeMutablePointer<Double>,
  _ stride: Int, findsSegments: Bool, premultiplied: Bool, space: ColorSpace,
  before: UnsafePointer<Double>? = nil, after: UnsafePointer<Double>? = nil,
  scalar: (Int) -> Void
) {
  let kernelSpace = space == .linearSRGB || space == .oklab || space == .oklch
  let searches =
    findsSegments && kernelSpace && level == .avx512
    && RazzleKernelsAVX512.colorKernelSearches(keyframes: count)
  if findsSegments && !searches { findSegmentsKernel(level, times, count, q, m, segments) }
  guard kernelSpace else {
    for j in 0..<m { scalar(j) }
    return
  }
  switch level {
  case .baseline:
    let from: RazzleKernels.ColorKernelSpace =
      space == .oklch ? .oklch : (space == .oklab ? .oklab : .linearSRGB)
    RazzleKernels.sampleColorSegments(
      times: times, count: count, records: records, recordStride: ColorEndpoint.segmentStride,
      queries: q, segments: segments, count: m,
      into: out, stride: stride, premultiplied: premultiplied, from: from, scalar: scalar)
  case .avx2:
    let from: RazzleKernelsAVX2.ColorKernelSpace =
      space == .oklch ? .oklch : (space == .oklab ? .oklab : .linearSRGB)
    RazzleKernelsAVX2.sampleColorSegments(
      times: times, count: count, records: records, recordStride: ColorEndpoint.segmentStride,
      queries: q, segments: segments, count: m,
      into: out, stride: stride, premultiplied: premultiplied, from: from, scalar: scalar)
  case .avx512:
    let from: RazzleKernelsAVX512.ColorKernelSpace =
      space == .oklch ? .oklch : (space == .oklab ? .oklab : .linearSRGB)
    RazzleKernelsAVX512.sampleColorSegments(
      times: times, count: count, records: records, recordStride: ColorEndpoint.segmentStride,
      queries: q, segments: segments, count: m,
      into: out, stride: stride, premultiplied: premultiplied, from: from, before: before,
      after: after, findsSegments: searches, scalar: scalar)
  }
}
