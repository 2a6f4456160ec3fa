/* See nearest.h. */
#include <limits.h>
#include <string.h>

#include "cardhall/table.h"
#include "nearest.h"

#define NEAR_MAX 128 /* characters compared; longer text is no typo */

/* UTF-8 into code points, ASCII folded to lower case; -1 if too long. A
 * malformed byte counts as one character of its own. */
static int decode(const char *s, unsigned *out)
{
    int n = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        if (n == NEAR_MAX) return -1;
        unsigned c = *p++;
        int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
        if (more) c &= 0x3fu >> more;
        for (; more && (*p & 0xc0) == 0x80; more--)
            c = (c << 6) | (*p++ & 0x3fu);
        if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
        out[n++] = c;
    }
    return n;
}

int nearest_distance(const char *a, const char *b)
{
    unsigned x[NEAR_MAX], y[NEAR_MAX];
    int n = decode(a, x), m = decode(b, y);
    if (n < 0 || m < 0) return INT_MAX / 2;
    int row[NEAR_MAX + 1];
    for (int j = 0; j <= m; j++)
        row[j] = j;
    for (int i = 1; i <= n; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= m; j++) {
            int up = row[j];
            int best = diag + (x[i - 1] != y[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

/* Code points of s, for the "near enough" bound. */
static int chars(const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xc0) != 0x80;
    return n;
}

int nearest_move(const ch_game *g, const void *st, int seat, const char *typed,
                 const ch_action *acts, int n)
{
    int best = -1, best_d = INT_MAX;
    char text[512];
    for (int i = 0; i < n; i++) {
        /* The notation, and the move's name in each language. */
        for (int k = 0; k <= CH_NLANGS; k++) {
            if (k == 0)
                g->action_text(st, acts[i], text, sizeof text);
            else
                tb_choice_name(g, st, acts[i], seat, (ch_lang)(k - 1), text, sizeof text);
            int d = nearest_distance(typed, text);
            int len = chars(typed) > chars(text) ? chars(typed) : chars(text);
            int allowed = len / 3 > 2 ? len / 3 : 2;
            if (d <= allowed && d < best_d) best = i, best_d = d;
        }
    }
    return best;
}
