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
reply 11 '"ok":true' '"actions":[{"action":"draw","name":"Draw a card from the deck"}' '"to_move":'
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
reply 26 '"ok":true' '"record":{"format":"cardhall-record/2"' '"actions":["'
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
reply 3 '"ok":true' '"moves":[{"seat":1,"name":"Draw a card from the deck","events":[{'
reply 4 '"ok":true' '"moves":[{"seat":1,"name":"Draw ' '"action":"draw"'
grep -q '"action":' <(sed -n 3p "$tmp/out") && fail "history shows seat 1's move text to seat 0"
reply 5 '"ok":false' 'missing field: player'
grep -q 'Draw a card' <(sed -n 4p "$tmp/out") && fail "the drawer does not see its own card"

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
reply 7 '"ok":true' '"format":"cardhall-record/2"' '"actions":["keep V4"]'
for n in 3 6; do
    grep -q 'V4' <(sed -n ${n}p "$tmp/out") && fail "reply $n shows seat 3's face-down pick to seat 0"
done
# Issue 16 leak (2): legal for a seat that is not moving lists none of the mover's choices.
reply 8 '"ok":true' '"to_move":0' '"actions":[]'

# Issue 11: a move typed in Japanese comes back whole in the error (it was
# "?????", cut at 256 bytes); a very long one is cut between characters.
long=$(printf 'あ%.0s' $(seq 120))
printf '{"cmd":"new","game":"racko","seed":1}\n{"cmd":"act","action":"山札から引く"}\n' >"$tmp/in"
printf '{"cmd":"act","action":"%s"}\n' "$long" >>"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 2 '{"ok":false,"error":"'"'"'山札から引く'"'"' is not a legal move now"}'
reply 3 '{"ok":false,"error":"'"'"'ああああ' "...' is not a legal move now\"}"

# Issue 11: exactly one reply for every line that is not blank. A line of
# NUL bytes was taken for blank and left the client waiting forever.
printf '\0\0\0\n \t \r\n\n{"cmd":"list","id":2}\n' >"$tmp/in"
timeout 10 "$CARDHALL" engine <"$tmp/in" >"$tmp/out" || fail "engine exit $?"
[ "$(wc -l <"$tmp/out")" = 2 ] || fail "NUL line: expected 2 replies, got $(wc -l <"$tmp/out")"
reply 1 '"ok":false' 'NUL'
reply 2 '"id":2,"ok":true'

# Issue 11: strict seeds, as on the command line; integral option numbers.
for seed in '"-1"' '"99999999999999999999"' '" +7"' '"+7"' '"7 "' '""' '-1' '1.5'; do
    printf '{"cmd":"new","game":"racko","seed":%s}\n{"cmd":"new","game":"racko"}\n' "$seed"
    printf '{"cmd":"bot","name":"random","seed":%s}\n' "$seed"
done >"$tmp/in"
printf '{"cmd":"new","game":"racko","seed":"18446744073709551615"}\n' >>"$tmp/in"
printf '{"cmd":"bot","name":"random","seed":"18446744073709551615"}\n' >>"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
for n in $(seq 1 3 24); do
    reply "$n" '"ok":false' 'seed: expected an integer'
    reply $((n + 2)) '"ok":false' 'seed: expected an integer'
done
reply 25 '"ok":true' '"seed":"18446744073709551615"'
reply 26 '"ok":true' '"action":'
printf '%s\n' '{"cmd":"new","game":"racko","options":{"players":3.0}}' \
    '{"cmd":"new","game":"racko","options":{"players":3.5}}' \
    '{"cmd":"new","game":"racko","order":[]}' '{"cmd":"new","game":"racko","order":" , "}' \
    '{"cmd":"new","game":"racko","order":""}' >"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 1 '"ok":true' '"players":3'
reply 2 '"ok":false' 'option players: expected an integer, got 3.5'
reply 3 '"ok":false' 'order: no cards given'
reply 4 '"ok":false' 'no cards given'
reply 5 '"ok":false' 'no cards given'

