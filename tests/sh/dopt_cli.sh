#!/bin/sh
# tier: fast
# dopt_cli.sh — dtrace options on the command line (-x, -b, -q, -w, -F, -Z, -C): an option that
# cannot be set stops every mode (-l, -h, -V excepted) with libdtrace's message and exit 1, in
# command-line order, after usage errors; valid options change nothing else.
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

. "$TOP/tests/sh/lib.sh"
EXPECT_FAIL_QUIET=1 # exit 1, exactly that stderr, nothing on stdout

P=usdtrace
expect_fail x_unknown "$P: failed to set -x foo: Invalid option name" "$USDTRACE" -x foo -l
expect_fail x_unknown_value "$P: failed to set -x foo: Invalid option name" "$USDTRACE" -x foo=1 -l
expect_fail x_bad_unit "$P: failed to set -x bufsize: Invalid value for specified option" \
	"$USDTRACE" -x bufsize=4q -l
# (an empty size is 0, which dtrace takes: options_audit.sh has it; a negative one is refused)
expect_fail x_negative_size "$P: failed to set -x bufsize: Invalid value for specified option" \
	"$USDTRACE" -x bufsize=-1 -l
expect_fail x_bad_rate_unit "$P: failed to set -x switchrate: Invalid value for specified option" \
	"$USDTRACE" -x switchrate=10hertz -l
expect_fail x_flag_value "$P: failed to set -x zdefs: Invalid value for specified option" \
	"$USDTRACE" -x zdefs=1 -l
expect_fail x_strsize_overflow "$P: failed to set -x strsize: Value too large for defined data type" \
	"$USDTRACE" -x strsize=5g -l
expect_fail x_bad_enum "$P: failed to set -x bufpolicy: Invalid value for specified option" \
	"$USDTRACE" -x bufpolicy=circular -l
expect_fail b_bad "$P: failed to set -b 12x: Invalid value for specified option" \
	"$USDTRACE" -b 12x -l
# The rest of dtrace's table: values checked as dtrace checks them.
expect_fail x_stdc "$P: failed to set -x stdc: Invalid value for specified option" \
	"$USDTRACE" -x stdc=X -l
expect_fail x_strsize_min "$P: failed to set -x strsize: Invalid value for specified option" \
	"$USDTRACE" -x strsize=1 -l
expect_fail x_iregs_few "$P: failed to set -x iregs: Insufficient registers to generate code" \
	"$USDTRACE" -x iregs=7 -l
expect_fail x_version "$P: failed to set -x version: Requested version is not supported by compiler" \
	"$USDTRACE" -x version=9.9 -l
expect_fail x_path_needs_value "$P: failed to set -x ldpath: Invalid value for specified option" \
	"$USDTRACE" -x ldpath -l
# -e with nothing to compile is success.
if "$USDTRACE" -64 -b 1k -b 2k -e >"$w/out" 2>&1 && [ ! -s "$w/out" ]; then
	echo "ok - e_without_program"
else
	echo "not ok - e_without_program: $(cat "$w/out")"
fi
# -x define, undef and incdir reach cpp as -D, -U and -I do; cppargs splits into words.
mkdir -p "$w/inc"
echo '#define FROM_HEADER 5' >"$w/inc/h.h"
printf '#include "h.h"\nBEGIN { exit(VALUE + FROM_HEADER); }\n#ifdef __linux\n#error linux\n#endif\n' >"$w/cpp.d"
if "$USDTRACE" -C -x define=VALUE=1 -x undef=__linux -x incdir="$w/inc" -x cppargs='-DA -DB' \
	-e -s "$w/cpp.d" >"$w/out" 2>&1 && [ ! -s "$w/out" ]; then
	echo "ok - x_cpp_options"
else
	echo "not ok - x_cpp_options: $(cat "$w/out")"
