// Text layers drawn with the file's embedded glyphs (`chars`), laid out as
// lottie-web lays out point text for glyph fonts (TextProperty's
// completeTextData, TextAnimatorProperty's getMeasures without animators,
// CVTextElement's glyph scaling).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One text document: a keyframe of a text layer's `t.d`.
struct LottieTextDocument: Sendable {
  /// `t`, split into characters; "\r" (and U+0003) break lines.
  var characters: [String]
  /// `s`: the font size in pixels.
  var size: Double
  /// `f`: the font's name (`fonts.list[].fName`).
  var font: String
  /// `j`: 0 left, 1 right, 2 center.
  var justify: Int
  /// `tr`: tracking, in thousandths of the size.
  var tracking: Double
  /// `lh`: line height (0: 1.2 × size); `ls`: baseline shift.
  var lineHeight: Double
  var baselineShift: Double
  /// `fc`, `sc`: fill and stroke colors (0–1; nil: none); `sw`: stroke width.
  var fill: SIMD3<Double>?
  var stroke: SIMD3<Double>?
  var strokeWidth: Double
  /// `ps`: a paragraph box's top left (its text starts an ascent below).
  var boxPosition: SIMD2<Double>?
}

/// A glyph of an embedded font: its advance and outline at size 100.
struct LottieGlyph: Sendable {
  /// `w`: the advance at size 100.
  var advance: Double
  var contours: [BezierContour]
}

/// The embedded fonts (`fonts.list`, `chars`).
struct LottieFonts: Sendable {
  /// By font name: its family, style and ascent (% of the size).
  var fonts: [String: (family: String, style: String, ascent: Double)] = [:]
  /// By character, style and family.
  var glyphs: [String: LottieGlyph] = [:]

  static func key(_ character: String, style: String, family: String) -> String {
    character + "\u{0}" + style + "\u{0}" + family
  }

  /// The glyph of `character` in font `name`; nil when the file has none.
  func glyph(_ character: String, font name: String) -> LottieGlyph? {
    guard let font = fonts[name] else { return nil }
    return glyphs[Self.key(character, style: font.style, family: font.family)]
  }
}

/// A text layer's content: its documents in time order, and their glyph
/// outlines laid out once at import (when the documents hold at most
/// ``maximumLaidOutCharacters`` characters in all; larger texts are laid
/// out frame by frame, so a file cannot make the import hold more than
/// that).
struct LottieText: Sendable {
  var documents: [(time: Double, document: LottieTextDocument)]
  /// The outlines of each document, or nil when laid out per frame.
  private var laidOut: [[BezierContour]]?
  /// `t.a`: the text animators (``LottieTextAnimator``); with any, the
  /// letters are laid out each frame (``letters(at:_:)``).
  var animators: [LottieTextAnimator] = []
  /// `t.m.g`: what an animator's anchor groups: 1 characters, 2 words,
  /// 3 lines (else characters).
  var grouping = 1
  /// `t.m.a`: the anchor's alignment, percent of a letter's advance and of
  /// the line's ascent-like height.
  var alignment: LottieProperty?

  static let maximumLaidOutCharacters = 20_000

  init(documents: [(time: Double, document: LottieTextDocument)], fonts: LottieFonts) {
    self.documents = documents
    let characters = documents.reduce(0) { $0 + $1.document.characters.count }
    laidOut =
      characters <= Self.maximumLaidOutCharacters
      ? documents.map { Self.outlines($0.document, fonts) } : nil
  }

  /// The index of the document shown at frame t: the last whose time is at
  /// or before it (the first before them all).
  private func index(at t: Double) -> Int? {
    guard !documents.isEmpty else { return nil }
    var chosen = 0
    for (k, entry) in documents.enumerated() where entry.time <= t { chosen = k }
    return chosen
  }

  /// The document shown at frame t.
  func document(at t: Double) -> LottieTextDocument? {
    index(at: t).map { documents[$0].document }
  }

  /// The outlines of the document shown at frame t.
  func outlines(at t: Double, _ fonts: LottieFonts) -> [BezierContour] {
    guard let k = index(at: t) else { return [] }
    return laidOut?[k] ?? Self.outlines(documents[k].document, fonts)
  }

