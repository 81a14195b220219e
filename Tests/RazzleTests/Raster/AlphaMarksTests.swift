import XCTest

@testable import Razzle

/// A plain frame (fills and strokes straight into the caller's rows, in
/// straight alpha) is divided by alpha only where its spans marked it
/// (AlphaMarks). The same shapes with one op that makes the frame not plain
/// (an IMAGE op whose image is not set: it draws nothing) take the other
/// route, every pixel of the box divided. The two must give the same
/// bytes, whatever the rows held before, at every kernel level.
final class AlphaMarksTests: XCTestCase {
  private let width = 83
  private let height = 41

  /// Overlapping shapes at fractional places: opaque and half-transparent
  /// fills, a stroke, an even-odd ring, a rounded rectangle past the right
  /// side, a sliver one pixel wide; `image` adds an image layer.
  private func json(image: Bool) -> String {
    func layer(_ index: Int, _ shapes: String, opacity: Double = 100) -> String {
      #"{"ty":4,"ind":\#(index),"ip":0,"op":10,"st":0,"#
        + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":\#(opacity)}},"#
        + #""shapes":[\#(shapes)]}"#
    }
    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double = 0) -> String {
      #"{"ty":"rc","d":1,"p":{"k":[\#(x + w / 2),\#(y + h / 2)]},"s":{"k":[\#(w),\#(h)]},"r":{"k":\#(r)}}"#
    }
    func fill(_ r: Double, _ g: Double, _ b: Double, _ o: Double = 100, rule: Int = 1) -> String {
      #"{"ty":"fl","c":{"k":[\#(r),\#(g),\#(b),1]},"o":{"k":\#(o)},"r":\#(rule)}"#
    }
    let ellipse = #"{"ty":"el","d":1,"p":{"k":[30.3,20.6]},"s":{"k":[33.5,27.2]}}"#
    let stroke = #"{"ty":"st","c":{"k":[0.1,0.2,0.9,1]},"o":{"k":80},"w":{"k":2.5},"lc":2,"lj":2}"#
    var layers = [
      layer(1, rect(60.4, 3.3, 30, 20.5, 6) + "," + fill(0.9, 0.5, 0.1)),
      layer(2, ellipse + "," + stroke),
      layer(3, rect(10.5, 25.25, 0.6, 14) + "," + fill(0, 0, 0)),
      layer(
        4,
        rect(40.2, 10.7, 25, 25) + "," + rect(46.2, 16.7, 13, 13) + ","
          + fill(0.3, 0.8, 0.3, rule: 2),
        opacity: 70),
      layer(5, ellipse + "," + fill(1, 0, 0, 50)),
      layer(6, rect(2.5, 2.5, 70, 36) + "," + fill(0.95, 0.95, 0.2, 60)),
    ]
    var assets = ""
    if image {
      layers.insert(
        #"{"ty":2,"ind":7,"refId":"i","ip":0,"op":10,"st":0,"#
          + #""ks":{"a":{"k":[0,0]},"p":{"k":[5,5]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#,
        at: 0)
      assets = #""assets":[{"id":"i","w":4,"h":4,"u":"","p":"i.png"}],"#
    }
    return
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\#(width),"h":\#(height),\#(assets)"layers":["#
      + layers.joined(separator: ",") + "]}"
  }

  private func draw(
    _ raster: Rasterizer, _ animation: LottieAnimation, garbage: UInt8, premultiplied: Bool
  ) throws -> [UInt8] {
    var pixels = [UInt8](repeating: garbage, count: width * height * 4)
    try pixels.withUnsafeMutableBytes { p in
      try raster.render(
        animation, frame: 0, into: p, width: width, height: height, stride: width * 4,
        matrix: (1, 0, 0, 1, 0, 0), background: nil, premultiplied: premultiplied)
    }
    return pixels
  }

  func testAPlainFrameIsTheFrameTheGeneralRouteDraws() throws {
    let plain = try LottieAnimation(json: json(image: false))
    let general = try LottieAnimation(json: json(image: true))
    defer { try? KernelLevel.select(nil) }
    for level in KernelLevel.allCases where level.isSupported {
      try KernelLevel.select(level)
      for premultiplied in [false, true] {
        let what = "\(level), premultiplied \(premultiplied)"
        let raster = Rasterizer()
        let expected = try draw(Rasterizer(), general, garbage: 0, premultiplied: premultiplied)
        // Partly transparent pixels, opaque ones and transparent ones.
        let alphas = Set(stride(from: 3, to: expected.count, by: 4).map { expected[$0] })
        XCTAssertTrue(alphas.contains(0) && alphas.contains(255), what)
        XCTAssertGreaterThan(alphas.count, 20, what)
        for garbage: UInt8 in [0, 0xAB, 0xFF] {
          let got = try draw(raster, plain, garbage: garbage, premultiplied: premultiplied)
          let differing = zip(got, expected).filter { $0 != $1 }.count
          XCTAssertEqual(differing, 0, "\(what), rows holding \(garbage) before")
        }
        // The same frame from the coverage cache (a frame drawn twice in
        // a row is kept: a new rasterizer each time draws it again).
        XCTAssertEqual(raster.plainFrames, premultiplied ? 0 : 2, what)
        let again = Rasterizer()
        _ = try draw(again, plain, garbage: 0x5A, premultiplied: premultiplied)
        let cached = try draw(again, plain, garbage: 0x5A, premultiplied: premultiplied)
        XCTAssertEqual(cached, expected, "\(what), from the coverage cache")
        XCTAssertEqual(again.plainFrames, premultiplied ? 0 : 2, what)
      }
    }
  }
}
