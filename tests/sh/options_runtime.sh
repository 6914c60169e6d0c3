#!/bin/sh
# tier: full
# options_runtime.sh — options while tracing: setopt() of every kind of option (libdtrace's
# dt_setopt → dtrace_setopt: a compile-time option runs its handler, with "1" as the value of a
# toggle, and changes nothing; a run-time option that sizes what is loaded is "Operation illegal
# when tracing is active"; a dynamic one takes effect), and options from DTRACE_OPT_NAME
# environment variables, which the command line overrides. Expected exit status and stderr
# are DTrace for Linux's on this machine (/opt/oracle-dtrace/sbin/dtrace).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip options_runtime "needs root"
	exit 0
fi
E="error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't set option"
# The dynamic ones (dtrace's _dtrace_drtoptions: aggrate, aggsort*, flowindent, printsize, quiet,
# quietresize, rawbytes, stackindent, switchrate) change while tracing; every other run-time
# option, cleanrate and statusrate too, is refused before its value is looked at (found by the
# generated sweep, tests/sh/genopts.sh).
# NAME|SETOPT ARGUMENTS|STDERR (without the "usdtrace: " prefix; empty: none)
while IFS='|' read -r name args err; do
	timeout 30 "$U" -qn "BEGIN { setopt($args); exit(0); }" >"$W/o" 2>"$W/e"
	r=$?
	got=$(sed 's/^usdtrace: //' "$W/e")
	want=$(printf '%s' "$err" | sed "s/^E /$E /")
	if [ $r -eq 0 ] && [ "$got" = "$want" ]; then
		ok "setopt-$name"
	else
		notok "setopt-$name" "want exit 0 [$want], got $r [$got]"
	fi
done <<'CASES'
zdefs_toggle|"zdefs"|E "zdefs" to "1": Invalid value for specified option
zdefs_value|"zdefs", "x"|E "zdefs" to "x": Invalid value for specified option
cpppath|"cpppath", "/x"|
ldpath|"ldpath", "/x"|
version|"version", "1.0"|
linkmode_bad|"linkmode", "bogus"|E "linkmode" to "bogus": Invalid value for specified option
amin_bad|"amin", "foo"|E "amin" to "foo": Invalid value for specified option
dofstashpath|"dofstashpath", "/x"|
iregs_few|"iregs", "4"|E "iregs" to "4": Insufficient registers to generate code
lockmem|"lockmem", "1m"|E "lockmem" to "1m": Operation illegal when tracing is active
nosuch|"nosuch"|E "nosuch" to "1": Invalid option name
quiet|"quiet"|
statusrate|"statusrate", "1000"|E "statusrate" to "1000": Operation illegal when tracing is active
cleanrate_bad|"cleanrate", "x"|E "cleanrate" to "x": Operation illegal when tracing is active
quietresize|"quietresize"|
printsize|"printsize", "100"|
CASES

# A record's trace() keeps the format it began with while the next records follow setopt():
# not checked here (dtrace decides per pass over its buffer, which timing decides).

# DTRACE_OPT_QUIET=yes is -q; the command line's quiet=no undoes it.
out=$(DTRACE_OPT_QUIET=yes timeout 30 "$U" -n 'BEGIN { trace(1); exit(0); }' 2>"$W/e")
if [ "$out" = 1 ] && [ ! -s "$W/e" ]; then
	ok env_quiet
else
	notok env_quiet "[$out] [$(cat "$W/e")]"
fi
DTRACE_OPT_QUIET=yes timeout 30 "$U" -x quiet=no -n 'BEGIN { trace(1); exit(0); }' >"$W/o" 2>"$W/e"
if grep -q '^CPU' "$W/o" && grep -q "description 'BEGIN " "$W/e"; then
	ok env_quiet_overridden
else
	notok env_quiet_overridden "$(head -2 "$W/o") $(head -1 "$W/e")"
fi
# DTRACE_OPT_STRSIZE sets strsize; -x strsize after it wins (dtrace prints 100 and 64)
a=$(DTRACE_OPT_STRSIZE=100 timeout 30 "$U" -qn 'BEGIN { trace(sizeof(string)); exit(0); }' 2>&1)
b=$(DTRACE_OPT_STRSIZE=100 timeout 30 "$U" -x strsize=64 -qn 'BEGIN { trace(sizeof(string)); exit(0); }' 2>&1)
if [ "$a" = 100 ] && [ "$b" = 64 ]; then
	ok env_strsize
else
	notok env_strsize "[$a] [$b]"
fi
# An empty DTRACE_OPT_QUIET is "unset" (dt_opt_runtime), not quiet
DTRACE_OPT_QUIET= timeout 30 "$U" -n 'BEGIN { trace(1); exit(0); }' >"$W/o" 2>"$W/e"
if grep -q '^CPU' "$W/o"; then
	ok env_quiet_empty
else
	notok env_quiet_empty "$(head -2 "$W/o")"
fi

# printsize as dt_opt_printsize takes it: rounded up to 8 bytes (12 shows .d, the member at
# 12), and 0, nothing or more than 64 KiB is the default (8192: every member). dtrace prints
# the same members for each of these values.
cat >"$W/ps.d" <<'EOD'
struct s { int a; int b; int c; int d; int e; int f; };
BEGIN
{
	this->p = (struct s *)alloca(sizeof(struct s));
	this->p->a = 1; this->p->b = 2; this->p->c = 3;
	this->p->d = 4; this->p->e = 5; this->p->f = 6;
	print(this->p);
	exit(0);
}
EOD
for ps in 8:b 12:d 16:d 0:f =:f 100000:f; do
	v=${ps%%:*} last=${ps#*:}
	[ "$v" = "=" ] && v=
	timeout 30 "$U" -q -x "printsize=$v" -s "$W/ps.d" >"$W/o" 2>"$W/e"
	r=$?
	members=$(sed -n 's/^ *\.\([a-f]\) = (int)[0-9]*,$/\1/p' "$W/o" | tr -d '\n')
	want=$(printf 'abcdef' | sed "s/\(.*$last\).*/\1/")
	if [ $r -eq 0 ] && [ "$members" = "$want" ] && [ ! -s "$W/e" ]; then
		ok "printsize-${v:-empty}"
	else
		notok "printsize-${v:-empty}" "exit $r, members [$members] want [$want]: $(head -2 "$W/e")"
	fi
done
