/* RAGAMARU legal actions (RG-21, RG-22, RG-30..RG-36, RG-42, RG-64).
 *
 * Plays are enumerated per type, not per card subset: a coloured type has at
 * most 4 cards, so at most 15 colour sets x 4 top cards; colourless types
 * by count. The bound is therefore independent of hand size:
 *   numbers 15 x 32 + coloured 8 x 32 + Try(+CONV) 64 + RES 4 + SIN 8
 *   + RGM 2 + DRAW/PASS 1 = 815 <= RG_MAX_ACTIONS.
 * A Reserve's colour and number are decisions of their own afterwards
 * (RG_PH_DECLARE: 4, then 15 actions), as are Advantage discards
 * (RG_PH_DISCARD), one card at a time in any order, at most 101 + 1. */
#include <assert.h>
#include <string.h>

#include "internal.h"

static inline int limit(const rg_state *s, int type)
{
    if (type == RG_NUMBER) return 4;
    if (type == RG_CONV || type == RG_TMO) return 1;
    return s->unlimited ? 4 : 2;
}

int rg_first_ok(const rg_state *s, int face)
{
    int t = rg_type_of(face);
    if (t == RG_CONV || t == RG_TMO) return 0;
    if (s->C == RG_ANY || t == RG_RES || t == RG_SIN || t == RG_RGM) return 1;
    if (t == RG_ADV && s->free_adv) return 1;
    if (rg_colour_of(face) == s->C) return 1;
    if (t == RG_NUMBER) return s->N != 0 && rg_number_of(face) == s->N;
    return s->T == t;
}

/* Colours of type (and number) whose card is a legal first card (RG-31). */
static unsigned first_mask(const rg_state *s, int type, int number)
{
    if (s->C == RG_ANY) return 15;
    unsigned m = 1u << s->C;
    if (type == RG_NUMBER ? s->N == number : s->T == type) m = 15;
    if (type == RG_ADV && s->free_adv) m = 15;
    return m;
}

enum { MODE_PLAY, MODE_DRAWN, MODE_RESPOND };

/* What every generator reads. The actions go through a pointer each one
 * takes and returns (o), not a count in here: kept in a register, not in
 * memory behind g, it costs nothing per action (issue 29). */
typedef struct gen {
    const rg_state *s;
    const rg_hand *h;
    int mode, strict;
    int plain; /* rg_legal_plain: every kind by gen_sets and gen_multi, no table */
} gen;

static int popcount4(unsigned x)
{
    return (int)((x & 1) + (x >> 1 & 1) + (x >> 2 & 1) + (x >> 3 & 1));
}

static inline ch_action *emit(ch_action *o, const rg_move *m)
{
    *o = rg_encode(m);
    return o + 1;
}

/* Every set of held colours of one coloured type with every top card whose
 * play is legal: one card needs to be a legal first card itself, several
 * need a legal first card below the top (RG-36). conv: a CONV may close a
 * Try play. Sets are visited as subsets of held, largest mask first. */
static ch_action *gen_multi(const gen *g, ch_action *o, int type, int number, unsigned held,
                            unsigned lf, int conv)
{
    int lim = limit(g->s, type), need_conv = 0, maxcv = conv && !g->strict;
    unsigned need = 0;
    if (g->mode == MODE_DRAWN) {
        int d = g->s->drawn, dt = rg_type_of(d);
        if (dt == RG_CONV) {
            if (!maxcv) return o;
            need_conv = 1;
        } else {
            if (dt != type || rg_number_of(d) != number) return o;
            need = 1u << rg_colour_of(d);
        }
    }
    rg_move m = {RG_A_PLAY, type, number, 0, 0, 0, 0, 0, 0};
    int hn = g->h->n;
    for (unsigned set = held; set; set = (set - 1) & held) {
        if ((set & need) != need) continue;
        int k = popcount4(set);
        if (k > lim || (g->strict && set != need)) continue;
        if (type != RG_NUMBER && k + need_conv >= hn) continue; /* RG-34 */
        for (unsigned tops = set; tops; tops &= tops - 1) {
            int top = __builtin_ctz(tops);
            unsigned below = set & ~(1u << top);
            if (!(k == 1 ? lf >> top & 1 : (below & lf) != 0)) continue;
            for (int cv = need_conv; cv <= maxcv; cv++) {
                /* RG-34: only number cards may empty the hand. */
                if (type != RG_NUMBER && k + cv >= hn) continue;
                m.set = (int)set;
                m.top = top;
                m.conv = cv;
                o = emit(o, &m);
            }
        }
    }
    return o;
}

