#!/usr/bin/env bash
# cardhall sim as a lab (issue 15): --compare and --sweep on common random
# numbers, --csv, the progress line, and Ctrl-C giving partial figures.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }

# An option set compared with itself: the same seeds give the same games, so
# every paired difference is exactly 0 with the interval [0, 0].
run "$CARDHALL" sim racko --games 80 --seed 3 --compare 'bonus_racko=true' 'bonus_racko=true' \
    --json "$tmp/self.json" --csv "$tmp/self.csv"
[ "$RC" = 0 ] || fail "self compare exit $RC: $ERR"
has "$OUT" "2 option sets on the same 80 games"
has "$OUT" "set 2 (bonus_racko=true) - set 1 (bonus_racko=true)"
diffs=$(sed -n '/^differences from set 1/,$p' <<<"$OUT" | grep -E '^  [^ ]' | grep -v '^  figure')
[ "$(wc -l <<<"$diffs")" -ge 8 ] || fail "too few difference rows: $diffs"
bad=$(grep -vE ' [+]0\.0+%? +\[[+]0\.0+%?, [+]0\.0+%?\] +80$' <<<"$diffs" || true)
[ -z "$bad" ] || fail "self compare: a difference is not exactly 0 [0, 0] over 80 pairs: $bad"
python3 - "$tmp/self.json" <<'PY' || fail "self compare JSON"
import json, sys
j = json.load(open(sys.argv[1]))
rows = j["differences"][0]["rows"]
assert len(rows) >= 8, rows
for r in rows:
    assert r["diff"] == 0 and r["ci95"] == [0, 0] and r["pairs"] == 80, r
    assert r["base"] == r["value"], r
assert [s["label"] for s in j["sets"]] == ["bonus_racko=true"] * 2
PY
# CSV: one row per figure per set, the differences on set 2's rows.
head -1 "$tmp/self.csv" | grep -qx 'set,label,figure,value,ci_lo,ci_hi,diff,diff_ci_lo,diff_ci_hi,pairs,games,partial' ||
    fail "CSV header: $(head -1 "$tmp/self.csv")"
grep -q '^2,"bonus_racko=true",length.actions,[0-9.]*,[0-9.]*,[0-9.]*,0,0,0,80,80,0$' "$tmp/self.csv" ||
    fail "CSV: no zero difference for length.actions: $(cat "$tmp/self.csv")"
grep -q '^1,"bonus_racko=true",seat0.win_rate,' "$tmp/self.csv" || fail "CSV: no set 1 seat row"
# ... and the distributions the report draws, a row per value: the counts of
# game lengths add up to the games finished; every row has the 12 columns.
total=$(awk -F, '$1 == 1 && $3 ~ /^dist\.actions\./ { n += $4 } END { print n }' "$tmp/self.csv")
[ "$total" = 80 ] || fail "CSV: dist.actions counts add up to $total, not 80"
grep -q '^2,"bonus_racko=true",dist.bot1.score.[0-9]*,[0-9]*,' "$tmp/self.csv" || fail "CSV: no score distribution"
[ "$(awk -F, '{ print NF }' "$tmp/self.csv" | sort -u)" = 12 ] || fail "CSV: rows of other widths"

# Common random numbers: each set's figures are those of a plain sim with
# the same options and seed, line for line.
run "$CARDHALL" sim racko players=2 --games 60 --seed 7 --compare 'target_score=200' 'target_score=300'
[ "$RC" = 0 ] || fail "compare exit $RC: $ERR"
cmp=$OUT
for k in 1 2; do
    ts=$((100 + 100 * k))
    run "$CARDHALL" sim racko players=2 target_score=$ts --games 60 --seed 7
    one=$(tail -n +3 <<<"$OUT")
    got=$(sed -n "/^== set $k: /,/^\(== set\|\$\)/p" <<<"$cmp" | sed '1d;/^== set/d;/^$/d')
    [ "$one" = "$got" ] || fail "set $k differs from the plain run: $(diff <(echo "$one") <(echo "$got"))"
done
# A shorter target shortens the game: a difference whose interval leaves out 0.
has "$cmp" "set 2 (target_score=300) - set 1 (target_score=200)"
grep -E '^  actions per game .*[+][0-9.]+ +\[[+][0-9.]+, [+][0-9.]+\] +60 \*$' <<<"$cmp" >/dev/null ||
    fail "target 300 vs 200: actions not longer with an interval above 0: $cmp"

