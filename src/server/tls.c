/* See tls.h. */
#include <openssl/err.h>
#include <openssl/ssl.h>

#include "tls.h"

static int load(SSL_CTX *ctx, const char *cert, const char *key, ch_err *err)
{
    ERR_clear_error();
    if (SSL_CTX_use_certificate_chain_file(ctx, cert) != 1)
        return ch_errf(err, CH_EIO, "TLS certificate %s: %s", cert,
                       ERR_reason_error_string(ERR_peek_last_error()));
    if (SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM) != 1)
        return ch_errf(err, CH_EIO, "TLS key %s: %s", key,
                       ERR_reason_error_string(ERR_peek_last_error()));
    if (SSL_CTX_check_private_key(ctx) != 1)
        return ch_errf(err, CH_EINVAL, "TLS key %s does not belong to the certificate %s", key,
                       cert);
    return CH_OK;
}

int sv_tls_check(const char *cert, const char *key, ch_err *err)
{
    SSL_CTX *scratch = SSL_CTX_new(TLS_server_method());
    if (!scratch) return ch_errf(err, CH_ENOMEM, "out of memory");
    int rc = load(scratch, cert, key, err);
    SSL_CTX_free(scratch);
    return rc;
}

int sv_tls_reload(void *ssl_ctx, const char *cert, const char *key, ch_err *err)
{
    /* On a scratch context first: a half-replaced pair would refuse every
     * new connection. */
    int rc = sv_tls_check(cert, key, err);
    if (rc == CH_OK) rc = load(ssl_ctx, cert, key, err);
    return rc;
}