/* gen_multi's lists for the usual case, computed once (rg_legal_init): in a
 * turn or a response (no drawn card to include), without strict_draw, and
 * where RG-34 cannot bite (number cards, or more than 5 cards in hand, since
 * a play takes at most 4 cards and a Conversion). Random play meets a held
 * kind of several colours at most steps once hands grow, and walking its
 * subsets cost more than the rest of the move generation (issue 29).
 *
 * Row [conv][lim == 4][lf][held] lists the plays gen_multi emits, in its
 * order, as the action's bits 11..17 (set, top, conv: see rg_encode):
 * entry e gives the action base | e << 11. */
static struct {
    uint16_t off[2][2][16][16];
    uint8_t n[2][2][16][16];
    uint8_t e[4872 + 3]; /* every row's entries, 4 872 in all, and gen_table's overreach */
} sets_table;

/* The play of one card alone, by the card's bit in a hand's mask: lone_num
 * for number cards (bit = face), lone_sp for coloured specials (bit =
 * face - 60), which follows it. Entry 63 of either is a placeholder that
 * lone_at gives for no card, written past the list's count. */
static ch_action lone_num[64 + 64];
static ch_action *const lone_sp = lone_num + 60; /* so lone_num[face] serves faces 0..95 */

static ch_action colourless_tab[4 + 4 + 16]; /* see turn_colourless */
static ch_action declare_tab[5][15];         /* see gen_declare */
static ch_action respond_tab[6];             /* see gen_respond */

void rg_legal_init(void)
{
    int k = 0;
    for (int conv = 0; conv < 2; conv++)
        for (int big = 0; big < 2; big++)
            for (unsigned lf = 0; lf < 16; lf++)
                for (unsigned held = 0; held < 16; held++) {
                    int start = k, lim = big ? 4 : 2;
                    /* gen_multi's loops with need 0 and RG-34 out of reach. */
                    for (unsigned set = held; set; set = (set - 1) & held) {
                        if (popcount4(set) > lim) continue;
                        for (unsigned tops = set; tops; tops &= tops - 1) {
                            int top = __builtin_ctz(tops);
                            unsigned below = set & ~(1u << top);
                            if (!(popcount4(set) == 1 ? lf >> top & 1 : (below & lf) != 0))
                                continue;
                            for (int cv = 0; cv <= conv; cv++) {
                                assert(k < (int)sizeof sets_table.e - 3);
                                sets_table.e[k++] =
                                    (uint8_t)(set | (unsigned)top << 4 | (unsigned)cv << 6);
                            }
                        }
                    }
                    sets_table.off[conv][big][lf][held] = (uint16_t)start;
                    sets_table.n[conv][big][lf][held] = (uint8_t)(k - start);
                }
    assert(k == (int)sizeof sets_table.e - 3);
    for (int j = 0; j < 4; j++) {
        rg_move m = {RG_A_PLAY, RG_RES, 0, j + 1, 0, 0, 0, 0, 0};
        colourless_tab[j] = rg_encode(&m);
        m.type = RG_RGM;
        colourless_tab[4 + j] = rg_encode(&m);
    }
    rg_move r = {RG_A_PLAY, RG_CONV, 0, 1, 0, 0, 0, 0, 0};
    respond_tab[0] = rg_encode(&r);
    r.type = RG_TMO;
    for (r.colour = 0; r.colour < 4; r.colour++)
        respond_tab[1 + r.colour] = rg_encode(&r);
    r = (rg_move){RG_A_ACCEPT, 0, 0, 0, 0, 0, 0, 0, 0};
    respond_tab[5] = rg_encode(&r);
    for (int c = 0; c <= RG_ANY; c++)
        for (int j = 0; j < 15; j++) {
            rg_move m = {RG_A_DECLARE, 0, 0, 0, 0, 0, c, j + 1, 0};
            if (c == RG_ANY) m.colour = j % 4, m.decl = 0;
            declare_tab[c][j] = rg_encode(&m);
        }
    for (int j = 0; j < 16; j++) {
        rg_move m = {RG_A_PLAY, RG_SIN, 0, j / 4 + 1, 0, 0, j % 4, 0, 0};
        colourless_tab[8 + j] = rg_encode(&m);
    }
    for (int b = 0; b < 60; b++) {
        rg_move m = {RG_A_PLAY, RG_NUMBER, b / 4 + 1, 1 << b % 4, b % 4, 0, 0, 0, 0};
        lone_num[b] = rg_encode(&m);
        if (b >= 36) continue;
        m.type = b / 4 + 1;
        m.number = 0;
        lone_sp[b] = rg_encode(&m);
    }
}

static inline ch_action *gen_table(const gen *g, ch_action *o, int type, int number, unsigned held,
                                   unsigned lf, int conv)
{
    int big = limit(g->s, type) == 4;
    const uint8_t *e = sets_table.e + sets_table.off[conv][big][lf][held];
    int n = sets_table.n[conv][big][lf][held];
    ch_action base = (ch_action)RG_A_PLAY | (ch_action)type << 3 | (ch_action)number << 7;
    /* Four entries whatever the row's length (most rows hold one to four):
     * a loop's exit on the length mispredicted; the output has room, since
     * a list stays far below RG_MAX_ACTIONS, and entries past n are not
     * counted. */
    o[0] = base | (ch_action)e[0] << 11;
    o[1] = base | (ch_action)e[1] << 11;
    o[2] = base | (ch_action)e[2] << 11;
    o[3] = base | (ch_action)e[3] << 11;
    for (int i = 4; i < n; i++)
        o[i] = base | (ch_action)e[i] << 11;
    return o + n;
}

