#!/bin/sh
# tier: fast
# list_match.sh — probe descriptions filtering -l: -n/-P/-m/-f/-i, globs, "-" for "__",
# pid-qualified providers, several descriptions at once, and ELF files named by path.
# Expected sets come from the unfiltered listing and from readelf/addr2line (the witness).
. "$TOP/tests/progs/list/build.sh"
lp_setup
"$w/lp_main" "$w/ready" &
p=$!
bg="$p"
lp_wait_file "$w/ready" || { echo "not ok - start: test program did not start"; exit 1; }

"$USDTRACE" -l -p "$p" >"$w/all" 2>"$w/err" || { echo "not ok - full_listing: $(cat "$w/err")"; exit 1; }
# the USDT lines only: descriptions such as -n start also select kernel probes (proc:::start)
lp_usdt_only "$w/all" | tail -n +2 >"$w/all.body"
# the standing catalog's probes, the tracer's own and the kernel providers', numbered before
# any file's when the listing is by descriptions (a plain -l numbers every tracepoint first)
nbuiltin=$(awk 'NR > 1 && ($2 == "dtrace" || $2 == "cpc" || $2 == "profile" || $2 == "syscall" || $2 == "proc" ||
	$2 == "sched")' "$w/all" | wc -l)

# The lines of the full listing (ids included) whose "prov func name" satisfy an awk condition.
expect_where() {
	awk -v pid="$p" "{ prov = \$2; sub(pid \"\$\", \"\", prov); mod = \$3; func_ = \$4; name = \$5 }
		$1 { print }" "$w/all.body"
}

check() { # case-name awk-condition usdtrace-args...
	name=$1 cond=$2
	shift 2
	expect_where "$cond" >"$w/want"
	"$USDTRACE" -l -p "$p" "$@" >"$w/got" 2>"$w/err"
	rc=$?
	lp_usdt_only "$w/got" | tail -n +2 >"$w/got.body"
	# ids aside: a description selecting a D library's provider's probe (-n start: io:::start)
	# makes it first, and the USDT probes' ids move up
	cut -c6- "$w/got.body" >"$w/got.ids"
	if [ ! -s "$w/want" ]; then
		echo "not ok - $name: the test expects nothing (bad condition)"
	elif [ $rc -ne 0 ]; then
		echo "not ok - $name: exit $rc: $(cat "$w/err")"
	elif ! cut -c6- "$w/want" | cmp -s - "$w/got.ids"; then
		echo "not ok - $name: got [$(tr '\n' ';' <"$w/got.body")] want [$(tr '\n' ';' <"$w/want")]"
	else
		echo "ok - $name"
	fi
}

# the witness agrees about which functions hold function__entry
wf=$(lp_witness_probes "$w/lp_main" | awk '$3 == "function__entry" { print $2 }' | tr '\n' ' ')
if [ "$wf" = "lp_work lp_other " ]; then echo "ok - witness_functions"; else echo "not ok - witness_functions: [$wf]"; fi

check name_with_dash 'name == "function-entry"' -n function-entry
check name_with_underscores 'name == "function-entry"' -n function__entry
check name_glob_dash 'name ~ /^function-/' -n 'function-*'
check func_and_name 'func_ == "lp_work" && name == "function-entry"' -n 'lp_w?rk:function-entry'
check mod_func_name 'mod == "lp_main" && name == "start"' -n 'lp_main:main:start'
check four_fields_glob 'prov == "lptest" && func_ ~ /^lp_/' -n 'lpt*:lp_main:lp_*:'
check provider_plain 'prov == "lptest"' -P lptest
check provider_with_pid 'prov == "lptest"' -P "lptest$p"
# "lptest$1234" (a literal '$'): a macro variable dtrace does not know, in a description it
# compiles (dtrace -lP 'foo$123': "Undefined macro variable in probe description", exit 1)
"$USDTRACE" -l -p "$p" -P "lptest\$$p" >"$w/got" 2>"$w/err"
if [ $? -eq 1 ] && [ "$(cat "$w/err")" = "usdtrace: invalid probe specifier lptest\$$p: invalid probe description \"lptest\$$p\": Undefined macro variable in probe description" ]; then
	echo "ok - provider_with_dollar_pid"
