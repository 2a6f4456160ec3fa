#!/usr/bin/env bash
# cardhall play driven through a pipe: a whole game, the default record path,
# help, invalid input, undo (allowed and refused), quit and end of input.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" <<<"$1" || fail "expected '$2' in output: ${1:0:3000}"; }
lacks() { ! grep -qF -- "$2" <<<"$1" || fail "did not expect '$2' in output"; }
CARDHALL=$(cd "$(dirname "$CARDHALL")" && pwd)/$(basename "$CARDHALL") # absolute: we cd below
run() { set +e; OUT=$("$@" 2>"$tmp/err"); RC=$?; set -e; ERR=$(cat "$tmp/err"); }

# A whole game: always the first move (draw, then swap into the first slot).
for _ in $(seq 4000); do echo 1; done >"$tmp/ones"
run "$CARDHALL" play racko players=2 target_score=50 --seed 3 --record "$tmp/r.json" <"$tmp/ones"
[ "$RC" = 0 ] || fail "play exit $RC: $ERR"
has "$OUT" "seed 3"
has "$OUT" "Your moves"
has "$OUT" "Final result"
has "$OUT" "winner"
has "$OUT" "Record written to $tmp/r.json"
lacks "$OUT" "You quit"
lacks "$OUT" $'\033'
[ -s "$tmp/r.json" ] || fail "no record"
has "$(cat "$tmp/r.json")" '"players": ['
has "$(cat "$tmp/r.json")" '"human"'
has "$(cat "$tmp/r.json")" '"terminal": true'
run "$CARDHALL" replay "$tmp/r.json"
[ "$RC" = 0 ] || fail "the play record does not replay: $ERR"
has "$OUT" "Final result"

# The same seed and input play the same game.
run "$CARDHALL" play racko players=2 target_score=50 --seed 3 --record "$tmp/r2.json" <"$tmp/ones"
cmp -s "$tmp/r.json" "$tmp/r2.json" || fail "same seed and input gave a different record"

# Default record path, and quit.
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && echo quit | "$CARDHALL" play racko --seed 11 >"$tmp/out" 2>&1) || fail "quit exit"
has "$(cat "$tmp/out")" "You quit"
has "$(cat "$tmp/out")" "Record written to records/racko-11.json"
[ -s "$tmp/cwd/records/racko-11.json" ] || fail "no default record"

# The list of choices never shows the card a draw would give.
grep -Eq '^ +1  draw +draws a card from the deck$' "$tmp/out" || fail "the draw choice shows a hidden card"

# End of input quits too.
run "$CARDHALL" play racko --seed 11 --record "$tmp/eof.json" </dev/null
[ "$RC" = 0 ] || fail "EOF exit $RC"
has "$OUT" "You quit"

# help, invalid input (nothing changes), undo with nothing to undo.
printf 'help\nfoo\n99\n\nundo\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 11 --record "$tmp/x.json" <"$tmp/in"
[ "$RC" = 0 ] || fail "help/invalid exit $RC"
has "$OUT" "Other commands"
has "$OUT" "Not a legal move: 'foo'"
has "$OUT" "Not a legal move: '99'"
has "$OUT" "Type a move number"
has "$OUT" "Nothing to undo"
cmp -s "$tmp/x.json" "$tmp/eof.json" || fail "invalid input changed the game"

run "$CARDHALL" play racko --seed 11 --bots random --record "$tmp/base.json" </dev/null

# Undo after taking the face-up discard (nothing new seen) is allowed: the
# record ends with the take undone. Moves typed as text work as well.
printf 'take\nundo\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 11 --bots random --record "$tmp/u.json" <"$tmp/in"
has "$OUT" "Undone"
cmp -s "$tmp/u.json" "$tmp/base.json" || fail "undo did not restore the game"

# Undo after drawing from the deck (a card now seen) is refused.
printf 'draw\nundo\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 11 --bots random --record "$tmp/d.json" <"$tmp/in"
has "$OUT" "Undo refused"
has "$(cat "$tmp/d.json")" '"draw"'

# An explicit card order for the first deal is used and recorded.
run "$CARDHALL" play racko --order "$(seq -s ' ' 40 -1 1)" --record "$tmp/o.json" </dev/null
[ "$RC" = 0 ] || fail "--order exit $RC: $ERR"
has "$(cat "$tmp/o.json")" '"order": ['
run "$CARDHALL" replay "$tmp/o.json"
[ "$RC" = 0 ] || fail "a record with an order does not replay: $ERR"

# Bots only: every move is shown and the game ends by itself.
run "$CARDHALL" play racko target_score=50 --seed 4 --bots heuristic,random --record "$tmp/b.json" </dev/null
[ "$RC" = 0 ] || fail "bots-only exit $RC"
has "$OUT" "seat 0 (heuristic):"
has "$OUT" "Final result"

# A search player with settings: the comma inside its settings does not
# split it into two bots (ch_bot_split), and its label shows them whole.
run "$CARDHALL" play racko target_score=50 --seed 4 --bots "heuristic,ismcts:iters=20,depth=10" --record "$tmp/s.json" </dev/null
[ "$RC" = 0 ] || fail "search bot exit $RC: $ERR"
has "$OUT" "seat 1 (ismcts:iters=20,depth=10):"
has "$OUT" "Final result"
run "$CARDHALL" play racko --bots "random,ms=5" </dev/null
[ "$RC" = 2 ] || fail "stray setting: exit $RC"
has "$ERR" "follows no search player"
run "$CARDHALL" play racko --bots "human,ismcts:iters=abc" </dev/null
[ "$RC" = 2 ] || fail "bad setting: exit $RC"
has "$ERR" "'abc' is not an integer"

# Japanese, hot seat, and usage errors.
run "$CARDHALL" play racko --seed 2 --lang ja --bots human,human --record "$tmp/j.json" </dev/null
[ "$RC" = 0 ] || fail "ja exit $RC: $ERR"
has "$OUT" "ラックオー"
has "$OUT" " (人間)> "
has "$OUT" "選べる手"
has "$(cat "$tmp/j.json")" '"human",'
run "$CARDHALL" play racko --bots nobody </dev/null
[ "$RC" = 2 ] || fail "bad bot: exit $RC"
has "$ERR" "cardhall: --bots"
run "$CARDHALL" play nogame </dev/null
[ "$RC" = 2 ] || fail "bad game: exit $RC"
run "$CARDHALL" play racko players=9 </dev/null
[ "$RC" = 2 ] || fail "bad option: exit $RC"
has "$ERR" "option players"
run "$CARDHALL" play racko --seat 5 </dev/null
[ "$RC" = 2 ] || fail "bad seat: exit $RC"
run "$CARDHALL" play racko --order "1 2 3" </dev/null
[ "$RC" = 2 ] || fail "bad order: exit $RC"
run "$CARDHALL" play racko --lang fr </dev/null
[ "$RC" = 2 ] || fail "bad lang: exit $RC"
echo ok
