// A scene's stages: adding one (as a value, or as the JSON text of one
// stage object) and writing one on its own (Guides/Scenes.md, "Stages").

extension Scene {
  /// Adds `stage` after checking it against the scene's objects as they
  /// are now (the objects it names must be there), in its
  /// ``Stage/canonical`` form.
  ///
  /// - Parameter stage: the stage; its name, if any, must be new among the
  ///   scene's stages.
  /// - Throws: ``RazzleError`` with the category of the first
  ///   ``StageProblem`` and the message `<pointer>: <reason>` (the pointer
  ///   relative to the stage, `/targets/2/shape`): `.invalidValue` for a
  ///   number or color out of range (NaN included), `.notFound` for a name
  ///   the scene does not have, `.duplicate`, `.invalidName`, `.format`.
  ///   Nothing is added then.
  /// - Complexity: O(targets + the scene's objects).
  public func add(_ stage: Stage) throws(RazzleError) {
    try lock.withWriteLock { () throws(RazzleError) in
      do throws(StageProblem) {
        try stage.check(stageReferences)
      } catch {
        throw RazzleError(error.kind, error.description)
      }
      stageItems.append(stage.canonical)
    }
  }

  /// Adds the stage given as the JSON text of one stage object (as a file
  /// holds it at `/stages/i`, its name inside it), read and checked as when
  /// a file is loaded.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text of one object.
  ///   - limits: the JSON parser's size and depth bounds.
  /// - Returns: the stage added (``Stage/canonical``), or the first error, whose pointer is
  ///   relative to the stage object (`/targets/2/shape`) and whose position
  ///   is in `bytes`. Nothing is added on error.
  /// - Complexity: O(size of the text + the scene's objects).
  public func addStage(
    json bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits = .default
  ) -> Result<Stage, SceneError> {
    let root: JSONValue
    switch JSONParser.parse(bytes, limits: limits) {
    case .failure(let e):
      return .failure(
        SceneError(kind: .format, reason: e.reason, pointer: e.pointer, position: e.position))
    case .success(let value): root = value
    }
    return lock.withWriteLock {
      var reader = SceneReader()
      do throws(SceneError) {
        let stage = try reader.stage(root, against: stageReferences).canonical
        stageItems.append(stage)
        return .success(stage)
      } catch {
        return .failure(error)
      }
    }
  }

  /// Adds the stage in `text`; see
  /// ``addStage(json:limits:)-(UnsafeBufferPointer<UInt8>,_)``.
  public func addStage(json text: String, limits: JSONParser.Limits = .default) -> Result<
    Stage, SceneError
  > {
    var text = text
    return text.withUTF8 { addStage(json: $0, limits: limits) }
  }

  /// Stage `index` as JSON text: the object ``write()`` writes at
  /// `/stages/index` (same members, order and numbers, its extensions
  /// included), laid out on its own (pretty, ending with a line break).
  ///
  /// - Throws: ``RazzleError`` `.outOfRange` for an index past the end.
  public func stageJSON(at index: Int) throws(RazzleError) -> String {
    let stages = self.stages
    guard index >= 0 && index < stages.count else {
      throw RazzleError(
        .outOfRange, "stage index \(index) is out of range (count \(stages.count))")
    }
    let value = SceneWriter.stage(stages[index])
    return JSONWriter.write(value, layout: .pretty, integerKeys: SceneWriter.integerKeys) ?? ""
  }
}
