/* The card file (DB §1.4): strict or relaxed (DB-V5) validation; every
 * error names the file, line and column so a designer can fix the data.
 * Only content is parsed here: a game opens no files (the front end reads
 * cards=PATH, see cardhall/options.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/babasuki.h"
#include "cardhall/csv.h"
#include "cardhall/utf8.h"

extern const char db_default_csv_text[];

const char *db_default_csv(void)
{
    return db_default_csv_text;
}

static const char header[] = "no,type,suits,secured,hand,name";
static const char type_letters[] = "VHTC";
static const int strict_count[4] = {7, 7, 7, 4};

typedef struct ctx {
    const char *src;
    int line;
    ch_err *err;
} ctx;

static int fail(const ctx *c, int col, const char *what)
{
    return ch_errf(c->err, CH_EFORMAT, "card file %s: line %d column %d: %s", c->src, c->line, col,
                   what);
}

static int parse_card(const ctx *c, const char *line, int len, db_card *card, char *name,
                      char *suit_order)
{
    ch_csv_field f[6];
    int nf = ch_csv_split(line, len, f, 6);
    if (nf != 6)
        return fail(c, 1, "expected 6 comma-separated fields: no,type,suits,secured,hand,name");
    int no, sec, hnd;
    if (!ch_csv_int(&f[0], 1, 999, &no)) return fail(c, f[0].col, "no must be an integer 1..999");
    const char *t = f[1].len == 1 ? strchr(type_letters, f[1].s[0]) : NULL;
    if (!t || !*t) return fail(c, f[1].col, "type must be V, H, T or C");
    uint32_t suits = 0;
    if (!(f[2].len == 1 && f[2].s[0] == '-')) {
        if (f[2].len == 0) return fail(c, f[2].col, "suits must be letters A-Z or '-'");
        for (int i = 0; i < f[2].len; i++) {
            char ch = f[2].s[i];
            if (ch < 'A' || ch > 'Z')
                return fail(c, f[2].col + i, "suits must be uppercase letters A-Z or '-'");
            if (suits & (1u << (ch - 'A'))) return fail(c, f[2].col + i, "suit letter repeated");
            suits |= 1u << (ch - 'A');
            if (!strchr(suit_order, ch)) strncat(suit_order, &ch, 1);
        }
    }
    int type = (int)(t - type_letters);
    if (type == DB_CAT && suits) return fail(c, f[2].col, "a cat (C) has no suits: write '-'");
    if (type != DB_CAT && !suits)
        return fail(c, f[2].col, "a V, H or T card needs at least one suit");
    if (!ch_csv_int(&f[3], -99, 99, &sec))
        return fail(c, f[3].col, "secured must be an integer -99..99");
    if (!ch_csv_int(&f[4], -99, 99, &hnd))
        return fail(c, f[4].col, "hand must be an integer -99..99");
    card->suits = suits;
    card->no = (uint16_t)no;
    card->type = (uint8_t)type;
    card->secured = (int8_t)sec;
    card->hand = (int8_t)hnd;
    /* A long name is cut, at a character's boundary (names are UTF-8). */
    int nl = (int)ch_utf8_valid_prefix(
        f[5].s, (size_t)(f[5].len < DB_NAME_MAX - 1 ? f[5].len : DB_NAME_MAX - 1));
    memcpy(name, f[5].s, (size_t)nl);
    name[nl] = '\0';
    return CH_OK;
}

int db_cards_parse_named(const char *text, size_t len, int relaxed, const char *src, db_deck *d,
                         ch_err *err)
{
    memset(d, 0, sizeof *d);
    ctx c = {src, 0, err};
    if (len > CH_OPT_DATA_MAX)
        return ch_errf(err, CH_EFORMAT, "card file %s: larger than %zu bytes", src,
                       (size_t)CH_OPT_DATA_MAX);
    /* Names are shown to players, so the whole text must be UTF-8 (a
     * spreadsheet's byte-order mark is skipped by ch_csv). */
    int bad = ch_csv_bad_line(text, len);
    if (bad) {
        c.line = bad;
        return fail(&c, 1, "not valid UTF-8 text (or a NUL byte)");
    }
    int seen_header = 0, ncards = 0, count[4] = {0};
    ch_csv in;
    const char *line;
    int n;
    ch_csv_init_len(&in, text, len);
    while (ch_csv_next(&in, &line, &n)) {
        c.line = in.line;
        if (!seen_header) {
            ch_csv_field h = ch_csv_trim(line, n);
            if (!ch_csv_is(&h, header))
                return fail(&c, h.col,
                            "the header must be exactly no,type,suits,secured,hand,name");
            seen_header = 1;
            continue;
        }
        if (ncards == DB_NCARDS) return fail(&c, 1, "more than 25 cards");
        db_card *card = &d->card[ncards];
        int rc = parse_card(&c, line, n, card, d->name[ncards], d->suit_order);
        if (rc != CH_OK) return rc;
        for (int k = 0; k < ncards; k++)
            if (d->card[k].no == card->no) return fail(&c, 1, "this No is already used");
        if (!relaxed && ++count[card->type] > strict_count[card->type]) {
            char msg[96];
            snprintf(msg, sizeof msg, "more than %d %c cards (strict deck: 7 V, 7 H, 7 T, 4 C)",
                     strict_count[card->type], type_letters[card->type]);
            return fail(&c, 1, msg);
        }
        ncards++;
    }
    c.line = in.line;
    size_t bom = ch_utf8_bom(text, len);
    if (!seen_header && ch_csv_trim(text + bom, (int)(len - bom)).len == 0)
        return ch_errf(err, CH_EFORMAT, "card file %s: the file is empty", src);
    if (!seen_header) return fail(&c, 1, "no header line no,type,suits,secured,hand,name");
    if (ncards != DB_NCARDS) {
        char msg[64];
        snprintf(msg, sizeof msg, "end of file after %d cards; a deck has 25", ncards);
        return fail(&c, 1, msg);
    }
    /* Faces are ranks by No, so the highest No is the highest face (DB-V2). */
    for (int i = 1; i < DB_NCARDS; i++)
        for (int j = i; j > 0 && d->card[j - 1].no > d->card[j].no; j--) {
            db_card t = d->card[j];
            d->card[j] = d->card[j - 1];
            d->card[j - 1] = t;
            char nm[DB_NAME_MAX];
            memcpy(nm, d->name[j], sizeof nm);
            memcpy(d->name[j], d->name[j - 1], sizeof nm);
            memcpy(d->name[j - 1], nm, sizeof nm);
        }
    return CH_OK;
}

int db_cards_parse(const char *text, size_t len, int relaxed, db_deck *d, ch_err *err)
{
    return db_cards_parse_named(text, len, relaxed, "(content)", d, err);
}

int db_deck_parse(db_deck *d, const char *text, int relaxed, const char *src, ch_err *err)
{
    return db_cards_parse_named(text, strlen(text), relaxed, src ? src : "(text)", d, err);
}
