#!/usr/bin/env bash
# The Python module installs into a virtual environment with no package
# index (docs/python.md): a copy of the source tree, pip install
# --no-build-isolation --no-index, then a game played from outside the tree.
set -euo pipefail
PY=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir "$tmp/src"
tar -C "$CH_SOURCE_DIR" --exclude='./build*' --exclude=./.git --exclude=./node_modules \
    --exclude='*.egg-info' -cf - . | tar -C "$tmp/src" -xf -
"$PY" -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/pip" install -q --no-build-isolation --no-index "$tmp/src" >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log"; fail "pip install"; }

cd "$tmp"
out=$(env -u PYTHONPATH "$tmp/venv/bin/python" - <<'PY'
import os, cardhall
assert "/venv/" in cardhall.__file__, cardhall.__file__
game = cardhall.load_game("comrade")
state = game.new_initial_state(3)
try:
    while not state.is_terminal():
        state.apply_action(cardhall.bot_action(state, "heuristic", 1))
    print("returns", state.returns())
except NotImplementedError:
    print("returns (no hooks)", state.returns())
stubs = os.path.join(os.path.dirname(cardhall.__file__), "_cardhall.pyi")
assert os.path.exists(stubs), stubs
print("version", cardhall.__version__)
PY
) || fail "python in the venv: $out"
grep -q "^returns" <<<"$out" || fail "no game played: $out"
grep -q "^version " <<<"$out" || fail "no version: $out"
# The same interpreter without the venv has no cardhall: it came from the install.
if env -u PYTHONPATH "$PY" -c "import cardhall" 2>/dev/null; then
    fail "cardhall importable outside the venv: the test proves nothing"
fi
echo "ok: $out"
