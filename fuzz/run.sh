#!/bin/sh
# Runs one libFuzzer target for a given time on its seed corpus and
# dictionary in the tree: run.sh BINARY TARGET SECONDS WORKDIR [fresh]
# New inputs go to WORKDIR/TARGET (never into fuzz/corpus), kept between runs
# unless "fresh" (ctest: the same short run every time); a crash leaves its
# input in WORKDIR/crash-TARGET-* and fails with libFuzzer's exit code.
set -eu
bin=$1 target=$2 seconds=$3 work=$4 fresh=${5:-}
src=$(cd "$(dirname "$0")" && pwd)
[ "$fresh" = fresh ] && rm -rf "${work:?}/$target"
mkdir -p "$work/$target"
dict=
[ -f "$src/$target.dict" ] && dict="-dict=$src/$target.dict"
# Sessions and records hold whole games, the other inputs are short texts.
case $target in session | record) max_len=16384 ;; *) max_len=4096 ;; esac
# -max_len bounds one input (and so a session's requests); -timeout and
# -rss_limit_mb turn a hang or runaway memory into a failure.
exec "$bin" $dict -max_total_time="$seconds" -max_len=$max_len -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/crash-$target-" \
    "$work/$target" "$src/corpus/$target"