/* gen_table's row after a draw: only the plays that include the drawn card
 * (colour bit need), in the row's order, which is gen_multi's. Valid where
 * gen_table is, with the drawn card a coloured one. */
static ch_action *gen_table_need(const gen *g, ch_action *o, int type, int number, unsigned held,
                                 unsigned lf, int conv, unsigned need)
{
    int big = limit(g->s, type) == 4;
    const uint8_t *e = sets_table.e + sets_table.off[conv][big][lf][held];
    int n = sets_table.n[conv][big][lf][held];
    ch_action base = (ch_action)RG_A_PLAY | (ch_action)type << 3 | (ch_action)number << 7;
    /* Four entries whatever the row's length, as gen_table: a loop's exit
     * on it mispredicted; entries past n belong to the next row and are
     * not counted. */
    for (int i = 0; i < 4; i++) {
        *o = base | (ch_action)e[i] << 11;
        o += ((e[i] & need) != 0) & (i < n);
    }
    for (int i = 4; i < n; i++) {
        *o = base | (ch_action)e[i] << 11;
        o += (e[i] & need) != 0;
    }
    return o;
}

/* One card held of the kind and no Conversion to add: the common case of
 * every turn, kept inline and free of set enumeration. After a draw
 * gen_drawn_plain only asks for the drawn card's kind, so a lone card is the
 * drawn one. */
static inline ch_action *gen_sets(const gen *g, ch_action *o, int type, int number, unsigned held,
                                  unsigned lf, int conv)
{
    if (held & (held - 1) || conv) {
        if (g->mode != MODE_DRAWN && !g->strict && !g->plain && (type == RG_NUMBER || g->h->n > 5))
            o = gen_table(g, o, type, number, held, lf, conv);
        else
            o = gen_multi(g, o, type, number, held, lf, conv);
        return o;
    }
    if (!(held & lf) || (type != RG_NUMBER && g->h->n <= 1)) return o; /* RG-31, RG-34 */
    rg_move one = {RG_A_PLAY, type, number, (int)held, __builtin_ctz(held), 0, 0, 0, 0};
    o = emit(o, &one);
    return o;
}

/* k copies of a colourless card, with its colour (and number) declaration. */
static ch_action *gen_colourless(const gen *g, ch_action *o, int type, int face)
{
    int held = rg_count(g->h, face), lim = limit(g->s, type);
    if (g->mode == MODE_DRAWN && g->s->drawn != face) return o;
    if (g->strict) lim = 1;
    rg_move m = {RG_A_PLAY, type, 0, 0, 0, 0, 0, 0, 0};
    for (int k = 1; k <= held && k <= lim && k < g->h->n; k++) {
        m.set = k;
        if (type == RG_RGM || type == RG_CONV) {
            o = emit(o, &m);
            continue;
        }
        /* A Reserve declares afterwards (RG_PH_DECLARE), so a held
         * Reserve adds one choice per count, not 60. */
        if (type == RG_RES) {
            o = emit(o, &m);
            continue;
        }
        for (int c = 0; c < 4; c++) {
            m.colour = c;
            o = emit(o, &m);
        }
    }
    return o;
}

/* A turn's plays of colourless cards (no drawn card, no strict_draw),
 * after the coloured ones: counts 1..k of a Reserve, a Sin Bin (with each
 * colour) and a RAGAMARU, k held, within the type's limit and below the
 * hand's size (RG-34). The entries of all three are copied from
 * colourless_tab (counts 1..4 of a Reserve, of a RAGAMARU, then of a Sin
 * Bin with each colour, as gen_colourless lists them) whatever k, and k of
 * each counted: a loop on k mispredicted its exit, and building each entry
 * made the list's end wait (issue 29). */
static inline int colourless_k(const rg_state *s, const rg_hand *h, int type, int held)
{
    int lim = limit(s, type), k = held < lim ? held : lim;
    return k < h->n - 1 ? k : h->n - 1;
}

static inline ch_action *turn_colourless(const rg_state *s, const rg_hand *h, ch_action *o)
{
    int kr = colourless_k(s, h, RG_RES, h->multi[RG_FACE_RES - 96]);
    int ks = colourless_k(s, h, RG_SIN, h->multi[RG_FACE_SIN - 96]);
    int kg = colourless_k(s, h, RG_RGM, h->multi[RG_FACE_RGM - 96]);
    memcpy(o, colourless_tab, 4 * sizeof *o);
    o += kr;
    memcpy(o, colourless_tab + 8, 8 * sizeof *o);
    if (ks > 2) memcpy(o + 8, colourless_tab + 16, 8 * sizeof *o); /* unlimited_multiples */
    o += 4 * ks;
    memcpy(o, colourless_tab + 4, 4 * sizeof *o);
    return o + kg;
}

