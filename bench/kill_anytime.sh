#!/bin/sh
# kill_anytime.sh — the long run of tests/sh/kill_anytime.sh: usdtrace SIGKILLed at random
# moments, RUNS runs per mode (twice that with -c), each checked for what it left behind
# (tests/sh/kill_anytime.py says what). Not part of `make check`; needs root.
#
#   sh bench/kill_anytime.sh [RUNS] [SEED]     (default 400 runs per mode: about 25 minutes)
#
# Environment: USDTRACE (default build/usdtrace).
top=$(cd "$(dirname "$0")/.." && pwd)
USDTRACE=${USDTRACE:-$top/build/usdtrace}
RUNS=${1:-400}
SEED=${2:-$$}
[ -x "$USDTRACE" ] || { echo "build usdtrace first: make" >&2; exit 1; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
cc -O1 -g -no-pie -Wall -Werror -I"$top/include" -o "$w/hz_target" \
	"$top/tests/progs/harden/hz_target.c" || exit 1
echo "kill_anytime: $RUNS runs per mode, seed $SEED"
python3 "$top/tests/sh/kill_anytime.py" "$USDTRACE" "$w/hz_target" "$w" "$RUNS" "$SEED" | tee "$w/out"
! grep -q '^not ok' "$w/out"
