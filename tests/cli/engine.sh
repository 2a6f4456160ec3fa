#!/usr/bin/env bash
# cardhall engine: a good session, every kind of error (each answered, the
# process serving on), a whole game by bots, and replay of its record.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# line N of the replies must contain each following string
reply() {
    local n=$1 line
    shift
    line=$(sed -n "${n}p" "$tmp/out")
    for want in "$@"; do
        grep -qF -- "$want" <<<"$line" || fail "reply $n: expected '$want' in: ${line:0:2000}"
    done
}

cat >"$tmp/in" <<'REQ'
{"cmd":"legal","id":1}
this is not json
[1,2]
{"id":"x"}
{"cmd":"fly"}
{"cmd":"new","game":"chess"}
{"cmd":"new"}
{"cmd":"new","game":"racko","options":{"players":9}}
{"cmd":"new","game":"racko","options":["colour=red"]}
{"cmd":"new","game":"racko","options":{"players":3},"seed":7,"id":"s"}
{"cmd":"legal"}
{"cmd":"act"}
{"cmd":"act","action":"swap 99"}
{"cmd":"act","action":"draw"}
{"cmd":"view"}
{"cmd":"view","player":7}
{"cmd":"view","player":1}
{"cmd":"state"}
{"cmd":"undo"}
{"cmd":"bot","name":"heuristic","seed":1}
{"cmd":"bot","name":"heuristic","seed":1,"apply":true}
{"cmd":"bot","name":"genius"}
{"cmd":"render","player":0,"lang":"ja"}
{"cmd":"render","lang":"xx"}
{"cmd":"result"}
{"cmd":"record"}
{"cmd":"list"}

{"cmd":"replay","record":{"game":"racko","actions":["swap 99"]}}
{"cmd":"replay"}
{"cmd":"undo"}
{"cmd":"undo"}
{"cmd":"quit"}
{"cmd":"list"}
REQ
"$CARDHALL" engine <"$tmp/in" >"$tmp/out" || fail "engine exit $?"
[ "$(wc -l <"$tmp/out")" = 32 ] || fail "expected 32 replies (one per request, none after quit)"
reply 1 '{"id":1,"ok":false' 'no game'
reply 2 '"ok":false' 'malformed JSON'
reply 3 '"ok":false' 'JSON object'
reply 4 '"id":"x"' 'missing field: cmd'
reply 5 "unknown cmd 'fly'"
reply 6 "unknown game 'chess'"
reply 7 'missing field: game'
reply 8 '"ok":false' 'option players'
reply 9 '"ok":false' "unknown option 'colour'"
reply 10 '{"id":"s","ok":true' '"players":3' '"seed":7' '"phase":'
reply 11 '"ok":true' '"actions":[{"action":"draw","name":"draws a card from the deck"}' '"to_move":'
reply 12 'missing field: action'
reply 13 '"ok":false' "'swap 99' is not a legal move"
reply 14 '"ok":true' '"moves":1'
reply 15 'missing field: player'
reply 16 '"ok":false' 'player'
reply 17 '"ok":true' '"player":1' '"view":{'
reply 18 '"ok":true' '"state":{' '"result":{'
reply 19 '"ok":true' '"moves":0'
reply 20 '"ok":true' '"action":"' '"player":'
reply 21 '"ok":true' '"moves":1'
reply 22 '"ok":false' "no bot 'genius'"
reply 23 '"ok":true' '"text":"ラックオー'
reply 24 '"ok":false' 'lang'
reply 25 '"ok":true' '"result":{"terminal":false'
reply 26 '"ok":true' '"record":{"format":"cardhall-record/1"' '"actions":["'
reply 27 '"ok":true' '"games":[{"name":"racko"'
reply 28 '"ok":false' "move 1 'swap 99' does not replay"
reply 29 '"ok":false' 'missing field: record'
# The failed replays left the game as it was: one move to undo, then none.
reply 30 '"ok":true' '"moves":0'
reply 31 '"ok":false' 'nothing to undo'
reply 32 '{"ok":true}'

