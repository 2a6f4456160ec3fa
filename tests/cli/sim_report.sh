#!/usr/bin/env bash
# cardhall sim --report (issue 15): one self-contained HTML page with inline
# SVG pictures, no script and nothing from the network; the same seed gives
# the same page; compare and sweep add their own parts.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
has() { grep -qF -- "$2" "$1" || fail "expected '$2' in $1"; }

# Checks a page: no script, no address of the network, every <svg> well
# formed XML, and the numbers of the report in it.
check_page() {
    local page=$1
    grep -qi '<script' "$page" && fail "$page has a script"
    grep -qiE 'https?:|//[a-z]|src=|@import|url\(' "$page" && fail "$page refers outside itself"
    python3 - "$page" <<'PY' || fail "$page: an <svg> is not well formed or missing"
import re, sys, xml.etree.ElementTree as ET
text = open(sys.argv[1], encoding="utf-8").read()
svgs = re.findall(r"<svg.*?</svg>", text, re.S)
assert len(svgs) >= 4, len(svgs)
for s in svgs:
    ET.fromstring(s)
assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
PY
}

"$CARDHALL" sim racko players=3 --games 120 --seed 6 --report "$tmp/one.html" >"$tmp/one.txt" 2>/dev/null
check_page "$tmp/one.html"
for t in "win rate per seat" "win rate per bot" "actions per finished game" \
    "hands per finished game" "mean final score per bot" "final scores of 0:heuristic" \
    "deck_turnovers" "turnovers_per_round" "own figures (mean per finished game"; do
    has "$tmp/one.html" "$t"
done
# The page's numbers are the text report's: seat 0's rate and interval.
line=$(grep -E '^  seat 0 ' "$tmp/one.txt")
rate=$(awk '{print $5}' <<<"$line")
has "$tmp/one.html" "<td>seat 0 win rate</td><td>$rate <small>["
# The same seed and options give the same page, for any thread count.
"$CARDHALL" sim racko players=3 --games 120 --seed 6 --threads 1 --report "$tmp/again.html" >/dev/null 2>&1
cmp -s "$tmp/one.html" "$tmp/again.html" || fail "the same run gave another page"

# A sweep: its values on the axis of a picture per figure, the differences.
"$CARDHALL" sim ragamaru --games 60 --seed 3 --sweep players=2..4 --report "$tmp/sweep.html" \
    >/dev/null 2>&1
check_page "$tmp/sweep.html"
has "$tmp/sweep.html" "<h2>Against players</h2>"
has "$tmp/sweep.html" "set 3: players=4"
has "$tmp/sweep.html" "<h3>set 3 (players=4) &minus; set 1 (players=2)</h3>"
for v in 2 3 4; do has "$tmp/sweep.html" "text-anchor=\"middle\">$v</text>"; done
has "$tmp/sweep.html" "first_player_won"

# A compare: labels are escaped (they are the user's words).
"$CARDHALL" sim racko --games 30 --seed 3 --compare 'target_score=200' 'target_score=300' \
    --report "$tmp/cmp.html" >/dev/null 2>&1
check_page "$tmp/cmp.html"
has "$tmp/cmp.html" "<h2>Differences from set 1</h2>"
[ "$(grep -c '<tr class="sig"><td>actions per game' "$tmp/cmp.html")" = 1 ] ||
    fail "target 300 vs 200: actions per game not marked as a clear difference"

# The path is checked before any game is played.
set +e
out=$("$CARDHALL" sim racko --games 20000 --seed 1 --report /nonexistent/dir/r.html 2>"$tmp/err")
rc=$?
set -e
[ "$rc" = 1 ] || fail "--report to a missing directory: exit $rc"
[ -z "$out" ] || fail "--report to a missing directory played games first"
grep -q "report /nonexistent/dir/r.html" "$tmp/err" || fail "no reason given: $(cat "$tmp/err")"
echo ok
