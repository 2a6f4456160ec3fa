#!/usr/bin/env bash
# examples/flat_mc: a searching player built on the public API only (it
# samples hidden cards with resample) beats random play; bad input is refused.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }
FLAT_MC="$(dirname "$CARDHALL")/examples/flat_mc"

run "$FLAT_MC" ragamaru players=2 --games 4 --worlds 2
[ "$RC" = 0 ] || fail "flat_mc exit $RC: $ERR"
has "$OUT" "flat_mc (2 worlds) vs random in ragamaru"
wins=$(sed -E 's/.*: ([0-9.]+) wins of ([0-9]+) games/\1/' <<<"$OUT")
awk -v w="$wins" 'BEGIN { exit !(w >= 3) }' || fail "flat_mc won only $wins of 4: $OUT"

run "$FLAT_MC" nosuchgame
[ "$RC" = 2 ] || fail "unknown game: exit $RC"
has "$ERR" "no game 'nosuchgame'"
run "$FLAT_MC" racko players=9
[ "$RC" = 2 ] || fail "bad option: exit $RC"
has "$ERR" "players"
