import CKeyframe
import Razzle
import XCTest

/// A scene's stages (Guides/Scenes.md, "Stages"): the exact round trip of
/// every field, each rule of the spec with its pointer and status, names
/// that must exist, and a stage added from JSON text.
final class StageTests: XCTestCase {
  /// A scene with one of each object a stage names: animators "intro" and
  /// "pager" (the paging layout's), node "main", paging "pages", path
  /// "route", mask "reveal".
  private func baseScene() throws -> Scene {
    let scene = Scene()
    let anim = Animator()
    let alpha = try anim.addTrack(target: "box", property: "alpha")
    try alpha.setKeyframe(time: 0, value: [0])
    try alpha.setKeyframe(time: 2, value: [1])
    try scene.add(anim, name: "intro")
    let paging = try PagingLayout(animator: Animator(), pageCount: 3, pageWidth: 320)
    try scene.add(paging.animator, name: "pager")
    try scene.add(paging, name: "pages")
    try scene.add(try Node.clip(anim), name: "main")
    try scene.add(try Path(data: "M0 0 L100 0"), name: "route")
    try scene.add(try Mask(.circle, width: 100, height: 100), name: "reveal")
    return scene
  }

  /// The base scene's file with `stages` (the text of the list's elements)
  /// as its "stages" member.
  private func file(_ stages: String...) throws -> String {
    let base = try baseScene().write()
    XCTAssertTrue(base.hasSuffix("\n}\n"))
    return base.dropLast(3) + ",\n  \"stages\": [" + stages.joined(separator: ", ") + "]\n}\n"
  }

  private func load(_ text: String) throws -> Scene {
    switch Scene.load(text) {
    case .success(let s): return s
    case .failure(let e): throw e.error
    }
  }

  /// The compact text of the member at `pointer` of `text`.
  private func compact(_ text: String, _ pointer: [JSONPointer.Component]) throws -> String {
    guard case .success(var value) = JSONParser.parse(text) else {
      XCTFail("not JSON: \(text)")
      return ""
    }
    for c in pointer {
      switch c {
      case .key(let k): value = try XCTUnwrap(value[k])
      case .index(let i): value = try XCTUnwrap(value.array?[i])
      }
    }
    return try XCTUnwrap(JSONWriter.write(value, layout: .compact))
  }

  // Every field, in an order other than the file's, with defaults spelled
  // out (left out on writing) and integers for doubles.
  private static let everyField = """
    {"targets": [
      {"scrolls": false, "mask": "reveal", "motion_rotate": "auto", "motion_path": "route",
       "blur": 3, "anchor": [0, 1], "hidden": true, "alpha": 0.5, "corner_radius": 8,
       "stroke_width": 2, "stroke": [0, 0, 1, 0.5], "fill": [1, 0, 0, 1],
       "frame": [10, 20, 100, 50], "shape": "rect", "name": "box", "extensions": {"k": [1, null]}},
      {"name": "title", "shape": "text", "frame": [0, 0, 200, 30], "text": "Hé \\"there\\"",
       "font_size": 24, "text_color": [0.25, 0.25, 0.25, 1], "fill": [0, 0, 0, 0], "alpha": 1},
      {"name": "line", "shape": "path", "frame": [0, 0, 100, 10], "path": "route",
       "motion_rotate": "none", "motion_path": "route"},
      {"name": "logo", "shape": "image", "frame": [-5, -0.0, 64, 64], "image": "logo.png",
       "stroke_width": -0.0},
      {"name": "dot", "shape": "ellipse", "frame": [1e-3, 2, 0, 0], "anchor": [0.5, 0.5]}],
     "range": [0, 2], "driver": "time", "paging": "pages", "animator": "pager",
     "background": [0.1, 0.2, 0.3, 1], "size": [375, 667], "name": "home",
     "extensions": {"tool": "t"}}
    """

