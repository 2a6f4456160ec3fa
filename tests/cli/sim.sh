#!/usr/bin/env bash
# cardhall sim: figures are identical for any thread count; --json is written.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }

args=(sim racko players=2 target_score=100 --games 60 --bots heuristic,random --seed 9)
run "$CARDHALL" "${args[@]}" --threads 1 --json "$tmp/s1.json"
[ "$RC" = 0 ] || fail "sim exit $RC: $ERR"
one=$OUT
run "$CARDHALL" "${args[@]}" --threads 2 --json "$tmp/s2.json"
[ "$RC" = 0 ] || fail "sim --threads 2 exit $RC: $ERR"
[ "$one" = "$OUT" ] || fail "output differs between 1 and 2 threads"
cmp -s "$tmp/s1.json" "$tmp/s2.json" || fail "--json differs between 1 and 2 threads"

has "$one" "60 games, seed 9"
has "$one" "seat 0"
has "$one" "seat 1"
has "$one" "0:heuristic"
has "$one" "1:random"
has "$one" "95% CI"
has "$one" "actions"
has "$one" "hands"
has "$one" "60 finished"
has "$(cat "$tmp/s1.json")" '"win_rate"'
has "$(cat "$tmp/s1.json")" '"ci95"'
has "$(cat "$tmp/s1.json")" '"p95"'
# The game's own figures (ch_game.tally), printed and in the JSON.
has "$one" "game figures"
has "$one" "deck_turnovers"
has "$(cat "$tmp/s1.json")" '"figures": {'

# The heuristic, rotated over both seats, beats random far more than half the time.
rate=$(grep -E '^ +0:heuristic' <<<"$one" | awk '{print $4}' | tr -d '%')
awk -v r="$rate" 'BEGIN { exit !(r > 70) }' || fail "heuristic win rate $rate% is not > 70%"

# A different seed plays different games.
run "$CARDHALL" sim racko players=2 target_score=100 --games 60 --bots heuristic,random --seed 10
[ "$one" != "$OUT" ] || fail "seed 9 and seed 10 gave the same figures"

# The step cap is reported.
run "$CARDHALL" sim racko --games 4 --bots random --seed 1 --max-steps 3
[ "$RC" = 0 ] || fail "capped sim exit $RC"
has "$OUT" "4 capped at 3 actions"

run "$CARDHALL" sim racko --games 5 --bots nobody
[ "$RC" = 2 ] || fail "bad bot: exit $RC, expected 2"
has "$ERR" "no bot 'nobody'"
run "$CARDHALL" sim racko players=7 --games 5
[ "$RC" = 2 ] || fail "bad option: exit $RC, expected 2"
has "$ERR" "option players"
run "$CARDHALL" sim racko --games zero
[ "$RC" = 2 ] || fail "bad --games: exit $RC, expected 2"
echo ok
