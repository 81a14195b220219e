import Razzle
import XCTest

/// Pixels of hand-written Lottie frames drawn by the library's rasterizer,
/// against coverages and colors worked by hand (areas of pixels a shape
/// covers, the source-over formula, the gradient's position at a pixel's
/// center). 8-bit results are allowed one level of rounding.
final class RasterizerTests: XCTestCase {
  private let width = 100
  private let height = 50

  private func document(_ layers: String) -> String {
    """
    {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\(width),"h":\(height),"layers":[\(layers)]}
    """
  }

  private func layer(_ shapes: String, index: Int = 1, extra: String = "") -> String {
    #"{"ty":4,"ind":\#(index),"ip":0,"op":10,"st":0,"#
      + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"#
      + #""shapes":["# + shapes + "]" + extra + "}"
  }

  private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
    #"{"ty":"rc","d":1,"p":{"k":[\#(x + w / 2),\#(y + h / 2)]},"s":{"k":[\#(w),\#(h)]},"r":{"k":0}}"#
  }

  private func fill(_ r: Double, _ g: Double, _ b: Double, opacity: Double = 100, rule: Int = 1)
    -> String
  {
    #"{"ty":"fl","c":{"k":[\#(r),\#(g),\#(b),1]},"o":{"k":\#(opacity)},"r":\#(rule)}"#
  }

  /// The frame as RGBA bytes (straight unless `premultiplied`).
  private func render(
    _ json: String, background: SIMD4<Double>? = nil, premultiplied: Bool = false
  ) throws -> [UInt8] {
    let animation = try LottieAnimation(json: json)
    let raster = Rasterizer()
    var pixels = [UInt8](repeating: 7, count: width * height * 4)
    try pixels.withUnsafeMutableBytes { p in
      try raster.render(
        animation, frame: 0, into: p, width: width, height: height, stride: width * 4,
        matrix: (1, 0, 0, 1, 0, 0), background: background, premultiplied: premultiplied)
    }
    return pixels
  }

  /// The frame at the baseline kernel level (the Swift loops), after
  /// checking that every other level the CPU has draws the same bytes.
  private func renderAtEveryKernelLevel(_ json: String, line: UInt = #line) throws -> [UInt8] {
    defer { try? KernelLevel.select(nil) }
    try KernelLevel.select(.baseline)
    let expected = try render(json)
    for level in KernelLevel.allCases where level.isSupported && level != .baseline {
      try KernelLevel.select(level)
      let differing = zip(try render(json), expected).filter { $0 != $1 }.count
      XCTAssertEqual(differing, 0, "bytes differing at \(level)", line: line)
    }
    return expected
  }

  private func pixel(_ p: [UInt8], _ x: Int, _ y: Int) -> [Int] {
    let o = (y * width + x) * 4
    return (0..<4).map { Int(p[o + $0]) }
  }

  private func assertLevel(
    _ actual: Int, _ expected: Double, _ message: String = "", within levels: Double = 1,
    line: UInt = #line
  ) {
    XCTAssertLessThanOrEqual(abs(Double(actual) - expected), levels, message, line: line)
  }

  func testARectangleCoversWholePixelsAndTheFractionsAtItsEdges() throws {
    // x from 39.75 to 60.25: column 39 is a quarter covered, 40...59 whole,
    // 60 a quarter; y from 10 to 20 exactly: rows 10...19.
    let p = try render(document(layer(rect(39.75, 10, 20.5, 10) + "," + fill(1, 0, 0))))
    XCTAssertEqual(pixel(p, 45, 15), [255, 0, 0, 255])
    XCTAssertEqual(pixel(p, 45, 9), [0, 0, 0, 0])
    XCTAssertEqual(pixel(p, 45, 20), [0, 0, 0, 0])
    XCTAssertEqual(pixel(p, 38, 15), [0, 0, 0, 0])
    // Straight alpha: red stays 255 where the pixel is partly covered.
    XCTAssertEqual(pixel(p, 39, 15)[0], 255)
    assertLevel(pixel(p, 39, 15)[3], 0.25 * 255)
    assertLevel(pixel(p, 60, 15)[3], 0.25 * 255)
  }

  func testADiagonalEdgeCoversHalfThePixelsItCrossesThroughTheirCorners() throws {
    // The triangle (10, 0) (30, 0) (10, 20) as a path: the edge x + y = 30
    // crosses pixel (14, 15) from corner (15, 15) to corner (14, 16).
    let shape =
      #"{"ty":"sh","ks":{"k":{"c":true,"v":[[10,0],[30,0],[10,20]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}"#
    let p = try render(document(layer(shape + "," + fill(0, 0, 1))), premultiplied: true)
    assertLevel(pixel(p, 14, 15)[3], 127.5)
    assertLevel(pixel(p, 14, 15)[2], 127.5)
    XCTAssertEqual(pixel(p, 12, 5)[3], 255)
    XCTAssertEqual(pixel(p, 25, 10)[3], 0)
  }

  func testNonzeroFillsANestedSquareAndEvenOddLeavesItEmpty() throws {
    // Two squares wound the same way in one path.
    let shape =
      #"{"ty":"sh","ks":{"k":{"c":true,"v":[[0,0],[40,0],[40,40],[0,40]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}},"#
      + #"{"ty":"sh","ks":{"k":{"c":true,"v":[[10,10],[30,10],[30,30],[10,30]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
    let nonzero = try render(document(layer(shape + "," + fill(0, 0, 0, rule: 1))))
    let evenOdd = try render(document(layer(shape + "," + fill(0, 0, 0, rule: 2))))
    XCTAssertEqual(pixel(nonzero, 20, 20)[3], 255)
    XCTAssertEqual(pixel(evenOdd, 20, 20)[3], 0)
    XCTAssertEqual(pixel(evenOdd, 5, 5)[3], 255)
  }

  func testHalfOpaqueRedOverWhiteIsTheSourceOverMix() throws {
    // 255 (1 - 0.5) + 255 * 0.5 * (1, 0, 0) = (255, 127.5, 127.5).
    let p = try render(
      document(layer(rect(0, 0, 100, 50) + "," + fill(1, 0, 0, opacity: 50))),
      background: SIMD4(1, 1, 1, 1))
    let c = pixel(p, 50, 25)
    XCTAssertEqual(c[0], 255)
    assertLevel(c[1], 127.5)
    assertLevel(c[2], 127.5)
    XCTAssertEqual(c[3], 255)
  }

  func testAStrokeCoversHalfItsWidthEachSideWithButtAndSquareCaps() throws {
    func line(cap: Int) -> String {
      #"{"ty":"sh","ks":{"k":{"c":false,"v":[[20,25],[80,25]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},"#
        + #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":4},"lc":\#(cap),"lj":1}"#
    }
    let butt = try render(document(layer(line(cap: 1))))
    // y from 23 to 27: rows 23...26.
    XCTAssertEqual(pixel(butt, 50, 23)[3], 255)
    XCTAssertEqual(pixel(butt, 50, 26)[3], 255)
    XCTAssertEqual(pixel(butt, 50, 22)[3], 0)
    XCTAssertEqual(pixel(butt, 50, 27)[3], 0)
    XCTAssertEqual(pixel(butt, 20, 25)[3], 255)
    XCTAssertEqual(pixel(butt, 19, 25)[3], 0)
    let square = try render(document(layer(line(cap: 3))))
    // A square cap reaches half the width past each end: x from 18.
    XCTAssertEqual(pixel(square, 18, 25)[3], 255)
    XCTAssertEqual(pixel(square, 17, 25)[3], 0)
    XCTAssertEqual(pixel(square, 81, 25)[3], 255)
  }

  func testALinearGradientIsItsPositionAtEachPixelsCenter() throws {
    // Black to white from x = 0 to x = 100: the pixel at 40 has its center
    // at 40.5, t = 0.405, 0.405 * 255 = 103.3 (a table of 256 steps: within
    // half a step).
    let gradient =
      #"{"ty":"gf","o":{"k":100},"r":1,"t":1,"s":{"k":[0,0]},"e":{"k":[100,0]},"#
      + #""g":{"p":2,"k":{"k":[0,0,0,0,1,1,1,1]}}}"#
    let p = try render(document(layer(rect(0, 0, 100, 50) + "," + gradient)))
    for x in [0, 40, 75, 99] {
      let expected = (Double(x) + 0.5) / 100 * 255
      XCTAssertLessThanOrEqual(abs(Double(pixel(p, x, 10)[0]) - expected), 1.5, "x \(x)")
      XCTAssertEqual(pixel(p, x, 10)[3], 255)
    }
  }

  func testARadialGradientIsTheDistanceOverTheRadiusAndHugeOnesStayFinite() throws {
    // Centered at (50, 25), radius 40, black to white: the pixel (x, 25)
    // has its center at distance √((x + 0.5 − 50)² + 0.5²), t that over 40
    // (a table of 256 steps: within a step).
    func radial(_ radius: Double) -> String {
      #"{"ty":"gf","o":{"k":100},"r":1,"t":2,"s":{"k":[50,25]},"e":{"k":[\#(50 + radius),25]},"#
        + #""h":{"k":0},"a":{"k":0},"g":{"p":2,"k":{"k":[0,0,0,0,1,1,1,1]}}}"#
    }
    let p = try render(document(layer(rect(0, 0, 100, 50) + "," + radial(40))))
    for x in [50, 60, 75, 85] {
      let dx = Double(x) + 0.5 - 50
      let expected = min(1, (dx * dx + 0.25).squareRoot() / 40) * 255
      XCTAssertLessThanOrEqual(abs(Double(pixel(p, x, 25)[0]) - expected), 1.5, "x \(x)")
    }
    // A radius of 2e20 (past what single precision squares): every pixel
    // is near the center, t about 0, black.
    let huge = try render(document(layer(rect(0, 0, 100, 50) + "," + radial(2e20))))
    for x in [0, 50, 99] { XCTAssertEqual(pixel(huge, x, 25), [0, 0, 0, 255], "x \(x)") }
  }

  func testStraightAlphaIsEachChannelTimes255OverAlphaInEveryColumn() throws {
    // A faint fill, (1/6, 1/2, 1, 6/255): premultiplied channels c, alpha
    // a; straight ones are c * 255 / a rounded (within half a level plus
    // the 16-bit reciprocal's error), the same in every column of the row.
    let faint = layer(rect(0, 0, 100, 50) + "," + fill(1.0 / 6, 0.5, 1, opacity: 100 * 6 / 255))
    let premultiplied = try render(document(faint), premultiplied: true)
    let straight = try render(document(faint))
    for x in 0..<width {
      let c = pixel(premultiplied, x, 20)
      let s = pixel(straight, x, 20)
      XCTAssertEqual(s, pixel(straight, 0, 20), "x \(x)")
      for k in 0..<3 {
        let exact = Double(c[k]) * 255 / Double(c[3])
        XCTAssertLessThanOrEqual(abs(Double(s[k]) - exact), 0.51, "x \(x) channel \(k)")
      }
    }
  }

  func testAMaskKeepsOnlyWhatItCovers() throws {
    // A full red layer masked by the rectangle 20...40 x 10...30 (add).
    let mask =
      #","masksProperties":[{"mode":"a","inv":false,"o":{"k":100},"pt":{"k":{"c":true,"v":[[20,10],[40,10],[40,30],[20,30]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]"#
    let p = try render(document(layer(rect(0, 0, 100, 50) + "," + fill(1, 0, 0), extra: mask)))
    XCTAssertEqual(pixel(p, 30, 20), [255, 0, 0, 255])
    XCTAssertEqual(pixel(p, 19, 20)[3], 0)
    XCTAssertEqual(pixel(p, 40, 20)[3], 0)
    XCTAssertEqual(pixel(p, 30, 30)[3], 0)
  }

  /// A layer of two full-frame squares, blue above red, masked by the
  /// rectangle x 20...40.5, y 10...30 (add): column 40 is half inside.
  private func blueOverRedUnderAMask(blendMode: Int = 0, maskOpacity: Int = 100) -> String {
    func group(_ r: Double, _ g: Double, _ b: Double) -> String {
      #"{"ty":"gr","it":["# + rect(0, 0, 100, 50) + "," + fill(r, g, b) + ","
        + #"{"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
    }
    let mask =
      #","bm":\#(blendMode),"masksProperties":[{"mode":"a","inv":false,"o":{"k":\#(maskOpacity)},"pt":{"k":{"c":true,"v":[[20,10],[40.5,10],[40.5,30],[20,30]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]"#
    return document(layer(group(0, 0, 1) + "," + group(1, 0, 0), extra: mask))
  }

  func testAMaskClipsEachShapeAsLottieWebsCanvasDoes() throws {
    // lottie-web's canvas renderer clips the layer's drawing to the mask
    // path: at a pixel the mask half covers, red is drawn at half coverage
    // (premultiplied 0.5, 0, 0, 0.5), then blue over it at half coverage:
    // (0.25, 0, 0.5, 0.75), straight (1/3, 0, 2/3, 0.75). Two draws
    // stacked: two levels of rounding.
    let p = try renderAtEveryKernelLevel(blueOverRedUnderAMask())
    let edge = pixel(p, 40, 20)
    assertLevel(edge[0], 255.0 / 3, within: 2)
    XCTAssertEqual(edge[1], 0)
    assertLevel(edge[2], 510.0 / 3, within: 2)
    assertLevel(edge[3], 0.75 * 255, within: 2)
    XCTAssertEqual(pixel(p, 30, 20), [0, 0, 255, 255])
    XCTAssertEqual(pixel(p, 41, 20)[3], 0)
    XCTAssertEqual(pixel(p, 19, 20)[3], 0)
    XCTAssertEqual(pixel(p, 30, 30)[3], 0)
  }

  func testAMaskAtHalfOpacityMasksTheLayerAsAWhole() throws {
    // A partial mask inside the shapes: the layer's pixels (blue, opaque,
    // over red) are multiplied by one half as one picture, not each shape
    // (which would show red under blue and reach alpha 0.75).
    let p = try renderAtEveryKernelLevel(blueOverRedUnderAMask(maskOpacity: 50))
    let inside = pixel(p, 30, 20)
    XCTAssertEqual(Array(inside[0..<3]), [0, 0, 255])
    assertLevel(inside[3], 127.5)
  }

  func testAMaskedLayerWithABlendModeIsMaskedAsAWhole() throws {
    // A blend mode composites the layer as one picture: the mask
    // multiplies the layer's pixels (blue, opaque) by one half at column
    // 40, and multiply over the transparent frame is the source itself
    // (W3C compositing: (1 - alpha_b) Cs + alpha_b B(Cb, Cs), alpha_b 0).
    let p = try renderAtEveryKernelLevel(blueOverRedUnderAMask(blendMode: 1))
    let edge = pixel(p, 40, 20)
    XCTAssertEqual(Array(edge[0..<3]), [0, 0, 255])
    assertLevel(edge[3], 127.5)
    XCTAssertEqual(pixel(p, 30, 20), [0, 0, 255, 255])
    XCTAssertEqual(pixel(p, 41, 20)[3], 0)
  }

  /// A mask path as Lottie writes it: a closed polygon of `points`, with
  /// zero tangents.
  private func maskPath(_ mode: String, _ points: [(Double, Double)]) -> String {
    let v = points.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
    let zero = points.map { _ in "[0,0]" }.joined(separator: ",")
    return
      #"{"mode":"\#(mode)","inv":false,"o":{"k":100},"pt":{"k":{"c":true,"v":[\#(v)],"i":[\#(zero)],"o":[\#(zero)]}}}"#
  }

  func testIntersectingWithARectangleAroundEverythingChangesNothing() throws {
    // A red layer masked by a triangle (add) and then intersected with a
    // rectangle far beyond the frame: c · 1 = c at every pixel, the
    // triangle's edges included, so the bytes of the triangle alone.
    let triangle = maskPath("a", [(10, 5), (90, 25), (15, 45)])
    let alone = try render(
      document(
        layer(
          rect(0, 0, 100, 50) + "," + fill(1, 0, 0),
          extra: #","masksProperties":["# + triangle + "]"))
    )
    for around in [
      [(-500.0, -500.0), (600, -500), (600, 600), (-500, 600)],
      [(-1.0, 0.0), (-1, 50), (100, 50), (100, 0)],
    ] {
      let masks = triangle + "," + maskPath("i", around)
      let both = try render(
        document(
          layer(
            rect(0, 0, 100, 50) + "," + fill(1, 0, 0), extra: #","masksProperties":["# + masks + "]"
          ))
      )
      XCTAssertEqual(zip(both, alone).filter { $0 != $1 }.count, 0, "\(around)")
      XCTAssertEqual(pixel(both, 40, 25), [255, 0, 0, 255])
    }
  }

  func testIntersectingWithARectangleInsideOrWithoutAreaKeepsItsCoverageOnly() throws {
    // A full-frame mask (add) intersected with the rectangle 20...40 x
    // 10...30: only its pixels stay. Then with four points that go out and
    // back along two sides (horizontal and vertical edges around the frame's
    // corner, no area): nothing stays.
    let full = maskPath("a", [(0, 0), (100, 0), (100, 50), (0, 50)])
    let inside = maskPath("i", [(20, 10), (40, 10), (40, 30), (20, 30)])
    let p = try render(
      document(
        layer(
          rect(0, 0, 100, 50) + "," + fill(1, 0, 0),
          extra: #","masksProperties":["# + full + "," + inside + "]"))
    )
    XCTAssertEqual(pixel(p, 30, 20), [255, 0, 0, 255])
    XCTAssertEqual(pixel(p, 10, 20)[3], 0)
    XCTAssertEqual(pixel(p, 50, 20)[3], 0)
    let noArea = maskPath("i", [(-10, -10), (200, -10), (-10, -10), (-10, 200)])
    let q = try render(
      document(
        layer(
          rect(0, 0, 100, 50) + "," + fill(1, 0, 0),
          extra: #","masksProperties":["# + full + "," + noArea + "]"))
    )
    XCTAssertEqual(q.enumerated().filter { $0.offset % 4 == 3 && $0.element != 0 }.count, 0)
  }

  func testMergePathsFillTheCombinedShape() throws {
    // Two rectangles, x 10...50 and 30...70 (rows 10...30), merged by each
    // mode and filled red: which of x 20 (the first only), 40 (both) and
    // 60 (the second only) are red, and 75 (neither) never.
    let expected: [Int: [Bool]] = [
      1: [true, true, true],  // merge: one compound path, both filled
      2: [true, true, true],  // add: the union
      3: [true, false, false],  // subtract: the first less the second
      4: [false, true, false],  // intersect
      5: [true, false, true],  // exclude intersections
    ]
    for (mode, reds) in expected.sorted(by: { $0.key < $1.key }) {
      let shapes =
        rect(10, 10, 40, 20) + "," + rect(30, 10, 40, 20) + ","
        + #"{"ty":"mm","mm":\#(mode)}"# + "," + fill(1, 0, 0)
      let p = try renderAtEveryKernelLevel(document(layer(shapes)))
      for (x, red) in zip([20, 40, 60], reds) {
        XCTAssertEqual(
          pixel(p, x, 20), red ? [255, 0, 0, 255] : [0, 0, 0, 0], "mode \(mode), x \(x)")
      }
      XCTAssertEqual(pixel(p, 75, 20)[3], 0, "mode \(mode)")
    }
  }

  func testARotatedPrecompositionClipsAlongItsSidesAndNotInside() throws {
    // A 30 x 30 precomposition turned 45 degrees about its center, placed
    // at (50, 25): its clip is the diamond |x - 50| + |y - 25| <= 15 sqrt 2
    // (21.21), of area 900.
    func document(_ inner: String, precomposed: Bool) -> String {
      let transform =
        #""ks":{"a":{"k":[15,15]},"p":{"k":[50,25]},"s":{"k":[100,100]},"r":{"k":45},"o":{"k":100}}"#
      let content = layer(inner + "," + fill(1, 0, 0))
      let top =
        precomposed
        ? #"{"ty":0,"ind":1,"refId":"p","w":30,"h":30,"ip":0,"op":10,"st":0,"# + transform + "}"
        : #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"# + transform + #","shapes":["# + inner + ","
          + fill(1, 0, 0) + "]}"
      return
        #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\#(width),"h":\#(height),"#
        + #""assets":[{"id":"p","layers":[\#(content)]}],"layers":[\#(top)]}"#
    }
    // A square well inside the diamond draws as it does unclipped.
    let small = rect(10, 10, 10, 10)
    XCTAssertEqual(
      try render(document(small, precomposed: true)),
      try render(document(small, precomposed: false)))
    // A rectangle far larger than the precomposition is cut to the diamond.
    let p = try render(document(rect(-100, -100, 230, 230), precomposed: true))
    XCTAssertEqual(pixel(p, 50, 25)[3], 255)
    // Row 25 (y 25...26): x 30...31 lies within 21 of the center, x 27...28
    // at 22 and more; the corners of the canvas are far outside.
    XCTAssertEqual(pixel(p, 30, 25)[3], 255)
    XCTAssertEqual(pixel(p, 27, 25)[3], 0)
    XCTAssertEqual(pixel(p, 2, 2)[3], 0)
    XCTAssertEqual(pixel(p, 97, 47)[3], 0)
    var covered = 0.0
    for y in 0..<height { for x in 0..<width { covered += Double(pixel(p, x, y)[3]) / 255 } }
    XCTAssertEqual(covered, 900, accuracy: 1)
    // The same frame drawn again by one rasterizer (its coverage cached
    // where the clip does not shape it) is the same to the bit.
    let animation = try LottieAnimation(json: document(small, precomposed: true))
    let raster = Rasterizer()
    var frames: [[UInt8]] = []
    for _ in 0..<3 {
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      try pixels.withUnsafeMutableBytes { b in
        try raster.render(
          animation, frame: 0, into: b, width: width, height: height, stride: width * 4,
          matrix: (1, 0, 0, 1, 0, 0), background: nil)
      }
      frames.append(pixels)
    }
    XCTAssertEqual(frames[0], frames[2])
    XCTAssertEqual(frames[0], try render(document(small, precomposed: true)))
  }

  func testMultiplyOfRedOverBlueIsBlack() throws {
    // Layers list top first: red multiplied onto blue (B = cb * cs per
    // channel: (1, 0, 0) * (0, 0, 1) = 0).
    let red = layer(rect(0, 0, 50, 50) + "," + fill(1, 0, 0), index: 1, extra: #","bm":1"#)
    let blue = layer(rect(0, 0, 100, 50) + "," + fill(0, 0, 1), index: 2)
    let p = try render(document(red + "," + blue))
    XCTAssertEqual(pixel(p, 25, 25), [0, 0, 0, 255])
    XCTAssertEqual(pixel(p, 75, 25), [0, 0, 255, 255])
  }

  func testGeometryNearTheLargestDoubleDrawsInBoundedTime() throws {
    // Vertices at ±1e308 (their differences overflow), a stroke 1e300
    // wide with dashes, a curve whose handles reach 1e308: every pixel is
    // written, nothing traps.
    let huge =
      #"{"ty":"sh","ks":{"k":{"c":true,"v":[[-1e308,-1e308],[1e308,-5],[3,1e308]],"i":[[0,0],[1e308,0],[0,0]],"o":[[0,0],[0,-1e308],[0,0]]}}},"#
      + #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":1e300},"lc":2,"lj":2,"#
      + #""d":[{"n":"d","v":{"k":1e-300}},{"n":"g","v":{"k":3}}]},"# + fill(1, 0, 0)
    let p = try render(document(layer(huge)))
    XCTAssertEqual(p.count, width * height * 4)
    XCTAssertFalse(stride(from: 0, to: p.count, by: 4).contains { p[$0] == 7 && p[$0 + 3] == 7 })
  }

  func testStraightAlphaIsTheSameAtEveryKernelLevel() throws {
    // Twenty bands of fill opacities from 3 % to 98 % (each partly
    // transparent pixel a different alpha and reciprocal), anti-aliased
    // at their slanted edges: straight alpha by the Swift loop at
    // baseline, eight pixels at a time with gathers at avx2 and avx512.
    var shapes: [String] = []
    for k in 0..<20 {
      let opacity = 3 + Double(k) * 5
      shapes.append(
        layer(
          rect(Double(k) * 5 + 0.3, Double(k % 7) * 3.7, 4.6, 30.4)
            + "," + fill(0.9 - Double(k) * 0.04, 0.2 + Double(k) * 0.03, 0.5, opacity: opacity),
          index: k + 1))
    }
    let expected = try renderAtEveryKernelLevel(document(shapes.joined(separator: ",")))
    let partial = stride(from: 3, to: expected.count, by: 4).filter {
      expected[$0] != 0 && expected[$0] != 255
    }.count
    XCTAssertGreaterThan(partial, 1_000)
  }

  func testOpaqueInsidesFillExactlyTheirPixelsAtEveryKernelLevel() throws {
    // Opaque rectangles on whole pixels, 1 to 47 wide from odd and even
    // columns: their insides are runs of one color (razzle_fill_row: 64-byte
    // stores at avx512, the last few masked; 32 at avx2; one pixel at a
    // time at baseline). Each row must be opaque red exactly over the
    // rectangle's columns and transparent elsewhere.
    let spans = (0..<25).map { k in (x: 1 + (k * 7) % 5, width: 1 + (k * 2) % 47, y: 2 * k) }
    let shapes = spans.enumerated().map { i, s in
      layer(
        rect(Double(s.x), Double(s.y), Double(s.width), 1) + "," + fill(1, 0, 0), index: i + 1)
    }
    let frame = try renderAtEveryKernelLevel(document(shapes.joined(separator: ",")))
    for s in spans {
      for x in 0..<width {
        let inside = x >= s.x && x < s.x + s.width
        XCTAssertEqual(
          pixel(frame, x, s.y), inside ? [255, 0, 0, 255] : [0, 0, 0, 0],
          "row \(s.y) column \(x) (\(s.width) from \(s.x))")
      }
    }
  }

  func testSolidEdgesAreTheSameAtEveryKernelLevel() throws {
    // Opaque and translucent ellipses over each other and over a
    // rectangle, at fractional positions, and two slivers whose nearly
    // level edges cross tens of pixels a row: their anti-aliased edges are
    // runs of varying coverage, painted by RasterPaint.swift's solid loop
    // at baseline and eight pixels at a time (razzle_solid_row) at avx2
    // and avx512. The frames must be the same bytes, and the edges must
    // have drawn many coverages over many colors.
    func sliver(_ y: Double, _ rise: Double, opacity: Double) -> String {
      let corners = [[3.5, y], [96.5, y - rise], [96.5, y - rise + 4.3], [3.5, y + 6.1]]
      let zeros = Array(repeating: [0.0, 0.0], count: 4)
      return #"{"ty":"sh","ks":{"k":{"c":true,"v":\#(corners),"i":\#(zeros),"o":\#(zeros)}}},"#
        + fill(0.8, 0.7, 0.1, opacity: opacity)
    }
    // (The first layer is on top: the rectangle, last, is drawn first.)
    var shapes = [
      layer(sliver(36.3, 2.7, opacity: 100), index: 6),
      layer(sliver(8.6, -3.1, opacity: 70), index: 7),
    ]
    for (k, (cx, cy, w, h, opacity)) in [
      (25.3, 20.7, 31.1, 27.9, 100.0), (50.6, 28.2, 40.4, 19.3, 100.0),
      (66.1, 17.4, 22.2, 33.8, 45.0), (40.0, 30.5, 55.5, 12.1, 80.0),
    ].enumerated() {
      shapes.append(
        layer(
          #"{"ty":"el","d":1,"p":{"k":[\#(cx),\#(cy)]},"s":{"k":[\#(w),\#(h)]}},"#
            + fill(0.9 - Double(k) * 0.2, 0.3 + Double(k) * 0.15, 0.2, opacity: opacity),
          index: k + 2))
    }
    shapes.append(layer(rect(2.25, 5.5, 95.5, 40.75) + "," + fill(0.1, 0.6, 0.9), index: 8))
    let expected = try renderAtEveryKernelLevel(document(shapes.joined(separator: ",")))
    var colors = Set<[UInt8]>()
    for o in stride(from: 0, to: expected.count, by: 4) {
      colors.insert(Array(expected[o..<(o + 4)]))
    }
    XCTAssertGreaterThan(colors.count, 60)
  }

  func testARadialGradientIsTheSameAtEveryKernelLevel() throws {
    // Radial gradients with their focal point at the center, inside the
    // circle either way and on it (highlight 100 %: one root), over and
    // beside each other with partial opacities and curved edges: the
    // Swift loops at baseline, eight pixels at a time (positions and
    // table lookups) at avx2 and avx512.
    var shapes: [String] = []
    for (k, (cx, highlight, angle, opacity)) in [
      (20.0, 0.0, 0.0, 100.0), (45.5, 50.0, 30.0, 80.0), (70.25, -60.0, 200.0, 55.0),
      (30.0, 100.0, 90.0, 100.0), (80.0, 99.0, -45.0, 35.0),
    ].enumerated() {
      let gradient =
        #"{"ty":"gf","o":{"k":\#(opacity)},"r":1,"t":2,"s":{"k":[\#(cx),25]},"#
        + #""e":{"k":[\#(cx + 23.3),\#(25 + Double(k) * 3.1)]},"#
        + #""h":{"k":\#(highlight)},"a":{"k":\#(angle)},"#
        + #""g":{"p":3,"k":{"k":[0,1,0,0,0.4,0,0.5,1,1,0.2,0.9,0.1,0,1,1,0.5,1,0.2]}}}"#
      shapes.append(
        layer(
          #"{"ty":"el","d":1,"p":{"k":[\#(cx),\#(24.6 + Double(k) * 0.3)]},"s":{"k":[49.4,44.6]}},"#
            + gradient, index: k + 1))
    }
    let expected = try renderAtEveryKernelLevel(document(shapes.joined(separator: ",")))
    var colors = Set<[UInt8]>()
    for o in stride(from: 0, to: expected.count, by: 4) {
      colors.insert(Array(expected[o..<(o + 4)]))
    }
    XCTAssertGreaterThan(colors.count, 1_000)
  }

  func testALinearGradientIsTheSameAtEveryKernelLevel() throws {
    // Linear gradients across, down and aslant, with ends inside and
    // outside their shapes (t below 0 and above 1 clamps), opaque and
    // partly transparent stops and layer opacities, over and beside each
    // other: whole runs (fill) and curved edges (blend), the Swift loops at
    // baseline, eight pixels at a time (indices, table lookups) at avx2 and
    // avx512.
    var shapes: [String] = []
    for (k, (start, end, opacity)) in [
      ((5.0, 25.0), (95.0, 25.0), 100.0), ((50.0, -10.0), (50.5, 60.0), 80.0),
      ((20.0, 10.0), (30.3, 17.7), 100.0), ((90.0, 40.0), (-40.0, 3.0), 45.0),
      ((50.0, 25.0), (50.0, 25.0), 100.0),
    ].enumerated() {
      let gradient =
        #"{"ty":"gf","o":{"k":\#(opacity)},"r":1,"t":1,"s":{"k":[\#(start.0),\#(start.1)]},"#
        + #""e":{"k":[\#(end.0),\#(end.1)]},"#
        + #""g":{"p":3,"k":{"k":[0,1,0,0,0.4,0,0.5,1,1,0.2,0.9,0.1,0,1,0.6,0.5,1,0.2]}}}"#
      shapes.append(
        layer(
          #"{"ty":"el","d":1,"p":{"k":[\#(20.0 + Double(k) * 15.3),\#(24.6 + Double(k) * 0.3)]},"#
            + #""s":{"k":[\#(60.4 - Double(k) * 3),\#(44.6 + Double(k))]}},"# + gradient,
          index: k + 1))
    }
    let expected = try renderAtEveryKernelLevel(document(shapes.joined(separator: ",")))
    var colors = Set<[UInt8]>()
    for o in stride(from: 0, to: expected.count, by: 4) {
      colors.insert(Array(expected[o..<(o + 4)]))
    }
    XCTAssertGreaterThan(colors.count, 1_000)
  }

  func testAnImageIsSampledTheSameAtEveryKernelLevel() throws {
    // A 37 x 23 image of random pixels (alpha 0 to 255), drawn rotated,
    // scaled, shifted by fractions of a pixel and half transparent: at
    // baseline by RasterPaint.swift's loop, at avx2 and avx512 eight
    // pixels at a time with gathers (razzle_image_row). The frames must be
    // the same bytes, and the image must have drawn.
    var generator = SystemRandomNumberGenerator()
    var rgba = [UInt8](repeating: 0, count: 37 * 23 * 4)
    for i in rgba.indices { rgba[i] = UInt8.random(in: 0...255, using: &generator) }
    func frame(rotation: Double, scale: Double, x: Double, y: Double, opacity: Double) throws
      -> [UInt8]
    {
      let json = """
        {"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\(width),"h":\(height),
         "assets":[{"id":"i","w":37,"h":23,"u":"","p":"i.png"}],
         "layers":[{"ty":2,"ind":1,"refId":"i","ip":0,"op":10,"st":0,
           "ks":{"a":{"k":[18.5,11.5]},"p":{"k":[\(x),\(y)]},"s":{"k":[\(scale),\(scale)]},
                 "r":{"k":\(rotation)},"o":{"k":\(opacity)}}}]}
        """
      let animation = try LottieAnimation(json: json)
      let raster = Rasterizer()
      try rgba.withUnsafeBytes {
        try raster.setImage(index: 0, rgba: $0, width: 37, height: 23, stride: 37 * 4)
      }
      var pixels = [UInt8](repeating: 7, count: width * height * 4)
      try pixels.withUnsafeMutableBytes { p in
        try raster.render(
          animation, frame: 0, into: p, width: width, height: height, stride: width * 4,
          matrix: (1, 0, 0, 1, 0, 0), background: SIMD4(0.2, 0.4, 0.6, 1), premultiplied: true)
      }
      return pixels
    }
    defer { try? KernelLevel.select(nil) }
    let cases: [(Double, Double, Double, Double, Double)] = [
      (0, 100, 50, 25, 100), (14.3, 64, 50.3, 24.7, 100), (90, 170, 49.5, 25.25, 60),
      (200, 123.4, 30.1, 20.9, 100), (-33, 250, 60, 30, 100), (0, 100, 50.5, 25.5, 100),
    ]
    for (rotation, scale, x, y, opacity) in cases {
      try KernelLevel.select(.baseline)
      let expected = try frame(rotation: rotation, scale: scale, x: x, y: y, opacity: opacity)
      let background = expected[0..<4]
      XCTAssertGreaterThan(
        stride(from: 0, to: expected.count, by: 4).filter { expected[$0..<$0 + 4] != background }
          .count, 300, "the image drew, rotation \(rotation)")
      for level in KernelLevel.allCases where level.isSupported && level != .baseline {
        try KernelLevel.select(level)
        let got = try frame(rotation: rotation, scale: scale, x: x, y: y, opacity: opacity)
        let differing = zip(got, expected).filter { $0 != $1 }.count
        XCTAssertEqual(
          differing, 0, "bytes differing at \(level), rotation \(rotation), scale \(scale)")
      }
    }
  }

  func testBadSizesAndBuffersAreRefusedWithoutWritingThePixels() throws {
    let animation = try LottieAnimation(
      json: document(layer(rect(0, 0, 10, 10) + "," + fill(1, 0, 0))))
    let raster = Rasterizer()
    var pixels = [UInt8](repeating: 7, count: 16)
    func attempt(
      _ w: Int, _ h: Int, _ stride: Int,
      _ matrix: (Double, Double, Double, Double, Double, Double)? = nil
    ) -> RazzleError.Kind? {
      do {
        try pixels.withUnsafeMutableBytes { p in
          try raster.render(
            animation, frame: 0, into: p, width: w, height: h, stride: stride, matrix: matrix)
        }
        return nil
      } catch {
        return (error as? RazzleError)?.kind
      }
    }
    XCTAssertEqual(attempt(0, 1, 4), .invalidValue)
    XCTAssertEqual(attempt(2, 2, 4), .invalidValue)  // stride < 4 * width
    XCTAssertEqual(attempt(4, 4, 16), .bufferTooSmall)
    XCTAssertEqual(attempt(2, 2, 8, (0, 0, 0, 0, 0, 0)), .invalidValue)
    XCTAssertEqual(attempt(2, 2, 8, (.nan, 0, 0, 1, 0, 0)), .invalidValue)
    XCTAssertEqual(pixels, [UInt8](repeating: 7, count: 16))
    XCTAssertNil(attempt(2, 2, 8))
  }
}
