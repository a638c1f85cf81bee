/* A portable, header-only SHA-256 (FIPS 180-4) for kozyr's durak engine and bots.
 *
 * The deal's word stream and the bots' words are SHA-256 digests; this header
 * computes them in C so that dealing and the random rung run without the GIL
 * and without Python's hashlib. Everything is `static`, so each extension that
 * includes it gets its own copy and no symbol clashes.
 *
 *   uint8_t out[32];
 *   kz_sha256(data, len, out);                  one shot
 *
 *   kz_sha256_ctx c;                            incremental
 *   kz_sha256_init(&c);
 *   kz_sha256_update(&c, a, alen);
 *   kz_sha256_update(&c, b, blen);
 *   kz_sha256_final(&c, out);
 *
 *   kz_sha256_word32(data, len)                 first four digest bytes, big-endian
 */
#ifndef KOZYR_SHA256_H
#define KOZYR_SHA256_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    uint32_t h[8];
    uint64_t length;       /* bytes hashed so far */
    uint8_t buf[64];
    size_t used;           /* bytes waiting in buf */
} kz_sha256_ctx;

static const uint32_t KZ_SHA256_K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

#define KZ_ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static inline void kz_sha256_block(uint32_t h[8], const uint8_t *p)
{
    uint32_t w[64];
    uint32_t a, b, c, d, e, f, g, hh, t1, t2;
    int i;
    for (i = 0; i < 16; i++)
        w[i] = ((uint32_t)p[4 * i] << 24) | ((uint32_t)p[4 * i + 1] << 16)
             | ((uint32_t)p[4 * i + 2] << 8) | (uint32_t)p[4 * i + 3];
    for (i = 16; i < 64; i++) {
        uint32_t s0 = KZ_ROTR32(w[i - 15], 7) ^ KZ_ROTR32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = KZ_ROTR32(w[i - 2], 17) ^ KZ_ROTR32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4]; f = h[5]; g = h[6]; hh = h[7];
    for (i = 0; i < 64; i++) {
        t1 = hh + (KZ_ROTR32(e, 6) ^ KZ_ROTR32(e, 11) ^ KZ_ROTR32(e, 25))
           + ((e & f) ^ (~e & g)) + KZ_SHA256_K[i] + w[i];
        t2 = (KZ_ROTR32(a, 2) ^ KZ_ROTR32(a, 13) ^ KZ_ROTR32(a, 22))
           + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static inline void kz_sha256_init(kz_sha256_ctx *c)
{
    c->h[0] = 0x6a09e667u; c->h[1] = 0xbb67ae85u; c->h[2] = 0x3c6ef372u; c->h[3] = 0xa54ff53au;
    c->h[4] = 0x510e527fu; c->h[5] = 0x9b05688cu; c->h[6] = 0x1f83d9abu; c->h[7] = 0x5be0cd19u;
    c->length = 0;
    c->used = 0;
}

static inline void kz_sha256_update(kz_sha256_ctx *c, const uint8_t *data, size_t len)
{
    c->length += len;
    if (c->used) {
        size_t take = 64 - c->used;
        if (take > len) take = len;
        memcpy(c->buf + c->used, data, take);
        c->used += take; data += take; len -= take;
        if (c->used < 64) return;
        kz_sha256_block(c->h, c->buf);
        c->used = 0;
    }
    while (len >= 64) {
        kz_sha256_block(c->h, data);
        data += 64; len -= 64;
    }
    if (len) {
        memcpy(c->buf, data, len);
        c->used = len;
    }
}

static inline void kz_sha256_final(kz_sha256_ctx *c, uint8_t out[32])
{
    uint64_t bits = c->length * 8;
    int i;
    c->buf[c->used++] = 0x80;
    if (c->used > 56) {
        memset(c->buf + c->used, 0, 64 - c->used);
        kz_sha256_block(c->h, c->buf);
        c->used = 0;
    }
    memset(c->buf + c->used, 0, 56 - c->used);
    for (i = 0; i < 8; i++) c->buf[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    kz_sha256_block(c->h, c->buf);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(c->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)c->h[i];
    }
}

static inline void kz_sha256(const uint8_t *data, size_t len, uint8_t out[32])
{
    kz_sha256_ctx c;
    kz_sha256_init(&c);
    kz_sha256_update(&c, data, len);
    kz_sha256_final(&c, out);
}

/* The first four bytes of SHA-256(data), read big-endian: the bots' word. */
static inline uint32_t kz_sha256_word32(const uint8_t *data, size_t len)
{
    uint8_t out[32];
    kz_sha256(data, len, out);
    return ((uint32_t)out[0] << 24) | ((uint32_t)out[1] << 16) | ((uint32_t)out[2] << 8) | (uint32_t)out[3];
}


/* -- one-block messages, on the CPU's SHA extensions when it has them ------
 *
 * kz_sha256_short(data, len, h): SHA-256 of at most 55 bytes (one block),
 * h = the eight state words (big-endian words of the digest). The block is
 * compressed with the x86 SHA extensions when the CPU has them (checked once
 * at run time with cpuid; only kz_sha256_block_ni is compiled for them, so the
 * default build runs on any x86-64 and elsewhere), else by kz_sha256_block.
 * kz_sha256_any(data, len, out) is the digest bytes of any message, by the
 * same route when it fits one block. Each extension including this header has
 * its own switch: kz_sha_ni_allow(0) forces the portable code (a test hook).
 */

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define KZ_SHA_X86 1
#include <cpuid.h>
#include <immintrin.h>
__attribute__((target("sha,sse4.1,ssse3")))
static void kz_sha256_block_ni(uint32_t state[8], const uint8_t *data)
{
    __m128i s0, s1, tmp, msg, abef, cdgh, w[4];
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    int g;
    tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    s1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);          /* CDAB */
    s1 = _mm_shuffle_epi32(s1, 0x1B);            /* EFGH */
    s0 = _mm_alignr_epi8(tmp, s1, 8);            /* ABEF */
    s1 = _mm_blend_epi16(s1, tmp, 0xF0);         /* CDGH */
    abef = s0;
    cdgh = s1;
    for (g = 0; g < 16; g++) {
        __m128i cur;
        if (g < 4) {
            cur = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), mask);
        } else {
            cur = _mm_sha256msg1_epu32(w[g & 3], w[(g + 1) & 3]);
            cur = _mm_add_epi32(cur, _mm_alignr_epi8(w[(g + 3) & 3], w[(g + 2) & 3], 4));
            cur = _mm_sha256msg2_epu32(cur, w[(g + 3) & 3]);
        }
        w[g & 3] = cur;
        msg = _mm_add_epi32(cur, _mm_loadu_si128((const __m128i *)&KZ_SHA256_K[4 * g]));
        s1 = _mm_sha256rnds2_epu32(s1, s0, msg);
        msg = _mm_shuffle_epi32(msg, 0x0E);
        s0 = _mm_sha256rnds2_epu32(s0, s1, msg);
    }
    s0 = _mm_add_epi32(s0, abef);
    s1 = _mm_add_epi32(s1, cdgh);
    tmp = _mm_shuffle_epi32(s0, 0x1B);           /* FEBA */
    s1 = _mm_shuffle_epi32(s1, 0xB1);            /* DCHG */
    s0 = _mm_blend_epi16(tmp, s1, 0xF0);         /* DCBA */
    s1 = _mm_alignr_epi8(s1, tmp, 8);            /* HGFE */
    _mm_storeu_si128((__m128i *)&state[0], s0);
    _mm_storeu_si128((__m128i *)&state[4], s1);
}
/* Two independent blocks at once, their rounds interleaved: each block's rounds are one long
 * chain of dependent instructions, so two chains keep the SHA unit busier than one (about a
 * fifth less time a block than kz_sha256_block_ni twice, measured). */
