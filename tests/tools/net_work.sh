# net_work.sh — sourced by tests/sh/net_providers.sh and net_xlate.sh: a network workload
# (tests/tools/netload.py) traced by usdtrace and bpftrace at once. Uses the caller's $work,
# $LOAD, $USDTRACE and $BPFTRACE (empty: bpftrace not installed).

# val KEY FILE: the rest of the first line of FILE whose first word is KEY
val() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$2"; }
# bt_val NAME: bpftrace's value of @NAME
bt_val() { awk -v k="@$1:" '$1 == k { print $2 }' "$work/bt.out"; }

# run_work ARGS...: the workload started and waiting, usdtrace running $work/prog.d and
# bpftrace $work/prog.bt (WPID: the workload's pid), then the work, then both stopped.
run_work() {
	mkfifo "$work/go"
	python3 "$LOAD" "$@" <"$work/go" >"$work/load.out" &
	lpid=$!
	exec 3>"$work/go"
	for _ in $(seq 100); do [ -s "$work/load.out" ] && break; sleep 0.1; done
	wpid=$(head -1 "$work/load.out")
	timeout 120 "$USDTRACE" -q -s "$work/prog.d" >"$work/ut.out" 2>"$work/ut.err" &
	upid=$!
	for _ in $(seq 300); do grep -q ready "$work/ut.out" && break; sleep 0.1; done
	: >"$work/bt.out"
	if [ -n "$BPFTRACE" ]; then
		sed "s/WPID/$wpid/g" "$work/prog.bt" >"$work/prog2.bt"
		"$BPFTRACE" "$work/prog2.bt" >"$work/bt.out" 2>&1 &
		bpid=$!
		for _ in $(seq 300); do grep -q Attaching "$work/bt.out" && break; sleep 0.1; done
		sleep 0.3
	fi
	echo go >&3
	exec 3>&-
	wait "$lpid"
	lpid=
	sleep 0.3
	[ -n "$bpid" ] && { stop_bpftrace "$bpid"; bpid=; }
	kill -INT "$upid"
	wait "$upid"
	urc=$?
	upid=
	rm -f "$work/go"
	[ "$urc" = 0 ] || sed 's/^/# usdtrace: /' "$work/ut.err"
}
