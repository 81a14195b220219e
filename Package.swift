// swift-tools-version:5.9
//
// razzle: a headless keyframe-animation engine.
//
// `Razzle` is the pure Swift core (values, easing, keyframes, tracks, the
// animator). `KeyframeC` is a thin layer of `@_cdecl` forwarders that becomes
// `libkeyframe.so`; its ABI is declared by hand in `include/keyframe.h`.
import Foundation
import PackageDescription

/// The package root, so that linker flags can name files in it by absolute
/// path: the linker does not necessarily run in the package directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

let package = Package(
  name: "razzle",
  products: [
    // MARK: - Public API

    /// The C ABI: `libkeyframe.so`, declared by `include/keyframe.h`.
    .library(name: "keyframe", type: .dynamic, targets: ["KeyframeC"]),
    /// The Swift API, for Swift programs that link the core directly.
    .library(name: "Razzle", targets: ["Razzle"]),
  ],
  targets: [
    // MARK: - Implementation details

    .target(
      name: "Razzle",
      swiftSettings: [
        // The batch kernels' binary search over keyframe times must compile
        // to conditional moves: on unordered query times a branch there
        // mispredicts half the time. LLVM's x86 pass that turns conditional
        // moves back into branches is switched off for this module.
        // Exclusivity is enforced by the tracks' own readers-writer locks, so
        // the per-access runtime checks are switched off too: they cost more
        // than sampling a value.
        .unsafeFlags(["-Xllvm", "-x86-cmov-converter=false", "-enforce-exclusivity=unchecked"])
      ]
    ),
    // The hand-written header `include/keyframe.h` as a module: the
    // forwarders read its structs, enums and limits, and the tests check
    // the core against its constants.
    .systemLibrary(name: "CKeyframe", path: "Sources/CKeyframe"),
    .target(
      name: "KeyframeC",
      dependencies: ["Razzle", "CKeyframe"],
      exclude: ["exports.map"],
      linkerSettings: [
        // Export only the `kf_*` API: the version script hides every Swift
        // symbol of the core and of the statically linked standard library.
        .unsafeFlags(["-Xlinker", "--version-script=\(packageRoot)/Sources/KeyframeC/exports.map"])
      ]
    ),

    // MARK: - Tests

    .testTarget(
      name: "RazzleTests",
      dependencies: ["Razzle", "CKeyframe"],
      path: "Tests/RazzleTests"
    ),
  ]
)
