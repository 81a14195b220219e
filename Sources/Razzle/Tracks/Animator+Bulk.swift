// Many tracks in one call: what `addTrack` and `setKeyframes` do for each,
// all or nothing, so a caller across a foreign-function boundary pays for
// one call instead of three a track.

extension Animator {
  /// Creates and adds `targets.count` tracks, track i for `properties[i]` of
  /// `targets[i]` as `options` say, each with `keyframes` keyframes: the
  /// times `times[0 ..< keyframes]` shared by every track, or track i's own
  /// `times[i · keyframes ..< (i + 1) · keyframes]`; the values one track
  /// after another, each track's `keyframes × channels` of its kind
  /// (`values.count` is their sum). Each track's keyframes are validated
  /// as ``Track/setKeyframes(times:values:styles:)`` validates them.
  ///
  /// All or nothing: on an error no track is added and the animator is as
  /// it was. A relative track's variable slot (``TrackOptions/relativeTo``)
  /// may have been made, unset, as ``addTrack(target:property:options:)``
  /// makes it.
  ///
  /// - Parameters:
  ///   - targets: The animated objects' names, one a track.
  ///   - properties: The properties' names, as many as `targets`.
  ///   - options: Every track's options (kind, channels, color space,
  ///     extrapolation, relation).
  ///   - keyframes: Keyframes a track; 0 adds empty tracks.
  ///   - times: `keyframes` times for every track, or `targets.count ×
  ///     keyframes`, one row a track.
  ///   - values: Every track's values, one track after another.
  /// - Returns: The tracks, in the order added.
  /// - Throws: ``RazzleError`` `.wrongSize` for `properties`, `times` or
  ///   `values` of another length; whatever
  ///   ``addTrack(target:property:options:)`` or ``Track/setKeyframes(times:values:styles:)``
  ///   throws for a track, its message starting with `tracks[i]`;
  ///   `.duplicate` for a pair with a track already or twice in the call.
  /// - Complexity: O(n · k log k) for n tracks of k keyframes.
  @discardableResult
  public func addTracks(
    targets: [String], properties: [String], options: TrackOptions, keyframes: Int,
    times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>
  ) throws(RazzleError) -> [Track] {
    let n = targets.count
    guard properties.count == n else {
      throw RazzleError(
        .wrongSize, "\(properties.count) properties for \(n) targets: one a track")
    }
    guard keyframes >= 0 else {
      throw RazzleError(.wrongSize, "keyframe count \(UInt(bitPattern: keyframes)) is too large")
    }
    // Shared times, or one row a track (for one track the two agree).
    let shared = times.count == keyframes
    let (perTrack, overflow) = n.multipliedReportingOverflow(by: keyframes)
    guard shared || (!overflow && times.count == perTrack) else {
      throw RazzleError(
        .wrongSize,
        "\(times.count) times for \(n) tracks of \(keyframes) keyframes: \(keyframes) shared, or \(n) × \(keyframes), one row a track"
      )
    }
    let rowStride = shared ? 0 : keyframes
    var tracks: [Track] = []
    tracks.reserveCapacity(n)
    var offset = 0
    for i in 0..<n {
      let track: Track
      do {
        track = try makeTrack(target: targets[i], property: properties[i], options: options)
      } catch {
        throw RazzleError(error.kind, "tracks[\(i)]: \(error.message)")
      }
      let (count, countOverflow) = keyframes.multipliedReportingOverflow(by: track.channels)
      guard !countOverflow, count <= values.count &- offset else {
        throw RazzleError(
          .wrongSize,
          "\(values.count) values: tracks[\(i)] (\(track.channels) channels × \(keyframes) keyframes) reaches past them"
        )
      }
      if keyframes > 0 {
        let rowTimes = UnsafeBufferPointer(
          rebasing: times[(i &* rowStride)..<(i &* rowStride &+ keyframes)])
        let rowValues = UnsafeBufferPointer(rebasing: values[offset..<(offset &+ count)])
        do {
          try track.setKeyframes(times: rowTimes, values: rowValues)
        } catch {
          throw RazzleError(error.kind, "tracks[\(i)]: \(error.message)")
        }
      }
      offset &+= count
      tracks.append(track)
    }
    guard offset == values.count else {
      throw RazzleError(
        .wrongSize, "\(values.count) values for tracks that take \(offset)")
    }
    try add(all: tracks)
    return tracks
  }
}