__attribute__((target("sha,sse4.1,ssse3")))
static void kz_sha256_block_ni2(uint32_t sa[8], const uint8_t *da, uint32_t sb[8], const uint8_t *db)
{
    __m128i a0, a1, b0, b1, tmp, ma, mb, abefa, cdgha, abefb, cdghb, wa[4], wb[4];
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    int g;
    tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&sa[0]), 0xB1);
    a1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&sa[4]), 0x1B);
    a0 = _mm_alignr_epi8(tmp, a1, 8);
    a1 = _mm_blend_epi16(a1, tmp, 0xF0);
    tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&sb[0]), 0xB1);
    b1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&sb[4]), 0x1B);
    b0 = _mm_alignr_epi8(tmp, b1, 8);
    b1 = _mm_blend_epi16(b1, tmp, 0xF0);
    abefa = a0; cdgha = a1; abefb = b0; cdghb = b1;
    for (g = 0; g < 16; g++) {
        __m128i ca, cb, k = _mm_loadu_si128((const __m128i *)&KZ_SHA256_K[4 * g]);
        if (g < 4) {
            ca = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(da + 16 * g)), mask);
            cb = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(db + 16 * g)), mask);
        } else {
            ca = _mm_sha256msg1_epu32(wa[g & 3], wa[(g + 1) & 3]);
            cb = _mm_sha256msg1_epu32(wb[g & 3], wb[(g + 1) & 3]);
            ca = _mm_add_epi32(ca, _mm_alignr_epi8(wa[(g + 3) & 3], wa[(g + 2) & 3], 4));
            cb = _mm_add_epi32(cb, _mm_alignr_epi8(wb[(g + 3) & 3], wb[(g + 2) & 3], 4));
            ca = _mm_sha256msg2_epu32(ca, wa[(g + 3) & 3]);
            cb = _mm_sha256msg2_epu32(cb, wb[(g + 3) & 3]);
        }
        wa[g & 3] = ca;
        wb[g & 3] = cb;
        ma = _mm_add_epi32(ca, k);
        mb = _mm_add_epi32(cb, k);
        a1 = _mm_sha256rnds2_epu32(a1, a0, ma);
        b1 = _mm_sha256rnds2_epu32(b1, b0, mb);
        ma = _mm_shuffle_epi32(ma, 0x0E);
        mb = _mm_shuffle_epi32(mb, 0x0E);
        a0 = _mm_sha256rnds2_epu32(a0, a1, ma);
        b0 = _mm_sha256rnds2_epu32(b0, b1, mb);
    }
    a0 = _mm_add_epi32(a0, abefa); a1 = _mm_add_epi32(a1, cdgha);
    b0 = _mm_add_epi32(b0, abefb); b1 = _mm_add_epi32(b1, cdghb);
    tmp = _mm_shuffle_epi32(a0, 0x1B); a1 = _mm_shuffle_epi32(a1, 0xB1);
    _mm_storeu_si128((__m128i *)&sa[0], _mm_blend_epi16(tmp, a1, 0xF0));
    _mm_storeu_si128((__m128i *)&sa[4], _mm_alignr_epi8(a1, tmp, 8));
    tmp = _mm_shuffle_epi32(b0, 0x1B); b1 = _mm_shuffle_epi32(b1, 0xB1);
    _mm_storeu_si128((__m128i *)&sb[0], _mm_blend_epi16(tmp, b1, 0xF0));
    _mm_storeu_si128((__m128i *)&sb[4], _mm_alignr_epi8(b1, tmp, 8));
}
static int kz_sha_ni = -1;                       /* -1: not checked yet */
static int kz_sha_ni_check(void)
{
    unsigned int a, b, c, d, ok = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 19)) && (c & (1u << 9))
            && __get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        ok = (b >> 29) & 1u;
    }
    kz_sha_ni = (int)ok;                         /* idempotent: a race writes the same */
    return (int)ok;
}
#endif

