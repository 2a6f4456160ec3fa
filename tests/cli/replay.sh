#!/usr/bin/env bash
# cardhall replay: a good record (en, ja) and every kind of bad one.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }

for _ in $(seq 4000); do echo 1; done >"$tmp/ones"
"$CARDHALL" play racko players=3 target_score=60 --seed 21 --record "$tmp/r.json" <"$tmp/ones" >/dev/null
[ -s "$tmp/r.json" ] || fail "no record to replay"

run "$CARDHALL" replay "$tmp/r.json"
[ "$RC" = 0 ] || fail "replay exit $RC: $ERR"
has "$OUT" "Rack-O (racko), 3 players, seed 21"
grep -Eq '^ +1  Seat [1-3] ' <<<"$OUT" || fail "no numbered first move"
has "$OUT" "Round 1 over: Seat 3 declared Rack-O"
has "$OUT" "Final result"
has "$OUT" "Seat 1 (human)"

run "$CARDHALL" replay "$tmp/r.json" --lang ja
[ "$RC" = 0 ] || fail "replay --lang ja exit $RC"
has "$OUT" "ラックオー"

run "$CARDHALL" replay "$tmp/missing.json"
[ "$RC" = 1 ] || fail "missing file: exit $RC, expected 1"
has "$ERR" "cardhall: $tmp/missing.json"

echo '{"game": "racko", "actions": [' >"$tmp/bad.json"
run "$CARDHALL" replay "$tmp/bad.json"
[ "$RC" = 1 ] || fail "malformed file: exit $RC, expected 1"
has "$ERR" "cardhall: $tmp/bad.json:"

sed 's/"game": "racko"/"game": "chess"/' "$tmp/r.json" >"$tmp/chess.json"
run "$CARDHALL" replay "$tmp/chess.json"
[ "$RC" = 1 ] || fail "unknown game: exit $RC, expected 1"
has "$ERR" "unknown game 'chess'"

# Tamper with the first swap: the error names the move's number and text.
sed '0,/"swap [0-9]*"/s//"swap 55"/' "$tmp/r.json" >"$tmp/t.json"
n=$(sed -n '/"actions": \[/,/\]/p' "$tmp/t.json" | grep -n '"swap 55"' | head -1 | cut -d: -f1)
n=$((n - 1)) # the block's first line is '"actions": ['
[ "$n" -gt 0 ] || fail "could not tamper with the record"
run "$CARDHALL" replay "$tmp/t.json"
[ "$RC" = 1 ] || fail "tampered move: exit $RC, expected 1"
has "$ERR" "move $n 'swap 55' does not replay"

run "$CARDHALL" replay
[ "$RC" = 2 ] || fail "no file: exit $RC, expected 2"

# Issue 23: records written by old binaries (tests/data/records/README.md)
# replay through cardhall replay and through the engine's replay, which read
# them the same way: RAGAMARU's one-move Reserve in today's three steps,
# Babasuki's card file named by path read by this local reader.
for f in tests/data/records/*.json; do
    run "$CARDHALL" replay "$f"
    [ "$RC" = 0 ] || fail "$f does not replay: $ERR"
    has "$OUT" "Final result"
    printf '{"cmd":"replay","file":"%s"}\n' "$f" | "$CARDHALL" engine >"$tmp/e.json"
    grep -q '"ok":true.*"terminal":true' "$tmp/e.json" || fail "engine replay of $f: $(cat "$tmp/e.json")"
done
run "$CARDHALL" replay tests/data/records/ragamaru-0667d37.json
has "$OUT" "RES RES"
has "$OUT" "declare K2"
# Under --untrusted a record naming a file is refused with a clear error.
printf '{"cmd":"replay","record_text":%s}\n' "$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' tests/data/records/babasuki-cards-0667d37.json)" |
    "$CARDHALL" engine --untrusted >"$tmp/u.json"
grep -q '"ok":false.*reads no files' "$tmp/u.json" || fail "untrusted replay of a named card file: $(cat "$tmp/u.json")"
# Issue 24: --step shows one move and the board after it per Enter; q stops
# without showing the end; at the end of input the rest plays through.
printf '\n\nq\n' >"$tmp/step"
run "$CARDHALL" replay "$tmp/r.json" --step <"$tmp/step"
[ "$RC" = 0 ] || fail "replay --step exit $RC: $ERR"
[ "$(grep -c '^\[Enter: next move, q: quit\]' <<<"$OUT")" = 3 ] || fail "--step: not three prompts: $OUT"
grep -Eq '^ +2  Seat [1-3] ' <<<"$OUT" || fail "--step: no second move"
! grep -Eq '^ +3  Seat [1-3] ' <<<"$OUT" || fail "--step: a third move after q"
has "$OUT" "Discard pile"
! grep -qF "Final result" <<<"$OUT" || fail "--step: q showed the end"
run "$CARDHALL" replay "$tmp/r.json" --step </dev/null
[ "$RC" = 0 ] || fail "replay --step at end of input: exit $RC"
has "$OUT" "Final result"
run "$CARDHALL" replay "$tmp/r.json" --step --lang ja <"$tmp/step"
has "$OUT" "[Enter: 次の手、q: 終了]"
echo ok