# Issue 11: a request line over the limit gets one error, is dropped without
# being held whole, and the engine serves on. A 50 MB line took 852 MB.
{
    printf '{"cmd":"list","x":"'
    head -c 3000 /dev/zero | tr '\0' a
    printf '"}\n{"cmd":"list","id":1}\n'
} >"$tmp/in"
"$CARDHALL" engine --max-request 2000 <"$tmp/in" >"$tmp/out"
[ "$(wc -l <"$tmp/out")" = 2 ] || fail "long line: expected 2 replies"
reply 1 '{"ok":false,"error":"request too long: more than 2000 bytes'
reply 2 '"id":1,"ok":true'
"$CARDHALL" engine --max-request 5000 <"$tmp/in" >"$tmp/out"
reply 1 '"ok":true' '"games":'
{
    printf '{"cmd":"list","x":"'
    head -c 50000000 /dev/zero | tr '\0' a
    printf '"}\n{"cmd":"list","id":1}\n'
} >"$tmp/big"
if [ -x /usr/bin/time ]; then
    # Peak memory against the same engine's for a tiny input (a sanitizer
    # build starts bigger): the 50 MB line may add at most 20 MB.
    /usr/bin/time -f '%M' -o "$tmp/rss0" "$CARDHALL" engine <<<'{"cmd":"list"}' >/dev/null
    /usr/bin/time -f '%M' -o "$tmp/rss" "$CARDHALL" engine <"$tmp/big" >"$tmp/out"
    [ "$(cat "$tmp/rss")" -lt $(($(cat "$tmp/rss0") + 20000)) ] ||
        fail "a 50 MB request took $(cat "$tmp/rss") KB (a tiny one $(cat "$tmp/rss0") KB)"
else
    "$CARDHALL" engine <"$tmp/big" >"$tmp/out"
fi
reply 1 '"ok":false' 'request too long: more than 1048576 bytes'
reply 2 '"id":1,"ok":true'
rm -f "$tmp/big"
for bad in 0 -5 x 99999999999; do
    "$CARDHALL" engine --max-request "$bad" </dev/null 2>"$tmp/err" && fail "--max-request $bad accepted"
    grep -q -- '--max-request' "$tmp/err" || fail "no message for --max-request $bad"
done

# Issue 11: replay "file" opens only regular files, with a clear error and no
# hang: not its own input (/dev/stdin would swallow the next request), not a
# FIFO (blocks forever), not a directory.
mkfifo "$tmp/fifo"
printf '%s\n' '{"cmd":"replay","file":"/dev/stdin"}' '{"cmd":"list","id":1}' \
    "{\"cmd\":\"replay\",\"file\":\"$tmp/fifo\"}" "{\"cmd\":\"replay\",\"file\":\"$tmp\"}" \
    "{\"cmd\":\"replay\",\"file\":\"$tmp/none.json\"}" >"$tmp/in"
# Through a pipe, as a client talks to it: /dev/stdin is then no file.
cat "$tmp/in" | timeout 10 "$CARDHALL" engine >"$tmp/out" || fail "replay of a special file: exit $? (hang?)"
reply 1 '"ok":false' '/dev/stdin: not a regular file'
reply 2 '"id":1,"ok":true'
reply 3 '"ok":false' "$tmp/fifo: not a regular file"
reply 4 '"ok":false' "$tmp: is a directory"
reply 5 '"ok":false' "$tmp/none.json: No such file"

# Issue 11: --untrusted reads no file at all; records come as content. Errors
# about a file never quote its bytes (it answered "near 'root'").
printf 'secret-first-line\n' >"$tmp/secret"
printf '\xEF\xBB\xBF{"game":"racko","seed":3,"actions":["draw"]}' >"$tmp/bom.json"
printf '%s\n' "{\"cmd\":\"replay\",\"file\":\"$tmp/secret\"}" \
    "{\"cmd\":\"replay\",\"file\":\"$tmp/bom.json\"}" >"$tmp/in"
