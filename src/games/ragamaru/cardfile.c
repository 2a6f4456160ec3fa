/* RAGAMARU card data file (spec 1.3): data/ragamaru/cards.csv, compiled in
 * (cmake/ch_embed.cmake), parsed once and checked strictly against what the
 * rules engine needs, so the hot path reads plain arrays (rg_box). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cardhall/csv.h"
#include "internal.h"

extern const char rg_cards_csv_text[];

rg_cards rg_box;

static const char header[] = "category,code,colours,copies,value,en,ja";

/* What the engine has rules for: the codes it binds each RG_* type to, and
 * the category each belongs to. Only these bind behaviour; every figure and
 * name comes from the file. */
static const char *const type_code[RG_NTYPES] = {"NUM",  "TRY", "PG",   "DG",   "CUT",
                                                 "KICK", "RET", "LOOP", "TURN", "ADV",
                                                 "CONV", "RES", "TMO",  "SIN",  "RGM"};
static const uint8_t type_cat[RG_NTYPES] = {
    RG_CAT_NUMBER, RG_CAT_ATTACK,  RG_CAT_ATTACK,  RG_CAT_ATTACK,  RG_CAT_ACTION,
    RG_CAT_ACTION, RG_CAT_ACTION,  RG_CAT_ACTION,  RG_CAT_ACTION,  RG_CAT_SPECIAL,
    RG_CAT_ATTACK, RG_CAT_SPECIAL, RG_CAT_SPECIAL, RG_CAT_SPECIAL, RG_CAT_SPECIAL};
static const char *const colour_code[5] = {"R", "Y", "B", "K", "*"};

/* Row categories: the four card categories (RG_CAT_*), then the name rows. */
enum { ROW_COLOUR = 4, ROW_POSITION, N_ROWKINDS };
static const char *const row_kind[N_ROWKINDS] = {"number",  "attack", "action",
                                                 "special", "colour", "position"};

enum { F_CAT, F_CODE, F_COLOURS, F_COPIES, F_VALUE, F_EN, F_JA, N_FIELDS };
static const char *const field_name[N_FIELDS] = {"category", "code", "colours", "copies",
                                                 "value",    "en",   "ja"};

/* Values stay small: a whole chain of them must fit the state's uint8_t
 * totals (4 cards of a type with RG-V4, plus the Conversions). */
#define VALUE_MAX 9
/* Colourless kinds: legal.c's bound on actions assumes at most 4 of one. */
#define COLOURLESS_MAX 4

typedef struct parser {
    rg_cards *out;
    ch_err *err;
    int line;
    int type_line[RG_NTYPES], colour_line[5], position_line[16]; /* 0: not seen yet */
    int box;                                                     /* cards so far */
} parser;

