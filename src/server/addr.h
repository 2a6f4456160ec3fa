/* Where a connection comes from, and how many connections each address
 * has open (the --max-conns-per-ip cap). Behind a reverse proxy every
 * connection comes from the proxy: with --trust-proxy the address is the
 * last entry of X-Forwarded-For, the one the proxy itself added. */
#ifndef CARDHALL_SERVER_ADDR_H
#define CARDHALL_SERVER_ADDR_H

#include <stddef.h>
#include <stdint.h>

#define SV_ADDR_MAX 46 /* INET6_ADDRSTRLEN */

typedef struct sv_addr_count {
    char addr[SV_ADDR_MAX];
    int n;             /* connections open */
    int64_t window_ms; /* messages from every one of them in the second from window_ms */
    int window_n;
} sv_addr_count;

/* The open connections per address (only addresses with one or more). */
typedef struct sv_addrs {
    sv_addr_count *v;
    int n, cap;
} sv_addrs;

/* The client address of a forwarded request: the last comma-separated entry
 * of the X-Forwarded-For value xff, if it is an IPv4 or IPv6 address. Returns
 * 0 and fills out[SV_ADDR_MAX], or -1. */
int sv_addr_forwarded(const char *xff, char out[SV_ADDR_MAX]);

/* Counts one more connection from addr unless it has max already: 0, or -1
 * (refused, or out of memory). */
int sv_addrs_add(sv_addrs *a, const char *addr, int max);
/* Counts one message from addr (which has a connection open) at now_ms;
 * returns the messages from addr in the current one-second window. */
int sv_addrs_message(sv_addrs *a, const char *addr, int64_t now_ms);
/* The connections open from addr. */
int sv_addrs_count(const sv_addrs *a, const char *addr);
/* One connection from addr fewer. */
void sv_addrs_remove(sv_addrs *a, const char *addr);
void sv_addrs_free(sv_addrs *a);

#endif