  /// Each letter of the document shown at frame t with the animators
  /// applied, in the order lottie-web's canvas renderer draws them
  /// (breaks and letters without a glyph left out).
  func letters(at t: Double, _ fonts: LottieFonts) -> [LottieLetter] {
    guard let k = index(at: t) else { return [] }
    return Self.letters(
      documents[k].document, fonts, animators: animators, grouping: grouping,
      alignment: alignment?.vector(at: t) ?? .zero, at: t)
  }

  /// lottie-web's letter data (TextProperty's completeTextData): each
  /// letter's width, line, and the advance (`an`) and offset (`add`) of
  /// the unit its anchor groups with; the lines' widths and the widest.
  private struct Measures {
    var widths: [Double] = []
    var lines: [Int] = []
    var lineWidths: [Double] = []
    var maxWidth = 0.0
    var advances: [Double] = []
    var offsets: [Double] = []
  }

  /// A line break: "\r" or U+0003 ("\r\n" is one Character in Swift: a
  /// break as well).
  private static func isBreak(_ c: String) -> Bool { c == "\r" || c == "\u{3}" || c == "\r\n" }

  private static func measure(
    _ d: LottieTextDocument, _ fonts: LottieFonts, grouping: Int
  ) -> Measures {
    var m = Measures()
    let tracking = d.tracking / 1000 * d.size
    var lineWidth = -tracking
    var spaces = 0.0
    var line = 0
    var unitStart = 0
    var unitWidth = 0.0
    let count = d.characters.count
    for (i, c) in d.characters.enumerated() {
      var width = 0.0
      let newline = isBreak(c)
      if newline {
        spaces = 0
        m.lineWidths.append(lineWidth)
        m.maxWidth = max(m.maxWidth, lineWidth)
        lineWidth = -2 * tracking
        line += 1
      } else {
        width = (fonts.glyph(c, font: d.font)?.advance ?? 0) * d.size / 100
        if c == " " {
          spaces += width + tracking
        } else {
          lineWidth += width + tracking + spaces
          spaces = 0
        }
      }
      m.widths.append(width)
      m.lines.append(line)
      m.advances.append(width)
      m.offsets.append(grouping == 2 || grouping == 3 ? unitWidth : 0)
      // Words (2) end at a space or a break, lines (3) at a break; the
      // last letter ends both. Their letters share the unit's width.
      if grouping == 2 || grouping == 3 {
        unitWidth += width
        let ends = newline || (grouping == 2 && c == " ")
        if ends || i == count - 1 {
          if ends { unitWidth -= width }
          for j in unitStart...i { m.advances[j] = unitWidth }
          unitStart = i + 1
          unitWidth = 0
        }
      }
    }
    m.maxWidth = max(m.maxWidth, lineWidth)
    m.lineWidths.append(lineWidth)
    return m
  }

