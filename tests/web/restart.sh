#!/usr/bin/env bash
# tests/web/restart.mjs (issue 27) as run.sh runs table.mjs: skipped (77)
# only when node or chromium is not installed.
set -euo pipefail
src=${CH_SOURCE_DIR:?}
command -v node >/dev/null && [ -x "${CHROMIUM:-/usr/bin/chromium}" ] ||
    { echo "skipped: node or chromium is not installed"; exit 77; }
if [ ! -d "$src/node_modules/playwright-core" ]; then
    (cd "$src" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund >/dev/null)
fi
setsid timeout 120 node "$src/tests/web/restart.mjs" "$CARDHALL" "${ARTIFACTS:-$(mktemp -d)}" &
pid=$!
trap 'kill -KILL -- -"$pid" 2>/dev/null || true' EXIT
wait "$pid"
