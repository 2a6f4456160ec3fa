#!/bin/sh
# Installs the Debian packages cardhall needs to build and test, and nothing
# when they are all there already (so `make` stays quiet and offline).
set -eu

PKGS="gcc clang libclang-rt-14-dev make cmake pkg-config libjansson-dev libcmocka-dev libwebsockets-dev libsqlite3-dev libssl-dev"
# OpenMPI: cardhall sim across processes and machines (mpirun), and its test.
PKGS="$PKGS libopenmpi-dev openmpi-bin"
# The browser table's test: node runs playwright-core (npm ci), which drives chromium.
PKGS="$PKGS nodejs npm chromium"
# cardhall serve under systemd (Type=notify, the watchdog) and the test that
# verifies its unit with systemd-analyze.
PKGS="$PKGS libsystemd-dev systemd"
# Japanese on the browser table and in its screenshots.
PKGS="$PKGS fonts-noto-cjk"
# The server's TLS and proxy tests: certificates made by openssl, nginx in front (test_proxy).
PKGS="$PKGS openssl nginx"
# --db postgresql://: libpq to build; a PostgreSQL server and HAProxy for the
# tests that start their own cluster and balancer (test_serve_pg, test_multi).
PKGS="$PKGS libpq-dev postgresql haproxy"
# The Python module (make python, docs/python.md): Debian's python3 with its
# headers and numpy; pytest runs its tests, venv/pip/setuptools its install test.
PKGS="$PKGS python3-dev python3-numpy python3-pytest python3-venv python3-pip python3-setuptools"

missing=""
for p in $PKGS; do
    # A node that brings its own npm (NodeSource's nodejs) conflicts with
    # Debian's npm package: the commands are what the tests need.
    case $p in nodejs | npm) command -v "${p%js}" >/dev/null 2>&1 && continue ;; esac
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

echo "cardhall: installing$missing" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "cardhall: need root (or sudo) to install:$missing" >&2; exit 1; }
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
