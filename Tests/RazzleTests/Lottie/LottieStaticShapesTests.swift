import Razzle
import XCTest

/// A display list appends the ops of a layer whose shapes hold no animated
/// property again instead of rebuilding them: every frame built into a
/// reused list must equal the frame built into a new one, and the layer's
/// opacity (which may animate over still shapes) must reach the paints.
final class LottieStaticShapesTests: XCTestCase {
  private let linear = #""o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}"#

  private func layer(_ index: Int, _ shapes: String, opacity: String = #"{"k":100}"#) -> String {
    #"{"ty":4,"ind":\#(index),"ip":0,"op":20,"st":0,"#
      + #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":\#(opacity)},"#
      + #""shapes":[\#(shapes)]}"#
  }

  /// Still shapes (a rectangle, a dashed stroke, a gradient, a trimmed
  /// path, a repeater) under an opacity that fades 100 → 0 over frames
  /// 0–10, a moving ellipse, and a precomposition of still shapes used by
  /// two layers at different opacities.
  private var json: String {
    let still =
      #"{"ty":"rc","d":1,"p":{"k":[20,20]},"s":{"k":[20,10]},"r":{"k":2}},"#
      + #"{"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":100},"w":{"k":2},"lc":1,"lj":1,"ml":4,"#
      + #""d":[{"n":"d","v":{"k":3}},{"n":"g","v":{"k":2}},{"n":"o","v":{"k":1}}]},"#
      + #"{"ty":"gf","t":1,"s":{"k":[0,0]},"e":{"k":[40,0]},"o":{"k":100},"r":1,"#
      + #""g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}}}"#
    let trimmed =
      #"{"ty":"sh","ks":{"k":{"c":false,"v":[[0,50],[80,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},"#
      + #"{"ty":"tm","s":{"k":10},"e":{"k":60},"o":{"k":0},"m":1},"#
      + #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":1},"lc":2,"lj":2,"ml":4}"#
    let repeated =
      #"{"ty":"el","p":{"k":[70,10]},"s":{"k":[4,4]}},"#
      + #"{"ty":"rp","c":{"k":3},"o":{"k":0},"m":1,"tr":{"p":{"k":[5,0]},"a":{"k":[0,0]},"#
      + #""s":{"k":[100,100]},"r":{"k":0},"so":{"k":100},"eo":{"k":50}}},"#
      + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
    let moving =
      #"{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[10,80],\#(linear)},{"t":10,"s":[90,80]}]},"#
      + #""s":{"k":[8,8]}},{"ty":"fl","c":{"k":[0,0,0,1]},"o":{"k":100}}"#
    let fade = #"{"a":1,"k":[{"t":0,"s":[100],\#(linear)},{"t":10,"s":[0]}]}"#
    let inner = layer(
      1,
      #"{"ty":"rc","p":{"k":[5,5]},"s":{"k":[6,6]},"r":{"k":0}},"#
        + #"{"ty":"fl","c":{"k":[0,1,0,1]},"o":{"k":100}}"#)
    func precomp(_ index: Int, _ x: Int, _ opacity: Int) -> String {
      #"{"ty":0,"ind":\#(index),"refId":"p","w":20,"h":20,"ip":0,"op":20,"st":0,"#
        + #""ks":{"a":{"k":[0,0]},"p":{"k":[\#(x),60]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":\#(opacity)}}}"#
    }
    // Drawn last (first in the file): a still gradient and a still dashed
    // stroke after the others' stops and dashes, so that their starts are
    // not 0; an empty path beside them.
    let top =
      #"{"ty":"el","p":{"k":[120,20]},"s":{"k":[30,30]}},"#
      + #"{"ty":"gf","t":2,"s":{"k":[120,20]},"e":{"k":[135,20]},"h":{"k":20},"a":{"k":30},"#
      + #""o":{"k":100},"r":1,"g":{"p":3,"k":{"k":[0,1,1,0,0.5,0,1,1,1,1,0,1,0,1,1,0.5]}}},"#
      + #"{"ty":"st","c":{"k":[1,0,1,1]},"o":{"k":100},"w":{"k":1},"lc":1,"lj":1,"ml":4,"#
      + #""d":[{"n":"d","v":{"k":1}},{"n":"g","v":{"k":1}}]}"#
    let layers = [
      layer(7, top), layer(1, still, opacity: fade), layer(2, trimmed), layer(3, repeated),
      layer(4, moving), precomp(5, 100, 100), precomp(6, 130, 40),
    ]
    return
      #"{"v":"5.7.0","fr":30,"ip":0,"op":20,"w":160,"h":100,"#
      + #""assets":[{"id":"p","layers":[\#(inner)]}],"layers":[\#(layers.joined(separator: ","))]}"#
  }

  private func assertSame(_ a: DisplayList, _ b: DisplayList, _ message: String) {
    XCTAssertEqual(a.ops, b.ops, message)
    XCTAssertEqual(a.verbs, b.verbs, message)
    XCTAssertEqual(a.points, b.points, message)
    XCTAssertEqual(a.dashes, b.dashes, message)
    XCTAssertEqual(a.stops, b.stops, message)
  }

  func testAReusedListBuildsEveryFrameAsANewOne() throws {
    let animation = try LottieAnimation(json: json)
    let reused = DisplayList()
    for f in [0.0, 0, 1, 2, 5, 5, 10, 11, 12, 19, 3, 12] {
      try animation.draw(frame: f, into: reused)
      let fresh = DisplayList()
      try animation.draw(frame: f, into: fresh)
      assertSame(reused, fresh, "frame \(f)")
      XCTAssertFalse(reused.ops.isEmpty)
    }
  }

  func testAListDrawingTwoImportsInTurnBuildsEachAsANewList() throws {
    // Two imports of the same document have layers of their own: a list
    // drawn from one, then the other, then the first again, lets the
    // other's recordings go and builds each frame as a new list would.
    let first = try LottieAnimation(json: json)
    let second = try LottieAnimation(json: json)
    let list = DisplayList()
    for (animation, f) in [(first, 0.0), (first, 0.0), (second, 0.0), (first, 1.0), (second, 1.0)] {
      try animation.draw(frame: f, into: list)
      let fresh = DisplayList()
      try animation.draw(frame: f, into: fresh)
      assertSame(list, fresh, "frame \(f)")
    }
  }

  func testAFadingLayerOfStillShapesPaintsWithThisFramesOpacity() throws {
    let animation = try LottieAnimation(json: json)
    let list = DisplayList()
    // Frames 11 and 12 (opacity 0: the layer is skipped), then 5: half.
    for f in [11.0, 12, 12] { try animation.draw(frame: f, into: list) }
    try animation.draw(frame: 5, into: list)
    let blue = list.ops.filter {
      $0.kind == DrawOpKind.stroke.rawValue && $0.color.0 == 0 && $0.color.2 == 1
    }
    XCTAssertEqual(blue.count, 1)
    XCTAssertEqual(blue.first?.color.3 ?? -1, 0.5, accuracy: 1e-12)
    try animation.draw(frame: 2, into: list)
    let again = list.ops.filter {
      $0.kind == DrawOpKind.stroke.rawValue && $0.color.0 == 0 && $0.color.2 == 1
    }
    XCTAssertEqual(again.first?.color.3 ?? -1, 0.8, accuracy: 1e-12)
  }
}
