import XCTest

@testable import Razzle

/// A rasterizer keeps the pixels of a frame drawn twice in a row and copies
/// them when the same display list comes again under the same numbers:
/// every frame must be the same to the bit as a fresh rasterizer's, the
/// copy must happen exactly when the rule says, and a kept frame must not
/// be served once anything it depends on changed.
final class FrameReuseTests: XCTestCase {
  private let width = 40
  private let height = 30

  /// A red square whose fill turns blue over frames 0–8 (every frame's list
  /// differs), a half-transparent green circle (partly transparent pixels:
  /// straight alpha differs from premultiplied), and an image layer.
  private var json: String {
    func layer(_ index: Int, _ shapes: String) -> String {
      #"{"ty":4,"ind":\#(index),"ip":0,"op":10,"st":0,"#
        + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"#
        + #""shapes":[\#(shapes)]}"#
    }
    let square =
      #"{"ty":"rc","d":1,"p":{"k":[12,12]},"s":{"k":[16,16]},"r":{"k":0}},"#
      + #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":8,"s":[0,0,1,1]}]},"o":{"k":100}}"#
    let circle =
      #"{"ty":"el","d":1,"p":{"k":[28,18]},"s":{"k":[17,17]}},"#
      + #"{"ty":"fl","c":{"k":[0,1,0,1]},"o":{"k":50}}"#
    let image =
      #"{"ty":2,"ind":3,"refId":"i","ip":0,"op":10,"st":0,"#
      + #""ks":{"a":{"k":[0,0]},"p":{"k":[30,2]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#
    return
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\#(width),"h":\#(height),"#
      + #""assets":[{"id":"i","w":4,"h":4,"u":"","p":"i.png"}],"layers":["#
      + [image, layer(1, circle), layer(2, square)].joined(separator: ",") + "]}"
  }

  /// What a frame is drawn with besides its time.
  private struct Numbers {
    var width = 40
    var height = 30
    var stride = 160
    var matrix: (Double, Double, Double, Double, Double, Double)? = (1, 0, 0, 1, 0, 0)
    var background: SIMD4<Double>? = nil
    var premultiplied = false
  }

  private func image(_ shade: UInt8) -> [UInt8] {
    var rgba: [UInt8] = []
    for i in 0..<16 {
      let step = UInt8(i)
      rgba += [shade, step &* 16, 255 &- shade, 64 &+ step &* 8]
    }
    return rgba
  }

  private func draw(
    _ raster: Rasterizer, _ animation: LottieAnimation, _ frame: Double, _ n: Numbers = Numbers(),
    image shade: UInt8 = 200
  ) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 7, count: n.stride * (n.height - 1) + n.width * 4 + 5)
    try pixels.withUnsafeMutableBytes { p in
      try raster.render(
        animation, frame: frame, into: p, width: n.width, height: n.height, stride: n.stride,
        matrix: n.matrix, background: n.background, premultiplied: n.premultiplied)
    }
    return pixels
  }

  /// A new rasterizer with the image set.
  private func rasterizer(image shade: UInt8 = 200) throws -> Rasterizer {
    let raster = Rasterizer()
    try image(shade).withUnsafeBytes {
      try raster.setImage(index: 0, rgba: $0, width: 4, height: 4, stride: 16)
    }
    return raster
  }

  func testAFrameDrawnTwiceInARowIsCopiedWhenItComesAgain() throws {
    let animation = try LottieAnimation(json: json)
    let raster = try rasterizer()
    // Drawn, drawn again (kept), copied; another frame drawn twice (kept
    // in its place) and copied; the first frame drawn (no longer kept);
    // the kept one copied again.
    let frames: [Double] = [0, 0, 0, 1, 1, 1, 0, 1]
    let reused = [0, 0, 1, 1, 1, 2, 2, 3]
    for (f, expected) in zip(frames, reused) {
      let got = try draw(raster, animation, f)
      XCTAssertEqual(got, try draw(try rasterizer(), animation, f), "frame \(f)")
      XCTAssertEqual(raster.framesReused, expected, "frames copied after frame \(f)")
    }
    // The copy writes the frame's rows and nothing past them.
    let got = try draw(raster, animation, 1)
    XCTAssertEqual(raster.framesReused, 4)
    XCTAssertEqual(Array(got.suffix(5)), [7, 7, 7, 7, 7])
  }

  func testAKeptFrameIsNotServedOnceAnythingItDependsOnChanged() throws {
    let animation = try LottieAnimation(json: json)
    var changes: [(String, Numbers)] = []
    var n = Numbers()
    n.background = SIMD4(0.2, 0.4, 0.6, 1)
    changes.append(("a background", n))
    n = Numbers()
    n.premultiplied = true
    changes.append(("premultiplied", n))
    n = Numbers()
    n.matrix = (1, 0, 0, 1, 0.5, 0)
    changes.append(("a matrix", n))
    n = Numbers()
    n.matrix = nil
    changes.append(("no matrix", n))
    n = Numbers()
    n.width = 39
    n.stride = 156
    changes.append(("a width", n))
    n = Numbers()
    n.stride = 172
    changes.append(("padded rows", n))
    for (what, numbers) in changes {
      let raster = try rasterizer()
      _ = try draw(raster, animation, 2)
      _ = try draw(raster, animation, 2)
      let got = try draw(raster, animation, 2, numbers)
      XCTAssertEqual(got, try draw(try rasterizer(), animation, 2, numbers), what)
      // Padded rows keep the key (the copy goes row by row): copied.
      XCTAssertEqual(raster.framesReused, what == "padded rows" ? 1 : 0, what)
    }
    // A new image for the kept frame's IMAGE op.
    let raster = try rasterizer()
    _ = try draw(raster, animation, 2)
    _ = try draw(raster, animation, 2)
    try image(30).withUnsafeBytes {
      try raster.setImage(index: 0, rgba: $0, width: 4, height: 4, stride: 16)
    }
    let got = try draw(raster, animation, 2)
    XCTAssertEqual(got, try draw(try rasterizer(image: 30), animation, 2), "a new image")
    XCTAssertNotEqual(got, try draw(try rasterizer(image: 200), animation, 2), "the image shows")
    XCTAssertEqual(raster.framesReused, 0)
  }
}