/* Nibble n-1 of a 60-bit number mask holds number n's colours (nibble t-1
 * of a 36-bit special mask type t's); this picks one colour's bit of every
 * nibble. */
#define RG_NIBBLE_LOW 0x111111111111111ull

/* Bit 0 of every nibble of x that holds a card / two cards or more. */
static inline uint64_t nib_any(uint64_t x)
{
    return (x | x >> 1 | x >> 2 | x >> 3) & RG_NIBBLE_LOW;
}

/* Bit 0 of nibble sh/4 if that nibble of x holds a card; 0 for sh >= 60,
 * which no mask here reaches. */
static inline uint64_t nib_at(uint64_t x, int sh)
{
    return (uint64_t)((x >> sh & 15) != 0) << sh;
}

/* The cards of x in the nibbles cand marks, and whether every such nibble
 * holds a single card: subtracting cand takes each nibble's lowest card
 * without a borrow crossing nibbles (each holds one), and what is left is
 * the second cards. */
static inline uint64_t nib_cards(uint64_t x, uint64_t cand, int *lone)
{
    uint64_t c = x & cand * 15;
    *lone = !(c & (c - cand));
    return c;
}

/* How many nibbles cand marks (bit 0 of each, 15 nibbles at most): the
 * multiply sums them into the top nibble, none above 15, so no carry. */
static inline int nib_count(uint64_t cand)
{
    return (int)((cand * RG_NIBBLE_LOW) >> 56 & 15);
}

/* The lowest card of *bits played alone, taken off *bits; for no card,
 * lone[63], a placeholder. A turn writes its first entries at fixed places
 * whether or not there are that many candidates and takes the count from
 * the candidates once: a count kept step by step cost four instructions a
 * step and chained the places (issue 29). */
static inline ch_action lone_at(uint64_t *bits, const ch_action *lone)
{
    ch_action a = lone[(unsigned)__builtin_ctzll(*bits | 1ull << 63)];
    *bits &= *bits - 1;
    return a;
}

/* One number of a turn whose candidates include one held in several
 * colours: the lowest candidate left in *cand, its row of the table (one
 * entry or none for a single card), written without a branch on its kind;
 * a step with no candidate left reads nibble 15, empty in a 60-bit mask,
 * whose row is empty. */
static inline ch_action *number_step(const gen *g, ch_action *o, uint64_t *cand)
{
    const rg_state *s = g->s;
    int i = __builtin_ctzll(*cand | 1ull << 60), n = i / 4 + 1;
    unsigned held = (unsigned)(g->h->num >> i & 15);
    unsigned lf = s->C == RG_ANY || s->N == n ? 15 : 1u << s->C;
    *cand &= *cand - 1;
    return gen_table(g, o, RG_NUMBER, n, held, lf, 0);
}

/* A turn's plays kind by kind through gen_sets (candidate numbers, then
 * coloured specials, then colourless cards): the enumeration legal_turn's
 * shortcuts must equal, kept as the reference rg_legal_plain lists. */
static ch_action *gen_turn_plain(const gen *g, ch_action *o)
{
    const rg_state *s = g->s;
    const rg_hand *h = g->h;
    uint64_t cand = s->C == RG_ANY ? h->num : (h->num >> s->C) & RG_NIBBLE_LOW;
    if (s->N && (h->num >> ((s->N - 1) * 4) & 15)) cand |= 1ull << ((s->N - 1) * 4);
    while (cand) {
        int n = __builtin_ctzll(cand) / 4 + 1;
        cand &= ~(15ull << ((n - 1) * 4));
        unsigned held = (unsigned)(h->num >> ((n - 1) * 4) & 15);
        o = gen_sets(g, o, RG_NUMBER, n, held, first_mask(s, RG_NUMBER, n), 0);
    }
    uint64_t sp = s->C == RG_ANY ? h->sp : (h->sp >> s->C) & RG_NIBBLE_LOW;
    if (s->T >= RG_TRY && s->T <= RG_ADV) sp |= h->sp & 15ull << ((s->T - 1) * 4);
    if (s->free_adv) sp |= h->sp & 15ull << ((RG_ADV - 1) * 4);
    while (sp) {
        int t = __builtin_ctzll(sp) / 4 + 1;
        unsigned held = (unsigned)(h->sp >> ((t - 1) * 4) & 15);
        sp &= ~(15ull << ((t - 1) * 4));
        o = gen_sets(g, o, t, 0, held, first_mask(s, t, 0), t == RG_TRY && h->multi[0] > 0);
    }
    if (h->multi[RG_FACE_RES - 96]) o = gen_colourless(g, o, RG_RES, RG_FACE_RES);
    if (h->multi[RG_FACE_SIN - 96]) o = gen_colourless(g, o, RG_SIN, RG_FACE_SIN);
    if (h->multi[RG_FACE_RGM - 96]) o = gen_colourless(g, o, RG_RGM, RG_FACE_RGM);
    return o;
}

