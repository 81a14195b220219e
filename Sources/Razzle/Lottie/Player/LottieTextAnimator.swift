// Text animators (`t.a`): range selectors that move, turn, scale, fade and
// recolor letters, as lottie-web computes them for point text
// (TextSelectorProperty's getMult, TextAnimatorProperty's getMeasures
// without a text path, TextProperty's letter data, CVTextElement's
// drawing: each letter its own matrix, opacity and colors).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A range selector (`t.a[].s`): which letters an animator affects, and
/// by how much.
struct LottieTextSelector: Sendable {
  /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6
  /// smooth (anything else: square).
  var shape: Int
  /// `r`: 2 counts in letters (index), anything else in percent.
  var byIndex: Bool
  /// `b`: 1 characters, 2 characters without spaces, 3 words, 4 lines.
  var basedOn: Int
  /// `s`, `e`, `o`: start, end and offset (percent or index; a missing
  /// end is 100 in either, as lottie-web reads it).
  var start: LottieProperty
  var end: LottieProperty
  var offset: LottieProperty
  /// `a`: the amount, percent.
  var amount: LottieProperty
  /// `ne`, `xe`: ease low and high, percent.
  var easeLow: LottieProperty
  var easeHigh: LottieProperty
  /// `sm`: smoothness, percent (100: none).
  var smoothness: LottieProperty
}

/// One animator: its selector and the properties it animates (nil: not
/// animated), in the file's units (degrees, percent, pixels, 0–1 colors).
struct LottieTextAnimator: Sendable {
  var selector: LottieTextSelector
  var anchor: LottieProperty? = nil
  var position: LottieProperty? = nil
  var scale: LottieProperty? = nil
  var rotation: LottieProperty? = nil
  var skew: LottieProperty? = nil
  var skewAxis: LottieProperty? = nil
  var opacity: LottieProperty? = nil
  var fillColor: LottieProperty? = nil
  var strokeColor: LottieProperty? = nil
  var strokeWidth: LottieProperty? = nil
  var tracking: LottieProperty? = nil

  /// The most animators a text layer applies (a file's further ones are
  /// a warning): a frame's work is letters × animators.
  static let maximumCount = 32
}

/// A letter as drawn at a frame: its outlines in layer coordinates and
/// its paint (nil colors and width: the document's).
struct LottieLetter: Sendable {
  var contours: [BezierContour]
  var opacity: Double
  var fill: SIMD3<Double>?
  var stroke: SIMD3<Double>?
  var strokeWidth: Double?
}

extension LottieTextSelector {
  /// The selector's numbers at one frame, read once for all its letters.
  struct Frame {
    /// Start and end in units, start below end.
    var s: Double
    var e: Double
    var shape: Int
    /// The ease low and high curve; nil for the straight line.
    var curve: CubicBezier?
    var smoothness: Double
    /// The amount, 0–1.
    var amount: Double

    /// The share of the unit at `index`: lottie-web's getMult (with its
    /// smoothness), times the amount.
    func share(_ index: Int) -> Double {
      let ind = Double(index)
      var mult = 0.0
      switch shape {
      case 2:
        mult = e == s ? (ind >= e ? 1 : 0) : max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
      case 3:
        mult =
          e == s ? (ind >= e ? 0 : 1) : 1 - max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
      case 4:
        if e != s {
          mult = max(0, min(0.5 / (e - s) + (ind - s) / (e - s), 1))
          mult = mult < 0.5 ? mult * 2 : 1 - 2 * (mult - 0.5)
        }
      case 5:
        let a = (e - s) / 2
        // A range so narrow that its square underflows is an empty one.
        if a * a > 0 {
          let i = min(max(0, ind + 0.5 - s), e - s)
          let x = -a + i
          mult = (1 - (x * x) / (a * a)).squareRoot()
        }
      case 6:
        if e != s {
          let i = min(max(0, ind + 0.5 - s), e - s)
          mult = (1 + cos(Double.pi + Double.pi * 2 * i / (e - s))) / 2
        }
      default:
        if ind >= s.rounded(.down) {
          mult = ind - s < 0 ? max(0, min(min(e, 1) - (s - ind), 1)) : max(0, min(e - ind, 1))
        }
      }
      if let curve, mult.isFinite { mult = curve.value(mult) }
      // Smoothness narrows the range to its middle `sm` %: below it 0,
      // the rest stretched back over [0, 1].
      if smoothness != 100 {
        let width = smoothness * 0.01 == 0 ? 0.000_000_01 : smoothness * 0.01
        let threshold = 0.5 - width * 0.5
        mult = mult < threshold ? 0 : min((mult - threshold) / width, 1)
      }
      return mult * amount
    }
  }

  /// The selector at frame t, of `total` units.
  func frame(at t: Double, total: Int) -> Frame {
    let divisor = byIndex ? 1 : 100 / Double(total)
    let o = offset.scalar(at: t) / divisor
    var s = start.scalar(at: t) / divisor + o
    var e = end.scalar(at: t) / divisor + o
    if s > e { swap(&s, &e) }
    // lottie-web's BezierFactory curve (ne, 0, 1 − xe, 1), or its y side
    // for negative values; the straight line when both are 0.
    let low = easeLow.scalar(at: t)
    let high = easeHigh.scalar(at: t)
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 1.0
    var y2 = 1.0
    if low > 0 { x1 = low / 100 } else { y1 = -low / 100 }
    if high > 0 { x2 = 1 - high / 100 } else { y2 = 1 + high / 100 }
    let curve =
      x1 == y1 && x2 == y2 ? nil : try? CubicBezier(min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
    return Frame(
      s: s, e: e, shape: shape, curve: curve, smoothness: smoothness.scalar(at: t),
      amount: amount.scalar(at: t) * 0.01)
  }
}
