#!/bin/sh
# The demo behind `make demo`: compile the example's provider definition with usdtrace -h/-G,
# build the example program, show its probes as other tools and usdtrace see them, run it,
# then trace it with a D script (examples/bank/transfers.d).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
U="$top/build/usdtrace"
out="$top/build/demo"
mkdir -p "$out"
cd "$out"
echo "== usdtrace -h / -G: compile the provider definition examples/bank/bank.d"
"$U" -h -s "$top/examples/bank/bank.d" -o bank_probes.h
cc -O2 -Wall -Wextra -Werror -I. -c "$top/examples/bank/bank.c" -o bank.o
"$U" -G -s "$top/examples/bank/bank.d" -o bank_probes.o bank.o
cc -o bank bank.o bank_probes.o
echo
echo "== readelf -n: the probes are standard .note.stapsdt notes"
readelf -n bank | grep -A4 'NT_STAPSDT' | grep -E 'Provider|Name|Arguments' | head -n 9
echo
echo "== usdtrace -l -c ./bank: the probes of a process, held before main()"
"$U" -l -c "./bank"
echo
echo "== usdtrace -l -v -n transfer-start -c ./bank: declared types and where each argument lives"
"$U" -l -v -n transfer-start -c "./bank"
echo
echo "== ./bank 6"
./bank 6
echo
echo "== usdtrace -s examples/bank/transfers.d -c './bank 6': trace it with D"
if [ "$(id -u)" -eq 0 ]; then
	"$U" -s "$top/examples/bank/transfers.d" -c "./bank 6"
else
	echo "(skipped: tracing needs root; run: sudo make demo)"
fi
echo
echo "== usdtrace -n 'pid\$target:libc.so.6::entry { @[probefunc] = count(); }' -c './bank 6': any function, no probes needed"
if [ "$(id -u)" -eq 0 ]; then
	"$U" -q -n 'pid$target:libc.so.6::entry { @[probefunc] = count(); }' \
		-n 'END { trunc(@, 5); }' -c "./bank 6" 2>&1 | grep -v 'left out'
else
	echo "(skipped: tracing needs root; run: sudo make demo)"
fi
