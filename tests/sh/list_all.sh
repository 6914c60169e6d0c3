#!/bin/sh
# tier: fast
# list_all.sh — a plain `usdtrace -l` lists every probe, as dtrace -l does (dtrace(1M): "-l
# List probes instead of enabling them"; with no description, all of them): the kernel's
# tracepoints by sdt and rawtp, the D libraries' providers (io, ip, lockstat) beside the
# tracer's own; and -i ID lists what a plain -l showed as ID, with other descriptions or not.
# Witnesses: tracefs's available_events (when tracefs is mounted) for the tracepoints, and
# DTrace for Linux's own -l (when built) for the providers.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
"$USDTRACE" -l >"$W/all" 2>"$W/err"
rc=$?
# prov_has PROVIDER MODULE NAME (MODULE "": any, as awk's fields cannot show an empty one)
prov_has() { awk -v p="$1" -v m="$2" -v n="$3" '$2 == p && (m == "" || $3 == m) && $NF == n { f = 1 } END { exit !f }' "$W/all"; }
if [ $rc -ne 0 ] || [ -s "$W/err" ]; then
	notok plain-list "exit $rc: $(head -c 300 "$W/err")"
elif ! { prov_has sdt sched sched_switch && prov_has rawtp sched sched_switch &&
	  prov_has io vmlinux start && prov_has ip vmlinux send &&
	  prov_has lockstat vmlinux adaptive-acquire && prov_has syscall vmlinux entry &&
	  prov_has dtrace "" BEGIN; }; then
	notok plain-list "providers listed: $(awk 'NR > 1 { print $2 }' "$W/all" | sort -u | tr '\n' ' ')"
else
	ok plain-list
fi

# the kernel's tracepoints (tracefs's events but the system calls', which are the syscall
# provider's, and uprobe events tracers made, such as dtrace's dt_PID_dtrace) are the plain
# listing's sdt probes
ev=/sys/kernel/tracing/available_events
if [ -r "$ev" ]; then
	awk -F: '$1 != "syscalls" && $1 !~ /^dt_|probes$/ { print $1, $2 }' "$ev" | sort -u >"$W/ev"
	awk 'NR > 1 && $2 == "sdt" { print $3, $NF }' "$W/all" | sort -u >"$W/sdt"
	if [ -s "$W/sdt" ] && cmp -s "$W/sdt" "$W/ev"; then
		ok plain-list-tracepoints
	else
		notok plain-list-tracepoints "sdt only: $(comm -23 "$W/sdt" "$W/ev" | head -3 | tr '\n' ';') tracefs only: $(comm -13 "$W/sdt" "$W/ev" | head -3 | tr '\n' ';')"
	fi
else
	skip plain-list-tracepoints "tracefs is not mounted"
fi

# -i of the ids of a plain listing's sdt, io and syscall lines lists the same lines
for pat in 'sdt sched sched_switch' 'io vmlinux done' 'syscall vmlinux read entry'; do
	line=$(awk -v p="$pat" 'NR > 1 { s = $2; for (i = 3; i <= NF; i++) s = s " " $i; if (s == p) print }' "$W/all")
	id=$(echo "$line" | awk '{ print $1 }')
	got=$("$USDTRACE" -l -i "$id" 2>&1 | tail -n +2)
	if [ -n "$id" ] && [ "$got" = "$line" ]; then
		ok "list-id-stable ($pat)"
	else
		notok "list-id-stable ($pat)" "plain -l [$line], -l -i $id [$got]"
	fi
	# a description naming another provider first does not move it
	got=$("$USDTRACE" -l -n 'rawtp:::sched_w*' -i "$id" 2>&1 | awk -v id="$id" '$1 == id')
	if [ -n "$id" ] && [ "$got" = "$line" ]; then
		ok "list-id-stable-with-desc ($pat)"
	else
		notok "list-id-stable-with-desc ($pat)" "plain -l [$line], with a description [$got]"
	fi
done

# the providers dtrace -l lists here, usdtrace -l lists too
if have_oracle_dtrace list-providers-vs-dtrace; then
	timeout -s KILL 60 "$ORACLE_DTRACE" -l 2>/dev/null | awk 'NR > 1 { print $2 }' | sort -u >"$W/dp"
	awk 'NR > 1 { print $2 }' "$W/all" | sort -u >"$W/up"
	if [ -s "$W/dp" ] && [ -z "$(comm -23 "$W/dp" "$W/up")" ]; then
		ok list-providers-vs-dtrace
	else
		notok list-providers-vs-dtrace "dtrace only: $(comm -23 "$W/dp" "$W/up" | tr '\n' ' ')"
	fi
fi
