#!/usr/bin/env bash
# cardhall serve over plain HTTP: the compiled-in page with a CSP that
# allows no inline script, 404 for anything else, the default database
# created under $XDG_DATA_HOME, usage errors. Loopback, a port the kernel
# picks, and the server is stopped on exit. (The WebSocket side is
# tests/server/test_serve.c.)
set -euo pipefail
tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qiF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }

XDG_DATA_HOME="$tmp/xdg" "$CARDHALL" serve --port 0 >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do grep -q 'http://' "$tmp/out" && break; sleep 0.1; done
port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/out")
[ -n "$port" ] || fail "no address printed: $(cat "$tmp/out" "$tmp/err")"
[ -f "$tmp/xdg/cardhall/cardhall.db" ] || fail "default database not created under XDG_DATA_HOME"

get() {
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$1" >&3
    timeout 5 cat <&3 || true
    exec 3<&-
}

page=$(get /)
has "$page" "HTTP/1.1 200"
has "$page" "content-security-policy: default-src 'none'; script-src 'self'"
grep -qi "content-security-policy:.*unsafe-inline" <<<"$page" && fail "CSP allows inline code"
has "$page" '<script type="module" src="/app.js"'
# No inline script in the page itself: every <script> has a src.
grep -i '<script' <<<"$page" | grep -qv 'src=' && fail "inline script in index.html"
js=$(get /app.js)
has "$js" "text/javascript"
has "$js" "textContent"
# Every module the page imports is served, each game's board among them.
for f in /state.js /net.js /i18n.js /lobby.js /table.js /replay.js /cards.js /boards/index.js \
    /boards/racko.js /boards/ragamaru.js /boards/rumino.js /boards/babasuki.js /boards/comrade.js \
    /boards/racko.css; do
    has "$(get "$f")" "HTTP/1.1 200"
done
has "$(get /boards/nope.js)" "HTTP/1.1 404"
has "$(get /boards/)" "HTTP/1.1 404"
nf=$(get /nope)
has "$nf" "HTTP/1.1 404"
# Issue 23: the 404 page carries the headers of every page, not libwebsockets' own.
has "$nf" "content-security-policy: default-src 'none'"
has "$nf" "x-content-type-options: nosniff"
has "$(get /../../etc/passwd)" "HTTP/1.1 404"

set +e
"$CARDHALL" serve --port abc >/dev/null 2>"$tmp/e2"; rc=$?
set -e
[ "$rc" = 2 ] || fail "bad --port: exit $rc, expected 2"
has "$(cat "$tmp/e2")" "--port"
# Issue 25's flags: a certificate without its key, a public URL or origin that is not one.
usage() {
    set +e
    "$CARDHALL" serve --db "$tmp/u.db" "$@" >/dev/null 2>"$tmp/e3"; rc=$?
    set -e
    [ "$rc" = 2 ] || fail "serve $*: exit $rc, expected 2"
}
usage --tls-cert "$tmp/x.pem"
has "$(cat "$tmp/e3")" "go together"
usage --public-url cards.example
has "$(cat "$tmp/e3")" "--public-url"
usage --allow-origin "https://a.example,https://b.example/path"
has "$(cat "$tmp/e3")" "b.example/path"
usage --ping 31
# A certificate that is not one: a clear error before listening.
echo "not a certificate" >"$tmp/bad.pem"
set +e
"$CARDHALL" serve --db "$tmp/u.db" --port 0 --tls-cert "$tmp/bad.pem" --tls-key "$tmp/bad.pem" \
    >/dev/null 2>"$tmp/e4"; rc=$?
set -e
[ "$rc" = 1 ] || fail "a bad certificate: exit $rc, expected 1"
has "$(cat "$tmp/e4")" "bad.pem"
# Issue 27: a PostgreSQL database that does not answer is a clear error
# that never shows the URL's password; cardhall backup copies SQLite only.
set +e
timeout 20 "$CARDHALL" serve --port 0 --db "postgresql://ann:s3cret@127.0.0.1:1/cardhall" \
    >"$tmp/o5" 2>"$tmp/e5"; rc=$?
set -e
[ "$rc" = 1 ] || fail "an unreachable PostgreSQL: exit $rc, expected 1"
has "$(cat "$tmp/e5")" "ann:***@127.0.0.1:1/cardhall"
grep -q "s3cret" "$tmp/o5" "$tmp/e5" && fail "the database's password was printed"
set +e
"$CARDHALL" backup --db "postgres://ann:s3cret@127.0.0.1/cardhall" "$tmp/b.db" >"$tmp/o6" 2>"$tmp/e6"
rc=$?
set -e
[ "$rc" != 0 ] || fail "cardhall backup of a PostgreSQL URL succeeded"
has "$(cat "$tmp/e6")" "pg_dump"
grep -q "s3cret" "$tmp/o6" "$tmp/e6" && fail "the database's password was printed by backup"
# On loopback, no warning about TLS.
grep -q "without TLS" "$tmp/err" && fail "warned about TLS on loopback"
echo ok
