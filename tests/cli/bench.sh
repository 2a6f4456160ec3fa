#!/usr/bin/env bash
# cardhall bench: a quick table, and its usage errors.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }

run "$CARDHALL" bench racko --seconds 0.05
[ "$RC" = 0 ] || fail "bench exit $RC: $ERR"
has "$OUT" "decisions/s"
has "$OUT" "clone ns"
has "$OUT" "bytes"
# The racko row: decisions/s (random play's actions), games/s and actions/game ("-" when random play
# never finishes), clone ns, bytes, whole games/s by the heuristic.
grep -Eq '^racko +[1-9][0-9]* +(-|[0-9]+) +(-|[0-9.]+) +[0-9.]+ +[1-9][0-9]* +[1-9][0-9]* heuristic$' <<<"$OUT" ||
    fail "no racko row with figures: $OUT"

# The search row (issue 28): ismcts, pimc and pimc without inference, in
# iterations per second of CPU time, every one measured.
grep -Eq '^racko +[1-9][0-9]* +[1-9][0-9]* +[1-9][0-9]*$' <<<"$OUT" ||
    fail "no racko search row with three rates: $OUT"
has "$OUT" "pimc infer=0"

run "$CARDHALL" bench --seconds 0.02
[ "$RC" = 0 ] || fail "bench (all games) exit $RC: $ERR"
has "$OUT" "racko"

run "$CARDHALL" bench nogame
[ "$RC" = 2 ] || fail "bench nogame: exit $RC, expected 2"
has "$ERR" "unknown game 'nogame'"

run "$CARDHALL" bench racko --seconds soon
[ "$RC" = 2 ] || fail "bad --seconds: exit $RC, expected 2"
has "$ERR" "--seconds"
echo ok
