#!/bin/bash
# contrib/systemd/cardhall.service passes `systemd-analyze verify` (issue 27):
# a copy whose ExecStart names this build's cardhall, since verify wants the
# program to exist. Skipped (77) without systemd-analyze (Debian's systemd).
set -u
unit="$CH_SOURCE_DIR/contrib/systemd/cardhall.service"
if ! command -v systemd-analyze >/dev/null 2>&1; then
    echo "cli_systemd: skipped: no systemd-analyze (apt-get install systemd)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "cli_systemd: $*" >&2; exit 1; }

grep -q '^ExecStart=/usr/local/bin/cardhall serve ' "$unit" || fail "ExecStart is not /usr/local/bin/cardhall serve"
sed "s|/usr/local/bin/cardhall|$CARDHALL|" "$unit" >"$tmp/cardhall.service"
out=$(systemd-analyze verify "$tmp/cardhall.service" 2>&1) || fail "verify failed: $out"
# verify exits 0 on some warnings: none is acceptable.
[ -z "$out" ] || fail "verify warned: $out"

# What the deployment relies on is there.
for want in 'Type=notify' 'WatchdogSec=' 'DynamicUser=yes' 'StateDirectory=cardhall' \
    'ProtectSystem=strict' 'NoNewPrivileges=yes' 'PrivateTmp=yes'; do
    grep -q "^$want" "$unit" || fail "missing $want"
done

# A unit that is wrong is caught: the test can fail.
sed 's/^Type=notify/Type=notifyy/' "$tmp/cardhall.service" >"$tmp/bad.service"
systemd-analyze verify "$tmp/bad.service" >"$tmp/bad.out" 2>&1 && [ ! -s "$tmp/bad.out" ] &&
    fail "verify did not notice a bad Type="
echo "cli_systemd: ok"