  func testEveryFieldRoundTripsInTheSpecsOrderWithDefaultsLeftOut() throws {
    let text = try file(Self.everyField, #"{"size": [100, 100], "node": "main"}"#)
    let scene = try load(text)
    let written = try scene.write()
    XCTAssertEqual(try load(written).write(), written, "byte-identical round trip")
    XCTAssertEqual(scene.names(.stage), ["home", nil])
    XCTAssertEqual(scene.count(.stage), 2)
    XCTAssertEqual(try scene.index(of: .stage, named: "home"), 0)
    // The spec's member order, defaults left out, doubles with a fraction,
    // -0.0 kept (a default compared bit for bit).
    let expected =
      #"{"name":"home","size":[375.0,667.0],"background":[0.1,0.2,0.3,1.0],"animator":"pager","#
      + #""paging":"pages","driver":"time","range":[0.0,2.0],"targets":["#
      + #"{"name":"box","shape":"rect","frame":[10.0,20.0,100.0,50.0],"fill":[1.0,0.0,0.0,1.0],"#
      + #""stroke":[0.0,0.0,1.0,0.5],"stroke_width":2.0,"corner_radius":8.0,"alpha":0.5,"#
      + #""hidden":true,"anchor":[0.0,1.0],"blur":3.0,"motion_path":"route","#
      + #""motion_rotate":"auto","mask":"reveal","scrolls":false,"extensions":{"k":[1.0,null]}},"#
      + #"{"name":"title","shape":"text","frame":[0.0,0.0,200.0,30.0],"text":"Hé \"there\"","#
      + #""font_size":24.0,"text_color":[0.25,0.25,0.25,1.0]},"#
      + #"{"name":"line","shape":"path","frame":[0.0,0.0,100.0,10.0],"path":"route","#
      + #""motion_path":"route"},"#
      + #"{"name":"logo","shape":"image","frame":[-5.0,-0.0,64.0,64.0],"stroke_width":-0.0,"#
      + #""image":"logo.png"},"#
      + #"{"name":"dot","shape":"ellipse","frame":[0.001,2.0,0.0,0.0]}],"#
      + #""extensions":{"tool":"t"}}"#
    XCTAssertEqual(try compact(written, [.key("stages"), .index(0)]), expected)
    XCTAssertEqual(
      try compact(written, [.key("stages"), .index(1)]), #"{"size":[100.0,100.0],"node":"main"}"#)
    // "stages" comes after "masks", and the file's extensions stay last.
    let masks = try XCTUnwrap(written.range(of: "\"masks\""))
    let stages = try XCTUnwrap(written.range(of: "\"stages\""))
    XCTAssertLessThan(masks.lowerBound, stages.lowerBound)

    // The values as read.
    let home = scene.stages[0]
    XCTAssertEqual(home.size, SIMD2(375, 667))
    XCTAssertEqual(home.background, RGBA(r: 0.1, g: 0.2, b: 0.3, a: 1))
    XCTAssertEqual(home.effectiveDriver, .time)
    XCTAssertEqual(home.range, SIMD2(0, 2))
    XCTAssertEqual(home.targets.map(\.name), ["box", "title", "line", "logo", "dot"])
    let box = home.targets[0]
    XCTAssertEqual(box.shape, .rect)
    XCTAssertEqual(box.frame, SIMD4(10, 20, 100, 50))
    XCTAssertEqual(box.cornerRadius, 8)
    XCTAssertEqual(box.motionRotate, .auto)
    XCTAssertFalse(box.scrolls)
    XCTAssertTrue(box.hidden)
    XCTAssertEqual(home.targets[1].text, "Hé \"there\"")
    XCTAssertEqual(home.targets[3].frame.y.sign, .minus)
    XCTAssertEqual(scene.stages[1].effectiveDriver, .time)

    // A stage built in Swift writes the same object.
    var built = home
    built.driver = .time
    let other = try baseScene()
    try other.add(built)
    XCTAssertEqual(try compact(try other.write(), [.key("stages"), .index(0)]), expected)
  }

  func testTheDriverDefaultsToScrollWithAPagingLayout() throws {
    let scene = try load(try file(#"{"size": [320, 480], "paging": "pages", "driver": "scroll"}"#))
    XCTAssertEqual(scene.stages[0].effectiveDriver, .scroll)
    XCTAssertEqual(
      try compact(try scene.write(), [.key("stages"), .index(0)]),
      #"{"size":[320.0,480.0],"paging":"pages"}"#)
    let timed = try load(
      try file(#"{"size": [320, 480], "animator": "intro", "driver": "scroll"}"#))
    XCTAssertEqual(
      try compact(try timed.write(), [.key("stages"), .index(0)]),
      #"{"size":[320.0,480.0],"animator":"intro","driver":"scroll"}"#)
  }

  // (stage text, status, pointer, words of the reason)
  private static let malformed: [(String, RazzleError.Kind, String, String)] = [
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "elipse", "frame": [0, 0, 1, 1]}]}"#,
      .invalidName, "/stages/0/targets/0/shape",
      #"unknown shape "elipse" (did you mean "ellipse"?)"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "driver": "scrol"}"#, .invalidName,
      "/stages/0/driver", #"unknown driver "scrol" (did you mean "scroll"?)"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "motion_path": "route", "motion_rotate": "auot"}]}"#,
      .invalidName, "/stages/0/targets/0/motion_rotate", #"(did you mean "auto"?)"#
    ),
    (
      #"{"size": [1, 1], "animator": "intor"}"#, .notFound, "/stages/0/animator",
      #"no animator is named "intor" (did you mean "intro"?)"#
    ),
    (
      #"{"size": [1, 1], "node": "intro"}"#, .notFound, "/stages/0/node",
      #"no root node is named "intro""#
    ),
    (
      #"{"size": [1, 1], "paging": "page"}"#, .notFound, "/stages/0/paging",
      #"no paging layout is named "page" (did you mean "pages"?)"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "path", "frame": [0, 0, 1, 1], "path": "road"}]}"#,
      .notFound, "/stages/0/targets/0/path", #"no path is named "road""#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "motion_path": "road"}]}"#,
      .notFound, "/stages/0/targets/0/motion_path", #"no path is named "road""#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "mask": "revel"}]}"#,
      .notFound, "/stages/0/targets/0/mask", #"no mask is named "revel" (did you mean "reveal"?)"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "color": [0, 0, 0, 1]}]}"#,
      .format, "/stages/0/targets/0/color", #"unknown field "color" in a target"#
    ),
    (#"{"animator": "intro"}"#, .format, "/stages/0", #"a stage needs the field "size""#),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "frame": [0, 0, 1, 1]}]}"#,
      .format, "/stages/0/targets/0", #"a target needs the field "shape""#
    ),
    (
      #"{"size": [1, 1]}"#, .format, "/stages/0", #"needs the field "animator", "node" or "paging""#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "node": "main"}"#, .format, "/stages/0/node",
      "not both"
    ),
    (
      #"{"size": [1, 1], "paging": "pages", "node": "main"}"#, .format, "/stages/0/node",
      "give no node"
    ),
    (
      #"{"size": [1, 1], "paging": "pages", "animator": "intro"}"#, .invalidValue,
      "/stages/0/animator", #"not the one the paging layout "pages" uses"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "text": "hi"}]}"#,
      .format, "/stages/0/targets/0/text", #""text" is for text targets, not rect"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "ellipse", "frame": [0, 0, 1, 1], "corner_radius": 0}]}"#,
      .format, "/stages/0/targets/0/corner_radius",
      #""corner_radius" is for rect targets, not ellipse"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "text", "frame": [0, 0, 1, 1], "image": "a.png", "text": ""}]}"#,
      .format, "/stages/0/targets/0/image", #""image" is for image targets, not text"#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "text", "frame": [0, 0, 1, 1]}]}"#,
      .format, "/stages/0/targets/0", #"a text target needs the field "text""#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "motion_rotate": "auto"}]}"#,
      .format, "/stages/0/targets/0/motion_rotate", #"only for a target with a "motion_path""#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "hidden": 1}]}"#,
      .format, "/stages/0/targets/0/hidden", "expected true or false"
    ),
    (#"{"size": [0, 1], "animator": "intro"}"#, .invalidValue, "/stages/0/size", "(0, 16384]"),
    (#"{"size": [16385, 1], "animator": "intro"}"#, .invalidValue, "/stages/0/size", "16385.0"),
    (#"{"size": [1], "animator": "intro"}"#, .wrongSize, "/stages/0/size", "expected 2 numbers"),
    (
      #"{"size": [1, 1], "animator": "intro", "background": [1, 1, 1.5, 1]}"#, .invalidValue,
      "/stages/0/background", "[1.0, 1.0, 1.5, 1.0]"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "range": [2, 2]}"#, .invalidValue, "/stages/0/range",
      "from != to"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, -1, 1]}]}"#,
      .invalidValue, "/stages/0/targets/0/frame", "width, height >= 0"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "stroke_width": -1}]}"#,
      .invalidValue, "/stages/0/targets/0/stroke_width", ">= 0, got -1.0"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "alpha": 1.01}]}"#,
      .invalidValue, "/stages/0/targets/0/alpha", "in [0, 1], got 1.01"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "blur": -0.5}]}"#,
      .invalidValue, "/stages/0/targets/0/blur", "got -0.5"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "text", "frame": [0, 0, 1, 1], "text": "", "font_size": 0}]}"#,
      .invalidValue, "/stages/0/targets/0/font_size", "> 0, got 0.0"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1], "fill": [0, 0, 0, -0.1]}]}"#,
      .invalidValue, "/stages/0/targets/0/fill", "in [0, 1]"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "image", "frame": [0, 0, 1, 1], "image": ""}]}"#,
      .invalidName, "/stages/0/targets/0/image", "non-empty"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "", "shape": "rect", "frame": [0, 0, 1, 1]}]}"#,
      .invalidName, "/stages/0/targets/0/name", "1 to 255 bytes"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1]}, {"name": "a", "shape": "ellipse", "frame": [0, 0, 1, 1]}]}"#,
      .duplicate, "/stages/0/targets/1/name", #"another target of the stage is named "a""#
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "name": ""}"#, .invalidName, "/stages/0/name",
      "non-empty"
    ),
    (
      #"{"size": [1, 1], "animator": "intro", "extensions": []}"#, .format, "/stages/0/extensions",
      "extensions must be an object"
    ),
  ]

  func testEachMalformedStageGivesItsPointerStatusAndReason() throws {
    for (stage, kind, pointer, reason) in Self.malformed {
      let text = try file(stage)
      guard case .failure(let e) = Scene.load(text) else {
        XCTFail("accepted: \(stage)")
        continue
      }
      XCTAssertEqual(e.kind, kind, e.description)
      XCTAssertEqual(e.pointer.display, pointer, e.description)
      XCTAssertTrue(e.reason.contains(reason), "\(reason) in \(e.description)")
      // The same stage added on its own: the pointer is relative to it,
      // and nothing is added.
      let scene = try baseScene()
      guard case .failure(let alone) = scene.addStage(json: stage) else {
        XCTFail("added: \(stage)")
        continue
      }
      XCTAssertEqual(alone.kind, kind)
      let relative = String(pointer.dropFirst("/stages/0".count))
      XCTAssertEqual(alone.pointer.display, relative.isEmpty ? "(root)" : relative)
      XCTAssertEqual(alone.reason, e.reason)
      XCTAssertEqual(scene.count(.stage), 0)
    }
  }

  func testErrorsGiveTheLineAndColumnOfTheValue() throws {
    let stage = """
      {"size": [1, 1], "animator": "intro",
       "targets": [{"name": "a", "shape": "rect", "frame": [0, 0, 1, 1]},
                   {"name": "b", "shape": "circle", "frame": [0, 0, 1, 1]}]}
      """
    guard case .failure(let e) = try baseScene().addStage(json: stage) else {
      return XCTFail("accepted")
    }
    XCTAssertEqual(e.pointer.description, "/targets/1/shape")
    XCTAssertEqual(e.position.line, 3)
    XCTAssertEqual(e.position.column, 37)
    XCTAssertEqual(e.position.offset, 142)
    XCTAssertTrue(e.reason.hasPrefix(#"unknown shape "circle""#), e.reason)
    XCTAssertTrue(e.reason.hasSuffix("(rect, ellipse, text, path, image)"), e.reason)
    // A value the model rejects: the position of that value.
    guard
      case .failure(let range) = try baseScene().addStage(
        json: "{\"size\": [1, 1],\n \"animator\": \"intro\", \"range\": [3, 3]}")
    else {
      return XCTFail("accepted")
    }
    XCTAssertEqual(range.pointer.description, "/range")
    XCTAssertEqual(range.position.line, 2)
    XCTAssertEqual(range.position.column, 32)
  }

  func testDuplicateStageNames() throws {
    let text = try file(
      #"{"name": "s", "size": [1, 1], "animator": "intro"}"#,
      #"{"name": "s", "size": [2, 2], "node": "main"}"#)
    guard case .failure(let e) = Scene.load(text) else { return XCTFail("accepted") }
    XCTAssertEqual(e.kind, .duplicate)
    XCTAssertEqual(e.pointer.description, "/stages/1/name")
    let scene = try baseScene()
    guard case .success = scene.addStage(json: #"{"name": "s", "size": [1, 1], "node": "main"}"#)
    else { return XCTFail("refused") }
    guard
      case .failure(let again) = scene.addStage(
        json: #"{"name": "s", "size": [1, 1], "node": "main"}"#)
    else { return XCTFail("accepted a second s") }
    XCTAssertEqual(again.kind, .duplicate)
    XCTAssertEqual(scene.names(.stage), ["s"])
  }

  func testReferencesMustExistWhenTheStageIsAdded() throws {
    let scene = Scene()
    let stage =
      #"{"size": [10, 10], "animator": "later", "targets": [{"name": "a", "shape": "path", "frame": [0, 0, 1, 1], "path": "p"}]}"#
    guard case .failure(let early) = scene.addStage(json: stage) else { return XCTFail("accepted") }
    XCTAssertEqual(early.kind, .notFound)
    XCTAssertEqual(early.pointer.description, "/animator")
    XCTAssertEqual(early.reason, #"no animator is named "later""#)
    try scene.add(Animator(), name: "later")
    guard case .failure(let path) = scene.addStage(json: stage) else { return XCTFail("accepted") }
    XCTAssertEqual(path.pointer.description, "/targets/0/path")
    try scene.add(try Path(data: "M0 0 L1 1"), name: "p")
    guard case .success(let added) = scene.addStage(json: stage) else { return XCTFail("refused") }
    XCTAssertEqual(added.targets[0].path, "p")
    XCTAssertEqual(scene.count(.stage), 1)
    // An unnamed animator cannot be named: the file's animators without a
    // name are not sources.
    let loaded = try load(try scene.write())
    XCTAssertEqual(loaded.stages, scene.stages)
  }

  func testAStageBuiltInSwiftIsCheckedAndNaNIsRefused() throws {
    let scene = try baseScene()
    var stage = Stage(size: SIMD2(100, 100), animator: "intro")
    stage.targets = [StageTarget(name: "a", shape: .rect, frame: SIMD4(0, 0, 10, 10))]
    stage.targets[0].alpha = .nan
    XCTAssertThrowsError(try scene.add(stage)) { error in
      let e = error as? RazzleError
      XCTAssertEqual(e?.kind, .invalidValue)
      XCTAssertTrue(e?.message.hasPrefix("/targets/0/alpha: alpha is in [0, 1], got nan") ?? false)
    }
    stage.targets[0].alpha = 1
    for bad in [Double.nan, .infinity, -1] {
      var s = stage
      s.size.x = bad
      XCTAssertThrowsError(try scene.add(s))
      s = stage
      s.targets[0].frame.x = bad == -1 ? .nan : bad
      XCTAssertThrowsError(try scene.add(s))
      s = stage
      s.targets[0].anchor.y = bad == -1 ? -.infinity : bad
      XCTAssertThrowsError(try scene.add(s))
      s = stage
      s.range = SIMD2(0, bad == -1 ? .nan : bad)
      XCTAssertThrowsError(try scene.add(s))
      s = stage
      s.extensions = JSONValue(
        .object([
          JSONMember(
            key: "x", keyPosition: JSONPosition(offset: 0, line: 1, column: 1),
            value: JSONValue(.number(.nan)))
        ]))
      XCTAssertThrowsError(try scene.add(s))
    }
    var text = stage
    text.targets[0].text = "hi"
    XCTAssertThrowsError(try scene.add(text)) { error in
      XCTAssertEqual(
        (error as? RazzleError)?.message, #"/targets/0/text: "text" is for text targets, not rect"#)
    }
    XCTAssertEqual(scene.count(.stage), 0, "nothing was added")
    try scene.add(stage)
    XCTAssertEqual(scene.stages, [stage])
    // JSON has no NaN: the parser refuses it.
    guard case .failure(let e) = scene.addStage(json: #"{"size": [NaN, 1], "animator": "intro"}"#)
    else { return XCTFail("accepted NaN") }
    XCTAssertEqual(e.kind, .format)
  }

  func testTheStageTextIsTheObjectTheFileHolds() throws {
    let scene = try load(try file(Self.everyField))
    let alone = try scene.stageJSON(at: 0)
    XCTAssertTrue(alone.hasPrefix("{\n  \"name\": \"home\",\n  \"size\": [375.0, 667.0],\n"), alone)
    XCTAssertTrue(alone.hasSuffix("}\n"))
    XCTAssertEqual(
      try compact(alone, []), try compact(try scene.write(), [.key("stages"), .index(0)]))
    XCTAssertThrowsError(try scene.stageJSON(at: 1))
    XCTAssertThrowsError(try scene.stageJSON(at: -1))
    // Added back from its own text, it is the same stage.
    let other = try baseScene()
    guard case .success(let again) = other.addStage(json: alone) else { return XCTFail("refused") }
    XCTAssertEqual(again, scene.stages[0])
    XCTAssertEqual(try other.stageJSON(at: 0), alone)
  }

  func testTheItemCodeIsTheHeaders() throws {
    XCTAssertEqual(Int(Scene.ItemKind.stage.code), KF_SCENE_STAGE)
    XCTAssertEqual(try Scene.ItemKind(code: Int32(KF_SCENE_STAGE)), .stage)
    XCTAssertEqual(Scene.ItemKind.stage.listName, "stages")
  }
}
