import XCTest

@testable import Razzle

/// Which groups of a display list the rasterizer draws with their mask as
/// a clip: the rules of `MaskClips` applied to op sequences written by
/// hand (each case names the rule it checks).
final class MaskClipsTests: XCTestCase {
  private func op(
    _ kind: DrawOpKind, mode: UInt32 = 0, opacity: Double = 1, flags: UInt32 = 0
  ) -> DrawOp {
    var op = DrawOp()
    op.kind = kind.rawValue
    op.mode = mode
    op.opacity = opacity
    op.flags = flags
    return op
  }

  /// A mask block: BEGIN_MASK (empty), SAVE, MASK_PATH (add), RESTORE,
  /// END_MASK.
  private var mask: [DrawOp] {
    [op(.beginMask, opacity: 0), op(.save), op(.maskPath, mode: 1), op(.restore), op(.endMask)]
  }

  /// A drawing: SAVE, FILL, RESTORE.
  private var drawing: [DrawOp] { [op(.save), op(.fill, mode: 1), op(.restore)] }

  private func plans(_ ops: [DrawOp]) -> [Int: MaskClips.Plan] {
    ops.withUnsafeBufferPointer { MaskClips($0).plans }
  }

  func testAPlainGroupWithAMaskIsPlannedWithItsIndices() {
    let ops = [op(.beginLayer)] + drawing + mask + [op(.endLayer)]
    let found = plans(ops)
    XCTAssertEqual(found.count, 1)
    // BEGIN_MASK after the layer and the three drawing ops; END_MASK four
    // later; END_LAYER next.
    XCTAssertEqual(found[0]?.mask, 4)
    XCTAssertEqual(found[0]?.maskEnd, 8)
    XCTAssertEqual(found[0]?.end, 9)
  }

  func testAGroupThatDoesNotCompositePlainlyIsNot() {
    for begin in [
      op(.beginLayer, opacity: 0.5), op(.beginLayer, mode: 3),
      op(.beginLayer, flags: DrawOp.layerFill),
    ] {
      XCTAssertTrue(plans([begin] + drawing + mask + [op(.endLayer)]).isEmpty)
    }
  }

  func testAMaskPathAtAPartialOpacityRulesItsGroupOut() {
    var half = op(.maskPath, mode: 1)
    half.opacity = 0.5
    let partial = [op(.beginMask, opacity: 0), half, op(.endMask)]
    XCTAssertTrue(plans([op(.beginLayer)] + drawing + partial + [op(.endLayer)]).isEmpty)
  }

  func testOnlyOneOpaqueAddedPathMakesAClip() {
    // Two paths, a subtracted one, an inverted one, an expanded one, or a
    // mask starting full: offscreen.
    var inverted = op(.maskPath, mode: 1)
    inverted.flags = 1
    var grown = op(.maskPath, mode: 1)
    grown.width = 2
    for paths in [
      [op(.maskPath, mode: 1), op(.maskPath, mode: 1)], [op(.maskPath, mode: 2)], [inverted],
      [grown],
    ] {
      let mask = [op(.beginMask, opacity: 0)] + paths + [op(.endMask)]
      XCTAssertTrue(plans([op(.beginLayer)] + drawing + mask + [op(.endLayer)]).isEmpty)
    }
    let full = [op(.beginMask, opacity: 1), op(.maskPath, mode: 1), op(.endMask)]
    XCTAssertTrue(plans([op(.beginLayer)] + drawing + full + [op(.endLayer)]).isEmpty)
  }

  func testAGroupWithoutAMaskOrWithTwoIsNot() {
    XCTAssertTrue(plans([op(.beginLayer)] + drawing + [op(.endLayer)]).isEmpty)
    XCTAssertTrue(plans([op(.beginLayer)] + drawing + mask + mask + [op(.endLayer)]).isEmpty)
  }

  func testAMatteAnywhereInsideRulesOutEveryGroupAroundIt() {
    let inner =
      [op(.beginLayer), op(.beginMatte, mode: 1)] + drawing + [op(.endMatte)] + drawing
      + [op(.endLayer)]
    XCTAssertTrue(plans([op(.beginLayer)] + inner + mask + [op(.endLayer)]).isEmpty)
  }

  func testAChildGroupWithABlendModeRulesOutItsParentOnly() {
    // The child reads the pixels below it, which would be the frame's, not
    // the parent's own; the child (with a mask) still qualifies itself
    // only if it composites plainly, which it does not.
    let child = [op(.beginLayer, mode: 1)] + drawing + mask + [op(.endLayer)]
    XCTAssertTrue(plans([op(.beginLayer)] + child + mask + [op(.endLayer)]).isEmpty)
    // A plain child with its own mask: both are planned.
    let plain = [op(.beginLayer)] + drawing + mask + [op(.endLayer)]
    let found = plans([op(.beginLayer)] + plain + mask + [op(.endLayer)])
    XCTAssertEqual(Set(found.keys), [0, 1])
    XCTAssertEqual(found[1]?.end, 10)
    XCTAssertEqual(found[0]?.mask, 11)
  }

  func testTheStateAtTheMaskMustBeTheStateAtTheGroup() {
    // A clip rectangle inside a SAVE is undone before the mask.
    let saved = [op(.save), op(.clipRect)] + drawing + [op(.restore)]
    XCTAssertEqual(plans([op(.beginLayer)] + saved + mask + [op(.endLayer)]).count, 1)
    // One outside every SAVE would clip the mask too.
    let loose = [op(.clipRect)] + drawing
    XCTAssertTrue(plans([op(.beginLayer)] + loose + mask + [op(.endLayer)]).isEmpty)
    // A RESTORE of a SAVE from before the group, or a SAVE left open.
    XCTAssertTrue(
      plans([op(.save), op(.beginLayer), op(.restore)] + mask + [op(.endLayer)]).isEmpty)
    XCTAssertTrue(plans([op(.beginLayer), op(.save)] + mask + [op(.endLayer)]).isEmpty)
  }

  func testOnlyTheMasksOwnOpsMayStandBetweenItsEndsAndBeforeEndLayer() {
    let drawnInMask = [op(.beginMask, opacity: 0), op(.fill, mode: 1), op(.endMask)]
    XCTAssertTrue(plans([op(.beginLayer)] + drawing + drawnInMask + [op(.endLayer)]).isEmpty)
    let drawnAfter = [op(.beginLayer)] + mask + drawing + [op(.endLayer)]
    XCTAssertTrue(plans(drawnAfter).isEmpty)
  }

  func testAGroupTheListLeavesOpenIsNot() {
    XCTAssertTrue(plans([op(.beginLayer)] + drawing + mask).isEmpty)
  }
}
