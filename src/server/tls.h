/* The server's certificate: checked before it is used, and reloaded into the
 * running TLS context on SIGHUP (a renewed certificate without a restart,
 * so no table connection is dropped). OpenSSL, as libwebsockets uses it. */
#ifndef CARDHALL_SERVER_TLS_H
#define CARDHALL_SERVER_TLS_H

#include "cardhall/error.h"

/* CH_OK if cert (a PEM chain file) and key (its PEM private key) load and
 * belong together; else an error naming the file. */
int sv_tls_check(const char *cert, const char *key, ch_err *err);

/* Checks cert and key, then puts them into ssl_ctx (an SSL_CTX *) for the
 * connections that come next. On error ssl_ctx is unchanged. */
int sv_tls_reload(void *ssl_ctx, const char *cert, const char *key, ch_err *err);

#endif
