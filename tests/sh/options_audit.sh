#!/bin/sh
# tier: full
# options_audit.sh — options of dtrace's table from the command line (-x) and from
# `#pragma D option`, each with DTrace for Linux's behaviour as the expectation (exit status
# and the whole of stderr, recorded from /opt/oracle-dtrace/sbin/dtrace on this machine):
# bpflogsize, cpppath, cpphdrs, knodefs, dtypes, switchrate, core, linkmode, ctfpath, ldpath,
# bufsize too small for the program (0, 1, an empty value), aggsize and dynvarsize too small
# for one entry, maxframes/stackframes of 0, scratchsize 0, invalid values and their messages,
# and the order of dtrace's checks in a pragma (an invalid value before "Option cannot be used
# from within a D program"). Not here: `-x core` alone, with which dtrace aborts to dump core
# at exit (a libdtrace debugging aid usdtrace does not copy).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip options_audit "needs root"
	exit 0
fi
# HOW|OPTION|PROGRAM|EXIT|STDERR (lines joined with ~, without the leading "PROG: ")
while IFS='|' read -r how opt prog rc err; do
	if [ "$how" = x ]; then
		# in the scratch directory: ctypes/dtypes create their file where they are
		(cd "$W" && timeout 30 "$U" -q -x "$opt" -n "$prog" >"$W/o" 2>"$W/e")
		r=$?
	else
		printf '#pragma D option %s\n%s\n' "$opt" "$prog" >"$W/p.d"
		(cd "$W" && timeout 30 "$U" -q -s p.d >"$W/o" 2>"$W/e")
		r=$?
	fi
	got=$(sed 's/^usdtrace: //' "$W/e" | tr '\n' '~')
	name="options-$how-$(printf '%s' "$opt" | tr -c 'a-z0-9\n' '_')"
	if [ "$r" = "$rc" ] && [ "$got" = "$err" ]; then
		ok "$name"
	else
		notok "$name" "want exit $rc [$err], got $r [$got]"
	fi
done <<'CASES'
x|bpflogsize=100|BEGIN { exit(0); }|0|
pragma|bpflogsize=100|BEGIN { exit(0); }|0|
x|bpflogsize=0|BEGIN { exit(0); }|0|
pragma|bpflogsize=0|BEGIN { exit(0); }|0|
x|bpflogsize|BEGIN { exit(0); }|0|
pragma|bpflogsize|BEGIN { exit(0); }|0|
x|bpflogsize=foo|BEGIN { exit(0); }|1|failed to set -x bpflogsize: Invalid value for specified option~
pragma|bpflogsize=foo|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'bpflogsize' to 'foo': Invalid value for specified option~
x|cpppath=/nonexistent/cpp|BEGIN { exit(0); }|0|
pragma|cpppath=/nonexistent/cpp|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'cpppath' to '/nonexistent/cpp': Option cannot be used from within a D program~
x|cpppath|BEGIN { exit(0); }|1|failed to set -x cpppath: Invalid value for specified option~
pragma|cpppath|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'cpppath': Invalid value for specified option~
x|cpphdrs|BEGIN { exit(0); }|0|
pragma|cpphdrs|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'cpphdrs': Option cannot be used from within a D program~
x|cpphdrs=1|BEGIN { exit(0); }|1|failed to set -x cpphdrs: Invalid value for specified option~
pragma|cpphdrs=1|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'cpphdrs' to '1': Invalid value for specified option~
x|knodefs|BEGIN { exit(0); }|0|
pragma|knodefs|BEGIN { exit(0); }|0|
x|knodefs=1|BEGIN { exit(0); }|1|failed to set -x knodefs: Invalid value for specified option~
pragma|knodefs=1|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'knodefs' to '1': Invalid value for specified option~
x|dtypes|BEGIN { exit(0); }|1|failed to set -x dtypes: Invalid value for specified option~
pragma|dtypes|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'dtypes': Invalid value for specified option~
x|dtypes=1|BEGIN { exit(0); }|0|
pragma|dtypes=1|BEGIN { exit(0); }|0|
x|switchrate=10hz|BEGIN { exit(0); }|0|
pragma|switchrate=10hz|BEGIN { exit(0); }|0|
x|switchrate=0|BEGIN { exit(0); }|0|
pragma|switchrate=0|BEGIN { exit(0); }|0|
x|switchrate|BEGIN { exit(0); }|0|
pragma|switchrate|BEGIN { exit(0); }|0|
x|switchrate=foo|BEGIN { exit(0); }|1|failed to set -x switchrate: Invalid value for specified option~
pragma|switchrate=foo|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'switchrate' to 'foo': Invalid value for specified option~
x|core=/tmp/x|BEGIN { exit(0); }|1|failed to set -x core: Invalid value for specified option~
pragma|core=/tmp/x|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'core' to '/tmp/x': Invalid value for specified option~
x|linkmode=static|BEGIN { exit(0); }|0|
pragma|linkmode=static|BEGIN { exit(0); }|0|
x|linkmode=bogus|BEGIN { exit(0); }|1|failed to set -x linkmode: Invalid value for specified option~
pragma|linkmode=bogus|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'linkmode' to 'bogus': Invalid value for specified option~
x|linkmode|BEGIN { exit(0); }|1|failed to set -x linkmode: Invalid value for specified option~
pragma|linkmode|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'linkmode': Invalid value for specified option~
x|ctfpath=/x|BEGIN { exit(0); }|0|
pragma|ctfpath=/x|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'ctfpath' to '/x': Option cannot be used from within a D program~
x|ctfpath|BEGIN { exit(0); }|1|failed to set -x ctfpath: Invalid value for specified option~
pragma|ctfpath|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'ctfpath': Invalid value for specified option~
x|ldpath=/x|BEGIN { exit(0); }|0|
pragma|ldpath=/x|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'ldpath' to '/x': Option cannot be used from within a D program~
x|ldpath|BEGIN { exit(0); }|1|failed to set -x ldpath: Invalid value for specified option~
pragma|ldpath|BEGIN { exit(0); }|1|failed to compile script p.d: line 1: failed to set option 'ldpath': Invalid value for specified option~
x|bufsize=1|BEGIN { exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
pragma|bufsize=1|BEGIN { exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
x|bufsize=0|BEGIN { exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
pragma|bufsize=0|BEGIN { exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
x|bufsize=|BEGIN { exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
pragma|bufsize=|BEGIN { exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
x|bufsize=1g|BEGIN { exit(0); }|0|
pragma|bufsize=1g|BEGIN { exit(0); }|0|
x|aggsize=0|BEGIN { @a = count(); exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
pragma|aggsize=0|BEGIN { @a = count(); exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
x|dynvarsize=0|BEGIN { x[1] = 2; exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
pragma|dynvarsize=0|BEGIN { x[1] = 2; exit(0); }|1|could not enable tracing: Enabling exceeds size of buffer~
x|maxframes=0|BEGIN { exit(0); }|0|
pragma|maxframes=0|BEGIN { exit(0); }|0|
x|stackframes=0|BEGIN { exit(0); }|0|
pragma|stackframes=0|BEGIN { exit(0); }|0|
x|scratchsize=0|BEGIN { exit(0); }|0|
pragma|scratchsize=0|BEGIN { exit(0); }|0|
x|statusrate|BEGIN { exit(0); }|0|
pragma|statusrate|BEGIN { exit(0); }|0|
CASES
