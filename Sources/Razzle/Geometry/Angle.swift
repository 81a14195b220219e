#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// sin and cos of an angle in degrees, exact at multiples of 90°.
func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
  let turn = degrees.truncatingRemainder(dividingBy: 360)
  if turn == turn.rounded() && Int(turn) % 90 == 0 {
    switch (Int(turn) + 360) % 360 {
    case 0: return (0, 1)
    case 90: return (1, 0)
    case 180: return (0, -1)
    default: return (-1, 0)
    }
  }
  let radians = degrees * Double.pi / 180
  return (sin(radians), cos(radians))
}
