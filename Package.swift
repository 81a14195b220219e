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

/// A `#define KF_VERSION_<part> <number>` of `include/keyframe.h`: the header
/// is the one place the version is written.
func headerVersion(_ part: String) -> Int {
  let path = "\(packageRoot)/include/keyframe.h"
  let header = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  let prefix = "#define KF_VERSION_\(part) "
  for line in header.split(separator: "\n") where line.hasPrefix(prefix) {
    if let number = Int(line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)) {
      return number
    }
  }
  fatalError("Package.swift: no '\(prefix)<number>' in include/keyframe.h")
}

/// The library's soname: the version a program linked against it needs.
/// From 1.0 on, libraries of one major version are ABI compatible, so the
/// soname carries the major version (`libkeyframe.so.1`). Before 1.0 a minor
/// version may break the ABI (0.2 did), so the soname carries the minor
/// version too (`libkeyframe.so.0.3`): a program built against 0.3 never
/// loads a 0.4, and the two can be installed side by side.
let soname =
  headerVersion("MAJOR") >= 1
  ? "libkeyframe.so.\(headerVersion("MAJOR"))"
  : "libkeyframe.so.0.\(headerVersion("MINOR"))"

/// The kernels' settings: Razzle's (conditional moves kept, see below),
/// and the CPU they are compiled for. The compiler never fuses `a * b + c`
/// into one rounding (Swift does not contract floating-point operations),
/// so every level computes the same bits; the fused multiply-adds a kernel
/// writes itself (`Divisor`) compute a correctly rounded quotient, the bits
/// of the division they replace.
///
/// `gathers: false` keeps the compiler from turning eight lane-by-lane
/// loads into one `vgatherqpd` (clang's `-mno-gather`, which Swift's code
/// generation takes from the Clang importer's target features): measured
/// on this project's AVX-512 machine, the gathers made the linear kernel on
/// random times 30 % slower than AVX2's separate loads (bench case 59).
///
/// `defines` name the level to the sources it shares with the others:
/// `RAZZLE_FMA` where the CPU has fused multiply-add instructions (the
/// quotients of `Divisor`), `RAZZLE_AVX512` for the few kernels whose lane
/// count differs by level.
func kernelSettings(cpu: String?, gathers: Bool = true, defines: [String] = []) -> [SwiftSetting] {
  let target = cpu.map { ["-target-cpu", $0] } ?? []
  let gather = gathers ? [] : ["-Xcc", "-mno-gather"]
  return [.unsafeFlags(["-Xllvm", "-x86-cmov-converter=false"] + target + gather)]
    + defines.map { .define($0) }
}

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
      dependencies: [
        "RazzleKernels", "RazzleKernelsAVX2", "RazzleKernelsAVX512", "RazzleStores", "CPUFeatures",
      ],
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
    // The hot loops, one source compiled at three CPU levels:
    // `RazzleKernels` for any x86-64 (the baseline the wheel must load on),
    // and from the same files (symbolic links) `RazzleKernelsAVX2` for
    // Haswell and later (AVX2, FMA, BMI2) and `RazzleKernelsAVX512` for
    // Skylake-X's set (AVX-512 F, DQ, CD, BW, VL and its scalar extensions:
    // Skylake-X, Ice Lake, Sapphire Rapids, Zen 4; the compiler's
    // `x86-64-v4` name is not accepted by `-target-cpu`). Skylake-X's tuning
    // keeps auto-vectorized loops at 256 bits; explicit `SIMD8<Double>` code
    // uses 512-bit registers. The AVX-512 build holds only the kernels that
    // measured faster there (cubic-Bézier easing, colors; see
    // `KernelLevel.avx512`); the avx512 level runs AVX2's build of the
    // others. `Razzle` picks one at run time from `CPUFeatures` (cpuid), so
    // one library runs everywhere at its best.
    .target(
      name: "RazzleKernels", dependencies: ["RazzleStores"], swiftSettings: kernelSettings(cpu: nil)
    ),
    .target(
      name: "RazzleKernelsAVX2", dependencies: ["RazzleStores"],
      swiftSettings: kernelSettings(cpu: "haswell", defines: ["RAZZLE_FMA"])),
    .target(
      name: "RazzleKernelsAVX512", dependencies: ["RazzleStores"],
      swiftSettings: kernelSettings(
        cpu: "skylake-avx512", gathers: false, defines: ["RAZZLE_FMA", "RAZZLE_AVX512"])),
    // Non-temporal stores (`movntpd`), which Swift cannot write: a large
    // frame matrix goes to memory without first reading every cache line
    // it overwrites (see `FrameMatrix`).
    // DWARF 4 like the Swift modules' debug information: valgrind 3.19
    // (Debian 12's, `make memcheck`) cannot read clang's default DWARF 5
    // beside it in one library. -O3 in every configuration (after the
    // package manager's -O2 or -O0, so it wins): its loop unswitching gives
    // the color kernel (`color_segments.c`) one copy of its loop per
    // track's flags, OkLCh 10.2 -> 9.6 ns a sample in the kernel alone; the
    // other kernels measured the same within the host's noise (bench cases
    // 2, 19, 24, 53, 55, 57).
    .target(name: "RazzleStores", cSettings: [.unsafeFlags(["-gdwarf-4", "-O3"])]),
    .systemLibrary(name: "CPUFeatures", path: "Sources/CPUFeatures"),
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
        // symbol of the core and of the statically linked standard library,
        // and puts the API in one version node (`KEYFRAME_0.3`), so a
        // program records the node it needs and a library without it is
        // refused at load time with the node's name, not called blindly.
        // `-soname`: see `soname` above; `make install` adds the links
        // `libkeyframe.so` → soname → `libkeyframe.so.<version>`.
        .unsafeFlags([
          "-Xlinker", "--version-script=\(packageRoot)/Sources/KeyframeC/exports.map",
          "-Xlinker", "-soname=\(soname)",
        ])
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
