import Foundation
import Razzle
import XCTest

/// CSS Color 4 text, with expected values from the spec: its worked
/// examples, its tables, and its conversion formulas worked by hand.
final class CSSColorTests: XCTestCase {
  func color(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RGBA {
    do {
      return try RGBA(css: text)
    } catch {
      XCTFail("\(text): \(error.message)", file: file, line: line)
      return RGBA(r: .nan, g: .nan, b: .nan, a: .nan)
    }
  }

  func bytes(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 255) -> RGBA {
    RGBA(r: r / 255, g: g / 255, b: b / 255, a: a / 255)
  }

  // MARK: - Hex

  /// §5.2: `#00ff00` is `rgb(0 255 0)`, `#0000ffcc` is `rgb(0 0 100% / 80%)`,
  /// `#123` is `#112233`; hex digits ignore case.
  func testHexNotations() {
    XCTAssertEqual(color("#00ff00"), color("rgb(0 255 0)"))
    XCTAssertEqual(color("#00ff00"), RGBA(r: 0, g: 1, b: 0))
    assertClose(color("#0000ffcc"), color("rgb(0 0 100% / 80%)"), 1e-15)
    XCTAssertEqual(color("#0000ffcc"), bytes(0, 0, 255, 204))
    XCTAssertEqual(color("#123"), color("#112233"))
    XCTAssertEqual(color("#123"), bytes(0x11, 0x22, 0x33))
    XCTAssertEqual(color("#f008"), bytes(255, 0, 0, 0x88))
    XCTAssertEqual(color("#ABCDEF"), color("#abcdef"))
    XCTAssertEqual(color("#AbCdEf80"), bytes(0xAB, 0xCD, 0xEF, 0x80))
    XCTAssertEqual(color("  #fff\n"), RGBA(r: 1, g: 1, b: 1))
  }

  // MARK: - rgb()

  /// §5.1's examples: `rgb(146.064 107.457 131.223)` equals
  /// `rgb(57.28% 42.14% 51.46%)`; `rgb(29 164 192 / 95%)` is
  /// `rgba(29, 164, 192, 0.95)`; `goldenrod` is `rgb(218, 165, 32)`;
  /// `transparent` is `rgba(0, 0, 0, 0)`.
  func testRGBExamples() {
    assertClose(color("rgb(146.064 107.457 131.223)"), color("rgb(57.28% 42.14% 51.46%)"), 1e-15)
    XCTAssertEqual(color("rgb(29 164 192 / 95%)"), color("rgba(29, 164, 192, 0.95)"))
    XCTAssertEqual(
      color("rgb(29 164 192 / 95%)"), RGBA(r: 29 / 255, g: 164 / 255, b: 192 / 255, a: 0.95))
    XCTAssertEqual(color("goldenrod"), color("rgb(218, 165, 32)"))
    XCTAssertEqual(color("transparent"), color("rgba(0, 0, 0, 0)"))
  }

  func testRGBSyntaxes() {
    XCTAssertEqual(color("rgb(255, 0, 0)"), RGBA(r: 1, g: 0, b: 0))
    XCTAssertEqual(color("rgb(100%, 50%, 0%)"), RGBA(r: 1, g: 0.5, b: 0))
    XCTAssertEqual(color("rgba(100%,50%,0%,25%)"), RGBA(r: 1, g: 0.5, b: 0, a: 0.25))
    XCTAssertEqual(color("rgb(255 50% none)"), RGBA(r: 1, g: 0.5, b: 0))
    XCTAssertEqual(color("RGB(255 0 0 / NONE)"), RGBA(r: 1, g: 0, b: 0, a: 0))
    XCTAssertEqual(color("rgba(255 0 0)"), RGBA(r: 1, g: 0, b: 0))
    XCTAssertEqual(color("rgb( 1e2 .5e2 +25 / .5 )"), bytes(100, 50, 25, 127.5))
    // CSS tokens need no space between them where a sign or a percent
    // sign ends one: `10-20-30` is 10, -20 and -30.
    XCTAssertEqual(color("rgb(10-20-30)"), color("rgb(10 -20 -30)"))
    XCTAssertEqual(color("rgb(10%20%30%)"), color("rgb(10% 20% 30%)"))
    XCTAssertEqual(color("rgb(0 0 0/50%)"), RGBA(r: 0, g: 0, b: 0, a: 0.5))
    XCTAssertEqual(color("rgb(1e-400 0 0)"), RGBA(r: 0, g: 0, b: 0))
  }

  /// Channels clamp to [0, 255] and alpha to [0, 1], as CSS Color 4 says.
  func testRGBClamps() {
    XCTAssertEqual(color("rgb(300 -20 128)"), bytes(255, 0, 128))
    XCTAssertEqual(color("rgb(150%, -5%, 50%)"), RGBA(r: 1, g: 0, b: 0.5))
    XCTAssertEqual(color("rgba(0, 0, 0, 1.5)").a, 1)
    XCTAssertEqual(color("rgb(0 0 0 / -50%)").a, 0)
    XCTAssertEqual(color("rgb(1e300 0 0 / 1e300)"), RGBA(r: 1, g: 0, b: 0, a: 1))
  }

  // MARK: - hsl()

  /// The spec's `hslToRgb` worked by hand. With a = s·min(l, 1 − l) and
  /// k(n) = (n + h/30) mod 12, each channel is l − a·max(−1, min(k − 3,
  /// 9 − k, 1)) for n = 0 (red), 8 (green), 4 (blue).
  func testHSLByTheSpecFormula() {
    // §7's examples: hsl(0deg 100% 50%) is red; hsl(120deg 100% 25%) dark
    // green: a = 0.25, k = 4, 0, 8 → 0.25 − 0.25, 0.25 + 0.25, 0.25 − 0.25.
    XCTAssertEqual(color("hsl(0deg 100% 50%)"), color("red"))
    assertClose(color("hsl(120deg 100% 25%)"), RGBA(r: 0, g: 0.5, b: 0), 1e-15)
    // Pastel green hsl(120deg 75% 85%): a = 0.75 · 0.15 = 0.1125, so
    // 0.85 ∓ 0.1125.
    assertClose(color("hsl(120deg 75% 85%)"), RGBA(r: 0.7375, g: 0.9625, b: 0.7375), 1e-15)
    // hsl(30, 60%, 30%): a = 0.18, k = 1, 9, 5 → min terms −2, 0, 1:
    // 0.3 + 0.18, 0.3, 0.3 − 0.18. The spec's HSL table rounds it to
    // rgb(122, 77, 31).
    let orange = color("hsl(30, 60%, 30%)")
    assertClose(orange, RGBA(r: 0.48, g: 0.3, b: 0.12), 1e-15)
    assertClose(orange, bytes(122, 77, 31), 0.5 / 255)
    // More of the table: 0° at 90% lightness, 80% saturation is
    // rgb(250, 209, 209); 90° at 70%, 100% is rgb(179, 255, 102).
    assertClose(color("hsl(0 80% 90%)"), bytes(250, 209, 209), 0.5 / 255)
    assertClose(color("hsla(90, 100%, 70%, 1)"), bytes(179, 255, 102), 0.5 / 255)
  }

  func testHueUnits() {
    let ninety = color("hsl(90 100% 50%)")
    // a = 0.5, k = 3, 11, 7 → min terms 0, −2, 1: 0.5, 1, 0.
    XCTAssertEqual(ninety, RGBA(r: 0.5, g: 1, b: 0))
    XCTAssertEqual(color("hsl(90deg 100% 50%)"), ninety)
    XCTAssertEqual(color("hsl(0.25turn 100% 50%)"), ninety)
    XCTAssertEqual(color("hsl(100grad 100% 50%)"), ninety)
    assertClose(color("hsl(1.5707963267948966rad 100% 50%)"), ninety, 1e-15)
    XCTAssertEqual(color("hsl(90DEG 100% 50%)"), ninety)
    XCTAssertEqual(color("hsl(450 100% 50%)"), ninety)
    XCTAssertEqual(color("hsl(-270 100% 50%)"), ninety)
    XCTAssertEqual(color("hsl(none 100% 50%)"), color("red"))
  }

  func testHSLSyntaxesAndRanges() {
    XCTAssertEqual(color("hsl(120 100 25)"), color("hsl(120 100% 25%)"))
    XCTAssertEqual(color("hsla(120deg 100% 25% / 0.5)"), color("hsl(120, 100%, 25%, 0.5)"))
    // A negative saturation clamps to 0: a gray.
    XCTAssertEqual(color("hsl(120 -50% 50%)"), RGBA(r: 0.5, g: 0.5, b: 0.5))
    // Lightness above 100% is kept: l = 1.5, a = −0.5, so red is
    // 1.5 − 0.5 = 1 and green and blue 1.5 + 0.5 = 2 (extended sRGB).
    XCTAssertEqual(color("hsl(0 100% 150%)"), RGBA(r: 1, g: 2, b: 2))
  }

  // MARK: - hwb()

  /// The spec's `hwbToRgb`: the pure hue scaled by 1 − w − b, plus w; a gray
  /// w / (w + b) when w + b ≥ 1. Values from §8's table: 0° with 20% white
  /// and 40% black is #993333, 60% and 60% is #808080, 90° pure is #80ff00.
  func testHWB() {
    // Red (1, 0, 0) · 0.4 + 0.2.
    assertClose(color("hwb(0 20% 40%)"), RGBA(r: 0.6, g: 0.2, b: 0.2), 1e-15)
    assertClose(color("hwb(0 20% 40%)"), color("#993333"), 1e-15)
    XCTAssertEqual(color("hwb(0 60% 60%)"), RGBA(r: 0.5, g: 0.5, b: 0.5))
    assertClose(color("hwb(0 60% 60%)"), color("#808080"), 0.5 / 255)
    XCTAssertEqual(color("hwb(90deg 0% 0%)"), RGBA(r: 0.5, g: 1, b: 0))
    XCTAssertEqual(color("hwb(120 100% 0% / 25%)"), RGBA(r: 1, g: 1, b: 1, a: 0.25))
    XCTAssertEqual(color("hwb(200 30 70)"), RGBA(r: 0.3, g: 0.3, b: 0.3))
    XCTAssertEqual(color("hwb(none none none)"), RGBA(r: 1, g: 0, b: 0))
  }

  // MARK: - oklab() and oklch()

  /// §9.3's examples: each Oklab and OkLCh value beside the sRGB swatch the
  /// spec gives for it. The swatches have four digits and the Oklab values
  /// four decimals; near black the sRGB encoding magnifies that rounding
  /// (0.0001 in b moves a blue of 0.0245 by about 0.001), hence the
  /// tolerance.
  func testOklabExamples() {
    let swatches: [(oklab: String, oklch: String, rgb: String)] = [
      ("oklab(40.101% 0.1147 0.0453)", "oklch(40.101% 0.12332 21.555)", "rgb(49.06% 13.87% 15.9%)"),
      (
        "oklab(59.686% 0.1009 0.1192)", "oklch(59.686% 0.15619 49.7694)", "rgb(77.61% 36.34% 2.45%)"
      ),
      (
        "oklab(65.125% -0.0320 0.1274)", "oklch(65.125% 0.13138 104.097)",
        "rgb(61.65% 57.51% 9.28%)"
      ),
      (
        "oklab(66.016% -0.1084 0.1114)", "oklch(66.016% 0.15546 134.231)",
        "rgb(40.73% 65.12% 22.35%)"
      ),
      (
        "oklab(72.322% -0.0465 -0.1150)", "oklch(72.322% 0.12403 247.996)",
        "rgb(38.29% 67.27% 93.85%)"
      ),
    ]
    for (oklab, oklch, rgb) in swatches {
      assertClose(color(oklab), color(rgb), 2e-3, oklab)
      assertClose(color(oklch), color(rgb), 2e-3, oklch)
    }
  }

  func testOklabSyntaxesAndRanges() {
    // Percentages: 100% is 1 for lightness and 0.4 for a, b and chroma.
    XCTAssertEqual(color("oklab(50% 25% -25%)"), color("oklab(0.5 0.1 -0.1)"))
    XCTAssertEqual(color("oklch(50% 50% 30)"), color("oklch(0.5 0.2 30)"))
    XCTAssertEqual(
      color("oklch(0.7 0.1 0.25turn / 50%)"),
      ColorSpace.oklch.color(fromCoordinates: SIMD3(0.7, 0.1, 90), alpha: 0.5))
    assertClose(color("oklch(0.7 0.1 90)"), color("oklab(0.7 0 0.1)"), 1e-15)
    // Lightness clamps to [0, 1], a negative chroma to 0.
    XCTAssertEqual(color("oklab(1.5 0 0)"), color("oklab(1 0 0)"))
    XCTAssertEqual(color("oklab(-20% 0 0)"), color("oklab(0 0 0)"))
    XCTAssertEqual(color("oklch(0.5 -0.1 30)"), color("oklch(0.5 0 200)"))
    XCTAssertEqual(color("oklab(0 0 0)"), RGBA(r: 0, g: 0, b: 0))
    assertClose(color("oklab(1 0 0)"), RGBA(r: 1, g: 1, b: 1), 1e-14)
    XCTAssertEqual(color("OKLCH(none none none)"), color("oklab(0 0 0)"))
    // Outside the sRGB gamut the components leave [0, 1]; nothing maps
    // them back.
    let vivid = color("oklch(0.7 0.4 150)")
    XCTAssertLessThan(min(vivid.r, vivid.g, vivid.b), 0)
  }

  // MARK: - Errors

  /// Each malformed text fails with `.invalidValue`, quoting the text and
  /// saying what is wrong at which offset.
  func testMalformedTextNamesTheProblem() {
    let cases: [(String, String)] = [
      ("", "empty text at offset 0"),
      ("   ", "only white space at offset 3"),
      ("#12", "3, 4, 6 or 8 digits, not 2 at offset 0"),
      ("#", "not 0 at offset 0"),
      ("#12345", "not 5 at offset 0"),
      ("#1234567", "not 7 at offset 0"),
      ("#ffg", "'g' is not a hexadecimal digit at offset 3"),
      ("# fff", "not 0 at offset 0"),
      ("#fff #000", "unexpected text after the color at offset 5"),
      ("rgb(1,2)", "missing the blue at offset 7"),
      ("rgb(1 2)", "missing the blue at offset 7"),
      ("rgb()", "expected the red at offset 4"),
      ("rgb(", "missing the red and ')' at offset 4"),
      ("rgb(1 2 3", "missing ')' at offset 9"),
      ("rgb(1, 2, 3", "missing ')' at offset 11"),
      ("rgb(1 2 3 / )", "missing the alpha after '/' at offset 12"),
      ("rgb(1 2 3 /", "missing the alpha after '/' at offset 11"),
      ("rgb(1 2 3) x", "unexpected text after the color at offset 11"),
      ("rgb(1 2 3)junk", "unexpected text after the color at offset 10"),
      ("rgb(1 2 3) /* c */", "unexpected text after the color at offset 11"),
      ("red blue", "unexpected text after the color at offset 4"),
      (
        "rgb(1 2 3 4)",
        "too many components: rgb() takes red, green, blue and '/ alpha' at offset 10"
      ),
      ("rgb(1, 2, 3, 4, 5)", "unexpected ',' at offset 14"),
      ("rgb(1 2 3 / 0.5 0.6)", "too many components"),
      ("rgb(1 2 3 / 0.5,)", "unexpected ',' at offset 15"),
      ("rgb(1, 2 3)", "expected ',' at offset 9"),
      ("rgb(1 2, 3)", "expected a space: commas separate all components or none at offset 7"),
      ("rgb(10%, 20, 30)", "three numbers or three percentages at offset 9"),
      ("rgb(none, 0, 0)", "'none' is not allowed in the comma syntax at offset 4"),
      ("rgb(0, 0, 0, none)", "'none' is not allowed in the comma syntax at offset 13"),
      ("rgb(nan 0 0)", "expected the red, got 'nan' at offset 4"),
      ("rgb(NaN, 0, 0)", "expected the red, got 'NaN' at offset 4"),
      ("rgb(inf 0 0)", "got 'inf' at offset 4"),
      ("rgb(-inf 0 0)", "got '-inf' at offset 4"),
      ("rgb(1e999 0 0)", "number '1e999' is out of range at offset 4"),
      ("rgb(0 0 -1e+400)", "number '-1e+400' is out of range at offset 8"),
      ("rgb(0 0 0 / 1e400)", "number '1e400' is out of range at offset 12"),
      ("rgb(0x10 0 0)", "the red must be a number, a percentage or 'none', got '0x10' at offset 4"),
      (
        "rgb(10deg 0 0)",
        "the red must be a number, a percentage or 'none', got '10deg' at offset 4"
      ),
      ("rgb(+-1 0 0)", "expected the red at offset 4"),
      ("rgb(1. 2 3)", "expected the green at offset 5"),
      (
        "rgb(0 0 0 / 10deg)", "the alpha must be a number or a percentage, got '10deg' at offset 12"
      ),
      (
        "hsl(10, 50, 50)",
        "the saturation must be a percentage in the comma syntax, got '50' at offset 8"
      ),
      ("hsl(10% 50% 50%)", "the hue must be a number or an angle, got '10%' at offset 4"),
      ("hsl(10px 50% 50%)", "unknown angle unit 'px' in '10px' at offset 4 (deg, grad, rad, turn)"),
      (
        "hsl(10degs 50% 50%)",
        "unknown angle unit 'degs' in '10degs' at offset 4 (did you mean \"deg\"?)"
      ),
      ("hsl(1e308turn 100% 50%)", "the hue '1e308turn' overflows at offset 4"),
      ("hsl(-1e307rad 100% 50%)", "the hue '-1e307rad' overflows at offset 4"),
      ("oklab(0.5 1e300 0)", "the color's components overflow at offset 0"),
      ("hwb(0, 0%, 0%)", "hwb() separates its components with spaces, not commas at offset 5"),
      (
        "oklch(0.5, 0.1, 30)",
        "oklch() separates its components with spaces, not commas at offset 9"
      ),
      ("tomatoe", "unknown color name \"tomatoe\" at offset 0 (did you mean \"tomato\"?)"),
      ("Tomatoe", "unknown color name \"Tomatoe\" at offset 0 (did you mean \"tomato\"?)"),
      ("  lightgoldenrodyelow", "at offset 2 (did you mean \"lightgoldenrodyellow\"?)"),
      ("bogus", "unknown color name \"bogus\" at offset 0"),
      ("currentcolor", "currentcolor depends on a document's element"),
      ("rgbb(1 2 3)", "unknown color function \"rgbb\" at offset 0 (did you mean \"rgb\"?)"),
      ("hsv(1 2 3)", "unknown color function \"hsv\" at offset 0 (did you mean \"hsl\"?)"),
      ("lab(50% 0 0)", "unknown color function \"lab\" at offset 0 (known: rgb, rgba, hsl"),
      ("color(srgb 1 0 0)", "unknown color function \"color\""),
      ("rgb (1 2 3)", "no space may stand between rgb and '(' at offset 3"),
      ("(1 2 3)", "expected a color: a hex color, a color name or a color function at offset 0"),
      ("12", "expected a color"),
      ("\u{0}", "expected a color"),
    ]
    for (text, fragment) in cases {
      do {
        let color = try RGBA(css: text)
        XCTFail("\(text) parsed as \(color)")
      } catch {
        XCTAssertEqual(error.kind, .invalidValue, text)
        XCTAssertTrue(error.message.hasPrefix("invalid color \"\(text)\": "), error.message)
        XCTAssertTrue(error.message.contains(fragment), "\(text): \(error.message)")
      }
    }
  }

  /// Any text gives a color or an error, never a crash or a non-finite
  /// component: every prefix of valid colors, and each with one byte
  /// changed.
  func testNearMissesNeverCrash() {
    let valid = [
      "rgb(255, 99, 71)", "rgba(10% 20% 30% / 0.5)", "hsl(120deg 75% 85%)", "hwb(90 10% 20%)",
      "oklab(59.686% 0.1009 0.1192)", "oklch(0.7 0.1 0.25turn / 50%)", "#0000ffcc", "tomato",
    ]
    let noise = Array("(),/%#-+.e0 9aZ\u{0}é")
    var parsed = 0
    var rejected = 0
    for text in valid {
      var variants = (0...text.count).map { String(text.prefix($0)) }
      let characters = Array(text)
      for i in characters.indices {
        for c in noise {
          var changed = characters
          changed[i] = c
          variants.append(String(changed))
        }
      }
      for variant in variants {
        do {
          let c = try RGBA(css: variant)
          parsed += 1
          XCTAssertTrue(c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite, variant)
          XCTAssertTrue((0...1).contains(c.a), variant)
        } catch {
          rejected += 1
          XCTAssertEqual(error.kind, .invalidValue)
        }
      }
    }
    XCTAssertGreaterThan(parsed, 100)
    XCTAssertGreaterThan(rejected, 500)
  }
}
