# gentypes.sh — print() of declared types, each program in tests/d/cli/gentypes/NAME.d with its
# exact stdout in NAME.out as DTrace for Linux prints it, but for the pointer's address on
# print()'s first line ("0x... = *"), which varies from run to run and is written "ADDR = *".
# shellcheck disable=SC2154 # cli_lib.sh sets W and USDTRACE

cli_needs_root print_chars || return 0

for d in "$TOP"/tests/d/cli/gentypes/*.d; do
	n=$(basename "$d" .d)
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -s "$d" >"$W/.raw" 2>"$W/.err" </dev/null
	rc=$?
	sed 's/^0x[0-9a-f]* = \*$/ADDR = */' "$W/.raw" >"$W/.out"
	if [ $rc -ne 0 ]; then
		cli_notok "$n" "exit $rc: $(head -n 1 "$W/.err")"
	elif ! cmp -s "$W/.out" "${d%.d}.out"; then
		cli_notok "$n" "stdout differs: $(diff "$W/.out" "${d%.d}.out" | sed -n 2p)"
	elif [ -s "$W/.err" ]; then
		cli_notok "$n" "stderr: $(head -n 1 "$W/.err")"
	else
		cli_ok "$n"
	fi
done