static inline void kz_sha256_compress(uint32_t h[8], const uint8_t *block)
{
#ifdef KZ_SHA_X86
    int ni = kz_sha_ni;
    if (ni < 0) ni = kz_sha_ni_check();
    if (ni) { kz_sha256_block_ni(h, block); return; }
#endif
    kz_sha256_block(h, block);
}

static inline int kz_sha_ni_used(void)
{
#ifdef KZ_SHA_X86
    return kz_sha_ni < 0 ? kz_sha_ni_check() : kz_sha_ni;
#else
    return 0;
#endif
}

static inline void kz_sha_ni_allow(int on)
{
#ifdef KZ_SHA_X86
    kz_sha_ni = on ? kz_sha_ni_check() : 0;
#else
    (void)on;
#endif
}

/* The one block of a message of at most 55 bytes, and the initial state. */
static inline void kz_sha256_pad(const uint8_t *data, size_t len, uint8_t block[64], uint32_t h[8])
{
    uint64_t bits = (uint64_t)len * 8;
    int i;
    memcpy(block, data, len);
    block[len] = 0x80;
    memset(block + len + 1, 0, 63 - len);
    for (i = 0; i < 8; i++) block[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    h[0] = 0x6a09e667u; h[1] = 0xbb67ae85u; h[2] = 0x3c6ef372u; h[3] = 0xa54ff53au;
    h[4] = 0x510e527fu; h[5] = 0x9b05688cu; h[6] = 0x1f83d9abu; h[7] = 0x5be0cd19u;
}

/* Not inlined: a digest costs a hundred times a call, and inlining it at every call (the duel's
 * rung-1 decisions) would only crowd the callers out of the compiler's inlining budget. */
#if defined(__GNUC__) || defined(__clang__)
#define KZ_SHA_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define KZ_SHA_NOINLINE __declspec(noinline)
#else
#define KZ_SHA_NOINLINE
#endif

static KZ_SHA_NOINLINE void kz_sha256_short(const uint8_t *data, size_t len, uint32_t h[8])
{
    uint8_t block[64];
    kz_sha256_pad(data, len, block, h);
    kz_sha256_compress(h, block);
}

/* One block of each of two messages of the same length (at most 55 bytes): h1 and h2 as
 * kz_sha256_short would give them, the two blocks compressed together on the SHA extensions. */
static KZ_SHA_NOINLINE void kz_sha256_short2(const uint8_t *d1, const uint8_t *d2, size_t len,
                                             uint32_t h1[8], uint32_t h2[8])
{
    uint8_t b1[64], b2[64];
    kz_sha256_pad(d1, len, b1, h1);
    kz_sha256_pad(d2, len, b2, h2);
#ifdef KZ_SHA_X86
    {
        int ni = kz_sha_ni;
        if (ni < 0) ni = kz_sha_ni_check();
        if (ni) { kz_sha256_block_ni2(h1, b1, h2, b2); return; }
    }
#endif
    kz_sha256_block(h1, b1);
    kz_sha256_block(h2, b2);
}

static inline void kz_sha256_any(const uint8_t *data, size_t len, uint8_t out[32])
{
    uint32_t h[8];
    int i;
    if (len > 55) { kz_sha256(data, len, out); return; }
    kz_sha256_short(data, len, h);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(h[i] >> 8);
        out[4 * i + 3] = (uint8_t)h[i];
    }
}

#endif /* KOZYR_SHA256_H */
