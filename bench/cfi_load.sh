#!/bin/sh
# cfi_load.sh — the warm load of large objects' unwind rows (issue 22): the rows read from the
# cache entry and put where the BPF walk reads them, the way the tracer did before (its own
# array, then batch updates of the maps) and now (read straight into the rows map's mmap).
# Not part of `make check`; root.
#
#   sh bench/cfi_load.sh [RUNS] [FILE...]   (default 9 runs; libclang-cpp.so.14, libLLVM-14,
#                                            python3.11, libc)
# Prints per object the medians of RUNS runs of each way (bench/cfi_load.c), run alternately.
top=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-9}
[ $# -gt 0 ] && shift
FILES=${*:-$(ls /usr/lib/llvm-14/lib/libclang-cpp.so.14 /usr/lib/x86_64-linux-gnu/libLLVM-14.so.1 \
	/usr/bin/python3.11 /usr/lib/x86_64-linux-gnu/libc.so.6 2>/dev/null)}
me=cfi_load.sh
[ "$(id -u)" -eq 0 ] || { echo "bench/$me: root needed (BPF maps)" >&2; exit 1; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
. "$top/bench/lib.sh"
make -C "$top" -s build/libusdtrace.a || exit 1
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE $(find "$top/src" -type d | sed 's/^/-I/') \
	-o "$w/cfi_load" "$top/bench/cfi_load.c" "$top/build/libusdtrace.a" -lelf -ldw -lbpf -lz -llzma \
	-lcapstone -lstdc++ || exit 1
export USDTRACE_CFI_CACHE="$w/cache"
echo "$RUNS runs, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for f in $FILES; do
	"$w/cfi_load" copy "$f" >/dev/null 2>&1   # builds the rows, stores the entry
	: >"$w/copy"; : >"$w/mmap"
	i=0
	while [ $i -lt "$RUNS" ]; do
		"$w/cfi_load" copy "$f" | sed -n 's/^ms=\([0-9.]*\).*/\1/p' >>"$w/copy"
		"$w/cfi_load" mmap "$f" | sed -n 's/^ms=\([0-9.]*\).*/\1/p' >>"$w/mmap"
		i=$((i + 1))
	done
	rows=$("$w/cfi_load" mmap "$f" | sed -n 's/.*rows=//p')
	printf '  %-45s %8s rows  copy+batch %8s ms  mmap %8s ms  (runs %s / %s)\n' "$f" "$rows" \
		"$(median "$w/copy")" "$(median "$w/mmap")" "$(tr '\n' ' ' <"$w/copy")" "$(tr '\n' ' ' <"$w/mmap")"
done
