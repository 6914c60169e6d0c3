# gencli.sh — command lines from a generated differential sweep (seeded random combinations
# of dtrace's options, operands and small programs, each run on usdtrace and on DTrace for
# Linux): each expectation is what /opt/oracle-dtrace/sbin/dtrace prints for the same line.
# shellcheck disable=SC2016,SC2154 # D text in single quotes; cli_lib.sh sets cli_why

# cli_usage CASE WANT_FIRST_LINE COMMAND...: a usage error: exit 2, nothing on stdout, the
# given first line on stderr followed by the usage ("Usage: PROG [-32|-64] ...").
cli_usage() {
	_case=$1 _first=$2
	shift 2
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$@" >"$W/.out" 2>"$W/.err" </dev/null
	_rc=$?
	if [ $_rc -ne 2 ]; then
		cli_notok "$_case" "exit $_rc, want 2: $(head -n 1 "$W/.err")"
	elif [ -s "$W/.out" ]; then
		cli_notok "$_case" "stdout not empty: $(head -n 1 "$W/.out")"
	elif [ "$(head -n 1 "$W/.err")" != "$_first" ]; then
		cli_notok "$_case" "stderr [$(head -n 1 "$W/.err")], want [$_first]"
	elif ! sed -n 2p "$W/.err" | grep -q '^Usage: [^ ]* \[-32|-64\] \[-CeFGhHlqSvVwZ\]'; then
		cli_notok "$_case" "no usage after the first line"
	else
		cli_ok "$_case"
	fi
}

# dtrace reads every option before it looks at how many of -G, -h, -l, -V were given (its
# first pass over argv): an unknown option or a missing argument anywhere on the line is the
# usage error, even after a second mode letter.
cli_usage modes_then_unknown "usdtrace: invalid option -- 'Y'" "$USDTRACE" -l -l -Y
cli_usage modes_then_missing "usdtrace: option requires an argument -- 'x'" "$USDTRACE" -l -h -x
cli_usage modes_then_bad_32 'usdtrace: illegal option -- 32x' "$USDTRACE" -G -l -32x
cli_run modes_two_then_option 2 '' 'usdtrace: only one of the [-GhlV] options can be specified at a time\n' \
	"$USDTRACE" -l -V -q

# -a and -A are among dtrace's option letters (its getopt string) but do nothing in DTrace for
# Linux: the program runs as without them.
cli_needs_root opt_a && cli_run opt_a 0 '1\n' '' "$USDTRACE" -a -qn 'BEGIN { trace(1); exit(0); }'
cli_needs_root opt_A && cli_run opt_A 0 '2\n' '' "$USDTRACE" -A -w -qn 'BEGIN { trace(2); exit(0); }'

# -p is looked at once the options are set (dtrace grabs processes in a later pass): an option
# that cannot be set, or a second mode letter, wins over a pid that is not one.
cli_run p_after_x 1 '' 'usdtrace: failed to set -x nosuch: Invalid option name\n' \
	"$USDTRACE" -p abc -x nosuch -n BEGIN
cli_run p_after_modes 2 '' 'usdtrace: only one of the [-GhlV] options can be specified at a time\n' \
	"$USDTRACE" -p abc -l -l
# a number strtol cannot hold is not a pid
cli_run p_overflow 1 '' 'usdtrace: invalid pid: 99999999999999999999\n' \
	"$USDTRACE" -p 99999999999999999999 -n BEGIN

# A description that starts with a digit is a probe id, read as an integer constant of D:
# 0x hexadecimal, 0 octal (8 and 9 are invalid digits there), u/l suffixes.
cli_run id_hex_P 1 '' 'usdtrace: invalid probe specifier 0x10: probe identifier 16 not permitted when specifying providers\n' \
	"$USDTRACE" -e -P 0x10
cli_run id_octal_m 1 '' 'usdtrace: invalid probe specifier 010: probe identifier 8 not permitted when specifying modules\n' \
	"$USDTRACE" -e -m 010
cli_run id_octal_bad_digit 1 '' 'usdtrace: invalid probe specifier 08: constant 08 contains invalid digit 8\n' \
	"$USDTRACE" -e -P 08
cli_run id_hex_list 0 '   ID   PROVIDER            MODULE                          FUNCTION NAME\n    1     dtrace                                                     BEGIN\n' '' \
	"$USDTRACE" -l -i 0x1

# Option values are read as libdtrace reads numbers (strtoull, base 0): blanks and a '+' may
# come first, and a value without digits is 0 (a size of "k" is 0 KiB, a rate of "hz" none);
# a negative number is refused.
cli_run x_size_no_digits 0 '' '' "$USDTRACE" -x bufsize=k -qe -n BEGIN
cli_run x_size_blank 0 '' '' "$USDTRACE" -x 'dynvarsize=  1m' -qe -n BEGIN
cli_run x_size_plus 0 '' '' "$USDTRACE" -x bufsize=+4k -qe -n BEGIN
cli_run x_rate_blank 0 '' '' "$USDTRACE" -x 'switchrate= 5s' -qe -n BEGIN
cli_run x_rate_hz_alone 0 '' '' "$USDTRACE" -x switchrate=hz -qe -n BEGIN
cli_run x_runtime_blank 0 '' '' "$USDTRACE" -x 'nspec= 3' -qe -n BEGIN
cli_run x_size_negative 1 '' 'usdtrace: failed to set -x bufsize: Invalid value for specified option\n' \
	"$USDTRACE" -x bufsize=-1 -qe -n BEGIN

# An argument no program uses is reported before an empty program (dtrace checks the macro
# arguments first), at the line the script ends on.
: >empty.d
printf '/* only a comment */\n' >comment.d
cli_run empty_extraneous 1 '' "usdtrace: failed to compile script empty.d: line 1: extraneous argument '0x10' (\$1 is not referenced)\n" \
	"$USDTRACE" -s empty.d 0x10
cli_run empty_extraneous_last 1 '' "usdtrace: failed to compile script comment.d: line 2: extraneous argument '7' (\$2 is not referenced)\n" \
	"$USDTRACE" -s comment.d -e -- -q 7
# Under -C the line is the script's own, past cpp's line markers (cpp drops the comment
# with its line: line 1).
cli_run empty_cpp_line 1 '' 'usdtrace: failed to compile script empty.d: line 1: empty D program translation unit\n' \
	"$USDTRACE" -C -s empty.d
cli_run comment_cpp_line 1 '' 'usdtrace: failed to compile script comment.d: line 1: empty D program translation unit\n' \
	"$USDTRACE" -C -s comment.d

# pgmax, tree, tregs, iregs and useruid are read with atoi by dtrace: digits up to anything
# else (pgmax=3x is 3), blanks first; useruid takes any value (its negative test is on an
# unsigned uid_t), tregs must be above 0.
cli_run x_atoi_suffix 0 '' '' "$USDTRACE" -x pgmax=3x -qe -n BEGIN
cli_run x_atoi_blank 0 '' '' "$USDTRACE" -x 'tregs= 4' -qe -n BEGIN
cli_run x_useruid_any 0 '' '' "$USDTRACE" -x useruid=abc -qe -n BEGIN
cli_run x_useruid_negative 0 '' '' "$USDTRACE" -x useruid=-1 -qe -n BEGIN
cli_run x_tregs_zero 1 '' 'usdtrace: failed to set -x tregs: Invalid value for specified option\n' \
	"$USDTRACE" -x tregs=0 -qe -n BEGIN
