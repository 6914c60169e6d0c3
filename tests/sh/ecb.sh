#!/bin/sh
# tier: fast
# ecb.sh — -l of the descriptions of a command line, as dtrace lists them: description by
# description (a probe two descriptions select is listed twice), newest probe first when a
# field of the description is a plain name (dtrace looks it up in that field's hash, whose
# chains hold the newest probe first), in id order when every field is a pattern or empty.
# Each expectation is DTrace for Linux's output for the same command line.
. "$TOP/tests/sh/lib.sh"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

hdr=$(printf '%5s %10s %17s %33s %s' ID PROVIDER MODULE FUNCTION NAME)
line() { printf '%5s %10s %17s %33s %s' "$1" dtrace "" "" "$2"; }
B=$(line 1 BEGIN) E=$(line 2 END) R=$(line 3 ERROR)
nl='
'
check() { # NAME WANT-STDOUT ARGS...
	name=$1 want=$2
	shift 2
	"$USDTRACE" "$@" >"$w/out" 2>"$w/err"
	rc=$?
	if [ $rc -ne 0 ]; then
		notok "$name" "exit $rc: $(cat "$w/err")"
	elif [ "$(cat "$w/out")" != "$want" ]; then
		notok "$name" "got [$(tr '\n' ';' <"$w/out")] want [$(echo "$want" | tr '\n' ';')]"
	else
		ok "$name"
	fi
}

# dtrace -ln 'dtrace:::'  ->  ERROR, END, BEGIN
check list_plain_provider "$hdr$nl$R$nl$E$nl$B" -ln 'dtrace:::'
# dtrace -ln 'dtrace:::*N*'  ->  END, BEGIN
check list_plain_provider_glob_name "$hdr$nl$E$nl$B" -ln 'dtrace:::*N*'
# dtrace -lP dtrace  ->  ERROR, END, BEGIN
check list_P "$hdr$nl$R$nl$E$nl$B" -lP dtrace
# dtrace -ln 'dtrac?:::'  ->  BEGIN, END, ERROR (patterns only: id order)
check list_patterns_only "$hdr$nl$B$nl$E$nl$R" -ln 'dtrac?:::'
# dtrace -ln BEGIN -n BEGIN  ->  BEGIN twice
check list_twice "$hdr$nl$B$nl$B" -ln BEGIN -n BEGIN
# dtrace -ln 'BEGIN, BEGIN'  ->  BEGIN twice
check list_twice_one_arg "$hdr$nl$B$nl$B" -ln 'BEGIN, BEGIN'
# dtrace -l -i 2 -i 1  ->  END, BEGIN
check list_ids_in_order "$hdr$nl$E$nl$B" -l -i 2 -i 1
# dtrace -ln 'END' -n 'BEGIN'  ->  END, BEGIN
check list_descs_in_order "$hdr$nl$E$nl$B" -ln END -n BEGIN
# dtrace -ln 'BEGIN /1/ { exit(0); } END'  ->  BEGIN, END (a predicate is no file path)
check list_clause_with_predicate "$hdr$nl$B$nl$E" -ln 'BEGIN /1/ { exit(0); } END'

# -l makes the profile probe a literal name describes (dtrace -ln 'profile:::tick-1sec' lists
# "profile tick-1sec" with a new id, exit 0); the id is ours, so only the names are compared
for n in tick-1sec tick-999 profile-97hz; do
	"$USDTRACE" -ln "profile:::$n" >"$w/out" 2>"$w/err"
	rc=$?
	got=$(awk 'NR == 2 { print $2, $NF }' "$w/out")
	if [ $rc -eq 0 ] && [ "$got" = "profile $n" ] && [ "$(wc -l <"$w/out")" -eq 2 ]; then
		ok "list_provides_$n"
	else
		notok "list_provides_$n" "exit $rc [$(tr '\n' ';' <"$w/out")] $(cat "$w/err")"
	fi
done
