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

# Default record path, and quit. Issue 16: records go to the user's data
# directory ($XDG_DATA_HOME, else ~/.local/share), made if missing, never
# into the current directory unasked.
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && echo quit | XDG_DATA_HOME="$tmp/xdg" "$CARDHALL" play racko --seed 11 >"$tmp/out" 2>&1) ||
    fail "quit exit"
has "$(cat "$tmp/out")" "You quit"
has "$(cat "$tmp/out")" "Record written to $tmp/xdg/cardhall/records/racko-11.json"
[ -s "$tmp/xdg/cardhall/records/racko-11.json" ] || fail "no default record"
[ -z "$(ls -A "$tmp/cwd")" ] || fail "play wrote into the current directory"
(cd "$tmp/cwd" && echo quit | env -u XDG_DATA_HOME HOME="$tmp/home" "$CARDHALL" play racko --seed 12 >"$tmp/out2" 2>&1) ||
    fail "quit exit (HOME)"
has "$(cat "$tmp/out2")" "Record written to $tmp/home/.local/share/cardhall/records/racko-12.json"
[ -s "$tmp/home/.local/share/cardhall/records/racko-12.json" ] || fail "no record under HOME"

# The list of choices never shows the card a draw would give.
grep -Eq '^ +1  draw +Draw a card from the deck$' "$tmp/out" || fail "the draw choice shows a hidden card"

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
has "$OUT" "Seat 1 took 29 from the discard pile"
has "$OUT" "Final result"

# Issue 11: random bots never order a Rack-O rack, so seed 3 ran for ever
# (and ate all memory). A table of bots only stops at --max-moves, saying so,
# and the record of the moves made is saved and replays.
run timeout 60 "$CARDHALL" play racko --bots random,random --seed 3 --max-moves 500 --record "$tmp/cap.json" </dev/null
[ "$RC" = 0 ] || fail "capped game exit $RC: $ERR"
has "$OUT" "stopped unfinished after 500 moves"
has "$OUT" "Record written to $tmp/cap.json"
[ "$(grep -c '^  Seat [12] ' <<<"$OUT")" -ge 500 ] || fail "the capped game did not show its moves"
has "$(cat "$tmp/cap.json")" '"terminal": false'
run "$CARDHALL" replay "$tmp/cap.json"
[ "$RC" = 0 ] || fail "the capped record does not replay: $ERR"
# The default cap ends it too (within a minute, not never).
run timeout 60 "$CARDHALL" play racko --bots random,random --seed 3 --record "$tmp/cap2.json" </dev/null
[ "$RC" = 0 ] || fail "default cap: exit $RC (timeout is 124)"
has "$OUT" "stopped unfinished after 100000 moves"
[ -s "$tmp/cap2.json" ] || fail "no record at the default cap"
run "$CARDHALL" play racko --bots random,random --seed 3 --max-moves 0 </dev/null
[ "$RC" = 2 ] || fail "--max-moves 0: exit $RC"

# Issue 11: the record path is checked before the game, with the OS's reason.
run "$CARDHALL" play racko --seed 3 --record "$tmp/no/such/dir/r.json" </dev/null
[ "$RC" = 1 ] || fail "unwritable record: exit $RC"
has "$ERR" "record $tmp/no/such/dir/r.json: No such file or directory"
lacks "$OUT" "Rack-O"
run "$CARDHALL" play racko --seed 3 --record "$tmp" </dev/null
[ "$RC" = 1 ] || fail "record to a directory: exit $RC"
has "$ERR" "is a directory"
lacks "$OUT" "Rack-O"
mkfifo "$tmp/fifo"
run timeout 20 "$CARDHALL" play racko --seed 3 --record "$tmp/fifo" </dev/null
[ "$RC" = 1 ] || fail "record to a FIFO: exit $RC"
has "$ERR" "not a regular file or a character device"
# Issue 23: writing a record to a device a person names is fine (only reading
# is limited to regular files): /dev/null takes it, and the game is played.
run "$CARDHALL" play racko target_score=50 --seed 4 --bots random,random --record /dev/null </dev/null
[ "$RC" = 0 ] || fail "--record /dev/null: exit $RC: $ERR"
has "$OUT" "Record written to /dev/null"

# Issue 11: seeds are read strictly, as the engine reads them.
for seed in -1 99999999999999999999 ' +7' +7 '7 ' ''; do
    run "$CARDHALL" play racko --seed "$seed" --record "$tmp/s.json" </dev/null
    [ "$RC" = 2 ] || fail "--seed '$seed' accepted"
    has "$ERR" "--seed:"
done
run "$CARDHALL" play racko --seat ' 1' </dev/null
[ "$RC" = 2 ] || fail "--seat ' 1' accepted"
run "$CARDHALL" play racko --order ' , ' </dev/null
[ "$RC" = 2 ] || fail "empty order accepted"
has "$ERR" "no cards given"

# A search player with settings: the comma inside its settings does not
# split it into two bots (ch_bot_split), and its label shows them whole.
run "$CARDHALL" play racko target_score=50 --seed 4 --bots "heuristic,ismcts:iters=20,depth=10" --record "$tmp/s.json" </dev/null
[ "$RC" = 0 ] || fail "search bot exit $RC: $ERR"
has "$OUT" "Final result"
has "$(cat "$tmp/s.json")" '"ismcts:iters=20,depth=10"'
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
has "$OUT" "（人間）> "
has "$OUT" "選べる手"
has "$(cat "$tmp/j.json")" '"human",'
# Issue 16: under --lang ja the terminal's own words are Japanese: the bot's
# name, no English phase word; the seat label is the same on every line.
printf '1\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 2 --lang ja --record "$tmp/j2.json" <"$tmp/in"
has "$OUT" "席2: 捨て札の 34 を取った"
has "$OUT" "席1（あなた）> "
lacks "$OUT" "heuristic"
lacks "$OUT" "(draw)"
lacks "$OUT" "seat"
# A person's own move is narrated too, with what it showed them (the game's
# events name the viewer "you").
has "$OUT" "あなた: 山札から 20 を引いた"