  /// The letters of `d` under `animators` at frame t (see
  /// ``letters(at:_:)``): lottie-web's getMeasures for point text.
  static func letters(
    _ d: LottieTextDocument, _ fonts: LottieFonts, animators: [LottieTextAnimator],
    grouping: Int, alignment: SIMD4<Double>, at t: Double
  ) -> [LottieLetter] {
    let size = d.size
    guard size.isFinite, size > 0 else { return [] }
    let m = measure(d, fonts, grouping: grouping)
    let count = d.characters.count
    let tracking = d.tracking * 0.001 * size
    // Each animator's unit index of each letter, and its unit count.
    var indexes = [[Int]](repeating: [], count: animators.count)
    var totals = [Int](repeating: 0, count: animators.count)
    for (j, animator) in animators.enumerated() {
      var ind = 0
      indexes[j].reserveCapacity(count)
      for (i, c) in d.characters.enumerated() {
        indexes[j].append(ind)
        let newline = isBreak(c)
        let counts: Bool
        switch animator.selector.basedOn {
        case 2: counts = !newline && c != " "
        case 3: counts = newline || c == " " || i == count - 1
        case 4: counts = newline || i == count - 1
        default: counts = !newline
        }
        if counts { ind += 1 }
      }
      totals[j] = ind
    }
    // Each letter's share of each animator.
    var shares = [Double](repeating: 0, count: animators.count * count)
    for j in animators.indices {
      let selector = animators[j].selector.frame(at: t, total: totals[j])
      for i in 0..<count { shares[j * count + i] = selector.share(indexes[j][i]) }
    }
    @inline(__always) func share(_ j: Int, _ i: Int) -> Double { shares[j * count + i] }
    let values = animators.map { a in
      (
        anchor: a.anchor?.vector(at: t), position: a.position?.vector(at: t),
        scale: a.scale?.vector(at: t, fallback: SIMD4(100, 100, 100, 0)),
        rotation: a.rotation?.scalar(at: t), skew: a.skew?.scalar(at: t),
        skewAxis: a.skewAxis?.scalar(at: t) ?? 0, opacity: a.opacity?.scalar(at: t),
        fill: a.fillColor?.vector(at: t), stroke: a.strokeColor?.vector(at: t),
        strokeWidth: a.strokeWidth?.scalar(at: t), tracking: a.tracking?.scalar(at: t)
      )
    }
    // Justified lines move by the tracking the animators add to them.
    var justifyShift = [Double](repeating: 0, count: count)
    if d.justify == 1 || d.justify == 2 {
      let factor = d.justify == 2 ? -0.5 : -1
      var shift = 0.0
      var first = 0.0
      var last = 0
      var newLine = true
      for i in 0..<count {
        if isBreak(d.characters[i]) {
          if shift != 0 { shift += first }
          while last < i {
            justifyShift[last] = shift
            last += 1
          }
          shift = 0
          newLine = true
        } else {
          for (j, v) in values.enumerated() {
            guard let tr = v.tracking else { continue }
            if newLine && d.justify == 2 { first += tr * factor }
            shift += tr * share(j, i) * factor
          }
          newLine = false
        }
      }
      if shift != 0 { shift += first }
      while last < count {
        justifyShift[last] = shift
        last += 1
      }
    }
    let yOffset = size * 1.2 * 0.714
    let lineStep = d.lineHeight > 0 ? d.lineHeight : size * 1.2
    let ascent = (fonts.fonts[d.font]?.ascent ?? 0) * size / 100
    let animatesFill = animators.contains { $0.fillColor != nil }
    let animatesStroke = animators.contains { $0.strokeColor != nil }
    let animatesWidth = animators.contains { $0.strokeWidth != nil }
    let scale = size / 100
    var x = 0.0
    var y = 0.0
    var firstLine = true
    var out: [LottieLetter] = []
    for i in 0..<count {
      let c = d.characters[i]
      if isBreak(c) {
        x = 0
        y += lineStep + (firstLine ? 1 : 0)
        firstLine = false
        continue
      }
      let an = m.advances[i]
      let half = an / 2 - m.offsets[i]
      // Column matrices: each step applies after the ones before.
      var matrix = Affine(tx: -half - alignment[0] * an * 0.005, ty: -alignment[1] * yOffset * 0.01)
      func then(_ step: Affine) { matrix = step.concatenating(matrix) }
      for (j, v) in values.enumerated() {
        if let tr = v.tracking, x != 0 || d.justify != 0 { x += tr * share(j, i) }
      }
      for (j, v) in values.enumerated() {
        if let a = v.anchor { then(Affine(tx: -a[0] * share(j, i), ty: -a[1] * share(j, i))) }
      }
      for (j, v) in values.enumerated() {
        if let s = v.scale {
          let k = share(j, i)
          then(Affine(a: 1 + (s[0] / 100 - 1) * k, d: 1 + (s[1] / 100 - 1) * k))
        }
      }
      var opacity = 1.0
      var fill = animatesFill ? d.fill : nil
      var stroke = animatesStroke ? (d.stroke ?? SIMD3(0, 0, 0)) : nil
      var width = animatesWidth ? d.strokeWidth : 0
      for (j, v) in values.enumerated() {
        let k = share(j, i)
        if let sk = v.skew {
          let s = LottieTransform.ownMatrix(
            anchor: (0, 0), position: (0, 0), scale: (100, 100), rotation: 0, skew: sk * k,
            skewAxis: v.skewAxis * k)
          then(Affine(a: s.0, b: s.1, c: s.2, d: s.3, tx: 0, ty: 0))
        }
        if let r = v.rotation {
          let radians = r * k * Double.pi / 180
          let cr = cos(radians)
          let sr = sin(radians)
          then(Affine(a: cr, b: sr, c: -sr, d: cr))
        }
        if let o = v.opacity { opacity += (o * 0.01 * k - opacity) * k }
        if let w = v.strokeWidth { width += w * k }
        if let to = v.stroke, var color = stroke {
          for n in 0..<3 { color[n] += (to[n] - color[n]) * k }
          stroke = color
        }
        if let to = v.fill, var color = fill {
          for n in 0..<3 { color[n] += (to[n] - color[n]) * k }
          fill = color
        }
      }
      for (j, v) in values.enumerated() {
        if let p = v.position { then(Affine(tx: p[0] * share(j, i), ty: p[1] * share(j, i))) }
      }
      var px = x
      var py = y
      if let box = d.boxPosition {
        px += box[0]
        py += box[1] + ascent
      }
      let justifyOffset = d.justify == 1 ? -m.maxWidth : d.justify == 2 ? -m.maxWidth / 2 : 0
      let w = m.lineWidths[m.lines[i]]
      if d.justify == 1 { px += justifyShift[i] + justifyOffset + (m.maxWidth - w) }
      if d.justify == 2 { px += justifyShift[i] + justifyOffset + (m.maxWidth - w) / 2 }
      then(
        Affine(
          tx: px + half + alignment[0] * an * 0.005,
          ty: py - d.baselineShift + alignment[1] * yOffset * 0.01))
      x += m.widths[i] + tracking
      guard let glyph = fonts.glyph(c, font: d.font) else { continue }
      // lottie-web draws the 8-bit colors its rgb() strings round to.
      func rounded(_ v: SIMD3<Double>?) -> SIMD3<Double>? {
        v.map { ($0 * 255).rounded(.toNearestOrAwayFromZero) / 255 }
      }
      var contours: [BezierContour] = []
      contours.reserveCapacity(glyph.contours.count)
      for contour in glyph.contours {
        var points = contour.points
        for n in stride(from: 0, to: points.count - 1, by: 2) {
          (points[n], points[n + 1]) = matrix.apply(points[n] * scale, points[n + 1] * scale)
        }
        contours.append(BezierContour(points: points, closed: contour.closed))
      }
      out.append(
        LottieLetter(
          contours: contours, opacity: opacity, fill: rounded(fill), stroke: rounded(stroke),
          strokeWidth: animatesWidth && max(0, width) > 0 ? max(0, width) : nil))
    }
    return out
  }

