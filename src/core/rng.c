/* PCG32, XSH-RR variant: https://www.pcg-random.org/ (M. E. O'Neill, 2014).
 * The constants and the seeding sequence are those of the reference
 * pcg32_srandom_r, so a seed means the same stream everywhere. */
#include "cardhall/rng.h"

#define PCG_MULT 6364136223846793005ULL

void ch_rng_seed(ch_rng *r, uint64_t seed, uint64_t stream)
{
    r->state = 0;
    r->inc = (stream << 1) | 1u;
    ch_rng_next(r);
    r->state += seed;
    ch_rng_next(r);
}

/* One PCG32 step, inline for the loops here: a shuffle draws once per card,
 * and a call per draw cost more than the draw (issue 29). */
static inline uint32_t pcg_step(ch_rng *r)
{
    uint64_t old = r->state;
    r->state = old * PCG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

/* Lemire's multiply-and-reject: exact, and one multiply in the common case. */
static inline uint32_t pcg_below(ch_rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)pcg_step(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = -n % n;
        while (low < threshold) {
            m = (uint64_t)pcg_step(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

uint32_t ch_rng_next(ch_rng *r)
{
    return pcg_step(r);
}

uint64_t ch_rng_next64(ch_rng *r)
{
    uint64_t hi = ch_rng_next(r);
    return (hi << 32) | ch_rng_next(r);
}

uint32_t ch_rng_below(ch_rng *r, uint32_t n)
{
    return pcg_below(r, n);
}

void ch_rng_shuffle_u8(ch_rng *r, uint8_t *a, int n)
{
    /* A local copy of the generator: a store through a uint8_t pointer may
     * alias anything, so r itself would be reloaded after every swap. */
    ch_rng g = *r;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pcg_below(&g, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    *r = g;
}

void ch_sort_u8(uint8_t *a, int n)
{
    int count[256] = {0};
    for (int i = 0; i < n; i++)
        count[a[i]]++;
    for (int v = 0, k = 0; v < 256; v++)
        while (count[v]-- > 0)
            a[k++] = (uint8_t)v;
}

uint64_t ch_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}