"$CARDHALL" engine <"$tmp/in" >"$tmp/out"
reply 1 '"ok":false' "$tmp/secret: not a JSON record"
reply 2 '"ok":true' '"moves":1' '"seed":3'
grep -q secret-first "$tmp/out" && fail "an error quoted the file's content"
printf '%s\n' "{\"cmd\":\"replay\",\"file\":\"$tmp/secret\"}" \
    "{\"cmd\":\"replay\",\"file\":\"$tmp/bom.json\"}" \
    "{\"cmd\":\"new\",\"game\":\"babasuki\",\"options\":{\"cards\":\"$tmp/secret\"}}" \
    "{\"cmd\":\"replay\",\"record\":{\"game\":\"babasuki\",\"options\":{\"cards\":\"/dev/stdin\"}}}" \
    '{"cmd":"replay","record_text":"{\"game\":\"racko\",\"seed\":3,\"actions\":[\"draw\"]}"}' \
    '{"cmd":"replay","record":{"game":"racko","seed":3,"actions":["draw","discard"]}}' \
    '{"cmd":"replay","record_text":"\ufeff{\"game\":\"racko\",\"seed\":3}"}' \
    '{"cmd":"replay","record_text":"nope"}' \
    '{"cmd":"replay","record":{"game":"racko"},"record_text":"{}"}' \
    '{"cmd":"replay"}' '{"cmd":"new","game":"babasuki","seed":1}' >"$tmp/in"
timeout 10 "$CARDHALL" engine --untrusted <"$tmp/in" >"$tmp/out" || fail "untrusted exit $?"
reply 1 '"ok":false' 'file: this engine reads no files'
reply 2 '"ok":false' 'file: this engine reads no files'
reply 3 '"ok":false' 'option cards: this engine reads no files'
reply 4 '"ok":false' 'option cards: this engine reads no files'
reply 5 '"ok":true' '"moves":1' '"seed":3'
reply 6 '"ok":true' '"moves":2'
reply 7 '"ok":true' '"moves":0'
reply 8 '"ok":false' 'record_text: malformed JSON'
reply 9 '"ok":false' 'give one of record, record_text or file'
reply 10 '"ok":false' 'missing field: record (an object) or record_text'
reply 11 '"ok":true' '"game":"babasuki"'
grep -q secret-first "$tmp/out" && fail "an untrusted error quoted a file"
# Card data as content: an untrusted engine plays Babasuki with the client's
# own card file sent under "data", and a record carrying it replays there.
cards_json=$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' \
    tests/data/babasuki/spaces_and_blank_lines.csv)
printf '%s\n' \
    "{\"cmd\":\"new\",\"game\":\"babasuki\",\"seed\":5,\"options\":{\"cards\":\"mine.csv\"},\"data\":{\"cards\":$cards_json}}" \
    '{"cmd":"record"}' \
    '{"cmd":"new","game":"babasuki","options":{"cards":"x.csv"},"data":{"cards":"No,Name\n"}}' \
    '{"cmd":"new","game":"racko","data":{"players":"3"}}' >"$tmp/in"
timeout 10 "$CARDHALL" engine --untrusted <"$tmp/in" >"$tmp/out" || fail "untrusted data exit $?"
reply 1 '"ok":true' '"game":"babasuki"'
reply 2 '"ok":true' '"data"'
reply 3 '"ok":false'
reply 4 '"ok":false' 'data: players takes no data'
rec=$(sed -n 2p "$tmp/out" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["record"]))')
printf '%s\n' "{\"cmd\":\"replay\",\"record\":$rec}" >"$tmp/in"
timeout 10 "$CARDHALL" engine --untrusted <"$tmp/in" >"$tmp/out" || fail "untrusted replay exit $?"
reply 1 '"ok":true' '"game":"babasuki"'
"$CARDHALL" engine --untrusted extra </dev/null 2>/dev/null && fail "engine accepted a stray argument"

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
