// "Did you mean …?" for misspelled names: the closest known name by a
// bounded Damerau–Levenshtein distance (the optimal string alignment
// variant: insertions, deletions, substitutions and transpositions of two
// neighbours, each costing 1).

/// Finds the known name closest to a misspelled one, for error messages such
/// as `unknown easing "easeinquad" (did you mean "easeInQuad"?)`.
///
/// A candidate is close when it differs from the name only in case, or when
/// at most one edit per three characters of the name (at least 1, at most 3)
/// turns one into the other, where an edit inserts, deletes or replaces one
/// character or swaps two neighbours. Case differences do not count as
/// edits.
public enum NameSuggestion {
  /// The candidate closest to `name`, or `nil` when none is close.
  ///
  /// A candidate equal to `name` up to case wins outright. Otherwise the
  /// candidate with the fewest edits (compared without regard to case) wins;
  /// ties go to the one with fewer edits when case is compared, then to the
  /// one that sorts first (by Unicode scalars), so the answer never depends
  /// on the order of `candidates`.
  ///
  /// - Parameters:
  ///   - name: The name as written, possibly misspelled. Empty names have no
  ///     suggestion.
  ///   - candidates: The names that are known; duplicates are harmless.
  /// - Returns: The best candidate, or `nil` if `name` is empty or no
  ///   candidate is close enough. A candidate equal to `name` is returned as
  ///   such.
  /// - Complexity: O(*n* · *k*) for *n* candidates of at most *k*
  ///   characters; a candidate whose length differs from the name's by more
  ///   than the edit limit is skipped without comparing it, so a very long
  ///   name costs O(*n*).
  public static func closest<Candidates: Sequence<String>>(
    to name: String, among candidates: Candidates
  ) -> String? {
    let folded = Array(name.lowercased())
    if folded.isEmpty { return nil }
    let limit = Swift.min(3, Swift.max(1, folded.count / 3))
    let original = Array(name)
    var best: (candidate: String, folded: Int, exact: Int)?
    for candidate in candidates {
      let candidateFolded = Array(candidate.lowercased())
      guard
        let distance = editDistance(folded, candidateFolded, limit: limit)
      else { continue }
      let exact = editDistance(original, Array(candidate), limit: Int.max) ?? Int.max
      let key = (candidate: candidate, folded: distance, exact: exact)
      if let current = best {
        let better =
          (key.folded, key.exact) < (current.folded, current.exact)
          || ((key.folded, key.exact) == (current.folded, current.exact)
            && key.candidate.unicodeScalars.lexicographicallyPrecedes(
              current.candidate.unicodeScalars))
        if better { best = key }
      } else {
        best = key
      }
    }
    return best?.candidate
  }

  /// ` (did you mean "X"?)` for the closest candidate, or the empty string
  /// when there is none, ready to append to an error message.
  ///
  /// - Parameters:
  ///   - name: The name as written.
  ///   - candidates: The names that are known.
  /// - Returns: The hint, starting with a space, or `""`. Nothing is
  ///   suggested when `name` itself is among the candidates.
  /// - Complexity: As ``closest(to:among:)``.
  public static func hint<Candidates: Sequence<String>>(
    for name: String, among candidates: Candidates
  ) -> String {
    guard let suggestion = closest(to: name, among: candidates), suggestion != name else {
      return ""
    }
    return " (did you mean \"\(suggestion)\"?)"
  }

  /// The optimal-string-alignment distance between `a` and `b`, or `nil` if
  /// it exceeds `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty || b.isEmpty { return Swift.max(a.count, b.count) }
    // Three rows of the dynamic-programming table: the row before the
    // previous one is needed for transpositions.
    var older = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          value = Swift.min(value, older[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = Swift.min(rowMinimum, value)
      }
      // Every later row is at least this row's minimum, except through a
      // transposition, which reads the row before: stop only when both rows
      // are past the limit.
      if rowMinimum > limit && (previous.min() ?? 0) > limit { return nil }
      (older, previous, current) = (previous, current, older)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }
}