# Sweep over a list and over a range: every value is a set, and appears.
run "$CARDHALL" sim ragamaru --games 40 --seed 2 --sweep players=2..4 --json "$tmp/sw.json"
[ "$RC" = 0 ] || fail "sweep exit $RC: $ERR"
has "$OUT" "3 option sets on the same 40 games"
for n in 2 3 4; do has "$OUT" "== set $((n - 1)): players=$n"; done
has "$OUT" "set 3 (players=4) - set 1 (players=2)"
grep -qE "^  seat 3 +40 " <<<"$OUT" || fail "no seat 3 in the 4-player set"
python3 - "$tmp/sw.json" <<'PY' || fail "sweep JSON"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["sweep"] == {"key": "players", "values": ["2", "3", "4"]}, j["sweep"]
assert [s["players"] for s in j["sets"]] == [2, 3, 4]
assert [len(s["seats"]) for s in j["sets"]] == [2, 3, 4]
# Seats pair only where both sets have them: seats 0 and 1.
seats = [r["figure"] for r in j["differences"][1]["rows"] if r["figure"].startswith("seat")]
assert seats == ["seat0.win_rate", "seat1.win_rate"], seats
PY
run "$CARDHALL" sim racko --games 20 --seed 2 --sweep tie_rule=shared,play_on
[ "$RC" = 0 ] || fail "list sweep exit $RC: $ERR"
has "$OUT" "== set 1: tie_rule=shared"
has "$OUT" "== set 2: tie_rule=play_on"

# Usage errors change nothing and name the problem.
run "$CARDHALL" sim racko --games 5 --compare 'players=2'
[ "$RC" = 2 ] || fail "one compare set: exit $RC"
has "$ERR" "--compare needs at least 2 option sets"
run "$CARDHALL" sim racko --games 5 --compare 'players=2' 'nonsense'
[ "$RC" = 2 ] || fail "compare word without =: exit $RC"
has "$ERR" "'nonsense' is not key=value"
run "$CARDHALL" sim racko --games 5 --compare 'players=2' 'players=9'
[ "$RC" = 2 ] || fail "compare bad value: exit $RC"
has "$ERR" "players"
run "$CARDHALL" sim racko --games 5 --sweep nokey=1,2
[ "$RC" = 2 ] || fail "sweep unknown key: exit $RC"
has "$ERR" "no option 'nokey'"
run "$CARDHALL" sim racko --games 5 --sweep players=4..2
[ "$RC" = 2 ] || fail "sweep empty range: exit $RC"
run "$CARDHALL" sim racko --games 5 --sweep players=1..40
[ "$RC" = 2 ] || fail "sweep too many: exit $RC"
run "$CARDHALL" sim racko --games 5 --sweep players=2 
[ "$RC" = 2 ] || fail "sweep one value: exit $RC"
has "$ERR" "fewer than 2 values"
run "$CARDHALL" sim racko --games 5 --sweep players=2,3 --compare 'a=1' 'b=2'
[ "$RC" = 2 ] || fail "sweep and compare: exit $RC"
run "$CARDHALL" sim racko --games 5 --seed 1 --csv /nonexistent/dir/x.csv
[ "$RC" = 1 ] || fail "--csv to a missing directory: exit $RC"
[ -z "$OUT" ] || fail "--csv to a missing directory played games first"

# No progress line when stderr is not a terminal; one on a terminal (script
# gives the program a pseudo-terminal), with games/s and the time left.
run "$CARDHALL" sim racko --games 800 --seed 1 --bots heuristic
grep -q 'games/s' <<<"$ERR" && fail "a progress line on a stderr that is no terminal: $ERR"
if command -v script >/dev/null; then
    script -qec "$CARDHALL sim racko --games 3000 --seed 1 --bots heuristic --threads 1 >/dev/null" \
        /dev/null >"$tmp/tty" </dev/null || true
    grep -qE '[0-9]+/3000 games +[0-9]+ games/s +ETA [0-9]+:[0-9]{2}:[0-9]{2}' "$tmp/tty" ||
        fail "no progress line on a terminal: $(tr '\r' '\n' <"$tmp/tty" | head -5)"
fi

# Ctrl-C: the figures so far, marked partial, exit 130; they are exactly
# those of a run of that many games (the games played are a prefix).
set -m
"$CARDHALL" sim racko --games 100000000 --seed 4 --threads 2 --json "$tmp/p.json" \
    >"$tmp/p.out" 2>"$tmp/p.err" &
pid=$!
set +m
sleep 1
kill -INT "$pid"
set +e
wait "$pid"
RC=$?
set -e
[ "$RC" = 130 ] || fail "interrupted sim: exit $RC: $(cat "$tmp/p.err")"
n=$(sed -n 's/^PARTIAL: interrupted after \([0-9]*\) of 100000000 games.*/\1/p' "$tmp/p.out")
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "no PARTIAL line: $(head -5 "$tmp/p.out")"
grep -q '"partial": true' "$tmp/p.json" || fail "JSON not marked partial"
grep -q "\"games\": $n," "$tmp/p.json" || fail "JSON games is not $n"
run "$CARDHALL" sim racko --games "$n" --seed 4
[ "$(tail -n +4 "$tmp/p.out")" = "$(tail -n +3 <<<"$OUT")" ] ||
    fail "partial figures differ from a run of $n games: $(diff <(tail -n +4 "$tmp/p.out") <(tail -n +3 <<<"$OUT"))"
echo ok
