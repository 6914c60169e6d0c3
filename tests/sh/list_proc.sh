#!/bin/sh
# tier: fast
# list_proc.sh — `usdtrace -l` on running processes (-p), on -c children (dynamic and static),
# and over the whole machine, checked against readelf -n / addr2line as the witness.
. "$TOP/tests/progs/list/build.sh"
lp_setup

"$w/lp_main" "$w/ready1" &
p1=$!
bg="$bg $p1"
"$w/lp_main" "$w/ready2" &
p2=$!
bg="$bg $p2"
lp_wait_file "$w/ready1" && lp_wait_file "$w/ready2" || { echo "not ok - start: test program did not start"; exit 1; }

{ lp_witness_probes "$w/lp_main"; lp_witness_probes "$w/liblp.so"; } >"$w/expect"
hdr=$(printf '%5s %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME)

# -p: every probe of the program and of its library, once per function, in map order.
"$USDTRACE" -l -p "$p1" >"$w/out" 2>"$w/err"
rc=$?
lp_listed_probes "$w/out" "$p1" >"$w/got"
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then
	echo "not ok - p_lists_process: exit $rc: $(cat "$w/err")"
elif ! cmp -s "$w/expect" "$w/got"; then
	echo "not ok - p_lists_process: expected [$(tr '\n' ';' <"$w/expect")] got [$(tr '\n' ';' <"$w/got")]"
else
	echo "ok - p_lists_process"
fi

# The tracer's own probes come first, ids 1..18, in dtrace's layout.
lp_builtin_listing >"$w/builtin.want"
sed -n "2,$((LP_NBUILTIN + 1))p" "$w/out" >"$w/builtin.got"
if cmp -s "$w/builtin.want" "$w/builtin.got"; then
	echo "ok - builtin_probes_first"
else
	echo "not ok - builtin_probes_first: [$(tr '\n' ';' <"$w/builtin.got")]"
fi
lp_usdt_only "$w/out" >"$w/out_u"

# The header and every USDT line have dtrace's exact column layout.
bad=
[ "$(head -n 1 "$w/out")" = "$hdr" ] || bad="header is [$(head -n 1 "$w/out")]"
tail -n +2 "$w/out_u" | while read -r id prov mod func name; do
	want=$(printf '%5d %10s %17s %33s %s' "$id" "$prov" "$mod" "$func" "$name")
	line=$(grep -F -x -e "$want" "$w/out")
	[ -n "$line" ] || echo "line for id $id is not in dtrace's layout"
done >"$w/layout"
[ -s "$w/layout" ] && bad="$(head -n 1 "$w/layout")"
if [ -n "$bad" ]; then echo "not ok - dtrace_layout: $bad"; else echo "ok - dtrace_layout"; fi

# Ids run 1..N in output order; provider carries the pid; modules are basenames.
n=$(($(wc -l <"$w/out") - 1))
ids=$(awk 'NR > 1 { printf "%s ", $1 }' "$w/out")
want=$(seq 1 "$n" | tr '\n' ' ')
provs=$(awk 'NR > 1 { print $2 }' "$w/out_u" | sort -u | tr '\n' ' ')
mods=$(awk 'NR > 1 { print $3 }' "$w/out_u" | awk '!s[$0]++' | tr '\n' ' ')
if [ "$ids" != "$want" ]; then
	echo "not ok - ids_and_names: ids [$ids] expected [$want]"
elif [ "$provs" != "lplib$p1 lptest$p1 " ]; then
	echo "not ok - ids_and_names: providers [$provs]"
elif [ "$mods" != "lp_main liblp.so " ]; then
	echo "not ok - ids_and_names: modules in order [$mods]"
else
	echo "ok - ids_and_names"
fi

# Two sites of lptest:::function__entry in lp_work are one probe; readelf sees both sites.
sites=$(lp_witness_sites "$w/lp_main" | grep -c '^lptest lp_work function__entry$')
lines=$(grep -c "lptest$p1 .* lp_work function-entry\$" "$w/out")
if [ "$sites" -eq 2 ] && [ "$lines" -eq 1 ]; then
	echo "ok - sites_in_one_function_are_one_probe"
else
	echo "not ok - sites_in_one_function_are_one_probe: $sites sites, $lines lines"
fi

# Two -p: ordered by pid, both listed.
"$USDTRACE" -l -p "$p2" -p "$p1" >"$w/out2" 2>"$w/err"
first=$(lp_usdt_only "$w/out2" | awk 'NR == 2 { print $2 }')
lo=$p1
[ "$p2" -lt "$p1" ] && lo=$p2
c1=$(grep -c "lptest$p1 " "$w/out2")
c2=$(grep -c "lptest$p2 " "$w/out2")
if [ "$first" = "lptest$lo" ] && [ "$c1" -eq 4 ] && [ "$c2" -eq 4 ]; then
	echo "ok - two_pids_in_pid_order"
else
	echo "not ok - two_pids_in_pid_order: first [$first], counts $c1 $c2"
fi

# Listing everything finds the running test processes, with the same probes as -p, and takes
# well under a second (each distinct object is parsed once, however many processes map it).
t0=$(date +%s%N)
"$USDTRACE" -l >"$w/all" 2>"$w/err"
rc=$?
t1=$(date +%s%N)
ms=$(((t1 - t0) / 1000000))
grep " lptest$p1 \| lplib$p1 " "$w/all" | awk '{ $1 = ""; print }' >"$w/all1"
tail -n +2 "$w/out_u" | awk '{ $1 = ""; print }' >"$w/p1"
if [ $rc -ne 0 ]; then
	echo "not ok - list_all_finds_process: exit $rc: $(head -c 300 "$w/err")"
elif ! cmp -s "$w/all1" "$w/p1"; then
	echo "not ok - list_all_finds_process: [$(tr '\n' ';' <"$w/all1")] vs [$(tr '\n' ';' <"$w/p1")]"
elif [ "$(head -n 1 "$w/all")" != "$hdr" ]; then
	echo "not ok - list_all_finds_process: header"
elif [ "$ms" -ge 1000 ]; then
	echo "not ok - list_all_finds_process: took $ms ms"
else
	echo "ok - list_all_finds_process"
fi

# -c: the child is held before main with its libraries mapped, listed, then killed.
"$USDTRACE" -l -c "$w/lp_main $w/never-created" >"$w/c" 2>"$w/err"
rc=$?
cpid=$(lp_usdt_only "$w/c" | awk 'NR == 2 { p = $2; sub("^lptest", "", p); print p }')
lp_listed_probes "$w/c" "$cpid" >"$w/got"
if [ $rc -ne 0 ] || [ -s "$w/err" ]; then
	echo "not ok - c_lists_child_and_library: exit $rc: $(cat "$w/err")"
elif ! cmp -s "$w/expect" "$w/got"; then
	echo "not ok - c_lists_child_and_library: got [$(tr '\n' ';' <"$w/got")]"
elif [ -e "$w/never-created" ]; then
	echo "not ok - c_lists_child_and_library: main() ran"
elif [ -n "$cpid" ] && kill -0 "$cpid" 2>/dev/null; then
	echo "not ok - c_lists_child_and_library: child $cpid left behind"
else
	echo "ok - c_lists_child_and_library"
fi

# -c on a static executable.
if cc -static -O1 -I"$TOP/include" -o "$w/lp_static" "$TOP/tests/progs/list/lp_static.c" 2>"$w/err"; then
	"$USDTRACE" -l -c "$w/lp_static" >"$w/s" 2>"$w/err"
	rc=$?
	got=$(lp_usdt_only "$w/s" | awk 'NR > 1 { p = $2; sub("[0-9]+$", "", p); print p, $3, $4, $5 }')
	if [ $rc -eq 0 ] && [ "$got" = "lpstatic lp_static main static-start" ]; then
		echo "ok - c_static_executable"
	else
		echo "not ok - c_static_executable: exit $rc [$got] $(cat "$w/err")"
	fi
else
	echo "skip - c_static_executable: no static libc: $(head -c 200 "$w/err")"
fi
