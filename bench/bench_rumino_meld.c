/* Rumino's meld solver: time per deadwood evaluation (RU-4), the goal being
 * <= 200 ns for a 7- or 8-card hand with jokers. Hands are drawn before the
 * clock starts; each mix is timed over many passes of the same hands. */
#include <stdio.h>
#include <time.h>

#include "cardhall/rng.h"
#include "cardhall/rumino_meld.h"

enum { HANDS = 4096, MAXLEN = 8 };

/* n distinct physical cards of the box: two 52-card decks and 4 jokers. */
static void uniform_hand(ch_rng *r, uint8_t *h, int n)
{
    uint8_t box[108];
    for (int i = 0; i < 108; i++)
        box[i] = (uint8_t)(i < 104 ? i % 52 : RU_JOKER);
    for (int i = 0; i < n; i++) {
        int j = i + (int)ch_rng_below(r, (uint32_t)(108 - i));
        uint8_t t = box[i];
        box[i] = box[j];
        box[j] = t;
        h[i] = box[i];
    }
}

/* Cards of five ranks in two suits, plus up to jmax jokers: many melds. */
static void dense_hand(ch_rng *r, uint8_t *h, int n, int jmax)
{
    int lo = (int)ch_rng_below(r, 9), s1 = (int)ch_rng_below(r, 4), s2 = (int)ch_rng_below(r, 4);
    int jokers = (int)ch_rng_below(r, (uint32_t)jmax + 1);
    for (int i = 0; i < n; i++) {
        int suit = ch_rng_below(r, 2) ? s1 : s2;
        h[i] = i < jokers ? RU_JOKER : (uint8_t)(suit * 13 + lo + (int)ch_rng_below(r, 5));
    }
    ch_rng_shuffle_u8(r, h, n);
}

/* CPU time of this thread: on a shared machine, time spent descheduled is
 * not the solver's. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void measure(const char *label, uint8_t (*hands)[MAXLEN], int len)
{
    long sum = 0;
    int passes = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < HANDS; i++)
            sum += ru_meld_deadwood(hands[i], len);
        passes++;
    } while ((t = now()) - t0 < 0.5);
    /* The checksum keeps the compiler from dropping the calls. */
    printf("rumino deadwood, %-30s %7.1f ns/hand  (checksum %ld)\n", label,
           (t - t0) * 1e9 / ((double)passes * HANDS), sum);
}

int main(void)
{
    static uint8_t hands[HANDS][MAXLEN];
    ch_rng r;
    ch_rng_seed(&r, 5, 15);
    for (int len = 7; len <= 8; len++) {
        char label[64];
        for (int i = 0; i < HANDS; i++) {
            uniform_hand(&r, hands[i], len);
            hands[i][i % len] = RU_JOKER; /* at least one joker in every hand */
        }
        snprintf(label, sizeof label, "%d random cards, >= 1 joker:", len);
        measure(label, hands, len);
        for (int i = 0; i < HANDS; i++)
            dense_hand(&r, hands[i], len, 4);
        snprintf(label, sizeof label, "%d meld-rich cards, 0-4 jokers:", len);
        measure(label, hands, len);
    }
    return 0;
}
