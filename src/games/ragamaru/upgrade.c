/* Old records in today's notation (issue 23; docs/notation/ragamaru.md).
 *
 * Records of format 1 written before issue 16 spell a Reserve with its
 * declaration as one action: `RES K8`, `RES RES Y3`. The Reserve is now
 * three steps by the same seat: `RES` (or `RES RES`), `declare K`, then
 * `declare K8`. Nothing else in the notation has changed. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

int rg_upgrade_action(const void *st, int format, const char *text, char *buf, size_t cap)
{
    (void)st;
    if (format != 1) return 0;
    /* As ch_parse_action reads: case and spaces do not matter ("res k8"). */
    char w[64];
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p)) continue;
        if (n + 1 >= sizeof w) return 0;
        w[n++] = (char)toupper((unsigned char)*p);
    }
    w[n] = '\0';
    int reserves = 0;
    const char *rest = w;
    while (strncmp(rest, "RES", 3) == 0)
        reserves++, rest += 3;
    /* What is left is the declared number card: a colour letter and a number. */
    int face;
    if (reserves == 0 || !isalpha((unsigned char)rest[0]) || !isdigit((unsigned char)rest[1]) ||
        strspn(rest + 1, "0123456789") != strlen(rest + 1) || rg_card_parse(rest, &face) != CH_OK)
        return 0;
    /* reserves <= (sizeof w - 1) / 3, and each takes 4 bytes here: it fits. */
    char play[4 * sizeof w / 3 + 4] = "RES";
    for (int i = 1; i < reserves; i++)
        strcat(play, " RES");
    int len = snprintf(buf, cap, "%s\ndeclare %c\ndeclare %s", play, rest[0], rest);
    if (len < 0 || (size_t)len >= cap) return 0;
    return 3;
}
