#!/usr/bin/env bash
# cardhall list, --help and the usage errors of the dispatcher.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }

run "$CARDHALL" list
[ "$RC" = 0 ] || fail "list exit $RC"
has "$OUT" "racko"
has "$OUT" "Rack-O"
has "$OUT" "players"
has "$OUT" "int 2..4"
has "$OUT" "default"
has "$OUT" "bots: random,heuristic"

run "$CARDHALL" list --json
[ "$RC" = 0 ] || fail "list --json exit $RC"
has "$OUT" '"name": "racko"'
has "$OUT" '"min_players": 2'

run "$CARDHALL" list extra
[ "$RC" = 2 ] || fail "list extra: exit $RC, expected 2"
has "$ERR" "cardhall: "

run "$CARDHALL" --help
[ "$RC" = 0 ] || fail "--help exit $RC"
for cmd in list play engine sim bench replay; do has "$OUT" "cardhall $cmd"; done

run "$CARDHALL" frobnicate
[ "$RC" = 2 ] || fail "unknown command: exit $RC, expected 2"
has "$ERR" "cardhall: unknown command 'frobnicate'"

run "$CARDHALL"
[ "$RC" = 2 ] || fail "no command: exit $RC, expected 2"

run "$CARDHALL" list --nope
[ "$RC" = 2 ] || fail "unknown flag: exit $RC, expected 2"
has "$ERR" "unknown flag '--nope'"
echo ok