# The two bot requests with the same seed chose the same move.
a=$(sed -n 20p "$tmp/out" | grep -o '"action":"[^"]*"')
b=$(sed -n 21p "$tmp/out" | grep -o '"action":"[^"]*"')
[ "$a" = "$b" ] || fail "same bot seed, different moves: $a vs $b"

# history: each seat sees its own draw, not the others'.
printf '%s\n' '{"cmd":"new","game":"racko","seed":1}' '{"cmd":"act","action":"draw"}' \
    '{"cmd":"history","player":0}' '{"cmd":"history","player":1}' '{"cmd":"history"}' >"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 3 '"ok":true' '"moves":[{"seat":1,"name":"draws a card from the deck","events":[{'
reply 4 '"ok":true' '"moves":[{"seat":1,"name":"draws ' '"action":"draw"'
grep -q '"action":' <(sed -n 3p "$tmp/out") && fail "history shows seat 1's move text to seat 0"
reply 5 '"ok":false' 'missing field: player'
grep -q 'draws a card' <(sed -n 4p "$tmp/out") && fail "the drawer does not see its own card"

# Issue 16 leak (1): Draft Babasuki's face-down draft choice is not in another
# seat's history (nor its record); the mover and "all" still read it.
printf '%s\n' '{"cmd":"new","game":"babasuki","seed":1}' '{"cmd":"act","action":"keep V4"}' \
    '{"cmd":"history","player":0}' '{"cmd":"history","player":3}' '{"cmd":"history","player":"all"}' \
    '{"cmd":"record","player":0}' '{"cmd":"record"}' '{"cmd":"legal","player":1}' >"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 2 '"ok":true' '"events":[{'
reply 4 '"ok":true' '"action":"keep V4"'
reply 5 '"ok":true' '"action":"keep V4"'
reply 6 '"ok":true' '"format":"cardhall-seat-record/1"' '"viewer":0' '"moves":[{"seat":3'
reply 7 '"ok":true' '"format":"cardhall-record/1"' '"actions":["keep V4"]'
for n in 3 6; do
    grep -q 'V4' <(sed -n ${n}p "$tmp/out") && fail "reply $n shows seat 3's face-down pick to seat 0"
done
# Issue 16 leak (2): legal for a seat that is not moving lists none of the mover's choices.
reply 8 '"ok":true' '"to_move":0' '"actions":[]'

# An error message cut inside a UTF-8 character is still an error reply.
long=$(printf 'あ%.0s' $(seq 120))
printf '{"cmd":"new","game":"racko","seed":1}\n{"cmd":"act","action":"%s"}\n' "$long" >"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 2 '{"ok":false,"error":"'"'"'???'

# A whole game played by bots through the engine, then replayed from its record.
{
    echo '{"cmd":"new","game":"racko","options":{"players":2,"target_score":60},"seed":5}'
    for _ in $(seq 3000); do echo '{"cmd":"bot","name":"heuristic","apply":true}'; done
    echo '{"cmd":"record"}'
} >"$tmp/game"
"$CARDHALL" engine <"$tmp/game" >"$tmp/out"
grep -q '"terminal":true' "$tmp/out" || fail "the bots did not finish the game"
grep -q '"error":"the game is over"' "$tmp/out" || fail "no error for a bot after the end"
rec=$(tail -1 "$tmp/out" | sed 's/^{"ok":true,"record"://; s/}$//')
grep -qF '"terminal":true' <<<"$rec" || fail "record is not of the finished game"
printf '{"cmd":"replay","record":%s}\n{"cmd":"result"}\n{"cmd":"legal"}\n' "$rec" >"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 1 '"ok":true' '"terminal":true' '"seed":5'
reply 2 '"ok":true' '"terminal":true'
reply 3 '"ok":true' '"actions":[]'
echo ok
