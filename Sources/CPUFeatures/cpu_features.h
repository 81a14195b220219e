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

/* Whether the CPU and the operating system support everything
 * `-target-cpu skylake-avx512` lets the compiler use in the AVX-512 kernels:
 * the x86-64-v3 set above, AVX512F, AVX512DQ, AVX512CD, AVX512BW and
 * AVX512VL (the x86-64-v4 set) with the opmask and ZMM states saved by the
 * OS (XCR0 bits 5–7), and Skylake-X's scalar extensions (ADX, AES, PCLMUL,
 * RDRAND, RDSEED, CLFLUSHOPT, CLWB, PREFETCHW), which every AVX-512 CPU
 * has. */
static inline int razzle_cpu_has_avx512(void) {
  if (!razzle_cpu_has_avx2()) return 0;
  unsigned a, b, c, d;
  unsigned xcr0_lo, xcr0_hi;
  __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  if ((xcr0_lo & 0xE6u) != 0xE6u) return 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  const unsigned leaf1 = (1u << 1) /* PCLMUL */ | (1u << 25) /* AES */ | (1u << 30) /* RDRAND */;
  if ((c & leaf1) != leaf1) return 0;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  const unsigned leaf7 = (1u << 16) /* AVX512F */ | (1u << 17) /* AVX512DQ */ |
                         (1u << 18) /* RDSEED */ | (1u << 19) /* ADX */ |
                         (1u << 23) /* CLFLUSHOPT */ | (1u << 24) /* CLWB */ |
                         (1u << 28) /* AVX512CD */ | (1u << 30) /* AVX512BW */ |
                         (1u << 31) /* AVX512VL */;
  if ((b & leaf7) != leaf7) return 0;
  if (!__get_cpuid(0x80000001u, &a, &b, &c, &d)) return 0;
  return (c >> 8) & 1u; /* PREFETCHW */
}
#else
static inline int razzle_cpu_has_avx2(void) { return 0; }
static inline int razzle_cpu_has_avx512(void) { return 0; }
#endif

#endif
