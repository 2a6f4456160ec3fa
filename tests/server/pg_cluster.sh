#!/bin/sh
# Runs a command against a throwaway PostgreSQL cluster of its own: initdb
# in a temporary directory, a server on a free loopback port, a database
# "cardhall", CH_TEST_PG_URL set to its URL (with a password, which the
# server must never print), then the cluster stopped and removed whatever
# the command did. Exits 77 (ctest's skip) only when PostgreSQL's programs
# are not installed; CI installs them (scripts/install-deps.sh).
#   tests/server/pg_cluster.sh COMMAND [ARGS...]
set -u

bin=""
for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bin=$d
done
if [ -z "$bin" ]; then
    echo "pg_cluster: SKIPPED: PostgreSQL's initdb/pg_ctl are not installed (package postgresql)" >&2
    exit 77
fi

dir=$(mktemp -d /tmp/ch_pg_XXXXXX) || exit 1
as_pg() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
    # initdb refuses to run as root: the cluster belongs to postgres.
    chown postgres "$dir"
    as_pg() { runuser -u postgres -- "$@"; }
fi
cleanup() {
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$dir"
}
trap cleanup EXIT INT TERM
# ctest kills a test that runs over its time with SIGKILL, which no trap
# sees: a watcher stops the cluster once this shell is gone.
parent=$$
(
    trap '' INT TERM
    while kill -0 "$parent" 2>/dev/null; do sleep 1; done
    cleanup
) >/dev/null 2>&1 &

as_pg "$bin/initdb" -D "$dir/data" -A trust -U cardhall -E UTF8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
}
# Tests need no fsync (nothing here outlives the run); for figures,
# CH_PG_DURABILITY gives the server's own settings instead ("" keeps
# PostgreSQL's defaults: fsync, synchronous_commit=on).
durability=${CH_PG_DURABILITY-"-c fsync=off"}
# A free port: the server refuses one that is taken; try a few.
started=""
for try in 1 2 3 4 5 6 7 8 9 10; do
    port=$((20000 + ($$ * 7 + try * 977 + $(date +%N | sed 's/^0*//;s/^$/0/')) % 40000))
    if as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=200" \
        start >/dev/null 2>&1; then
        started=1
        break
    fi
done
if [ -z "$started" ]; then
    echo "pg_cluster: the PostgreSQL server did not start:" >&2
    cat "$dir/log" >&2
    exit 1
fi
as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U cardhall cardhall || exit 1
# trust: the password is not checked, but it is in the URL, so a test can
# look for it in what the server prints.
CH_TEST_PG_URL="postgresql://cardhall:pgsecret@127.0.0.1:$port/cardhall"
export CH_TEST_PG_URL
"$@"
rc=$?
exit $rc