/* A turn's plays, by kind: numbers by rising number, coloured specials by
 * type, then the colourless cards, then the draw (or the pass when nothing
 * is left to draw). Only kinds with a legal first card count: of colour C,
 * of number N (any colour), of type T, or a free Advantage.
 *
 * Most turns of random play hold zero to three such kinds, each a single
 * card (issue 29), whose plays are those cards alone: then the candidate
 * cards themselves, masked from the hand, are the list, taken by lone_at
 * three times and by a loop only past that. A loop over the candidates
 * mispredicted its exit at nearly every turn; these steps do not branch.
 * A kind held in several colours, a Try that a Conversion may close, or a
 * hand of one card (RG-34) takes the general path, kind by kind.
 *
 * legal_turn lists the usual turn itself, in registers only: where a kind
 * needs the general path it hands what it has found to turn_numbers or
 * turn_specials by a tail call. Those need a gen and registers kept
 * across calls; when the one function held every path, every turn saved
 * and restored six registers and built the gen (issue 29). */

/* Candidate numbers, as bit 0 of their nibbles: a card of colour C or the
 * number N. */
static inline uint64_t turn_num_cand(const rg_state *s, const rg_hand *h)
{
    uint64_t cand = s->C == RG_ANY ? nib_any(h->num) : (h->num >> s->C) & RG_NIBBLE_LOW;
    return cand | nib_at(h->num, ((s->N - 1) & 15) * 4); /* N = 0 reads nibble 15: none */
}

/* Candidate specials: a card of colour C, the type T, or Advantage when free. */
static inline uint64_t turn_sp_cand(const rg_state *s, const rg_hand *h)
{
    uint64_t cand = s->C == RG_ANY ? nib_any(h->sp) : (h->sp >> s->C) & RG_NIBBLE_LOW;
    cand |= nib_at(h->sp, (unsigned)(s->T - RG_TRY) <= RG_ADV - RG_TRY ? (s->T - 1) * 4 : 60);
    if (s->free_adv) cand |= nib_at(h->sp, (RG_ADV - 1) * 4);
    return cand;
}

/* Whether the candidate specials' plays are their cards alone: one card a
 * kind, no Try that a Conversion may close, and not the hand's last card
 * (RG-34). */
static inline int turn_sp_lone(const rg_hand *h, uint64_t cand, uint64_t *sps)
{
    int lone;
    *sps = nib_cards(h->sp, cand, &lone);
    return lone & !(((*sps & 15) != 0) & (h->multi[0] != 0)) & (h->n > 1);
}

static inline ch_action *turn_sp_lone_list(ch_action *o, uint64_t sps, uint64_t cand)
{
    o[0] = lone_at(&sps, lone_sp);
    o[1] = lone_at(&sps, lone_sp);
    for (ch_action *q = o + 2; sps; q++)
        *q = lone_at(&sps, lone_sp);
    return o + nib_count(cand);
}

/* The colourless cards and the draw (RG-21) or, with nothing to draw, the
 * pass (RG-73); the list's length. */
static inline int turn_end(const rg_state *s, const rg_hand *h, ch_action *out, ch_action *o)
{
    if (h->multi[RG_FACE_RES - 96] | h->multi[RG_FACE_SIN - 96] | h->multi[RG_FACE_RGM - 96])
        o = turn_colourless(s, h, o);
    rg_move m = {rg_dry(s) ? RG_A_PASS : RG_A_DRAW, 0, 0, 0, 0, 0, 0, 0, 0};
    o = emit(o, &m);
    assert(o - out <= RG_MAX_ACTIONS);
    return (int)(o - out);
}

/* The specials from cand on, kind by kind, then turn_end. */
static __attribute__((noinline)) int turn_specials(const rg_state *s, ch_action *out, ch_action *o,
                                                   uint64_t cand)
{
    gen g = {s, &s->hand[s->turn], MODE_PLAY, 0, 0};
    const rg_hand *h = g.h;
    while (cand) {
        int t = __builtin_ctzll(cand) / 4 + 1;
        cand &= cand - 1;
        unsigned held = (unsigned)(h->sp >> ((t - 1) * 4) & 15);
        o = gen_sets(&g, o, t, 0, held, first_mask(s, t, 0), t == RG_TRY && h->multi[0] > 0);
    }
    return turn_end(s, h, out, o);
}

/* A turn after its numbers: the specials, single cards here, by
 * turn_specials otherwise (a tail call), then turn_end. */
