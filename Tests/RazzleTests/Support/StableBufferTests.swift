import XCTest

@testable import Razzle

/// `StableBuffer` against `Array` as the model, with a non-trivial element
/// type so that a missed initialize/deinitialize shows as a wrong value or a
/// leak (tracked by a live-object count).
final class StableBufferTests: XCTestCase {
  final class Counted: Equatable {
    static var live = 0
    let value: Int
    init(_ value: Int) {
      self.value = value
      Counted.live += 1
    }
    deinit { Counted.live -= 1 }
    static func == (a: Counted, b: Counted) -> Bool { a.value == b.value }
  }

  func testMatchesArrayUnderRandomEdits() {
    var generator = SystemRandomNumberGenerator()
    do {
      let buffer = StableBuffer<Counted>()
      var model: [Counted] = []
      for step in 0..<3000 {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 1:
          let i = Int.random(in: 0...model.count, using: &generator)
          let element = Counted(step)
          buffer.insert(element, at: i)
          model.insert(element, at: i)
        case 2 where !model.isEmpty:
          let i = Int.random(in: 0..<model.count, using: &generator)
          buffer.remove(at: i)
          model.remove(at: i)
        case 3 where model.count > 3:
          let lower = Int.random(in: 0..<(model.count - 3), using: &generator)
          buffer.removeSubrange(lower..<(lower + 3))
          model.removeSubrange(lower..<(lower + 3))
        case 4:
          buffer.append(Counted(-step))
          model.append(buffer[buffer.count - 1])
        default:
          break
        }
        XCTAssertEqual(Array(buffer.buffer), model)
      }
      buffer.replaceAll(with: [Counted(1), Counted(2)])
      model = Array(buffer.buffer)
      XCTAssertEqual(model.map(\.value), [1, 2])
      XCTAssertEqual(buffer.copy(1..<2).map(\.value), [2])
    }
    XCTAssertEqual(Counted.live, 0, "every element was deinitialized")
  }

  func testAddressIsStableBetweenMutations() {
    let buffer = StableBuffer<Double>()
    for i in 0..<100 { buffer.append(Double(i)) }
    let before = buffer.base
    XCTAssertEqual(buffer.base, before)
    XCTAssertEqual(buffer[99], 99)
    buffer[5] = -1
    XCTAssertEqual(buffer.base, before, "assigning an element does not move the storage")
  }
}