# replay speaks Japanese too: the header and the seat labels.
run "$CARDHALL" replay "$tmp/j2.json" --lang ja
[ "$RC" = 0 ] || fail "replay ja exit $RC: $ERR"
has "$OUT" "2 人、シード 2"
has "$OUT" "席2（コンピュータ） "
has "$OUT" "席1（人間） "
lacks "$OUT" "heuristic"
lacks "$OUT" "players"

# A level chosen by --bots is named as the browser's menu names it, in the
# score table too, whose name column widens to the longest label so that the
# scores stay in one column (a full-width character takes two).
printf 'quit\n' >"$tmp/in"
run "$CARDHALL" play racko players=3 --seed 2 --lang ja --bots hard,easy --record /dev/null <"$tmp/in"
has "$OUT" "   席1（あなた）                      0"
has "$OUT" "   席2（コンピュータ：つよい）        0"
has "$OUT" "   席3（コンピュータ：やさしい）      0"
lacks "$OUT" "（hard）"
run "$CARDHALL" play racko players=3 --seed 2 --bots normal,easy --record /dev/null <"$tmp/in"
has "$OUT" "   Seat 1 (you)                   0"
has "$OUT" "   Seat 2 (computer: normal)      0"
has "$OUT" "   Seat 3 (computer: easy)        0"

# Full-width digits and letters (a Japanese keyboard) are read as plain ones.
printf '１\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 2 --record "$tmp/fw1.json" <"$tmp/in"
printf '1\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 2 --record "$tmp/fw2.json" <"$tmp/in"
cmp -s "$tmp/fw1.json" "$tmp/fw2.json" || fail "full-width 1 was not read as 1"
has "$(cat "$tmp/fw1.json")" '"draw"'
printf '２\nｓｗａｐ　１０\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko --seed 2 --record "$tmp/fw3.json" <"$tmp/in"
lacks "$OUT" "Not a legal move"
has "$(cat "$tmp/fw3.json")" '"swap 10"'

# rules (and ?) print the game's rules with the options in force; help names them.
printf 'rules\n?\nhelp\nquit\n' >"$tmp/in"
run "$CARDHALL" play racko target_score=75 --seed 2 --record "$tmp/rules.json" <"$tmp/in"
[ "$RC" = 0 ] || fail "rules exit $RC"
[ "$(grep -c '75' <<<"$OUT")" -ge 2 ] || fail "rules and ? do not show target_score=75: $OUT"
has "$OUT" "  rules  "
lacks "$OUT" "Not a legal move: 'rules'"
lacks "$OUT" "Not a legal move: '?'"

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
# Issue 24: a typo gets the nearest legal move, by its notation or its name
# in either language; something far from every move gets no guess.
printf 'tak\ndrwa\nxyzzy\nquit\n' >"$tmp/typo"
run "$CARDHALL" play racko --seed 1 --record /dev/null <"$tmp/typo"
has "$OUT" "Did you mean take (Take 13 from the discard pile)?"
has "$OUT" "Did you mean draw (Draw a card from the deck)?"
[ "$(grep -c 'Did you mean' <<<"$OUT")" = 2 ] || fail "a guess for xyzzy"
printf '捨て札の13を取る\nquit\n' >"$tmp/typo-ja"
run "$CARDHALL" play racko --seed 1 --record /dev/null --lang ja <"$tmp/typo-ja"
has "$OUT" "もしかして take (捨て札の 13 を取る) ですか?"
printf 'takes 13 from the discard\nquit\n' >"$tmp/typo-en"
run "$CARDHALL" play racko --seed 1 --record /dev/null --lang ja <"$tmp/typo-en"
has "$OUT" "もしかして take"

# A forced move is the default: the prompt names it and Enter plays it.
# Blank lines alternate with 1: a blank line at a choice only asks again.
for _ in $(seq 300); do printf '\n1\n'; done >"$tmp/alt"
run "$CARDHALL" play babasuki --seed 3 --record /dev/null <"$tmp/alt"
has "$OUT" "Only one move: play V6 (Play Villain 6 (Flower, Water) and draw from Seat 2's hand). Press Enter to play it."
grep -A1 -F 'Seat 1 (you) [play V6]> ' <<<"$OUT" | grep -qF 'You play Villain 6 (Flower, Water)' || fail "Enter did not play the forced move"
run "$CARDHALL" play babasuki --seed 3 --record /dev/null --lang ja <"$tmp/alt"
has "$OUT" "指せる手は 1 つだけです: play V6"
# Where there is a choice, Enter alone plays nothing.
printf '\nquit\n' | "$CARDHALL" play racko --seed 1 --record /dev/null >"$tmp/blank" 2>&1
has "$(cat "$tmp/blank")" "Type a move number (1-2)"
has "$(cat "$tmp/blank")" "the table had made 2 moves"

# Levels stand for bots wherever a bot is named (--bots hard).
run "$CARDHALL" play racko --bots hard --record "$tmp/lv.json" </dev/null
[ "$RC" = 0 ] || fail "--bots hard: exit $RC: $ERR"
has "$(cat "$tmp/lv.json")" '"pimc"'
run "$CARDHALL" play comrade --bots easy </dev/null
[ "$RC" = 2 ] || fail "comrade --bots easy: exit $RC"
has "$ERR" "comrade has no level 'easy'"
echo ok
