#!/usr/bin/env bash
# The browser table's test (tests/web/table.mjs) against a fresh server:
# Debian's chromium driven by playwright-core from npm (package-lock.json;
# nothing downloads a browser). Exit 77 (skipped) only when node or
# chromium is not installed; `make test` installs both.
set -euo pipefail
src=${CH_SOURCE_DIR:?}
command -v node >/dev/null && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
    { echo "skipped: node or chromium is not installed"; exit 77; }
if [ ! -d "$src/node_modules/playwright-core" ]; then
    (cd "$src" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund >/dev/null)
fi
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
"$CARDHALL" serve --port 0 --db "$tmp/web.db" --bot-delay 0 >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 100); do
    url=$(grep -o 'http://[^ ]*/' "$tmp/out" || true)
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "FAIL: the server did not start: $(cat "$tmp/out")"; exit 1; }
node "$src/tests/web/table.mjs" "$url" "${ARTIFACTS:-$tmp/artifacts}"
