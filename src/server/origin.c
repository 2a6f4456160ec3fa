/* Which web pages may open a table connection: a browser sends the page's
 * origin with every WebSocket upgrade, and a page of another site must not
 * reach the tables through its visitor's browser. A client that sends no
 * Origin is not a browser page (browsers always send one), so it is let in:
 * it could reach the server without anyone's browser anyway. */
#include <string.h>
#include <strings.h>

#include "server.h"

/* The length of "scheme://host[:port]" at the start of url, or 0. */
static size_t origin_len(const char *url)
{
    const char *p = strstr(url, "://");
    if (!p || p == url) return 0;
    p += 3;
    size_t n = strcspn(p, "/?#");
    return n ? (size_t)(p - url) + n : 0;
}

static int same(const char *a, size_t na, const char *b, size_t nb)
{
    return na == nb && strncasecmp(a, b, na) == 0;
}

int sv_origin_ok(const sv_config *c, const char *origin, const char *host)
{
    if (!origin) return 1;
    size_t n = strlen(origin);
    while (n > 0 && origin[n - 1] == '/')
        n--;
    if (origin_len(origin) != n) return 0; /* "null" (a sandboxed or file page), or garbage */
    for (int i = 0; i < c->n_allow_origins; i++)
        if (same(origin, n, c->allow_origins[i], origin_len(c->allow_origins[i]))) return 1;
    /* With a public address, that is the server's own origin and only it:
     * a page on some other name that happens to resolve here (DNS
     * rebinding) is refused. */
    if (c->public_url) return same(origin, n, c->public_url, origin_len(c->public_url));
    /* Else the page must come from the host the browser asked for. */
    const char *h = strstr(origin, "://") + 3;
    int web = same(origin, (size_t)(h - origin), "http://", 7) ||
              same(origin, (size_t)(h - origin), "https://", 8);
    return web && host && same(h, n - (size_t)(h - origin), host, strlen(host));
}
