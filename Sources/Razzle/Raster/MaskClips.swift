// Groups whose mask the rasterizer applies as a clip.
//
// A group (BEGIN_LAYER … END_LAYER) with a mask is, as the display list
// says, drawn offscreen, multiplied by the mask's coverage and composited.
// When the group composites as plain source-over at full opacity, its
// content reads nothing but itself and its mask is one opaque path, the
// same picture (wherever the mask covers a pixel wholly or not at all)
// comes from drawing the content straight onto the pixels below with every
// coverage multiplied by the mask's: no offscreen buffer to clear,
// multiply and composite. That is
// also what lottie-web's canvas renderer does (it clips the layer's drawing
// to the mask path), so the two agree at the mask's edges, where the
// offscreen way differs from both by rounding and where shapes overlap at a
// partly covered pixel (the mask times the content composited, against
// each shape times the mask).

/// The groups of a display list whose mask can be a clip, found in one
/// pass over its ops.
struct MaskClips {
  /// A group drawn with its mask as a clip: the indices of its BEGIN_MASK,
  /// END_MASK and END_LAYER (its BEGIN_LAYER is the key).
  struct Plan {
    var mask: Int
    var maskEnd: Int
    var end: Int
  }

  /// Each planned group's plan, by its BEGIN_LAYER's index.
  private(set) var plans: [Int: Plan] = [:]

  /// A group while the pass is inside it.
  private struct Open {
    var begin: Int
    /// The SAVEs open at its BEGIN_LAYER.
    var saves: Int
    var eligible: Bool
    var mask = -1
    var maskEnd = -1
    /// The MASK_PATHs of its mask.
    var paths = 0
  }

  /// The plans of `ops`. A group qualifies when:
  /// - it composites at opacity 1 in the normal blend mode, without a fill;
  /// - its content is drawn first, then one mask, then END_LAYER: the mask
  ///   starts empty and has one path, added, opaque, not inverted, not
  ///   expanded (most masks; a partial opacity would make the mask partial
  ///   inside the shapes too, where their overlaps must be masked as one,
  ///   and other combinations cover more of the frame than the content
  ///   does), its other ops SAVE and RESTORE, and the state at
  ///   BEGIN_MASK is the state at BEGIN_LAYER (the content's SAVEs and
  ///   RESTOREs balance, and no CLIP_RECT outside them);
  /// - no matte is drawn anywhere inside it (a matte drawn under the clip
  ///   would take the mask twice at its edges);
  /// - every group directly inside it composites in the normal blend mode
  ///   (another mode reads the pixels below, which are no longer the
  ///   group's own).
  init(_ ops: UnsafeBufferPointer<DrawOp>) {
    var stack: [Open] = []
    var saves = 0
    for (j, op) in ops.enumerated() {
      let kind = DrawOpKind(rawValue: op.kind)
      if kind == .endLayer {
        guard let group = stack.popLast() else { continue }
        if group.eligible && group.mask >= 0 && group.maskEnd == j - 1 && group.paths == 1 {
          plans[group.begin] = Plan(mask: group.mask, maskEnd: group.maskEnd, end: j)
        }
        continue
      }
      if let top = stack.indices.last {
        let inMask = stack[top].mask >= 0 && stack[top].maskEnd < 0
        if stack[top].maskEnd >= 0 {
          // Anything between END_MASK and END_LAYER.
          stack[top].eligible = false
        } else if inMask && kind != .save && kind != .restore && kind != .maskPath
          && kind != .endMask
        {
          stack[top].eligible = false
        }
      }
      switch kind {
      case .maskPath:
        if let top = stack.indices.last {
          stack[top].paths += 1
          if stack[top].paths > 1 || op.mode != 1 || op.flags != 0 || op.width != 0
            || op.opacity != 1
          {
            stack[top].eligible = false
          }
        }
      case .save:
        saves += 1
      case .restore:
        saves -= 1
        // A RESTORE past a group's own SAVEs changes its state.
        var k = stack.count - 1
        while k >= 0 && stack[k].saves > saves {
          stack[k].eligible = false
          k -= 1
        }
      case .clipRect:
        var k = stack.count - 1
        while k >= 0 && stack[k].saves >= saves {
          stack[k].eligible = false
          k -= 1
        }
      case .beginLayer:
        if op.mode != 0, let top = stack.indices.last { stack[top].eligible = false }
        stack.append(
          Open(
            begin: j, saves: saves,
            eligible: op.opacity == 1 && op.mode == 0 && op.flags & DrawOp.layerFill == 0))
      case .beginMatte, .endMatte:
        for k in stack.indices { stack[k].eligible = false }
      case .beginMask:
        guard let top = stack.indices.last else { break }
        if stack[top].mask >= 0 || saves != stack[top].saves || op.opacity >= 0.5 {
          stack[top].eligible = false
        }
        stack[top].mask = j
      case .endMask:
        guard let top = stack.indices.last else { break }
        if stack[top].mask < 0 || saves != stack[top].saves { stack[top].eligible = false }
        stack[top].maskEnd = j
      default:
        break
      }
    }
  }
}
