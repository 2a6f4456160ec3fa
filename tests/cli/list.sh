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

# Issue 23: what a newcomer tries first. `cardhall` alone is not a mistake:
# the short help, on stdout, exit 0.
run "$CARDHALL"
[ "$RC" = 0 ] || fail "no command: exit $RC, expected 0"
[ -z "$ERR" ] || fail "no command wrote to stderr: $ERR"
has "$OUT" "cardhall play racko"
has "$OUT" "cardhall --version"

# --version and version: the build's version (git describe at configure
# time, else the CMake project version), the same both ways.
version=$(sed -n 's/^project(cardhall VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || fail "no project version in CMakeLists.txt"
run "$CARDHALL" --version
[ "$RC" = 0 ] || fail "--version exit $RC"
grep -Eq "^cardhall ([0-9]+\.[0-9]+|$version-g[0-9a-f]+)" <<<"$OUT" || fail "--version printed: $OUT"
top=$(git -C "$CH_SOURCE_DIR" rev-parse --show-toplevel 2>/dev/null || true)
if [ -z "$top" ] || [ "$(realpath "$top")" != "$(realpath "$CH_SOURCE_DIR")" ]; then
    [ "$OUT" = "cardhall $version" ] || fail "--version outside a git checkout: $OUT"
elif git -C "$CH_SOURCE_DIR" describe --tags >/dev/null 2>&1; then
    has "$OUT" "cardhall $(git -C "$CH_SOURCE_DIR" describe --tags | cut -d- -f1)"
else
    has "$OUT" "cardhall $version-g" # a clone without tags, as CI's
fi
v1=$OUT
run "$CARDHALL" version
[ "$RC" = 0 ] && [ "$OUT" = "$v1" ] || fail "version: exit $RC, '$OUT' vs '$v1'"

# play without a game lists every game with its summary and how to start.
run "$CARDHALL" play
[ "$RC" = 0 ] || fail "play with no game: exit $RC"
for g in racko ragamaru rumino babasuki comrade; do
    grep -Eq "^  $g +" <<<"$OUT" || fail "play does not list $g: $OUT"
done
has "$OUT" "Rack-O, 2-4 players: put ten numbered cards"
has "$OUT" "cardhall play racko"
awk 'length($0) > 80 { exit 1 }' <<<"$OUT" || fail "play's game list is wider than 80 columns"
run "$CARDHALL" play --seed 3
[ "$RC" = 2 ] || fail "play --seed with no game: exit $RC"
has "$ERR" "play: which game?"
has "$ERR" "comrade"

# serve --help explains every flag with its default (the server's own).
run "$CARDHALL" serve --help
[ "$RC" = 0 ] || fail "serve --help exit $RC"
for flag in host port db max-message rate table-conns max-tables max-conns max-memory-mb timeout bot-delay; do
    grep -Eq "^  --$flag " <<<"$OUT" || fail "serve --help does not explain --$flag"
done
has "$OUT" "(default 127.0.0.1"
has "$OUT" "(default 8080)"
has "$OUT" "(default 16384)"
has "$OUT" "(default 400)"
has "$OUT" "cardhall/cardhall.db"

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
