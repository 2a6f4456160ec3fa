/* Rumino's meld solver: the exact minimum deadwood of a hand of up to 8
 * cards over every layout of disjoint melds (RU-1..RU-5), jokers included,
 * plus the Gin and Rumino tests built on it (RU-6, RU-7, RU-35, RU-40).
 *
 * Cards are faces: suit * 13 + (rank - 1) for the 52 standard cards, suits in
 * the order S, H, D, C, ranks A = 1 .. K = 13; RU_JOKER for a joker. The two
 * physical copies of a card share one face. */
#ifndef CARDHALL_RUMINO_MELD_H
#define CARDHALL_RUMINO_MELD_H

#include <stdint.h>

#define RU_JOKER 52
#define RU_NFACES 53
#define RU_MAX_HAND 8

/* Point value of a card as deadwood (§1.3): A 1, 2-10 face value, J Q K and
 * jokers 10. */
extern const uint8_t ru_card_points[RU_NFACES];

static inline int ru_face_rank(int face)
{
    return face % 13 + 1;
}
static inline int ru_face_suit(int face)
{
    return face / 13;
}

/* A best layout: up to two melds (a hand of 8 cards cannot hold three) and
 * the deadwood cards. Melds list their natural cards first, then jokers. */
typedef struct ru_layout {
    int deadwood;
    int n_melds;
    int meld_n[2];
    uint8_t meld[2][4];
    int n_dead;
    uint8_t dead[RU_MAX_HAND];
} ru_layout;

/* Minimum deadwood of faces[0..n-1], n <= 8. */
int ru_meld_deadwood(const uint8_t *faces, int n);
/* The same when it is at most cap; otherwise some value above cap (faster:
 * the knock test, RU-30). */
int ru_meld_deadwood_upto(const uint8_t *faces, int n, int cap);
/* The same, and one layout reaching it. */
int ru_meld_best(const uint8_t *faces, int n, ru_layout *out);
/* For an 8-card hand: bit i is set iff faces minus faces[i] has deadwood 0
 * (that is, splits into a 4-card and a 3-card meld: Gin, RU-35). */
unsigned ru_meld_gin_mask(const uint8_t *faces, int n);
/* Whether 7 cards form a Rumino combination (RU-7); jokers wild unless
 * natural_only (RU-V1). */
int ru_meld_is_rumino(const uint8_t *faces, int n, int natural_only);
/* For an 8-card hand: bit i is set iff faces minus faces[i] is a Rumino
 * combination. */
unsigned ru_meld_rumino_mask(const uint8_t *faces, int n, int natural_only);

#endif
