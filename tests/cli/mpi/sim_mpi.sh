#!/usr/bin/env bash
# cardhall sim under OpenMPI (issue 15): `mpirun -n 2 cardhall sim ...`
# shares the games by index between two ranks, and every report (text,
# --json, --csv, --report) is the one-process run's, byte for byte.
# Registered by tests/CMakeLists.txt only when cardhall was built with MPI.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
MPIRUN=${MPIRUN:-mpirun}
mpi=("$MPIRUN" --oversubscribe -n 2)
[ "$(id -u)" = 0 ] && mpi+=(--allow-run-as-root)

# Runs sim once alone and once on two ranks, with the same arguments, and
# compares everything each wrote.
same() {
    local name=$1
    shift
    "$CARDHALL" sim "$@" --json "$tmp/$name.1.json" --csv "$tmp/$name.1.csv" \
        --report "$tmp/$name.1.html" >"$tmp/$name.1.txt" 2>"$tmp/$name.1.err" ||
        fail "$name: one process failed: $(cat "$tmp/$name.1.err")"
    "${mpi[@]}" "$CARDHALL" sim "$@" --json "$tmp/$name.2.json" --csv "$tmp/$name.2.csv" \
        --report "$tmp/$name.2.html" >"$tmp/$name.2.txt" 2>"$tmp/$name.2.err" ||
        fail "$name: mpirun failed: $(cat "$tmp/$name.2.err")"
    for ext in txt json csv html; do
        cmp -s "$tmp/$name.1.$ext" "$tmp/$name.2.$ext" ||
            fail "$name: the $ext report differs on 2 ranks: $(diff "$tmp/$name.1.$ext" "$tmp/$name.2.$ext" | head -20)"
    done
    grep -q "per rank" "$tmp/$name.2.err" || fail "$name: did not run on ranks: $(cat "$tmp/$name.2.err")"
}

same racko racko --games 40 --seed 5
# ... which is also the report pinned since before MPI.
cmp -s "$tmp/racko.2.txt" tests/data/sim/racko.txt || fail "2 ranks differ from tests/data/sim/racko.txt"
# An odd number of games, capped games, three seats, one thread per rank.
same rg3 ragamaru players=3 --games 31 --seed 2 --bots random,heuristic,random --threads 1
same capped racko players=2 target_score=100 --games 29 --seed 8 --max-steps 120 \
    --bots random,heuristic,heuristic
# More games than one batch (8192): the split is per batch.
same batches comrade --games 20001 --seed 3 --bots random --threads 1
# Compare and sweep: every set, every difference.
same compare racko --games 50 --seed 4 --compare 'target_score=200' 'target_score=300 bonus_racko=true'
same sweep ragamaru --games 45 --seed 1 --sweep players=2..4

# Without --seed every rank plays rank 0's seed: the report is that of one
# process given the seed it printed.
"${mpi[@]}" "$CARDHALL" sim racko --games 30 >"$tmp/noseed.txt" 2>/dev/null || fail "mpirun without --seed"
seed=$(sed -n 's/^30 games, seed \([0-9]*\),.*/\1/p' "$tmp/noseed.txt")
[ -n "$seed" ] || fail "no seed printed: $(cat "$tmp/noseed.txt")"
"$CARDHALL" sim racko --games 30 --seed "$seed" >"$tmp/seed.txt" 2>/dev/null
cmp -s "$tmp/noseed.txt" "$tmp/seed.txt" || fail "ranks did not share rank 0's seed"

# A report path that cannot be written stops every rank (none waits).
set +e
timeout 60 "${mpi[@]}" "$CARDHALL" sim racko --games 40 --seed 1 --json /nonexistent/dir/x.json \
    >/dev/null 2>"$tmp/err"
rc=$?
set -e
[ "$rc" != 0 ] && [ "$rc" != 124 ] || fail "bad --json under mpirun: exit $rc (124: a rank waited)"
grep -q "report /nonexistent/dir/x.json" "$tmp/err" || fail "no reason given: $(cat "$tmp/err")"
# SIGUSR1 to mpirun (it passes it on to every rank; Ctrl-C is its own):
# the ranks stop at the end of a batch and rank 0 prints the figures so
# far, marked partial, which are those of one process given that many games.
"${mpi[@]}" "$CARDHALL" sim racko --games 100000000 --seed 6 --threads 1 --json "$tmp/usr1.json" \
    >"$tmp/usr1.txt" 2>"$tmp/usr1.err" &
pid=$!
for _ in $(seq 100); do grep -q "per rank" "$tmp/usr1.err" 2>/dev/null && break; sleep 0.1; done
sleep 1
kill -USR1 "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 130 ] || fail "SIGUSR1 under mpirun: exit $rc: $(cat "$tmp/usr1.err")"
played=$(sed -n 's/^PARTIAL: interrupted after \([0-9]*\) of 100000000 games.*/\1/p' "$tmp/usr1.txt")
[ -n "$played" ] && [ "$played" -gt 0 ] || fail "no partial figures: $(head -5 "$tmp/usr1.txt")"
grep -q '"partial": true' "$tmp/usr1.json" || fail "the JSON is not marked partial"
"$CARDHALL" sim racko --games "$played" --seed 6 --threads 1 --json "$tmp/one.json" >/dev/null 2>&1
grep -v '"partial"' "$tmp/usr1.json" | sed 's/"games": 100000000/"games": '"$played"'/' >"$tmp/usr1.cut.json"
grep -v '"partial"' "$tmp/one.json" >"$tmp/one.cut.json"
cmp -s "$tmp/usr1.cut.json" "$tmp/one.cut.json" ||
    fail "partial figures differ from $played games in one process: $(diff "$tmp/usr1.cut.json" "$tmp/one.cut.json" | head)"
echo ok