  /// The document's glyph outlines in layer coordinates: each line's
  /// characters advanced by their widths plus tracking, lines `lh` apart
  /// (lottie-web adds one pixel below the first), justified as lottie-web
  /// does (line widths without the trailing tracking and spaces).
  static func outlines(_ d: LottieTextDocument, _ fonts: LottieFonts) -> [BezierContour] {
    let size = d.size
    guard size.isFinite, size > 0 else { return [] }
    let tracking = d.tracking / 1000 * size
    // completeTextData: letter widths and line widths.
    let m = measure(d, fonts, grouping: 1)
    let (widths, lines, lineWidths, maxWidth) = (m.widths, m.lines, m.lineWidths, m.maxWidth)
    let justifyOffset = d.justify == 1 ? -maxWidth : d.justify == 2 ? -maxWidth / 2 : 0
    let ascent = (fonts.fonts[d.font]?.ascent ?? 0) * size / 100
    let lineStep = d.lineHeight > 0 ? d.lineHeight : size * 1.2
    // getMeasures: each letter's position.
    var out: [BezierContour] = []
    var x = 0.0
    var y = 0.0
    var firstLine = true
    let scale = size / 100
    for (k, c) in d.characters.enumerated() {
      if isBreak(c) {
        x = 0
        y += lineStep + (firstLine ? 1 : 0)
        firstLine = false
        continue
      }
      var px = x
      var py = y - d.baselineShift
      if let box = d.boxPosition {
        px += box[0]
        py += box[1] + ascent
      }
      let w = lineWidths[lines[k]]
      if d.justify == 1 { px += justifyOffset + maxWidth - w }
      if d.justify == 2 { px += justifyOffset + (maxWidth - w) / 2 }
      x += widths[k] + tracking
      guard let glyph = fonts.glyph(c, font: d.font) else { continue }
      for contour in glyph.contours {
        var points = contour.points
        for i in stride(from: 0, to: points.count - 1, by: 2) {
          points[i] = points[i] * scale + px
          points[i + 1] = points[i + 1] * scale + py
        }
        out.append(BezierContour(points: points, closed: contour.closed))
      }
    }
    return out
  }
}
