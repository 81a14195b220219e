import Razzle
import XCTest

/// Frames of hand-written Lottie documents as display lists, against values
/// worked by hand from lottie-web's rules (Guides/Lottie.md, "Playing").
final class LottieDisplayListTests: XCTestCase {
  private func document(_ layers: String, assets: String = "[]", op: Int = 60) -> String {
    """
    {"v":"5.7.0","fr":30,"ip":0,"op":\(op),"w":200,"h":100,"assets":\(assets),"layers":[\(layers)]}
    """
  }

  private func draw(_ json: String, _ frame: Double) throws -> DisplayList {
    let animation = try LottieAnimation(json: json)
    let list = DisplayList()
    try animation.draw(frame: frame, into: list)
    return list
  }

  private func kinds(_ list: DisplayList) -> [DrawOpKind] {
    list.ops.map { DrawOpKind(rawValue: $0.kind)! }
  }

  private let transform =
    #""ks":{"a":{"k":[0,0]},"p":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}"#

  private func shapeLayer(_ shapes: String, extra: String = "") -> String {
    #"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"#
      + transform + #","shapes":["# + shapes + "]" + extra + "}"
  }

  /// The square (0, 0), (100, 0), (100, 100), (0, 100), sharp, closed.
  private let square =
    #"{"ty":"sh","ks":{"k":{"c":true,"v":[[0,0],[100,0],[100,100],[0,100]],"#
    + #""i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
  /// The open line (0, 0) to (100, 0).
  private let line =
    #"{"ty":"sh","ks":{"k":{"c":false,"v":[[0,0],[100,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
  private let blackFill = #"{"ty":"fl","c":{"k":[0,0,0,1]},"o":{"k":100}}"#

  /// The points of `shape` under the shape modifier `modifier` (its JSON
  /// object) painted by `paint`: the frame's one FILL or STROKE.
  private func modified(_ shape: String, _ modifier: String, paint: String? = nil) throws
    -> [[Double]]
  {
    let list = try draw(
      document(shapeLayer(shape + "," + modifier + "," + (paint ?? blackFill))), 0)
    XCTAssertEqual(kinds(list).count, 3)
    return list.points(of: list.ops[1])
  }

  /// Each point of `got` within 1e-9 of `expected`'s.
  private func assertPoints(
    _ got: [[Double]], _ expected: [[Double]], _ name: String = "", line: UInt = #line
  ) {
    XCTAssertEqual(got.count, expected.count, name, line: line)
    for (g, e) in zip(got, expected) {
      XCTAssertEqual(g[0], e[0], accuracy: 1e-9, name, line: line)
      XCTAssertEqual(g[1], e[1], accuracy: 1e-9, name, line: line)
    }
  }

  /// Every third point from the first: a path's vertices.
  private func vertices(_ p: [[Double]]) -> [[Double]] {
    stride(from: 0, to: p.count, by: 3).map { p[$0] }
  }

