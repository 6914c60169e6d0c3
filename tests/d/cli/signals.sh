# signals.sh — SIGINT and SIGTERM stop tracing, run END and print, exit status 0; dtrace first
# prints a newline after the signal even when quiet (dtrace.c: intr() sets g_newline; the main
# loop prints it unless testing), then END's output, then the final newline.
# shellcheck disable=SC2016,SC2154 # $1, $target... are D macro variables; cli_lib.sh sets cli_why

cli_needs_root sigint_runs_end || return 0

printf '#pragma D option quiet\n\nBEGIN\n{\n\tprintf("start\\n");\n}\n\nEND\n{\n\tprintf("end\\n");\n}\n' >"$W/sig.d"

for sig in INT TERM; do
	# A background job of a non-interactive shell starts with SIGINT ignored, and dtrace (like
	# usdtrace) leaves an ignored SIGINT alone; env restores the default before exec.
	env --default-signal=INT "$USDTRACE" -s "$W/sig.d" >"$W/$sig.out" 2>"$W/$sig.err" &
	tpid=$!
	i=0
	while [ $i -lt 100 ] && ! grep -q start "$W/$sig.out" 2>/dev/null; do
		sleep 0.05
		i=$((i + 1))
	done
	kill -s "$sig" "$tpid" 2>/dev/null
	i=0
	while [ $i -lt 100 ] && kill -0 "$tpid" 2>/dev/null; do
		sleep 0.05
		i=$((i + 1))
	done
	if kill -0 "$tpid" 2>/dev/null; then
		kill -9 "$tpid" 2>/dev/null
		cli_notok "sig$sig" "still running 5 s after SIG$sig"
		continue
	fi
	wait "$tpid"
	rc=$?
	if [ $rc -ne 0 ]; then
		cli_notok "sig$sig" "exit $rc: $(head -n 1 "$W/$sig.err")"
	elif ! cli_match 'start\n\nend\n\n' "$W/$sig.out"; then
		cli_notok "sig$sig" "stdout $cli_why"
	elif [ -s "$W/$sig.err" ]; then
		cli_notok "sig$sig" "stderr [$(head -n 1 "$W/$sig.err")]"
	else
		cli_ok "sig$sig"
	fi
done
