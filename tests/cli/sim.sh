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

# The report is the same as when every game's result was kept (issue 11: sim
# now folds games into running figures, in constant memory). The files under
# tests/data/sim were first written by the sim before that change, on fixed
# seeds, and rewritten only when a game's rules or choices change (issue 16).
# Text: byte for byte. JSON: the same, except that a game figure's sd may
# differ in the last bits (it is now streamed), so numbers are compared to 1e-9.
# Every number rounded to 10 significant digits.
norm() {
    awk '{
        out = ""
        while (match($0, /-?[0-9]+\.[0-9]+(e[-+]?[0-9]+)?/)) {
            out = out substr($0, 1, RSTART - 1) sprintf("%.10g", substr($0, RSTART, RLENGTH))
            $0 = substr($0, RSTART + RLENGTH)
        }
        print out $0
    }' "$1"
}
golden() {
    local name=$1
    shift
    run "$CARDHALL" sim "$@" --json "$tmp/$name.json"
    [ "$RC" = 0 ] || fail "sim $name exit $RC: $ERR"
    [ "$OUT" = "$(cat tests/data/sim/$name.txt)" ] ||
        fail "sim $name: report differs from tests/data/sim/$name.txt: $(diff <(echo "$OUT") tests/data/sim/$name.txt)"
    cmp -s <(norm "$tmp/$name.json") <(norm tests/data/sim/$name.json) ||
        fail "sim $name: --json differs from tests/data/sim/$name.json"
}
for g in racko ragamaru rumino babasuki comrade; do
    golden $g $g --games 40 --seed 5
done
golden racko_cap racko players=2 target_score=100 --games 30 --seed 8 --max-steps 120 \
    --bots random,heuristic,heuristic
golden rg3 ragamaru players=3 --games 30 --seed 2 --bots random,heuristic,random

# The --json path is checked before any game is played (issue 11), with the
# OS's reason and the word "report".
run "$CARDHALL" sim racko --games 20000 --seed 1 --json /nonexistent/dir/s.json
[ "$RC" = 1 ] || fail "--json to a missing directory: exit $RC, expected 1"
has "$ERR" "report /nonexistent/dir/s.json: No such file or directory"
[ -z "$OUT" ] || fail "--json to a missing directory played games first: $OUT"
grep -q "games in" <<<"$ERR" && fail "--json to a missing directory played games first: $ERR"
run "$CARDHALL" sim racko --games 5 --seed 1 --json "$tmp"
[ "$RC" = 1 ] || fail "--json to a directory: exit $RC, expected 1"
has "$ERR" "report $tmp: is a directory"
[ -z "$OUT" ] || fail "--json to a directory played games first"
# Issue 23: writing to a device a person names is fine.
run "$CARDHALL" sim racko --games 2 --seed 1 --json /dev/null
[ "$RC" = 0 ] || fail "--json /dev/null: exit $RC: $ERR"

# The largest --games is accepted and simply runs (memory does not grow with
# the number of games): stopped after 2 s, not failed with "out of memory".
set +e
timeout 2 "$CARDHALL" sim racko --games 100000000 --threads 1 --seed 1 >/dev/null 2>"$tmp/err"
RC=$?
set -e
[ "$RC" = 124 ] || fail "--games 100000000: exit $RC before the time was up: $(cat "$tmp/err")"
run "$CARDHALL" sim racko --games 100000001
[ "$RC" = 2 ] || fail "--games above the limit: exit $RC, expected 2"
has "$ERR" "--games: '100000001' is not an integer in 1..100000000"
# Issue 11: a Babasuki card file is read by sim itself (the game reads no
# files), only if it is a regular file: a FIFO is refused at once, not waited on.
run "$CARDHALL" sim babasuki cards=tests/data/babasuki/spaces_and_blank_lines.csv --games 4 --seed 1
[ "$RC" = 0 ] || fail "sim with a card file: exit $RC: $ERR"
has "$OUT" "cards=spaces_and_blank_lines.csv"
mkfifo "$tmp/fifo"
set +e
timeout 10 "$CARDHALL" sim babasuki cards="$tmp/fifo" --games 4 >/dev/null 2>"$tmp/err"
RC=$?
set -e
[ "$RC" = 1 ] || fail "sim with a FIFO as card file: exit $RC (124: it hung)"
has "$(cat "$tmp/err")" "not a regular file"
# A search player's settings stay with it (ch_bot_split): two bots, not three.
run "$CARDHALL" sim racko target_score=100 --games 2 --seed 1 --bots "heuristic,pimc:iters=20,ms=50"
[ "$RC" = 0 ] || fail "sim with a search player: exit $RC: $ERR"
has "$OUT" "1:pimc:iters=20,ms=50"
echo ok
