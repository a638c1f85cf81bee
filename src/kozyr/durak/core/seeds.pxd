# Seeds and random words in C: splitmix64, the fast words, the SHA-256 words,
# and the decimal writer they share. The one C home of this arithmetic; its
# Python twin is kozyr/durak/seeds.py (tests compare the two). Everything is
# inline so that the ladder's nogil loop compiles it into its own body.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

cdef extern from "sha256.h" nogil:
    void kz_sha256(const uint8_t *data, size_t len, uint8_t *out) noexcept
    void kz_sha256_short(const uint8_t *data, size_t len, uint32_t *h) noexcept
    void kz_sha256_short2(const uint8_t *d1, const uint8_t *d2, size_t len, uint32_t *h1, uint32_t *h2) noexcept
    void kz_sha256_any(const uint8_t *data, size_t len, uint8_t *out) noexcept
    int kz_sha_ni_used() noexcept           # 1 when this module compresses with SHA-NI
    void kz_sha_ni_allow(int on) noexcept   # 0 forces the portable code (tests)

cdef enum:
    SEED_MAX = 200        # bytes of a bot seed (seeds.SEED_MAX)
    TEXT_MAX = 208        # a bot seed + ":2:"
    WORD_BUF = 232        # + the ply's digits


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    """The splitmix64 finalizer."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t fast_next(uint64_t *rng) noexcept nogil:
    """splitmix64: the next 64-bit word of the stream whose state is *rng."""
    rng[0] += 0x9E3779B97F4A7C15ULL
    return mix64(rng[0])


cdef inline int fast_below(uint64_t *rng, int n) noexcept nogil:
    """A number in 0..n-1 from the fast stream (multiply-shift; n small)."""
    return <int>(((fast_next(rng) >> 32) * <uint64_t>n) >> 32)


cdef inline uint32_t fast_word(uint64_t key, int seat, int ply) noexcept nogil:
    """The fast rung-1 word for a 64-bit key, engine seat 0/1 and ply (seeds.fast_word)."""
    return <uint32_t>(mix64(key + ((((<uint64_t>(seat + 1)) << 32) | <uint32_t>ply) * 0x9E3779B97F4A7C15ULL)) >> 32)


cdef inline int put_uint(unsigned char *out, unsigned long long x) noexcept nogil:
    """Write x in decimal at out; the number of digits."""
    cdef unsigned char digits[24]
    cdef int n = 0, j
    while True:
        digits[n] = <unsigned char>(48 + x % 10)
        n += 1
        x //= 10
        if x == 0:
            break
    for j in range(n):
        out[j] = digits[n - 1 - j]
    return n


cdef inline uint32_t digest_word(const uint8_t *digest) noexcept nogil:
    """The first four bytes of a digest as a big-endian word."""
    return ((<uint32_t>digest[0] << 24) | (<uint32_t>digest[1] << 16)
            | (<uint32_t>digest[2] << 8) | <uint32_t>digest[3])


cdef inline void digest_words(const uint8_t *digest, uint32_t *words) noexcept nogil:
    """A digest as eight big-endian words."""
    cdef int j
    for j in range(8):
        words[j] = digest_word(digest + 4 * j)


cdef inline void sha_words(const uint8_t *msg, int n, uint32_t *words) noexcept nogil:
    """SHA-256 of msg as eight big-endian words (one block in place when it fits)."""
    cdef uint8_t digest[32]
    if n <= 55:
        kz_sha256_short(msg, n, words)
    else:
        kz_sha256(msg, n, digest)
        digest_words(digest, words)


cdef inline uint32_t sha_word(unsigned char *buf, int head, int ply) noexcept nogil:
    """The rules' rung-1 word: buf holds `<bot seed>:<seat>:` (head bytes); the ply is appended."""
    cdef uint32_t h[8]
    sha_words(buf, head + put_uint(buf + head, <unsigned long long>ply), h)
    return h[0]


cdef inline int seat_tail(unsigned char *buf, int n, int seat) noexcept nogil:
    """Append `:<seat + 1>:` to the n bytes at buf; the new length."""
    buf[n] = 58
    buf[n + 1] = <unsigned char>(49 + seat)
    buf[n + 2] = 58
    return n + 3


cdef inline int word_head(unsigned char *buf, const unsigned char *text, int n, int seat) noexcept nogil:
    """buf = `<text>:<seat + 1>:`; its length."""
    memcpy(buf, text, n)
    return seat_tail(buf, n, seat)
