/* The one PRNG of cardhall: PCG32 (XSH-RR, 64-bit state, O'Neill 2014).
 * Integer-only, so a seed replays the same game on every machine. Bounded
 * draws use rejection sampling, so they are exactly uniform. */
#ifndef CARDHALL_RNG_H
#define CARDHALL_RNG_H

#include <stdint.h>

typedef struct ch_rng {
    uint64_t state;
    uint64_t inc; /* always odd */
} ch_rng;

/* stream selects an independent sequence for the same seed (e.g. one per bot). */
void ch_rng_seed(ch_rng *r, uint64_t seed, uint64_t stream);
uint32_t ch_rng_next(ch_rng *r);
uint64_t ch_rng_next64(ch_rng *r);
/* Uniform in [0, n), n >= 1. */
uint32_t ch_rng_below(ch_rng *r, uint32_t n);
/* Fisher-Yates: a[n-1] is swapped with a uniform a[0..n-1], then downwards. */
void ch_rng_shuffle_u8(ch_rng *r, uint8_t *a, int n);
/* Sorts a[0..n-1] ascending. A resample sorts the hidden cards it gathered
 * before shuffling them, so the world it draws depends only on the viewer's
 * view and the rng, never on where the hidden cards truly were (a searching
 * bot's choice must not change with them). */
void ch_sort_u8(uint8_t *a, int n);
/* SplitMix64: decorrelates derived seeds (game i of a run, a seat's bot). */
uint64_t ch_mix64(uint64_t x);

#endif
