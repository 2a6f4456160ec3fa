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
# Colour only on a terminal, and never with NO_COLOR or TERM=dumb.
if command -v script >/dev/null; then
    TERM=xterm script -qec "$CARDHALL list" /dev/null >"$tmp/tty" </dev/null
    grep -q $'\033\[' "$tmp/tty" || fail "no colour on a terminal"
    NO_COLOR=1 TERM=xterm script -qec "$CARDHALL list" /dev/null >"$tmp/tty" </dev/null
    ! grep -q $'\033\[' "$tmp/tty" || fail "colour despite NO_COLOR"
    TERM=dumb script -qec "$CARDHALL list" /dev/null >"$tmp/tty" </dev/null
    ! grep -q $'\033\[' "$tmp/tty" || fail "colour despite TERM=dumb"
fi
TERM=xterm "$CARDHALL" list >"$tmp/pipe"
! grep -q $'\033' "$tmp/pipe" || fail "colour through a pipe"
echo ok
