#!/usr/bin/env bash
# The browser table's test (tests/web/table.mjs, or $WEB_TEST: newcomer.mjs;
# each runs the server itself): Debian's chromium driven by playwright-core from npm
# (package-lock.json; nothing downloads a browser). Exit 77 (skipped) only
# when node or chromium is not installed; `make test` installs both.
set -euo pipefail
src=${CH_SOURCE_DIR:?}
command -v node >/dev/null && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
    { echo "skipped: node or chromium is not installed"; exit 77; }
if [ ! -d "$src/node_modules/playwright-core" ]; then
    (cd "$src" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund >/dev/null)
fi
# Its own process group (setsid), so that nothing it started — the server,
# chromium — outlives it, and a bound on its time (WEB_TIMEOUT seconds) inside
# ctest's.
setsid timeout "${WEB_TIMEOUT:-600}" node "$src/tests/web/${WEB_TEST:-table.mjs}" "$CARDHALL" "${ARTIFACTS:-$(mktemp -d)}" &
pid=$!
trap 'kill -KILL -- -"$pid" 2>/dev/null || true' EXIT
wait "$pid"
