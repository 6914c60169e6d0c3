#!/bin/sh
# stash.sh — what usdtraced's stash saves (docs/usdtraced.md; issue 25): with N processes
# (default 1000) each mapping two probe-carrying objects (a program and a library of its own),
#   list   usdtrace -l -n 'stwb*:::'
#   start  usdtrace -n 'stwb*:::tick {} BEGIN { exit(0); }'   (system-wide start, to BEGIN)
#   walk   bench/stash_walk: the discovery alone (every process's objects found and parsed),
#          wall and CPU time, inside one process
#   base   usdtrace -n 'dtrace:::BEGIN { exit(0); }': a trace start that looks for no USDT
#          probe (no process walk either way): usdtrace's fixed cost, for scale
# each RUNS times (default 7) without usdtraced (-x stash=: /proc and ELF), then with it (a
# live usdtraced on a stash of its own); medians in ms. Not part of `make check`; root.
#
#   sh bench/stash.sh [RUNS] [N]
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
USDTRACE=${USDTRACE:-$top/build/usdtrace}
RUNS=${1:-7}
N=${2:-1000}
CC=${CC:-cc}
[ "$(id -u)" = 0 ] || { echo "stash.sh: needs root" >&2; exit 1; }
make -C "$top" -s build/usdtrace build/usdtraced build/libusdtrace.a || exit 1
w=$(mktemp -d)
kids=
daemon=
trap 'for k in $kids $daemon; do kill $k 2>/dev/null; done; wait 2>/dev/null; rm -rf "$w"' EXIT
trap 'exit 1' INT TERM
cd "$w" || exit 1
cat >lib.c <<'C'
#include <usdtrace/sdt.h>
void stwb_lib(int x) { DTRACE_PROBE1(stwblib, hit, x); }
C
cat >prog.c <<'C'
#include <unistd.h>
#include <usdtrace/sdt.h>
void stwb_lib(int x);
int main(int argc, char **argv) {
	(void)argv;
	if (argc > 5) { DTRACE_PROBE1(stwb, tick, argc); stwb_lib(argc); }
	pause();
	return 0;
}
C
$CC -O1 -fPIC -shared -I"$top/include" lib.c -o libstwb.so &&
	$CC -O1 -I"$top/include" prog.c -o stwb -L. -lstwb -Wl,-rpath,"$w" &&
	$CC -std=gnu11 -O2 -D_GNU_SOURCE $(find "$top/src" -type d | sed 's/^/-I/') \
		-o stash_walk "$top/bench/stash_walk.c" "$top/build/libusdtrace.a" \
		-lelf -ldw -lbpf -lz -lcapstone -lstdc++ || exit 1

i=0
while [ $i -lt "$N" ]; do
	./stwb &
	kids="$kids $!"
	i=$((i + 1))
done
# every one of them running the program with its library mapped
n=0
while [ "$n" -lt "$N" ]; do
	sleep 0.5
	n=$(grep -l libstwb.so /proc/[0-9]*/maps 2>/dev/null | wc -l)
done

timed() { # FILE COMMAND...: append the wall ms of one run
	_f=$1
	shift
	t0=$(now_ns)
	timeout 300 "$@" >"$w/out" 2>&1 || echo "stash.sh: failed: $* : $(head -c 300 "$w/out")" >&2
	t1=$(now_ns)
	echo "$(((t1 - t0) / 1000))" | awk '{ printf "%.3f\n", $1 / 1000 }' >>"$_f"
}
run_all() { # TAG STASH-ARG
	: >"$w/list.$1"; : >"$w/start.$1"; : >"$w/walk.$1"; : >"$w/walkcpu.$1"; : >"$w/base.$1"
	r=0
	while [ $r -lt "$RUNS" ]; do
		timed "$w/list.$1" "$USDTRACE" -l -n 'stwb*:::' -x stash="$2"
		timed "$w/start.$1" "$USDTRACE" -x stash="$2" -n 'stwb*:::tick {} BEGIN { exit(0); }'
		timed "$w/base.$1" "$USDTRACE" -x stash="$2" -n 'dtrace:::BEGIN { exit(0); }'
		./stash_walk "${2:--}" >"$w/walk.out"
		awk '{ print $1 }' "$w/walk.out" >>"$w/walk.$1"
		awk '{ print $2 }' "$w/walk.out" >>"$w/walkcpu.$1"
		r=$((r + 1))
	done
	lines=$("$USDTRACE" -l -n 'stwb*:::' -x stash="$2" | tail -n +2 | wc -l)
	echo "$1: -l lists $lines probes; walk saw $(cat "$w/walk.out" | awk '{ print $3 " processes, " $4 " objects with probes" }')"
}

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) (shared with other work)"
echo "$N processes mapping stwb and libstwb.so; $RUNS runs each; medians in ms"
run_all scan ""
t0=$(now_ns)
"$top/build/usdtraced" -F -d "$w/stash" 2>"$w/daemon.log" &
daemon=$!
while [ "$(cat "$w/stash/usdtraced.pid" 2>/dev/null)" != "$daemon ready" ]; do sleep 0.05; done
t1=$(now_ns)
echo "usdtraced: first scan of the machine to ready: $(((t1 - t0) / 1000000)) ms; stash $(du -sk "$w/stash" | cut -f1) KiB"
run_all stash "$w/stash"
printf '%-40s %12s %12s\n' "" "no daemon" "usdtraced"
for k in list start walk walkcpu base; do
	case $k in
	list) d="usdtrace -l -n 'stwb*:::'" ;;
	start) d="system-wide start to BEGIN" ;;
	walk) d="discovery alone (wall)" ;;
	walkcpu) d="discovery alone (CPU)" ;;
	base) d="start to BEGIN, no USDT (base)" ;;
	esac
	printf '%-40s %12s %12s\n' "$d" "$(median "$w/$k.scan")" "$(median "$w/$k.stash")"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