fi
# A program may not set the preprocessor's or the compiler's paths.
printf '#pragma D option ldpath=/x\nBEGIN { exit(0); }\n' >"$w/ld.d"
expect_fail pragma_ldpath "$P: failed to compile script $w/ld.d: line 1: failed to set option 'ldpath' to '/x': Option cannot be used from within a D program" \
	"$USDTRACE" -e -s "$w/ld.d"
# -V: dtrace's form, whose last word -x version accepts
if [ "$("$USDTRACE" -V)" = "$P: Oracle D 2.0" ] && "$USDTRACE" -x version=2.0 -e -n BEGIN; then
	echo "ok - version_round_trip"
else
	echo "not ok - version_round_trip"
fi

# -x debug: the compiler's steps as "usdtrace DEBUG <ns>: ..." lines on stderr.
if "$USDTRACE" -x debug -e -n 'BEGIN { exit(0); }' 2>"$w/err" >/dev/null &&
	awk '$2 == "DEBUG" && int($3) > 0 { n++ } END { exit(n > 0 ? 0 : 1) }' "$w/err"; then
	echo "ok - x_debug"
else
	echo "not ok - x_debug: $(head -3 "$w/err")"
fi
# -x bpflog (or the pragma): the verifier's log of every program, as "BPF: " lines (it loads
# a program: not in the fast tier).
if [ "$(id -u)" = 0 ] && [ "${TIER:-full}" = full ]; then
	printf '#pragma D option bpflog\nBEGIN { exit(0); }\n' >"$w/log.d"
	if "$USDTRACE" -q -s "$w/log.d" 2>"$w/err" >/dev/null && grep -q '^BPF: processed ' "$w/err"; then
		echo "ok - bpflog"
	else
		echo "not ok - bpflog: $(head -3 "$w/err")"
	fi
fi

# The first bad option in command-line order is the one reported.
expect_fail first_wins "$P: failed to set -b -1: Invalid value for specified option" \
	"$USDTRACE" -x quiet -b -1 -x nosuch -l
# -h and -G are checked too, before they read the provider file.
expect_fail h_mode "$P: failed to set -x nosuch: Invalid option name" \
	"$USDTRACE" -x nosuch -h -s "$w/absent.d"

# A usage error comes first (exit 2), as in dtrace's first pass.
"$USDTRACE" -x foo -Y >/dev/null 2>"$w/err"
rc=$?
if [ $rc -eq 2 ] && grep -q '^Usage:' "$w/err" && ! grep -q 'failed to set' "$w/err"; then
	echo "ok - usage_before_options"
else
	echo "not ok - usage_before_options: exit $rc: $(head -2 "$w/err")"
fi

# -V reports the version whatever the options, as dtrace does.
if out=$("$USDTRACE" -x foo -V 2>&1) && [ "$out" = "$P: Oracle D 2.0" ]; then
	echo "ok - version_ignores_options"
else
	echo "not ok - version_ignores_options: [$out]"
fi

# Valid options, every form, leave -l's output and status exactly as without them.
elf=/usr/bin/python3.11
[ -r "$elf" ] || elf=$USDTRACE
"$USDTRACE" -l -m "$elf" >"$w/plain.out" 2>"$w/plain.err"
rc0=$?
"$USDTRACE" -x bufsize=4m -x switchrate=10hz -x quiet -x quiet=no -x bufpolicy=ring \
	-x stackframes=30 -x strsize=1k -x zdefs -x verbose -x cpu=0 -q -w -F -Z -C -b 512k \
	-l -m "$elf" >"$w/opts.out" 2>"$w/opts.err"
rc1=$?
if [ $rc0 -ne $rc1 ]; then
	echo "not ok - valid_options_no_effect: exit $rc1, without options $rc0: $(cat "$w/opts.err")"
elif ! cmp -s "$w/plain.out" "$w/opts.out" || ! cmp -s "$w/plain.err" "$w/opts.err"; then
	echo "not ok - valid_options_no_effect: output differs"
elif [ $rc0 -eq 0 ] && [ ! -s "$w/plain.out" ]; then
	echo "not ok - valid_options_no_effect: empty listing"
else
	echo "ok - valid_options_no_effect"
fi
