/* See addr.h. A list searched from the start: a server has at most
 * --max-conns connections, and a search per connection opened or closed. */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"

int sv_addr_forwarded(const char *xff, char out[SV_ADDR_MAX])
{
    if (!xff) return -1;
    const char *last = strrchr(xff, ',');
    last = last ? last + 1 : xff;
    while (*last == ' ' || *last == '\t')
        last++;
    size_t n = strcspn(last, " \t");
    if (n == 0 || n >= SV_ADDR_MAX || last[n] != '\0') return -1;
    memcpy(out, last, n);
    out[n] = '\0';
    unsigned char bin[16];
    if (inet_pton(AF_INET, out, bin) == 1 || inet_pton(AF_INET6, out, bin) == 1) return 0;
    return -1;
}

static sv_addr_count *find(sv_addrs *a, const char *addr)
{
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->v[i].addr, addr) == 0) return &a->v[i];
    return NULL;
}

int sv_addrs_add(sv_addrs *a, const char *addr, int max)
{
    sv_addr_count *e = find(a, addr);
    if (e) {
        if (e->n >= max) return -1;
        e->n++;
        return 0;
    }
    if (max < 1) return -1;
    if (a->n == a->cap) {
        int cap = a->cap ? 2 * a->cap : 16;
        sv_addr_count *v = realloc(a->v, sizeof *v * (size_t)cap);
        if (!v) return -1;
        a->v = v;
        a->cap = cap;
    }
    e = &a->v[a->n++];
    strncpy(e->addr, addr, SV_ADDR_MAX - 1);
    e->addr[SV_ADDR_MAX - 1] = '\0';
    e->n = 1;
    e->window_ms = 0;
    e->window_n = 0;
    return 0;
}

int sv_addrs_message(sv_addrs *a, const char *addr, int64_t now_ms)
{
    sv_addr_count *e = find(a, addr);
    if (!e) return 0;
    if (now_ms - e->window_ms >= 1000) {
        e->window_ms = now_ms;
        e->window_n = 0;
    }
    return ++e->window_n;
}

int sv_addrs_count(const sv_addrs *a, const char *addr)
{
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->v[i].addr, addr) == 0) return a->v[i].n;
    return 0;
}

void sv_addrs_remove(sv_addrs *a, const char *addr)
{
    sv_addr_count *e = find(a, addr);
    if (!e || --e->n > 0) return;
    *e = a->v[--a->n]; /* order does not matter */
}

void sv_addrs_free(sv_addrs *a)
{
    free(a->v);
    memset(a, 0, sizeof *a);
}