static inline int turn_rest(const rg_state *s, const rg_hand *h, ch_action *out, ch_action *o)
{
    uint64_t sps, cand = turn_sp_cand(s, h);
    if (!turn_sp_lone(h, cand, &sps)) return turn_specials(s, out, o, cand);
    o = turn_sp_lone_list(o, sps, cand);
    return turn_end(s, h, out, o);
}

/* The numbers when one of cand is held in several colours: gen_sets for
 * each, unfolded (a number may empty the hand); then the rest of the turn. */
static __attribute__((noinline)) int turn_numbers(const rg_state *s, ch_action *out, uint64_t cand)
{
    gen g = {s, &s->hand[s->turn], MODE_PLAY, 0, 0};
    const rg_hand *h = g.h;
    ch_action *o = out;
    o = number_step(&g, o, &cand);
    o = number_step(&g, o, &cand);
    o = number_step(&g, o, &cand);
    while (cand)
        o = number_step(&g, o, &cand);
    return turn_rest(s, h, out, o);
}

static __attribute__((noinline)) int legal_turn(const rg_state *s, ch_action *out)
{
    const rg_hand *h = &s->hand[s->turn];
    int lone;
    uint64_t cand = turn_num_cand(s, h), nums = nib_cards(h->num, cand, &lone);
    if (!lone) return turn_numbers(s, out, cand);
    ch_action *o = out;
    o[0] = lone_at(&nums, lone_num);
    o[1] = lone_at(&nums, lone_num);
    o[2] = lone_at(&nums, lone_num);
    for (ch_action *q = o + 3; nums; q++)
        *q = lone_at(&nums, lone_num);
    o += nib_count(cand);
    return turn_rest(s, h, out, o);
}

/* RG-22: after a draw every play includes the drawn card, so only its type
 * (Tries, for a drawn Conversion) is worth looking at: the common random-play
 * step stays independent of hand size. */
/* legal_drawn's general case, and the whole of it for rg_legal_plain. */
static __attribute__((noinline)) ch_action *gen_drawn_plain(const gen *g, ch_action *o)
{
    const rg_state *s = g->s;
    const rg_hand *h = g->h;
    int d = s->drawn, t = rg_type_of(d);
    if (t == RG_CONV) t = RG_TRY;
    if (t == RG_NUMBER) {
        int n = rg_number_of(d);
        unsigned held = (unsigned)(h->num >> ((n - 1) * 4) & 15);
        o = gen_sets(g, o, RG_NUMBER, n, held, first_mask(s, RG_NUMBER, n), 0);
    } else if (t < RG_CONV) {
        unsigned held = (unsigned)(h->sp >> ((t - 1) * 4) & 15);
        if (held)
            o = gen_sets(g, o, t, 0, held, first_mask(s, t, 0), t == RG_TRY && h->multi[0] > 0);
    } else if (t != RG_TMO) {
        o = gen_colourless(g, o, t, d);
    }
    return o;
}

/* The colours held of a drawn coloured card's kind (number or special).
 * The drawn card's kind is random: its word and nibble are picked without
 * branches. */
static inline unsigned drawn_held(const rg_hand *h, int d)
{
    int sp = d >= 60;
    return (unsigned)((sp ? h->sp : h->num) >> ((d - 60 * sp) & ~3) & 15);
}

/* A drawn card held with others of its kind (RG-22: every play includes
 * it), a drawn Conversion, or strict_draw: the plays with the card, then
 * the pass. */
static __attribute__((noinline)) int drawn_kind(const rg_state *s, ch_action *out)
{
    gen g = {s, &s->hand[s->turn], MODE_DRAWN, s->strict_draw, 0};
    const rg_hand *h = g.h;
    ch_action *o = out;
    int d = s->drawn, t = rg_type_of(d);
    if (d < 96 && !g.strict) {
        int n = rg_number_of(d), c = d % 4, conv = t == RG_TRY && h->multi[0] > 0;
        unsigned held = drawn_held(h, d);
        unsigned lf = first_mask(s, t, n);
        if (t == RG_NUMBER || h->n > 5)
            o = gen_table_need(&g, o, t, n, held, lf, conv, 1u << c);
        else
            o = gen_drawn_plain(&g, o);
    } else {
        o = gen_drawn_plain(&g, o);
    }
    rg_move m = {RG_A_PASS, 0, 0, 0, 0, 0, 0, 0, 0};
    return (int)(emit(o, &m) - out);
}

/* After a draw: the drawn card alone when it is the only one of its kind
 * (the usual case), or a colourless card's counts, each list ending with the
 * pass; every other case in drawn_kind, by a tail call, so that this step
 * (a quarter of random play's decisions) needs no frame (issue 29). */