  func testRectangleFillIsLottieWebsVerticesFromTheTopRight() throws {
    // rc p (50, 40), s (20, 10), d 1: from (R, T) down the right side:
    // (60, 35), (60, 45), (40, 45), (40, 35), each segment a line (its
    // control points on its ends), closed.
    let json = document(
      shapeLayer(
        #"{"ty":"rc","d":1,"p":{"k":[50,40]},"s":{"k":[20,10]},"r":{"k":0}},"#
          + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":50},"r":2}"#))
    let list = try draw(json, 0)
    XCTAssertEqual(kinds(list), [.save, .fill, .restore])
    let fill = list.ops[1]
    XCTAssertEqual(fill.mode, 2)  // even-odd
    XCTAssertEqual(fill.color.0, 1)
    XCTAssertEqual(fill.color.3, 0.5)
    let p = list.points(of: fill)
    XCTAssertEqual(p.first, [60, 35])
    let corners = stride(from: 3, to: p.count, by: 3).map { p[$0] }
    XCTAssertEqual(corners, [[60, 45], [40, 45], [40, 35], [60, 35]])
    XCTAssertEqual(list.verbs.last, PathVerb.close.rawValue)
  }

  func testMissingDirectionReversesARectangle() throws {
    // lottie-web reverses a rectangle unless d is 1 or 2: from (R, T) to
    // the left first.
    let json = document(
      shapeLayer(
        #"{"ty":"rc","p":{"k":[50,40]},"s":{"k":[20,10]},"r":{"k":0}},"#
          + #"{"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}}"#))
    let list = try draw(json, 0)
    let p = list.points(of: list.ops[1])
    XCTAssertEqual(
      stride(from: 3, to: p.count, by: 3).map { p[$0] },
      [[40, 35], [40, 45], [60, 45], [60, 35]])
  }

  func testStyleScopingAndPaintOrder() throws {
    // [group [ellipse, fill A], rect, stroke B, fill C]: fill C paints the
    // group's ellipse and the rect and is drawn first (bottom), stroke B
    // next, then the group's fill A (top) over its ellipse only.
    let json = document(
      shapeLayer(
        #"{"ty":"gr","it":[{"ty":"el","p":{"k":[10,10]},"s":{"k":[4,4]}},"#
          + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},"#
          + #"{"ty":"tr","p":{"k":[100,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":50}}]},"#
          + #"{"ty":"rc","d":1,"p":{"k":[0,0]},"s":{"k":[2,2]},"r":{"k":0}},"#
          + #"{"ty":"st","c":{"k":[0,1,0,1]},"o":{"k":100},"w":{"k":3},"lc":1,"lj":3},"#
          + #"{"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}}"#))
    let list = try draw(json, 0)
    let styles = list.ops.filter {
      $0.kind == DrawOpKind.fill.rawValue || $0.kind == DrawOpKind.stroke.rawValue
    }
    XCTAssertEqual(styles.map { $0.color.2 }, [1, 0, 0])  // C (blue), B, A
    XCTAssertEqual(styles.map { $0.color.1 }, [0, 1, 0])
    // C covers two contours: the ellipse moved by the group (center 110, 10,
    // top vertex (110, 8)) and the rectangle.
    let c = list.points(of: styles[0])
    XCTAssertEqual(c.first, [110, 8])
    XCTAssertEqual(
      list.verbs[Int(styles[0].verbStart)...].prefix(Int(styles[0].verbCount)).filter { $0 == 0 }
        .count, 2)
    // B: the stroke's style.
    XCTAssertEqual(styles[1].width, 3)
    XCTAssertEqual(styles[1].cap, 1)
    XCTAssertEqual(styles[1].join, 3)
    // A is inside the group: 50 % opacity, drawn in the group's coordinates
    // (a SAVE with the group's translation) over the ellipse at (10, 8).
    XCTAssertEqual(styles[2].color.3, 0.5)
    XCTAssertEqual(list.points(of: styles[2]).first, [10, 8])
    let save = list.ops[list.ops.count - 4]
    XCTAssertEqual(save.kind, DrawOpKind.save.rawValue)
    XCTAssertEqual(save.matrix.4, 100)
  }

  func testTrimHalvesALineAndWrapsThroughTheStart() throws {
    // The line from (0, 0) to (100, 0); trim 25 %–75 %: (25, 0) to (75, 0).
    let stroke = #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":2}}"#
    var list = try draw(
      document(
        shapeLayer(line + #",{"ty":"tm","s":{"k":25},"e":{"k":75},"o":{"k":0},"m":1},"# + stroke)),
      0)
    var p = list.points(of: list.ops[1])
    XCTAssertEqual(p.first![0], 25, accuracy: 1e-9)
    XCTAssertEqual(p.last![0], 75, accuracy: 1e-9)
    // Offset 180° on 0–75 %: 50 %–125 % of an open path: (50, 0) to the end,
    // then a separate piece from the start to 25 %.
    list = try draw(
      document(
        shapeLayer(line + #",{"ty":"tm","s":{"k":0},"e":{"k":75},"o":{"k":180},"m":1},"# + stroke)),
      0)
    p = list.points(of: list.ops[1])
    XCTAssertEqual(list.verbs.filter { $0 == PathVerb.move.rawValue }.count, 2)
    XCTAssertEqual(p[0][0], 50, accuracy: 1e-9)
    XCTAssertEqual(p[3][0], 100, accuracy: 1e-9)
    XCTAssertEqual(p[4][0], 0, accuracy: 1e-9)
    XCTAssertEqual(p[7][0], 25, accuracy: 1e-9)
    // Start = end: nothing is stroked.
    list = try draw(
      document(
        shapeLayer(line + #",{"ty":"tm","s":{"k":40},"e":{"k":40},"o":{"k":0},"m":1},"# + stroke)),
      0)
    XCTAssertFalse(kinds(list).contains(.stroke))
  }

  func testRoundCornersCutEachSharpVertexWithKappaHandles() throws {
    // lottie-web's RoundCornersModifier, radius 10, on the square: the
    // corner (0, 0) becomes (0, 10) (toward the vertex before it) with its
    // out control point 0.5519 of the way back to the corner, (0, 4.481),
    // then (10, 0) with its in control point (4.481, 0); the next corner
    // starts at (90, 0), out control point (95.519, 0).
    let p = try modified(square, #"{"ty":"rd","r":{"k":10}}"#)
    let k = 10 * (1 - 0.5519)
    assertPoints(
      Array(p.prefix(8)),
      [[0, 10], [0, k], [k, 0], [10, 0], [10, 0], [90, 0], [90, 0], [100 - k, 0]])
    // Eight vertices, closed: eight segments after the start.
    XCTAssertEqual(p.count, 1 + 3 * 8)
  }

  func testPuckerAndBloatMoveVerticesToTheCenterAndTangentsAway() throws {
    // lottie-web's PuckerAndBloatModifier on the square (0, 0), (100, 0),
    // (100, 100), (0, 100) (sharp: tangents 0), worked by hand: the mean
    // of the vertices c = (50, 50), p = a / 100; a vertex v goes to
    // v + (c − v) p, a control point q to q − (c − q) p.
    func drawn(_ amount: Double) throws -> [[Double]] {
      try modified(square, #"{"ty":"pb","a":{"k":\#(amount)}}"#)
    }
    // Bloat (After Effects' name for a positive amount), 50 %: vertices
    // halfway in; segment 0's controls: (0, 0) −
    // (50, 50) · 0.5 = (−25, −25) and (100, 0) − (−50, 50) · 0.5 =
    // (125, −25).
    var p = try drawn(50)
    XCTAssertEqual(p[0], [25, 25])
    XCTAssertEqual(p[1], [-25, -25])
    XCTAssertEqual(p[2], [125, -25])
    XCTAssertEqual(
      stride(from: 3, to: p.count, by: 3).map { p[$0] },
      [[75, 25], [75, 75], [25, 75], [25, 25]])
    // Pucker, −50 %: vertices out by half their distance to the center,
    // controls in: (0, 0) + (50, 50) · 0.5 = (25, 25), (100, 0) +
    // (−50, 50) · 0.5 = (75, 25).
    p = try drawn(-50)
    XCTAssertEqual(p[0], [-25, -25])
    XCTAssertEqual(p[1], [25, 25])
    XCTAssertEqual(p[2], [75, 25])
    XCTAssertEqual(p[3], [125, -25])
    // 0 %: the square as it is.
    p = try drawn(0)
    XCTAssertEqual(p[0], [0, 0])
    XCTAssertEqual(p[3], [100, 0])
    // No warning: the modifier is drawn.
    let animation = try LottieAnimation(
      json: document(shapeLayer(square + #",{"ty":"pb","a":{"k":30}},"# + blackFill)))
    XCTAssertFalse(animation.warnings.contains { $0.feature.contains("pb") })
  }

  func testZigZagMovesVerticesAndRidgesAlongTheirNormalsInTurn() throws {
    // lottie-web's ZigZagModifier, worked by hand. The open line (0, 0) to
    // (100, 0), size 10, one ridge: the first vertex's normal is that of
    // the line from its "previous" vertex (an open path wraps: the last,
    // (100, 0)) to the next (100, 0), a zero vector, angle 0: moved by
    // cos 0 · (−1) · 10 to (−10, 0). The ridge at t = 1/2 (normal angle
    // atan2(dx, dy) = π/2) goes up by 10 to (50, −10); the last vertex, the
    // other way again, to (90, 0).
    let stroke = #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":2}}"#
    func drawn(_ shape: String, _ zigZag: String) throws -> [[Double]] {
      try modified(shape, #"{"ty":"zz","# + zigZag + "}", paint: stroke)
    }
    // Corners: each control point on its vertex.
    var p = try drawn(line, #""s":{"k":10},"r":{"k":1},"pt":{"k":1}"#)
    assertPoints(
      p, [[-10, 0], [-10, 0], [50, -10], [50, -10], [50, -10], [90, 0], [90, 0]], "corners")
    // Smooth: control points along the path, a 2 (1 + 1)-th of the chord
    // (100 / 4 = 25) from each point: the first vertex's at angle 0 ∓ π/2,
    // (−10, ±25); the ridge's at π/2 ∓ π/2, (50 ± 25, −10).
    p = try drawn(line, #""s":{"k":10},"r":{"k":1},"pt":{"k":2}"#)
    assertPoints(
      p, [[-10, 0], [-10, 25], [25, -10], [50, -10], [75, -10], [90, -25], [90, 0]], "smooth")
    // A closed square (0, 0) … (0, 100), no ridges: its corners in and out
    // in turn along their diagonals by 10 (10 / √2 each way), and the first
    // again at the end.
    p = try drawn(square, #""s":{"k":10},"r":{"k":0},"pt":{"k":1}"#)
    let d = 10 / 2.0.squareRoot()
    assertPoints(
      stride(from: 0, to: p.count, by: 3).map { p[$0] },
      [[d, d], [100 + d, -d], [100 - d, 100 - d], [-d, 100 + d], [d, d], [d, d]], "square")
    // Size 0: the path as it is; no warning for the modifier.
    p = try drawn(line, #""s":{"k":0},"r":{"k":3},"pt":{"k":1}"#)
    assertPoints([p.first!, p.last!], [[0, 0], [100, 0]], "size 0")
    let animation = try LottieAnimation(
      json: document(shapeLayer(line + #",{"ty":"zz","s":{"k":5},"r":{"k":2}},"# + stroke)))
    XCTAssertFalse(animation.warnings.contains { $0.feature.contains("zz") })
    // A billion ridges draw in bounded time: zig zags and offset paths
    // make at most 2^16 vertices a frame, the first line all of them
    // (65,536: its two ends and 65,534 ridges), the second none (it
    // draws as it is); the same twice.
    let second =
      #"{"ty":"sh","ks":{"k":{"c":false,"v":[[0,50],[100,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
    p = try drawn(line + "," + second, #""s":{"k":1},"r":{"k":1e9},"pt":{"k":1}"#)
    XCTAssertEqual(p.count, (1 + 3 * 65_535) + (1 + 3))
    assertPoints(Array(p.suffix(4)), [[0, 50], [0, 50], [100, 50], [100, 50]], "unmodified")
    XCTAssertEqual(try drawn(line + "," + second, #""s":{"k":1},"r":{"k":1e9},"pt":{"k":1}"#), p)
  }

  func testOffsetPathMovesEachSideAlongItsNormalAndJoinsTheGaps() throws {
    // lottie-web's OffsetPathModifier on the square (0, 0), (100, 0),
    // (100, 100), (0, 100), amount 10, worked by hand: each side moves 10
    // outward (a side from p to q moves by polarOffset at atan2(qx − px,
    // qy − py): the top, at π/2, to y = −10), the gaps at the corners
    // joined as `lj` says.
    func drawn(_ shape: String, _ offset: String) throws -> [[Double]] {
      try modified(shape, #"{"ty":"op","# + offset + "}")
    }
    // Miter (its point 10 from the corner, inside the limit 100): a
    // vertex at each outer corner.
    var p = try drawn(square, #""a":{"k":10},"lj":1,"ml":{"k":100}"#)
    assertPoints(
      vertices(p),
      [
        [0, -10], [100, -10], [110, -10], [110, 0], [110, 100], [110, 110], [100, 110],
        [0, 110], [-10, 110], [-10, 100], [-10, 0], [-10, -10], [0, -10],
      ], "miter")
    // The top side's control points: a third and two thirds along it.
    assertPoints([p[1], p[2]], [[100.0 / 3, -10], [200.0 / 3, -10]], "controls")
    // The miter limit is a distance: 10 is not below 4, so a bevel.
    let bevel: [[Double]] = [
      [0, -10], [100, -10], [110, 0], [110, 100], [100, 110], [0, 110], [-10, 100], [-10, 0],
      [0, -10],
    ]
    assertPoints(vertices(try drawn(square, #""a":{"k":10},"lj":1,"ml":{"k":4}"#)), bevel, "limit")
    assertPoints(
      vertices(try drawn(square, #""a":{"k":10},"lj":3,"ml":{"k":100}"#)), bevel, "bevel")
    // Round: lottie-web's center (the two lines it intersects are
    // parallel) falls back to half the gap, r = √200 / 2, and the handles
    // are 2 r · 0.5519 long: from (100, −10) out along the top, into
    // (110, 0) down along the right side.
    p = try drawn(square, #""a":{"k":10},"lj":2,"ml":{"k":4}"#)
    let h = 2 * (200.0.squareRoot() / 2) * 0.5519
    assertPoints(Array(p[3...6]), [[100, -10], [100 + h, -10], [110, -h], [110, 0]], "round")
    // An open line becomes the outline around it: along one side, back
    // along the other (still open: a fill closes it).
    p = try drawn(line, #""a":{"k":10},"lj":3,"ml":{"k":4}"#)
    assertPoints(vertices(p), [[0, -10], [100, -10], [100, 10], [0, 10]], "open line")
    // Inward (−10): the sides move to x, y = 10 and 90 and cross near the
    // corners. lottie-web finds a crossing by halving both segments until
    // each piece's box is within 2 px (six halvings of a 100 px side:
    // 1.5625 px) and takes the middles of the two pieces: the top (t from
    // 0 to 1 along x) crosses the right side at t = 0.9, in the piece
    // [57, 58] / 64, so it is cut at t = 57.5 / 64 (x = 89.84375) and the
    // right side starts at t = 6.5 / 64 (y = 10.15625). Sides cut before
    // are shorter (89.84375): their crossings fall in [56, 57] / 64, cut at
    // 113 / 128 of them, 79.315… along; the last pair is the left side and
    // the top as cut first. The miters land on the corners.
    p = try drawn(square, #""a":{"k":-10},"lj":1,"ml":{"k":100}"#)
    let cut = 89.84375 * (113.0 / 128)
    assertPoints(
      vertices(p),
      [
        [89.84375 * 7.5 / 64, 10], [89.84375, 10], [90, 10], [90, 10.15625],
        [90, 10.15625 + cut], [90, 90], [89.84375, 90], [89.84375 - cut, 90], [10, 90],
        [10, 89.84375], [10, 89.84375 - cut], [10, 10], [89.84375 * 7.5 / 64, 10],
      ], "inward")
    let animation = try LottieAnimation(
      json: document(
        shapeLayer(square + #",{"ty":"op","a":{"k":5},"lj":1,"ml":{"k":4}},"# + blackFill)))
    XCTAssertFalse(animation.warnings.contains { $0.feature.contains("op") })
  }

  func testMasksAreAGroupWithTheirModesInOrder() throws {
    let maskSquare =
      #"{"c":true,"v":[[0,0],[10,0],[10,10],[0,10]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}"#
    let masks =
      #","masksProperties":[{"mode":"s","inv":true,"pt":{"k":"# + maskSquare
      + #"},"o":{"k":50},"x":{"k":2}},{"mode":"a","pt":{"k":"# + maskSquare + "}}]"
    let json = document(
      shapeLayer(
        #"{"ty":"rc","d":1,"p":{"k":[5,5]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,1,1,1]},"o":{"k":100}}"#,
        extra: masks))
    let list = try draw(json, 0)
    XCTAssertEqual(
      kinds(list),
      [
        .beginLayer, .save, .fill, .restore, .beginMask, .save, .maskPath, .maskPath, .restore,
        .endMask, .endLayer,
      ])
    let begin = list.ops[4]
    XCTAssertEqual(begin.opacity, 1)  // the first mask subtracts: from full coverage
    let first = list.ops[6]
    XCTAssertEqual(first.mode, MaskMode.subtract.rawValue)
    XCTAssertEqual(first.flags, 1)
    XCTAssertEqual(first.opacity, 0.5)
    XCTAssertEqual(first.width, 2)
    XCTAssertEqual(list.ops[7].mode, MaskMode.add.rawValue)
    XCTAssertEqual(list.points(of: list.ops[7]).prefix(1).first, [0, 0])
  }

  func testTrackMatteUsesTheLayerAboveWhichDoesNotDrawItself() throws {
    let matte =
      #"{"ty":4,"ind":1,"td":1,"ip":0,"op":60,"st":0,"# + transform
      + #","shapes":[{"ty":"rc","d":1,"p":{"k":[5,5]},"s":{"k":[10,10]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,1,1,1]},"o":{"k":100}}]}"#
    let content =
      #"{"ty":1,"ind":2,"tt":3,"ip":0,"op":60,"st":0,"sc":"\u0023ff0000","sw":20,"sh":20,"#
      + transform + "}"
    let list = try draw(document(matte + "," + content), 0)
    XCTAssertEqual(
      kinds(list),
      [
        .beginLayer, .save, .fill, .restore, .beginMatte, .save, .fill, .restore, .endMatte,
        .endLayer,
      ])
    XCTAssertEqual(list.ops[4].mode, 3)  // luma
    XCTAssertEqual(list.ops[2].color.0, 1)  // the solid, red
    XCTAssertEqual(list.points(of: list.ops[2])[6], [20, 20])
  }

  func testPrecompositionTimeStretchRemapAndClip() throws {
    // The child's opacity is its frame number (keyframes 0 → 0 %, 100 →
    // 100 %), so each draw's alpha tells the child time.
    let child =
      #"{"ty":1,"ind":1,"ip":0,"op":1000,"st":0,"sc":"\u002300ff00","sw":10,"sh":10,"ks":{"o":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":100,"s":[100]}]}}}"#
    let assets = #"[{"id":"c","w":50,"h":40,"layers":["# + child + "]}]"
    func alpha(_ layer: String, _ frame: Double) throws -> Double? {
      let list = try draw(document(layer, assets: assets, op: 200), frame)
      if let clip = list.ops.first(where: { $0.kind == DrawOpKind.clipRect.rawValue }) {
        XCTAssertEqual(clip.rect.2, 50)
        XCTAssertEqual(clip.rect.3, 40)
      }
      return list.ops.first { $0.kind == DrawOpKind.fill.rawValue }?.color.3
    }
    // st 10, sr 2: child time (30 − 10) / 2 = 10.
    let stretched =
      #"{"ty":0,"refId":"c","ind":1,"ip":0,"op":200,"st":10,"sr":2,"w":50,"h":40,"# + transform
      + "}"
    XCTAssertEqual(try alpha(stretched, 30)!, 0.10, accuracy: 1e-12)
    // tm 0 s → 2 s over frames 0 → 60 (linear): at frame 30, 1 s = frame 30.
    let remapped =
      #"{"ty":0,"refId":"c","ind":1,"ip":0,"op":200,"st":0,"w":50,"h":40,"tm":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":60,"s":[2]}]},"#
      + transform + "}"
    XCTAssertEqual(try alpha(remapped, 30)!, 0.30, accuracy: 1e-12)
  }

  func testVisibilityHiddenAndParenting() throws {
    let parent = #"{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"k":[100,0]}}}"#
    let child =
      #"{"ty":1,"ind":2,"parent":1,"ip":10,"op":20,"st":0,"sc":"\u00230000ff","sw":10,"sh":10,"ks":{"p":{"k":[0,5]}}}"#
    let hidden =
      #"{"ty":1,"ind":3,"hd":true,"ip":0,"op":60,"st":0,"sc":"\u00230000ff","sw":10,"sh":10}"#
    let json = document([parent, child, hidden].joined(separator: ","))
    XCTAssertTrue(try draw(json, 9.99).ops.isEmpty)
    XCTAssertTrue(try draw(json, 20).ops.isEmpty)  // op is exclusive
    let list = try draw(json, 10)
    XCTAssertEqual(kinds(list), [.save, .fill, .restore])
    XCTAssertEqual(list.ops[0].matrix.4, 100)  // parent's x
    XCTAssertEqual(list.ops[0].matrix.5, 5)
  }

  func testAFillEffectMakesTheLayerAGroupFilledWithItsColor() throws {
    // ADBE Fill, blue at opacity 0.5 (its third and seventh parameters):
    // BEGIN_LAYER with KF_LAYER_FILL and color (0, 0, 1, 0.5); a disabled
    // one (en 0) draws the layer ungrouped.
    func effect(_ enabled: Int) -> String {
      #","ef":[{"ty":21,"nm":"Fill","mn":"ADBE Fill","en":\#(enabled),"ef":["#
        + #"{"ty":10,"v":{"k":0}},{"ty":7,"v":{"k":0}},{"ty":2,"v":{"k":[0,0,1,1]}},"#
        + #"{"ty":7,"v":{"k":0}},{"ty":0,"v":{"k":0}},{"ty":0,"v":{"k":0}},{"ty":0,"v":{"k":0.5}}]}]"#
    }
    let shapes =
      #"{"ty":"rc","p":{"k":[50,50]},"s":{"k":[20,20]},"r":{"k":0}},"#
      + #"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}"#
    let list = try draw(document(shapeLayer(shapes, extra: effect(1))), 0)
    XCTAssertEqual(kinds(list).first, .beginLayer)
    XCTAssertEqual(kinds(list).last, .endLayer)
    let begin = list.ops[0]
    XCTAssertEqual(begin.flags, DrawOp.layerFill)
    XCTAssertTrue(begin.color == (0, 0, 1, 0.5))
    let off = try draw(document(shapeLayer(shapes, extra: effect(0))), 0)
    XCTAssertFalse(kinds(off).contains(.beginLayer))
  }

  func testBadInputIsRefusedWithItsPointer() {
    let cyclic = document(
      #"{"ty":0,"refId":"a","ind":1,"ip":0,"op":60,"st":0}"#,
      assets:
        #"[{"id":"a","layers":[{"ty":0,"refId":"b","ip":0,"op":60}]},{"id":"b","layers":[{"ty":0,"refId":"a","ip":0,"op":60}]}]"#
    )
    XCTAssertThrowsError(try LottieAnimation(json: cyclic)) { error in
      XCTAssertTrue("\(error)".contains("/assets/1/layers/0/refId"), "\(error)")
      XCTAssertTrue("\(error)".contains("cycle"), "\(error)")
    }
    let animation = try? LottieAnimation(json: document(""))
    XCTAssertThrowsError(try animation?.draw(frame: .nan, into: DisplayList()))
  }

  func testFanOutIsBounded() throws {
    // Each of 9 compositions uses the next 16 times: 16⁹ layers a frame.
    var assets: [String] = []
    for k in 0..<9 {
      let inner =
        k == 8
        ? #"{"ty":1,"ip":0,"op":60,"sc":"\u0023000000","sw":1,"sh":1}"#
        : Array(repeating: #"{"ty":0,"refId":"c\#(k + 1)","ip":0,"op":60}"#, count: 16).joined(
          separator: ",")
      assets.append(#"{"id":"c\#(k)","layers":[\#(inner)]}"#)
    }
    let json = document(
      #"{"ty":0,"refId":"c0","ip":0,"op":60}"#, assets: "[" + assets.joined(separator: ",") + "]")
    let animation = try LottieAnimation(json: json)
    let list = DisplayList()
    XCTAssertThrowsError(try animation.draw(frame: 0, into: list))
    XCTAssertTrue(list.ops.isEmpty)
  }

  func testMergePathsMaskAFillOfTheirBoxAndWarnOnlyUnderAStroke() throws {
    // Subtract: the square added, the line skipped (it has no area), the
    // square moved right by 50 subtracted; the fill over their box (a
    // twentieth of its longer side and a unit wider: 8.5); a stroke after
    // the merge draws the paths as they are, with a warning.
    let moved =
      #"{"ty":"sh","ks":{"k":{"c":true,"v":[[50,0],[150,0],[150,100],[50,100]],"#
      + #""i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
    let shapes =
      square + "," + line + "," + moved + #",{"ty":"mm","mm":3},"# + blackFill + ","
      + #"{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":2},"lc":2,"lj":2}"#
    let animation = try LottieAnimation(json: document(shapeLayer(shapes)))
    let list = DisplayList()
    try animation.draw(frame: 0, into: list)
    let ops = list.ops.map { DrawOpKind(rawValue: $0.kind)! }
    XCTAssertEqual(
      ops,
      [
        .save, .stroke, .beginLayer, .save, .fill, .restore, .beginMask, .save, .maskPath,
        .maskPath, .restore, .endMask, .endLayer, .restore,
      ])
    let masks = list.ops.filter { $0.kind == DrawOpKind.maskPath.rawValue }
    XCTAssertEqual(masks.map(\.mode), [1, 2])
    let box = list.points(of: list.ops[4])
    XCTAssertEqual(box.first?[0] ?? 0, -8.5, accuracy: 1e-12)
    XCTAssertEqual(box.first?[1] ?? 0, -8.5, accuracy: 1e-12)
    XCTAssertTrue(animation.warnings.contains { $0.feature == "merge paths under a stroke" })
    // Without the stroke, no warning; merge (mode 1) is drawn as it is.
    let quiet = try LottieAnimation(
      json: document(shapeLayer(square + "," + line + #",{"ty":"mm","mm":1},"# + blackFill)))
    XCTAssertTrue(quiet.warnings.isEmpty, "\(quiet.warnings)")
  }

  func testAMergeCombinesForTheFillsAfterItOnly() throws {
    // [square, moved square, fill, subtract]: the fill comes before the
    // merge and paints both squares as they are (no group, no mask).
    let moved =
      #"{"ty":"sh","ks":{"k":{"c":true,"v":[[50,0],[150,0],[150,100],[50,100]],"#
      + #""i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
    let before = try draw(
      document(shapeLayer(square + "," + moved + "," + blackFill + #",{"ty":"mm","mm":3}"#)), 0)
    XCTAssertEqual(kinds(before), [.save, .fill, .restore])
    // A merge of merged paths combines the earlier paths as they are,
    // with a warning.
    let twice = try LottieAnimation(
      json: document(
        shapeLayer(
          square + "," + moved + #",{"ty":"mm","mm":3},"# + square + #",{"ty":"mm","mm":2},"#
            + blackFill)))
    XCTAssertTrue(twice.warnings.contains { $0.feature == "merge paths of merged paths" })
  }
}