else
	echo "not ok - provider_with_dollar_pid: $(cat "$w/err")"
fi
check provider_glob_over_pid 'prov ~ /^lp/' -P "lp*$p"
check module 'mod == "liblp.so"' -m liblp.so
check module_with_provider 'mod == "liblp.so"' -m 'lplib:liblp.*'
check module_bracket 'mod == "lp_main"' -m 'lp_[a-m]ain'
check function 'func_ == "lp_other"' -f lp_other
check function_negated_class 'func_ ~ /^lp_[^w]/' -f 'lp_[!w]*'
check function_mod 'mod == "liblp.so"' -f 'liblp.so:lp_lib_*'
check function_prov_mod 'func_ == "lp_lib_done"' -f 'lplib:liblp.so:*done'
check several_descs 'name == "start" || name == "lib-call"' -n start -n lib-call
check overlapping_descs 'prov == "lptest"' -P lptest -n start
sem_id=$(awk '$5 == "with-sem" { print $1 }' "$w/all.body")
check by_id 'name == "with-sem"' -i "$sem_id"
check id_and_desc 'name == "with-sem" || name == "lib-done"' -i "$sem_id" -n lib-done
# an empty description is an empty program (dtrace -ln '': exit 1)
"$USDTRACE" -l -p "$p" -n '' >"$w/got" 2>"$w/err"
if [ $? -eq 1 ] && [ "$(cat "$w/err")" = "usdtrace: invalid probe specifier : empty D program translation unit" ]; then
	echo "ok - empty_description"
else
	echo "not ok - empty_description: $(cat "$w/err")"
fi

# Another pid in the provider does not match this process.
"$USDTRACE" -l -p "$p" -P "lptest$((p + 1))" >/dev/null 2>"$w/err"
if [ $? -eq 0 ] && grep -q "failed to match lptest$((p + 1))::::" "$w/err"; then
	echo "ok - provider_other_pid"
else
	echo "not ok - provider_other_pid: $(cat "$w/err")"
fi

# ELF files named by path: no process, provider without a pid, module = basename.
lp_witness_probes "$w/lp_main" >"$w/wit_main"
"$USDTRACE" -l -m "$w/lp_main" >"$w/f" 2>"$w/err"
rc=$?
lp_listed_probes "$w/f" "" >"$w/f.got"
provs=$(awk 'NR > 1 { print $2 }' "$w/f" | sort -u)
mods=$(awk 'NR > 1 { print $3 }' "$w/f" | sort -u)
ids=$(awk 'NR > 1 { printf "%s ", $1 }' "$w/f")
if [ $rc -ne 0 ] || ! cmp -s "$w/wit_main" "$w/f.got"; then
	echo "not ok - file_by_path: exit $rc [$(tr '\n' ';' <"$w/f.got")] $(cat "$w/err")"
elif [ "$provs" != lptest ] || [ "$mods" != lp_main ] ||
	[ "$ids" != "$((nbuiltin + 1)) $((nbuiltin + 2)) $((nbuiltin + 3)) $((nbuiltin + 4)) " ]; then
	echo "not ok - file_by_path: providers [$provs] modules [$mods] ids [$ids]"
else
	echo "ok - file_by_path"
fi
"$USDTRACE" -l -n "lplib:$w/liblp.so::lib-done" >"$w/f" 2>"$w/err"
got=$(awk 'NR > 1 { print $2, $3, $4, $5 }' "$w/f")
if [ "$got" = "lplib liblp.so lp_lib_done lib-done" ]; then
	echo "ok - file_by_path_in_n"
else
	echo "not ok - file_by_path_in_n: [$got] $(cat "$w/err")"
fi
"$USDTRACE" -l -n "*:$w/liblp.so::nothing-here" >/dev/null 2>"$w/err"
if [ $? -eq 0 ] && grep -q "failed to match \*:$w/liblp.so::nothing-here: No probe matches description" "$w/err"; then
	echo "ok - file_by_path_no_match"
else
	echo "not ok - file_by_path_no_match: $(cat "$w/err")"
fi
