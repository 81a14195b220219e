import CKeyframe
import Razzle
import XCTest

/// `DrawOp` is handed to C callers in place as `kf_draw_op`: every field's
/// offset and the size must be the header's, and the codes the header's.
final class DisplayListLayoutTests: XCTestCase {
  func testDrawOpHasTheHeadersLayout() {
    XCTAssertEqual(MemoryLayout<DrawOp>.size, MemoryLayout<kf_draw_op>.size)
    XCTAssertEqual(MemoryLayout<DrawOp>.stride, MemoryLayout<kf_draw_op>.stride)
    XCTAssertEqual(MemoryLayout<DrawOp>.alignment, MemoryLayout<kf_draw_op>.alignment)
    let pairs: [(PartialKeyPath<DrawOp>, PartialKeyPath<kf_draw_op>)] = [
      (\DrawOp.kind, \kf_draw_op.kind), (\DrawOp.mode, \kf_draw_op.mode),
      (\DrawOp.flags, \kf_draw_op.flags), (\DrawOp.cap, \kf_draw_op.cap),
      (\DrawOp.join, \kf_draw_op.join), (\DrawOp.dashCount, \kf_draw_op.dash_count),
      (\DrawOp.dashStart, \kf_draw_op.dash_start), (\DrawOp.verbCount, \kf_draw_op.verb_count),
      (\DrawOp.verbStart, \kf_draw_op.verb_start), (\DrawOp.pointStart, \kf_draw_op.point_start),
      (\DrawOp.matrix, \kf_draw_op.matrix), (\DrawOp.color, \kf_draw_op.color),
      (\DrawOp.opacity, \kf_draw_op.opacity), (\DrawOp.width, \kf_draw_op.width),
      (\DrawOp.miterLimit, \kf_draw_op.miter_limit),
      (\DrawOp.dashOffset, \kf_draw_op.dash_offset), (\DrawOp.rect, \kf_draw_op.rect),
      (\DrawOp.paint, \kf_draw_op.paint), (\DrawOp.stopCount, \kf_draw_op.stop_count),
      (\DrawOp.stopStart, \kf_draw_op.stop_start), (\DrawOp.reserved, \kf_draw_op.reserved),
      (\DrawOp.gradient, \kf_draw_op.gradient),
    ]
    XCTAssertEqual(MemoryLayout<kf_draw_op>.size, 248)
    for (swift, c) in pairs {
      XCTAssertNotNil(MemoryLayout<DrawOp>.offset(of: swift))
      XCTAssertEqual(
        MemoryLayout<DrawOp>.offset(of: swift), MemoryLayout<kf_draw_op>.offset(of: c), "\(swift)")
    }
    XCTAssertEqual(Int(DisplayList.version), Int(KF_DISPLAY_LIST_VERSION))
    XCTAssertEqual(4 << 20, Int(KF_PATH_DATA_MAX_BYTES))
    // What the scene writer and reader hold to is the header's limit.
    XCTAssertEqual(Scene.maximumTextBytes, Int(KF_SCENE_MAX_BYTES))
    XCTAssertEqual(Rasterizer.maximumSide, Int(KF_RASTER_MAX_SIDE))
  }

  func testCodesAreTheHeaders() {
    let kinds: [(DrawOpKind, kf_draw_op_kind)] = [
      (.save, KF_OP_SAVE), (.restore, KF_OP_RESTORE), (.beginLayer, KF_OP_BEGIN_LAYER),
      (.endLayer, KF_OP_END_LAYER), (.beginMask, KF_OP_BEGIN_MASK), (.maskPath, KF_OP_MASK_PATH),
      (.endMask, KF_OP_END_MASK), (.beginMatte, KF_OP_BEGIN_MATTE), (.endMatte, KF_OP_END_MATTE),
      (.fill, KF_OP_FILL), (.stroke, KF_OP_STROKE), (.image, KF_OP_IMAGE),
      (.clipRect, KF_OP_CLIP_RECT),
    ]
    XCTAssertEqual(kinds.count, DrawOpKind.allCases.count)
    for (kind, code) in kinds { XCTAssertEqual(kind.rawValue, code.rawValue, "\(kind)") }
    let masks: [(MaskMode, kf_mask_mode)] = [
      (.add, KF_MASK_ADD), (.subtract, KF_MASK_SUBTRACT), (.intersect, KF_MASK_INTERSECT),
      (.lighten, KF_MASK_LIGHTEN), (.darken, KF_MASK_DARKEN), (.difference, KF_MASK_DIFFERENCE),
    ]
    XCTAssertEqual(masks.count, MaskMode.allCases.count)
    for (mode, code) in masks { XCTAssertEqual(mode.rawValue, code.rawValue, "\(mode)") }
    let verbs: [(PathVerb, kf_path_verb)] = [
      (.move, KF_VERB_MOVE), (.line, KF_VERB_LINE), (.cubic, KF_VERB_CUBIC),
      (.close, KF_VERB_CLOSE),
    ]
    let paints: [(Paint, kf_paint)] = [
      (.solid, KF_PAINT_SOLID), (.linear, KF_PAINT_LINEAR), (.radial, KF_PAINT_RADIAL),
    ]
    XCTAssertEqual(paints.count, Paint.allCases.count)
    for (paint, code) in paints { XCTAssertEqual(paint.rawValue, code.rawValue, "\(paint)") }
    XCTAssertEqual(verbs.count, PathVerb.allCases.count)
    for (verb, code) in verbs { XCTAssertEqual(UInt32(verb.rawValue), code.rawValue, "\(verb)") }
  }
}
