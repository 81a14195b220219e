// Text layers drawn with the file's embedded glyphs (`chars`), laid out as
// lottie-web lays out point text for glyph fonts (TextProperty's
// completeTextData, TextAnimatorProperty's getMeasures without animators,
// CVTextElement's glyph scaling).

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

  /// The document's glyph outlines in layer coordinates: each line's
  /// characters advanced by their widths plus tracking, lines `lh` apart
  /// (lottie-web adds one pixel below the first), justified as lottie-web
  /// does (line widths without the trailing tracking and spaces).
  static func outlines(_ d: LottieTextDocument, _ fonts: LottieFonts) -> [BezierContour] {
    let size = d.size
    guard size.isFinite, size > 0 else { return [] }
    let tracking = d.tracking / 1000 * size
    // "\r\n" is one Character in Swift: a break as well.
    func isBreak(_ c: String) -> Bool { c == "\r" || c == "\u{3}" || c == "\r\n" }
    // completeTextData: letter widths and line widths.
    var widths: [Double] = []
    var lineWidths: [Double] = []
    var lines: [Int] = []
    var lineWidth = -tracking
    var maxWidth = 0.0
    var spaces = 0.0
    var line = 0
    for c in d.characters {
      var width = 0.0
      if isBreak(c) {
        spaces = 0
        lineWidths.append(lineWidth)
        maxWidth = max(maxWidth, lineWidth)
        lineWidth = -2 * tracking
        line += 1
      } else {
        width = (fonts.glyph(c, font: d.font)?.advance ?? 0) * size / 100
        if c == " " {
          spaces += width + tracking
        } else {
          lineWidth += width + tracking + spaces
          spaces = 0
        }
      }
      widths.append(width)
      lines.append(line)
    }
    maxWidth = max(maxWidth, lineWidth)
    lineWidths.append(lineWidth)
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