static __attribute__((noinline)) int legal_drawn(const rg_state *s, ch_action *out)
{
    const rg_hand *h = &s->hand[s->turn];
    ch_action *o = out;
    int d = s->drawn, t = rg_type_of(d);
    if (d < 96 && !s->strict_draw) {
        /* A coloured card drawn, without gen_sets' tests: alone, its play
         * counts if it may lead (RG-31) and, for a special, does not empty
         * the hand (RG-34), its tests picked without branches. */
        int sp = d >= 60, n = rg_number_of(d), c = d % 4, conv = t == RG_TRY && h->multi[0] > 0;
        unsigned held = drawn_held(h, d);
        if (!(held == 1u << c && !conv)) return drawn_kind(s, out);
        int kind_req = sp ? (s->T == t) | ((t == RG_ADV) & s->free_adv) : s->N == n;
        int leads = (s->C == RG_ANY) | (s->C == c) | kind_req; /* RG-31 */
        *o = lone_num[d];                                      /* lone_sp follows it */
        o += leads & (!sp | (h->n > 1));
    } else if (d != RG_FACE_CONV && !s->strict_draw) {
        /* A colourless card other than a Conversion: its counts 1..k as in
         * a turn (turn_colourless), each including it; a Time Out may not
         * lead (RG-31), so it has none. */
        static const uint8_t seg[5] = {0, 0, 0, 8, 4}, per[5] = {0, 1, 0, 4, 1};
        int i = d - 96, k = colourless_k(s, h, t, h->multi[i]) * per[i];
        memcpy(o, colourless_tab + seg[i], 8 * sizeof *o);
        if (k > 8) memcpy(o + 8, colourless_tab + 16, 8 * sizeof *o); /* unlimited_multiples */
        o += k;
    } else {
        return drawn_kind(s, out);
    }
    rg_move m = {RG_A_PASS, 0, 0, 0, 0, 0, 0, 0, 0};
    return (int)(emit(o, &m) - out);
}

static ch_action *gen_respond(const gen *g, ch_action *o)
{
    const rg_state *s = g->s;
    const rg_hand *h = g->h;
    if (s->ptype != RG_SIN && h->n > 5 && !g->plain) {
        /* An attack answered with more than 5 cards in hand (RG-34 out of
         * reach): the stack's table row (empty if none is held or a
         * Conversion closed the attack), a Conversion, a Time Out in each
         * colour, each written and counted only if held: the hand's
         * answers are random, and branches on them mispredicted (issue 29). */
        int t = s->ptype, open = !s->pclosed, conv = (t == RG_TRY) & open & (h->multi[0] > 0);
        unsigned held = (unsigned)(h->sp >> ((t - 1) * 4) & 15) & (unsigned)-open;
        o = gen_table(g, o, t, 0, held, 15, conv); /* STACK */
        *o = respond_tab[0];                       /* CONVERT */
        o += conv;
        memcpy(o, respond_tab + 1, 4 * sizeof *o); /* TIME OUT */
        o += 4 & -(h->multi[RG_FACE_TMO - 96] > 0);
        *o = respond_tab[5]; /* ACCEPT */
        return o + 1;
    }
    if (s->ptype == RG_SIN) {
        o = gen_colourless(g, o, RG_SIN, RG_FACE_SIN); /* BOUNCE */
    } else {
        if (!s->pclosed) {
            unsigned held = (unsigned)(h->sp >> ((s->ptype - 1) * 4) & 15);
            int tries = s->ptype == RG_TRY;
            if (held)
                o = gen_sets(g, o, s->ptype, 0, held, 15, tries && h->multi[0] > 0); /* STACK */
            if (tries) o = gen_colourless(g, o, RG_CONV, RG_FACE_CONV);              /* CONVERT */
        }
        o = gen_colourless(g, o, RG_TMO, RG_FACE_TMO);
    }
    rg_move m = {RG_A_ACCEPT, 0, 0, 0, 0, 0, 0, 0, 0};
    o = emit(o, &m);
    return o;
}

/* RG-60: one discard per face held, in any order a player would choose
 * them, walking the hand's bits rather than all 101 faces. */
static ch_action *gen_discards(const gen *g, ch_action *o)
{
    rg_move m = {RG_A_DISCARD, 0, 0, 0, 0, 0, 0, 0, 0};
    for (uint64_t num = g->h->num; num; num &= num - 1) {
        m.face = __builtin_ctzll(num);
        o = emit(o, &m);
    }
    for (uint64_t sp = g->h->sp; sp; sp &= sp - 1) {
        m.face = 60 + __builtin_ctzll(sp);
        o = emit(o, &m);
    }
    for (m.face = 96; m.face < RG_NFACES; m.face++)
        if (g->h->multi[m.face - 96]) o = emit(o, &m);
    return o;
}

/* RG-62: the Reserve's colour first, then its number in that colour: row C
 * of declare_tab, copied whole (15 entries, of which the first 4 are the
 * colours in row RG_ANY) and counted as long as it is. Whether the colour
 * is named yet alternates at random play's every declaration; a branch on
 * it mispredicted half the time (issue 29). */
