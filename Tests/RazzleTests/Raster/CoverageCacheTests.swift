import Razzle
import XCTest

/// A rasterizer reuses the coverage of paths drawn the frame before: every
/// frame of a sequence drawn by one rasterizer must be the same to the bit
/// as the frame drawn by a new one, still shapes must take this frame's
/// paint, and a shape that moves after standing still must be drawn where
/// it is now.
final class CoverageCacheTests: XCTestCase {
  private let width = 64
  private let height = 48

  /// A still square whose fill turns from red to blue (frames 0–8), a
  /// still stroked circle, a square that holds still for frames 0–3 and
  /// jumps right at 4, and a still rectangle in a precomposition clipped
  /// to 30 × 20 (a partial clip: fractional after the fit below).
  private var json: String {
    let still =
      #"{"ty":"rc","d":1,"p":{"k":[12,12]},"s":{"k":[16,16]},"r":{"k":0}},"#
      + #"{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":[1,0,0,1],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":8,"s":[0,0,1,1]}]},"o":{"k":100}}"#
    let ring =
      #"{"ty":"el","d":1,"p":{"k":[44,14]},"s":{"k":[18,18]}},"#
      + #"{"ty":"st","c":{"k":[0,0.5,0,1]},"o":{"k":100},"w":{"k":3},"lc":2,"lj":2}"#
    let jumper =
      #"{"ty":"rc","d":1,"p":{"a":1,"k":[{"t":0,"s":[10,36],"h":1},{"t":4,"s":[30,36]}]},"#
      + #""s":{"k":[10,10]},"r":{"k":2}},{"ty":"fl","c":{"k":[0,0,0,1]},"o":{"k":100}}"#
    func layer(_ index: Int, _ shapes: String) -> String {
      #"{"ty":4,"ind":\#(index),"ip":0,"op":10,"st":0,"#
        + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"#
        + #""shapes":[\#(shapes)]}"#
    }
    let inner = layer(
      1,
      #"{"ty":"rc","d":1,"p":{"k":[20,10]},"s":{"k":[40,40]},"r":{"k":0}},"#
        + #"{"ty":"fl","c":{"k":[1,0.5,0,1]},"o":{"k":60}}"#)
    let precomp =
      #"{"ty":0,"ind":4,"refId":"p","w":30,"h":20,"ip":0,"op":10,"st":0,"#
      + #""ks":{"a":{"k":[0,0]},"p":{"k":[34,26]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}}"#
    return
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\#(width),"h":\#(height),"#
      + #""assets":[{"id":"p","layers":[\#(inner)]}],"layers":["#
      + [layer(1, still), layer(2, ring), layer(3, jumper), precomp].joined(separator: ",")
      + "]}"
  }

  private func frame(
    _ raster: Rasterizer, _ animation: LottieAnimation, _ f: Double, scale: Double
  ) throws -> [UInt8] {
    let w = Int((Double(width) * scale).rounded(.up))
    let h = Int((Double(height) * scale).rounded(.up))
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    try pixels.withUnsafeMutableBytes { p in
      try raster.render(
        animation, frame: f, into: p, width: w, height: h, stride: w * 4,
        matrix: (scale, 0, 0, scale, 0.25, 0.25), background: nil)
    }
    return pixels
  }

  func testEveryFrameIsTheSameToTheBitAsAFreshRasterizers() throws {
    let animation = try LottieAnimation(json: json)
    for scale in [1.0, 1.5] {
      let reused = Rasterizer()
      // Forward, a repeat of each frame, and back: still shapes hit the
      // cache from the third frame on.
      for f in [0, 0, 1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 9, 5, 2] {
        let kept = try frame(reused, animation, Double(f), scale: scale)
        let fresh = try frame(Rasterizer(), animation, Double(f), scale: scale)
        XCTAssertEqual(kept, fresh, "frame \(f) at scale \(scale)")
      }
    }
  }

  func testAStillShapeUnderAMovingMaskIsDrawnUnderTheMaskOfThisFrame() throws {
    // A still red rectangle over the whole frame, its layer masked by a
    // 20 x 20 square at x 10...30 for frames 0-3 that jumps to x 34...54 at
    // frame 4 and fades to half at frame 7 (hold keyframes: the same
    // bounds as before); the mask is drawn as a clip, so the rectangle's
    // coverage is cached under the mask it was drawn with.
    func square(_ x: Int) -> String {
      #"{"c":true,"v":[[\#(x),10],[\#(x + 20),10],[\#(x + 20),30],[\#(x),30]],"#
        + #""i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    }
    let mask =
      #""masksProperties":[{"mode":"a","inv":false,"#
      + #""o":{"a":1,"k":[{"t":0,"s":[100],"h":1},{"t":7,"s":[50]}]},"pt":{"a":1,"k":["#
      + #"{"t":0,"s":[\#(square(10))],"h":1},{"t":4,"s":[\#(square(34))]}]}}]"#
    let json =
      #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":\#(width),"h":\#(height),"layers":["#
      + #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"#
      + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}},"#
      + #""shapes":[{"ty":"rc","d":1,"p":{"k":[32,24]},"s":{"k":[64,48]},"r":{"k":0}},"#
      + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}],"# + mask + "}]}"
    let animation = try LottieAnimation(json: json)
    let reused = Rasterizer()
    for f in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 5, 2, 1] {
      let kept = try frame(reused, animation, Double(f), scale: 1)
      XCTAssertEqual(kept, try frame(Rasterizer(), animation, Double(f), scale: 1), "frame \(f)")
      // Row 20 (the matrix moves everything by a quarter pixel): inside
      // the mask of this frame red, inside the other one's nothing.
      let inside = f < 4 ? 20 : 44
      let outside = f < 4 ? 44 : 20
      let o = (20 * width + inside) * 4
      XCTAssertEqual(Array(kept[o..<(o + 3)]), [255, 0, 0], "frame \(f)")
      XCTAssertEqual(Double(kept[o + 3]), f < 7 ? 255 : 127.5, accuracy: 1, "frame \(f)")
      XCTAssertEqual(kept[(20 * width + outside) * 4 + 3], 0, "frame \(f)")
    }
  }

  func testAStillShapeTakesThisFramesColorAndAMovedOneIsDrawnWhereItIs() throws {
    let animation = try LottieAnimation(json: json)
    let raster = Rasterizer()
    func rgba(_ p: [UInt8], _ x: Int, _ y: Int) -> [UInt8] {
      let o = (y * width + x) * 4
      return Array(p[o..<(o + 4)])
    }
    for f in 0...3 { _ = try frame(raster, animation, Double(f), scale: 1) }
    // Frame 8: the square's fill is its last keyframe, blue (it was red
    // and purple in the frames cached before).
    let p8 = try frame(raster, animation, 8, scale: 1)
    XCTAssertEqual(rgba(p8, 12, 12), [0, 0, 255, 255])
    // The jumper covers x 5...15 up to frame 3 and 25...35 from frame 4:
    // (10, 36) is empty, (30, 36) black.
    XCTAssertEqual(rgba(p8, 10, 36)[3], 0)
    XCTAssertEqual(rgba(p8, 30, 36), [0, 0, 0, 255])
    let p3 = try frame(raster, animation, 3, scale: 1)
    XCTAssertEqual(rgba(p3, 10, 36), [0, 0, 0, 255])
    XCTAssertEqual(rgba(p3, 30, 36)[3], 0)
  }
}
