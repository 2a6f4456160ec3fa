/* `cardhall serve`: card tables over WebSocket (docs/ws-protocol.md), the
 * web client's files over HTTP, one libwebsockets event loop. */
#ifndef CARDHALL_SERVER_SERVER_H
#define CARDHALL_SERVER_SERVER_H

#include <stddef.h>
#include <stdint.h>

#include "cardhall/error.h"

#define SV_MAX_ORIGINS 16

typedef struct sv_config {
    const char *host;    /* address to listen on; 127.0.0.1 unless told */
    int port;            /* 0: any free port (printed at start) */
    const char *db;      /* SQLite file */
    size_t max_message;  /* bytes in one client message */
    int rate;            /* messages per second per connection */
    int conns_per_table; /* seats and spectators on one table */
    int max_tables;      /* tables the server holds */
    int max_conns;       /* WebSocket connections at once */
    size_t max_memory;   /* bytes for tables and send queues */
    int64_t timeout_ms;  /* default seat timeout of a new table */
    int bot_delay_ms;    /* pause before each bot move (0: at once) */
    int chat_rate;       /* chat messages per 10 s per connection */
    int no_spectator_chat; /* spectators read the chat of every table, never write */
    /* Secure transport and life on the internet (docs/deploy.md). */
    const char *tls_cert;   /* PEM certificate (chain) file: HTTPS and WSS; NULL: plain */
    const char *tls_key;    /* its PEM private key file; both reread on SIGHUP */
    const char *public_url; /* the address people open (share links, origin); NULL: as used */
    int ping_s;             /* ping a connection idle this long; closed after two unanswered */
    const char *allow_origins[SV_MAX_ORIGINS]; /* other web origins that may connect */
    int n_allow_origins;
    int trust_proxy;      /* the client's address is X-Forwarded-For's last entry */
    int max_conns_per_ip; /* WebSocket connections from one address at once */
    int rate_per_ip;      /* messages per second from one address, all its connections */
    int metrics;                      /* GET /metrics is served (a token was given) */
    unsigned char metrics_sha256[32]; /* of the metrics token; the token is not kept */
} sv_config;

/* The defaults of every bound. */
void sv_config_defaults(sv_config *c);

/* Turns GET /metrics on for requests bearing token ("Authorization: Bearer
 * TOKEN"): 16 to 256 printable characters, a trailing newline ignored.
 * Keeps only its SHA-256. */
int sv_config_metrics_token(sv_config *c, const char *token, ch_err *err);

/* Runs the server until SIGINT or SIGTERM (then it tells every client,
 * closes and returns within 5 s). Prints the address to open on
 * stdout when it listens. Returns CH_OK or an error code with err. */

/* 1 if a WebSocket upgrade carrying this Origin header (NULL: none was
 * sent) may open a connection to a server reached as host (the request's
 * Host header) under c (origin.c). */
int sv_origin_ok(const sv_config *c, const char *origin, const char *host);

/* Runs the server until SIGINT or SIGTERM (SIGHUP rereads the TLS files).
 * Prints the address to open on stdout when it listens. Returns CH_OK or an
 * error code with err. */
int sv_run(const sv_config *c, ch_err *err);

#endif