static ch_action *gen_declare(const gen *g, ch_action *o)
{
    int c = g->s->C;
    if (g->plain) { /* the list declare_tab must equal, for rg_legal_plain */
        rg_move m = {RG_A_DECLARE, 0, 0, 0, 0, 0, 0, 0, 0};
        if (c == RG_ANY) {
            for (m.colour = 0; m.colour < 4; m.colour++)
                o = emit(o, &m);
            return o;
        }
        m.colour = c;
        for (m.decl = 1; m.decl <= 15; m.decl++)
            o = emit(o, &m);
        return o;
    }
    memcpy(o, declare_tab[c], sizeof declare_tab[c]);
    return o + (c == RG_ANY ? 4 : 15);
}

/* The rarer phases: a response, a declaration, a discard, the kickoff. */
static ch_action *gen_other(gen *g, ch_action *o)
{
    const rg_state *s = g->s;
    rg_move m = {RG_A_KEEP, 0, 0, 0, 0, 0, 0, 0, 0};
    if (s->phase == RG_PH_RESPOND) {
        g->mode = MODE_RESPOND;
        o = gen_respond(g, o);
    } else if (s->phase == RG_PH_DECLARE) {
        o = gen_declare(g, o);
    } else if (s->phase == RG_PH_DISCARD) {
        if (g->h->n >= 2) o = gen_discards(g, o);
        o = emit(o, &m);
    } else if (s->phase == RG_PH_KICKOFF) {
        m.kind = RG_A_KICKOFF;
        for (m.colour = 0; m.colour < 4; m.colour++)
            o = emit(o, &m);
    }
    return o;
}

/* Every other phase's list (an answer, discards, a declaration, the
 * kickoff). Each phase's list is a function of its own, which rg_legal
 * reaches by a jump, so none pays for another's registers. */
static __attribute__((noinline)) int legal_other(const rg_state *s, ch_action *out)
{
    gen g = {s, &s->hand[s->turn], MODE_PLAY, 0, 0};
    ch_action *o = gen_other(&g, out);
    assert(o - out <= RG_MAX_ACTIONS);
    return (int)(o - out);
}

/* The phases are tested by their frequency in random play (a turn 62 %,
 * after a draw 24 %, then the others), each by a branch of its own: a jump
 * table on the phase mispredicted often (issue 29). */
int rg_legal(const void *st, ch_action *out)
{
    const rg_state *s = st;
    if (s->phase == RG_PH_PLAY) return legal_turn(s, out);
    if (s->phase == RG_PH_DRAWN) return legal_drawn(s, out);
    if (s->phase == RG_PH_OVER) return 0;
    return legal_other(s, out);
}

int rg_legal_plain(const rg_state *s, ch_action *out)
{
    if (s->phase == RG_PH_OVER) return 0;
    gen g = {s, &s->hand[s->turn], MODE_PLAY, 0, 1};
    ch_action *o = out;
    rg_move m = {RG_A_PASS, 0, 0, 0, 0, 0, 0, 0, 0};
    if (s->phase == RG_PH_PLAY) {
        o = gen_turn_plain(&g, o);
        m.kind = rg_dry(s) ? RG_A_PASS : RG_A_DRAW;
        o = emit(o, &m);
    } else if (s->phase == RG_PH_DRAWN) {
        g.mode = MODE_DRAWN;
        g.strict = s->strict_draw;
        o = gen_drawn_plain(&g, o);
        o = emit(o, &m);
    } else if (s->phase == RG_PH_RESPOND) {
        g.mode = MODE_RESPOND;
        o = gen_respond(&g, o);
    } else if (s->phase == RG_PH_DECLARE) {
        o = gen_declare(&g, o);
    } else { /* a discard, the kickoff: no shortcut there */
        return rg_legal(s, out);
    }
    return (int)(o - out);
}

int rg_play_cards_multi(const rg_state *s, const rg_move *m, int *cards)
{
    int k = 0;
    if (m->type >= RG_CONV) {
        for (int i = 0; i < m->set; i++)
            cards[k++] = rg_face_at(m->type, 0, 0);
        return k;
    }
    /* The first card is the lowest colour below the top that may lead
     * (RG-36); in a response every card of the type may. */
    unsigned below = (unsigned)m->set & ~(1u << m->top);
    unsigned lf = s->phase == RG_PH_RESPOND ? 15 : first_mask(s, m->type, m->number);
    int first = -1;
    for (int c = 0; c < 4 && first < 0; c++)
        if ((below & lf) >> c & 1) first = c;
    if (first >= 0) cards[k++] = rg_face_at(m->type, first, m->number);
    for (int c = 0; c < 4; c++)
        if ((below >> c & 1) && c != first) cards[k++] = rg_face_at(m->type, c, m->number);
    cards[k++] = rg_face_at(m->type, m->top, m->number);
    if (m->conv) cards[k++] = RG_FACE_CONV;
    return k;
}
