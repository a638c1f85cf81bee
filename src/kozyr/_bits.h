/* Portable bit tricks on 64-bit card masks, shared by every kozyr extension.
 *
 * A card is bit (16*suit + rank) of a uint64_t; these are the few primitives
 * the engines need, kept in one header so that the compiler inlines them into
 * every inner loop. Arguments of kz_lowest/kz_highest must be non-zero.
 */
#ifndef KOZYR_BITS_H
#define KOZYR_BITS_H

#include <stdint.h>

#define KZ_SUIT_LANE UINT64_C(0x7FFC)                 /* ranks 2..14 */
#define KZ_DECK52 (KZ_SUIT_LANE * UINT64_C(0x0001000100010001))
#define KZ_DECK36 (UINT64_C(0x7FC0) * UINT64_C(0x0001000100010001))
#define KZ_DECK32 (UINT64_C(0x7F80) * UINT64_C(0x0001000100010001))

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __inline int kz_popcount(uint64_t m) { return (int)__popcnt64(m); }
static __inline int kz_lowest(uint64_t m) { unsigned long i; _BitScanForward64(&i, m); return (int)i; }
static __inline int kz_highest(uint64_t m) { unsigned long i; _BitScanReverse64(&i, m); return (int)i; }
#else
#if defined(__POPCNT__)
static inline int kz_popcount(uint64_t m) { return __builtin_popcountll(m); }
#else
/* Without -mpopcnt (the portable default build) the builtin is a libgcc call;
 * the SWAR count is a handful of inline instructions. */
static inline int kz_popcount(uint64_t m) {
    m = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((m * UINT64_C(0x0101010101010101)) >> 56);
}
#endif
static inline int kz_lowest(uint64_t m) { return __builtin_ctzll(m); }
static inline int kz_highest(uint64_t m) { return 63 - __builtin_clzll(m); }
#endif

#endif /* KOZYR_BITS_H */
