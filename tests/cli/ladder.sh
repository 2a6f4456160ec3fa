#!/usr/bin/env bash
# cardhall ladder: every pairing with win rates and Elo, identical for any
# thread count, JSON out, bot lists with settings, usage errors; --self for
# a cooperative table; the engine's bot command takes a search player with
# settings.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }
# The tables without the thinking times (the one figure a clock decides).
figures() { grep -E ' vs |anchor|\[' <<<"$1" | cut -c1-80; }

args=(ladder ragamaru players=2 --bots "random,heuristic,pimc:worlds=2,iters=16,depth=30" --games 6 --seed 3)
run "$CARDHALL" "${args[@]}" --threads 1
[ "$RC" = 0 ] || fail "ladder exit $RC: $ERR"
one=$OUT
has "$one" "6 games per pairing, seed 3"
has "$one" "random vs heuristic"
has "$one" "random vs pimc:worlds=2,iters=16,depth=30"
has "$one" "heuristic vs pimc:worlds=2,iters=16,depth=30"
has "$one" "95% interval"
has "$one" "(anchor)"
has "$one" "Elo"
run "$CARDHALL" "${args[@]}" --threads 2
[ "$RC" = 0 ] || fail "ladder --threads 2 exit $RC: $ERR"
[ "$(figures "$one")" = "$(figures "$OUT")" ] || fail "figures differ between 1 and 2 threads"
# The heuristic beats random in RAGAMARU, so its Elo is above random's 0.
heur=$(grep -E '^heuristic +[+-]' <<<"$one" | awk '{print $2}')
[ "${heur:0:1}" = "+" ] && [ "$heur" != "+0" ] || fail "heuristic Elo '$heur' not above random"

# JSON on stdout (the tables go to stderr).
run "$CARDHALL" "${args[@]}" --json -
[ "$RC" = 0 ] || fail "ladder --json - exit $RC: $ERR"
[ "$(jq -r '.pairings | length' <<<"$OUT")" = 3 ] || fail "three pairings expected: $OUT"
[ "$(jq -r '.bots[0].elo' <<<"$OUT")" = 0 ] || fail "first bot anchored at 0"
[ "$(jq -r '.pairings[0].a_won + .pairings[0].b_won + .pairings[0].draws' <<<"$OUT")" = 6 ] ||
    fail "games of a pairing do not add up"
jq -e '.bots[1].elo_low < .bots[1].elo and .bots[1].elo < .bots[1].elo_high' <<<"$OUT" >/dev/null ||
    fail "Elo interval does not hold the estimate"
# Thinking time on the wall clock and on the thread's CPU clock (issue 28):
# a search player takes some CPU, never more than the wall clock shows.
jq -e '.bots[2].cpu_ms_per_move > 0 and
       .bots[2].cpu_ms_per_move <= .bots[2].ms_per_move * 1.01 + 0.01' <<<"$OUT" >/dev/null ||
    fail "cpu ms per move: $(jq -c '.bots[2]' <<<"$OUT")"
has "$ERR" "cpu ms"
has "$ERR" "random vs heuristic"
run "$CARDHALL" "${args[@]}" --json "$tmp/l.json"
[ "$RC" = 0 ] || fail "ladder --json FILE exit $RC: $ERR"
[ "$(jq -r .game "$tmp/l.json")" = ragamaru ] || fail "--json FILE"

# Comrade is cooperative: one bot at every seat, the share of deals won.
run "$CARDHALL" ladder comrade deals=1 --self --bots "heuristic,ismcts:iters=20" --games 4
[ "$RC" = 0 ] || fail "ladder --self exit $RC: $ERR"
has "$OUT" "bot (every seat)"
has "$OUT" "ismcts:iters=20"
# One bot at every seat has no sides to swap, so every game is a deal of its
# own (as duplicate pairs, the two games of a deal were one game twice and
# the count of deals won was always even).
run "$CARDHALL" ladder comrade deals=1 --self --bots heuristic --games 20 --seed 2 --json -
[ "$RC" = 0 ] || fail "ladder --self --json exit $RC: $ERR"
[ "$(jq '.bots_alone[0].a_won' <<<"$OUT")" = 5 ] || fail "--self: $(jq -c '.bots_alone[0]' <<<"$OUT")"

# Usage errors: clear messages, exit 2.
run "$CARDHALL" ladder ragamaru --bots random
[ "$RC" = 2 ] && has "$ERR" "two bots or more"
run "$CARDHALL" ladder ragamaru --bots random,random
[ "$RC" = 2 ] && has "$ERR" "named twice"
run "$CARDHALL" ladder ragamaru --bots "random,ms=5"
[ "$RC" = 2 ] && has "$ERR" "follows no search player"
run "$CARDHALL" ladder ragamaru --bots "random,ismcts:iters=abc"
[ "$RC" = 2 ] && has "$ERR" "'abc' is not an integer"
run "$CARDHALL" ladder ragamaru --bots random,heuristic --games 0
[ "$RC" = 2 ] && has "$ERR" "--games"
run "$CARDHALL" ladder
[ "$RC" = 2 ] && has "$ERR" "usage: cardhall ladder"

# The engine's bot command names a search player with its settings.
OUT=$(printf '%s\n' '{"cmd":"new","game":"racko","seed":5}' \
    '{"cmd":"bot","name":"ismcts:iters=30,depth=10","seed":1}' \
    '{"cmd":"bot","name":"pimc:iters=abc"}' | "$CARDHALL" engine)
[ "$(sed -n 2p <<<"$OUT" | jq -r .action)" != null ] || fail "engine bot with settings: $OUT"
has "$(sed -n 3p <<<"$OUT")" "'abc' is not an integer"
# An untrusted engine (a network front end's) takes no settings: they set a move's time.
OUT=$(printf '%s\n' '{"cmd":"new","game":"racko","seed":5}' \
    '{"cmd":"bot","name":"pimc:iters=1000000","seed":1}' '{"cmd":"bot","name":"hard","seed":1}' |
    "$CARDHALL" engine --untrusted)
has "$(sed -n 2p <<<"$OUT")" "not a search player's settings"
[ "$(sed -n 3p <<<"$OUT" | jq -r .action)" != null ] || fail "untrusted engine, level: $OUT"
echo ok
