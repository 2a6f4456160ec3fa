/* The card file (DB §1.4): strict or relaxed (DB-V5) validation; every
 * error names the file, line and column so a designer can fix the data. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardhall/babasuki.h"

extern const char db_default_csv_text[];

const char *db_default_csv(void)
{
    return db_default_csv_text;
}

static const char header[] = "no,type,suits,secured,hand,name";
static const char type_letters[] = "VHTC";
static const int strict_count[4] = {7, 7, 7, 4};

typedef struct field {
    const char *s; /* trimmed */
    int len;
    int col; /* 1-based column of the field's first character */
} field;

/* Splits one line into at most 8 trimmed fields; returns their number. */
static int split(const char *line, int len, field *f)
{
    int nf = 0, start = 0;
    for (int i = 0; i <= len && nf < 8; i++) {
        if (i < len && line[i] != ',') continue;
        int a = start, b = i;
        while (a < b && isspace((unsigned char)line[a]))
            a++;
        while (b > a && isspace((unsigned char)line[b - 1]))
            b--;
        f[nf].s = line + a;
        f[nf].len = b - a;
        f[nf].col = a + 1;
        nf++;
        start = i + 1;
    }
    return nf;
}

static int parse_int(const field *f, int lo, int hi, int *out)
{
    char buf[16];
    if (f->len == 0 || f->len >= (int)sizeof buf) return 0;
    memcpy(buf, f->s, (size_t)f->len);
    buf[f->len] = '\0';
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (*end || errno || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

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
    field f[8];
    int nf = split(line, len, f);
    if (nf != 6)
        return fail(c, 1, "expected 6 comma-separated fields: no,type,suits,secured,hand,name");
    int no, sec, hnd;
    if (!parse_int(&f[0], 1, 999, &no)) return fail(c, f[0].col, "no must be an integer 1..999");
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
    if (!parse_int(&f[3], -99, 99, &sec))
        return fail(c, f[3].col, "secured must be an integer -99..99");
    if (!parse_int(&f[4], -99, 99, &hnd))
        return fail(c, f[4].col, "hand must be an integer -99..99");
    card->suits = suits;
    card->no = (uint16_t)no;
    card->type = (uint8_t)type;
    card->secured = (int8_t)sec;
    card->hand = (int8_t)hnd;
    int nl = f[5].len < DB_NAME_MAX - 1 ? f[5].len : DB_NAME_MAX - 1;
    memcpy(name, f[5].s, (size_t)nl);
    name[nl] = '\0';
    return CH_OK;
}

int db_deck_parse(db_deck *d, const char *text, int relaxed, const char *src, ch_err *err)
{
    memset(d, 0, sizeof *d);
    ctx c = {src ? src : "(text)", 0, err};
    int seen_header = 0, ncards = 0, count[4] = {0};
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        int len = eol ? (int)(eol - p) : (int)strlen(p);
        int full = len;
        if (len > 0 && p[len - 1] == '\r') len--;
        c.line++;
        int i = 0;
        while (i < len && isspace((unsigned char)p[i]))
            i++;
        if (i < len && p[i] != '#') {
            if (!seen_header) {
                int b = len;
                while (b > i && isspace((unsigned char)p[b - 1]))
                    b--;
                if (b - i != (int)strlen(header) || memcmp(p + i, header, strlen(header)) != 0)
                    return fail(&c, i + 1,
                                "the header must be exactly no,type,suits,secured,hand,name");
                seen_header = 1;
            } else {
                if (ncards == DB_NCARDS) return fail(&c, 1, "more than 25 cards");
                db_card *card = &d->card[ncards];
                int rc = parse_card(&c, p, len, card, d->name[ncards], d->suit_order);
                if (rc != CH_OK) return rc;
                for (int k = 0; k < ncards; k++)
                    if (d->card[k].no == card->no) return fail(&c, 1, "this No is already used");
                if (!relaxed && ++count[card->type] > strict_count[card->type]) {
                    char msg[96];
                    snprintf(msg, sizeof msg,
                             "more than %d %c cards (strict deck: 7 V, 7 H, 7 T, 4 C)",
                             strict_count[card->type], type_letters[card->type]);
                    return fail(&c, 1, msg);
                }
                ncards++;
            }
        }
        p += full + (eol ? 1 : 0);
    }
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

int db_deck_load(db_deck *d, const char *path, int relaxed, ch_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) return ch_errf(err, CH_EIO, "card file %s: cannot open: %s", path, strerror(errno));
    char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    int big = !feof(f);
    fclose(f);
    if (big) return ch_errf(err, CH_EFORMAT, "card file %s: larger than 16 KB", path);
    buf[n] = '\0';
    if (strlen(buf) != n)
        return ch_errf(err, CH_EFORMAT, "card file %s: contains a NUL byte", path);
    return db_deck_parse(d, buf, relaxed, path, err);
}
