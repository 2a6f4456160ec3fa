#!/usr/bin/env bash
# cardhall solve comrade (issue 14): the open-hand figures next to the
# heuristic team's on the same deals; the command itself fails if a deal the
# team won is called unwinnable. Games without a solver are refused.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in: ${1:0:2000}"; }

out=$("$CARDHALL" solve comrade --deals 40 --seed 3 --max-nodes 50000) || fail "solve exit $?"
has "$out" "comrade: 40 deals from seed 3"
has "$out" "winnable with open hands"
has "$out" "won by the heuristic team"
has "$out" "solve time per deal"
# No more deals won than winnable (undecided ones aside).
won=$(awk '/^  won by the heuristic/ {print $6}' <<<"$out")
winnable=$(awk '/^  winnable with/ {print $5}' <<<"$out")
undecided=$(awk '/^  undecided/ {print $5}' <<<"$out")
[ "$won" -le $((winnable + undecided)) ] || fail "won $won > winnable $winnable + undecided $undecided"
# The same seed gives the same figures (times aside).
again=$("$CARDHALL" solve comrade --deals 40 --seed 3 --max-nodes 50000)
[ "$(grep -v 'solve time' <<<"$out")" = "$(grep -v 'solve time' <<<"$again")" ] ||
    fail "same seed, different figures"

# Free bids: every deal gets an answer row, and bids as made are some bids,
# so at least as many deals are winnable with free bids (the command itself
# fails on a deal winnable with its bids yet called lost with free ones).
free=$("$CARDHALL" solve comrade --deals 40 --seed 3 --max-nodes 50000 --bids free) ||
    fail "solve --bids free exit $?"
has "$free" "with free bids (from the first bid, every hand known):"
yes=$(awk '/^  winnable with some bids/ {print $5}' <<<"$free")
no=$(awk '/^  lost whatever the bids/ {print $5}' <<<"$free")
open=$(awk '/^  undecided/ {n++} n == 2 {print $5; exit}' <<<"$free")
[ $((yes + no + open)) = 40 ] || fail "free rows add up to $((yes + no + open)), not 40"
[ "$yes" -ge "$winnable" ] && [ "$yes" -ge "$won" ] ||
    fail "free bids: $yes winnable, fewer than with the bids made ($winnable) or won ($won)"

# --bot (issue 28): another team bids and plays the same deals; the figures
# name it, and the same checks hold (a deal it won is winnable).
bot=$("$CARDHALL" solve comrade --deals 6 --seed 3 --max-nodes 50000 --bot solver:worlds=4,nodes=500) ||
    fail "solve --bot exit $?"
has "$bot" "bid and played by the solver:worlds=4,nodes=500 team"
has "$bot" "won by the solver:worlds=4,nodes=500 team"
set +e
err=$("$CARDHALL" solve comrade --deals 2 --bot nobody 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "solve --bot nobody: exit $rc, expected 2"
has "$err" "no bot 'nobody'"

set +e
err=$("$CARDHALL" solve comrade --bids some 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "solve --bids some: exit $rc, expected 2"
has "$err" "--bids: made or free, not some"

set +e
err=$("$CARDHALL" solve racko 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "solve racko: exit $rc, expected 2"
has "$err" "racko has no open-hand solver"
echo ok