static int fail(const parser *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(const parser *p, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return ch_errf(p->err, CH_EINVAL, "ragamaru card data line %d: %s", p->line, msg);
}

static int lookup(const ch_csv_field *f, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (ch_csv_is(f, names[i])) return i;
    return -1;
}

/* A whole number lo..hi, or -1. */
static int number(const ch_csv_field *f, int lo, int hi)
{
    int v;
    return ch_csv_int(f, lo, hi, &v) ? v : -1;
}

static int set_name(const parser *p, const ch_csv_field *f, int i, char *dst)
{
    if (f[i].len == 0 || ch_csv_is(&f[i], "-"))
        return fail(p, "%s: the name must not be empty", field_name[i]);
    if (f[i].len >= RG_NAME_MAX)
        return fail(p, "%s: the name has %d bytes, at most %d", field_name[i], f[i].len,
                    RG_NAME_MAX - 1);
    memcpy(dst, f[i].s, (size_t)f[i].len);
    dst[f[i].len] = '\0';
    return CH_OK;
}

static int set_names(const parser *p, const ch_csv_field *f, char *en, char *ja)
{
    int rc = set_name(p, f, F_EN, en);
    return rc != CH_OK ? rc : set_name(p, f, F_JA, ja);
}

/* Colour and position rows name things; their card fields must read -. */
static int unused_fields(const parser *p, const ch_csv_field *f)
{
    for (int i = F_COLOURS; i <= F_VALUE; i++)
        if (!ch_csv_is(&f[i], "-"))
            return fail(p, "%s: a %.*s row has no %s; write -", field_name[i], f[F_CAT].len,
                        f[F_CAT].s, field_name[i]);
    return CH_OK;
}

/* Marks the row's key seen; fails on a second row for it. */
static int once(const parser *p, int *seen, const ch_csv_field *code)
{
    if (*seen)
        return fail(p, "a second row for %.*s (first on line %d)", code->len, code->s, *seen);
    *seen = p->line;
    return CH_OK;
}

static int name_row(parser *p, const ch_csv_field *f, int kind)
{
    int rc = unused_fields(p, f);
    if (rc != CH_OK) return rc;
    rg_cards *c = p->out;
    if (kind == ROW_COLOUR) {
        int k = lookup(&f[F_CODE], colour_code, 5);
        if (k < 0) return fail(p, "code: colours are R, Y, B, K and * (any colour)");
        if ((rc = once(p, &p->colour_line[k], &f[F_CODE])) != CH_OK) return rc;
        strcpy(c->colour_code[k], colour_code[k]);
        return set_names(p, f, c->colour_name[CH_LANG_EN][k], c->colour_name[CH_LANG_JA][k]);
    }
    int n = number(&f[F_CODE], 1, 15);
    if (n < 0) return fail(p, "code: a position row's code is its number, 1..15");
    if ((rc = once(p, &p->position_line[n], &f[F_CODE])) != CH_OK) return rc;
    return set_names(p, f, c->position[CH_LANG_EN][n], c->position[CH_LANG_JA][n]);
}

/* The face layout (ragamaru.h) gives every coloured kind exactly the four
 * colours, one card each (hands keep them as bits). */
static int colours_ok(const ch_csv_field *f)
{
    unsigned seen = 0;
    for (int i = 0; i < f->len; i++) {
        const char *at = memchr("RYBK", f->s[i], 4);
        if (!at || seen & 1u << (at - "RYBK")) return 0;
        seen |= 1u << (at - "RYBK");
    }
    return seen == 15;
}

static int card_row(parser *p, const ch_csv_field *f, int cat)
{
    int t = lookup(&f[F_CODE], type_code, RG_NTYPES), rc;
    if (t < 0)
        return fail(p, "code %.*s: the engine has no rules for it", f[F_CODE].len, f[F_CODE].s);
    if (type_cat[t] != cat)
        return fail(p, "category: %s is %s %s card, not %s", type_code[t],
                    row_kind[type_cat[t]][0] == 'a' ? "an" : "a", row_kind[type_cat[t]],
                    row_kind[cat]);
    if ((rc = once(p, &p->type_line[t], &f[F_CODE])) != CH_OK) return rc;
    int coloured = t < RG_CONV, copies;
    if (coloured && !colours_ok(&f[F_COLOURS]))
        return fail(p, "colours: %s comes in the four colours: write RYBK", type_code[t]);
    if (!coloured && !ch_csv_is(&f[F_COLOURS], "-"))
        return fail(p, "colours: %s is colourless: write -", type_code[t]);
    if (coloured && (copies = number(&f[F_COPIES], 1, 1)) < 0)
        return fail(p, "copies: %s must have 1 copy per colour", type_code[t]);
    if (!coloured && (copies = number(&f[F_COPIES], 1, COLOURLESS_MAX)) < 0)
        return fail(p, "copies: %s must have 1..%d copies", type_code[t], COLOURLESS_MAX);
    int valued = (cat == RG_CAT_ATTACK) | (t == RG_SIN) | (t == RG_RGM), value = 0;
    if (valued && (value = number(&f[F_VALUE], 1, VALUE_MAX)) < 0)
        return fail(p, "value: %s needs a value 1..%d", type_code[t], VALUE_MAX);
    if (!valued && !ch_csv_is(&f[F_VALUE], "-"))
        return fail(p, "value: %s has no value; write -", type_code[t]);
    int kinds = t == RG_NUMBER ? 60 : coloured ? 4 : 1;
    p->box += kinds * copies;
    if (p->box > RG_DECK_MAX)
        return fail(p, "%s makes the box %d cards, more than %d", type_code[t], p->box,
                    RG_DECK_MAX);
    rg_cards *c = p->out;
    for (int k = 0; k < kinds; k++) {
        int face = rg_face_at(t, coloured ? k % 4 : 0, t == RG_NUMBER ? k / 4 + 1 : 0);
        c->copies[face] = (uint8_t)copies;
    }
    c->category[t] = (uint8_t)cat;
    c->value[t] = (uint8_t)value;
    strcpy(c->code[t], type_code[t]);
    return set_names(p, f, c->type_name[CH_LANG_EN][t], c->type_name[CH_LANG_JA][t]);
}

static int row(parser *p, const char *line, int len)
{
    ch_csv_field f[N_FIELDS];
    int nf = ch_csv_split(line, len, f, N_FIELDS);
    if (nf != N_FIELDS)
        return fail(p, "expected %d comma-separated fields (%s), found %d", N_FIELDS, header, nf);
    int kind = lookup(&f[F_CAT], row_kind, N_ROWKINDS);
    if (kind < 0)
        return fail(p,
                    "category %.*s: expected number, attack, action, special, colour or "
                    "position",
                    f[F_CAT].len, f[F_CAT].s);
    return kind >= ROW_COLOUR ? name_row(p, f, kind) : card_row(p, f, kind);
}

/* After the last line: every code the engine binds must have had its row. */
static int complete(const parser *p)
{
    for (int t = 0; t < RG_NTYPES; t++)
        if (!p->type_line[t]) return fail(p, "end of file: no row for code %s", type_code[t]);
    for (int k = 0; k < 5; k++)
        if (!p->colour_line[k]) return fail(p, "end of file: no row for colour %s", colour_code[k]);
    for (int n = 1; n <= 15; n++)
        if (!p->position_line[n]) return fail(p, "end of file: no row for position %d", n);
    return CH_OK;
}

int rg_cards_parse(const char *text, rg_cards *out, ch_err *err)
{
    memset(out, 0, sizeof *out);
    parser p = {.out = out, .err = err};
    /* Names are shown to players: the text must be UTF-8 (a leading
     * byte-order mark, as spreadsheets save CSV, is skipped by ch_csv). */
    size_t size = strlen(text);
    if ((p.line = ch_csv_bad_line(text, size)) != 0) return fail(&p, "not valid UTF-8 text");
    int seen_header = 0, rc = CH_OK;
    ch_csv in;
    const char *line;
    int len;
    ch_csv_init(&in, text);
    while (rc == CH_OK && ch_csv_next(&in, &line, &len)) {
        p.line = in.line;
        if (seen_header) {
            rc = row(&p, line, len);
        } else {
            ch_csv_field h = ch_csv_trim(line, len);
            seen_header = 1;
            if (!ch_csv_is(&h, header)) rc = fail(&p, "the header must be exactly %s", header);
        }
    }
    if (rc != CH_OK) return rc;
    p.line = in.line;
    if (!seen_header && p.line == 0)
        return ch_errf(err, CH_EINVAL, "ragamaru card data: empty (expected the header %s)",
                       header);
    if (!seen_header) return fail(&p, "no header line (%s)", header);
    return complete(&p);
}

/* ---- The compiled-in file ---- */

const char *rg_cards_csv(void)
{
    return rg_cards_csv_text;
}

static pthread_once_t box_once = PTHREAD_ONCE_INIT;
static int box_rc;
static ch_err box_err;

static void load_box(void)
{
    static rg_cards parsed;
    rg_legal_init();
    box_rc = rg_cards_parse(rg_cards_csv_text, &parsed, &box_err);
    if (box_rc == CH_OK) rg_box = parsed; /* a broken file leaves rg_box empty, never half full */
}

int rg_cards_ready(ch_err *err)
{
    pthread_once(&box_once, load_box);
    if (box_rc != CH_OK && err) *err = box_err;
    return box_rc;
}

/* ch_game.face_copies points into rg_box, and callers may read it before
 * any setup (a match validating a card order, the census check); so the
 * box is filled when the library loads. Setup still asks rg_cards_ready()
 * and so reports a broken file. */
__attribute__((constructor)) static void load_at_start(void)
{
    rg_cards_ready(NULL);
}

const rg_cards *rg_cards_builtin(ch_err *err)
{
    return rg_cards_ready(err) == CH_OK ? &rg_box : NULL;
}

int rg_card_value(int type)
{
    return rg_box.value[type];
}
