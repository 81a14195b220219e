/* Which of the library's kernel levels this CPU can run: the one question
 * Swift cannot ask itself (it has no cpuid). Header-only, imported by the
 * core as the module `CPUFeatures`; the kernels themselves are Swift. */
#ifndef RAZZLE_CPU_FEATURES_H
#define RAZZLE_CPU_FEATURES_H

#if defined(__x86_64__)
#include <cpuid.h>

/* Whether the CPU and the operating system support everything
 * `-target-cpu haswell` lets the compiler use in the kernels: AVX and AVX2
 * with the YMM state saved by the OS (OSXSAVE, XCR0 bits 1–2), FMA, F16C,
 * MOVBE, POPCNT, BMI1, BMI2 and LZCNT (the x86-64-v3 set). */
static inline int razzle_cpu_has_avx2(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const unsigned leaf1 = (1u << 12) /* FMA */ | (1u << 22) /* MOVBE */ | (1u << 23) /* POPCNT */ |
                         (1u << 27) /* OSXSAVE */ | (1u << 28) /* AVX */ | (1u << 29) /* F16C */;
  if ((c & leaf1) != leaf1) return 0;
  unsigned xcr0_lo, xcr0_hi;
  __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  if ((xcr0_lo & 6u) != 6u) return 0;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  const unsigned leaf7 = (1u << 3) /* BMI1 */ | (1u << 5) /* AVX2 */ | (1u << 8) /* BMI2 */;
  if ((b & leaf7) != leaf7) return 0;
  if (!__get_cpuid(0x80000001u, &a, &b, &c, &d)) return 0;
  return (c >> 5) & 1u; /* LZCNT (ABM) */
}
#else
static inline int razzle_cpu_has_avx2(void) { return 0; }
#endif

#endif
