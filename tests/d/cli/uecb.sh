# uecb.sh — the command line around descriptions, as dtrace(8) has it. Expectations are DTrace
# for Linux's output for the same command lines (its name as invoked: usdtrace here).
#
# The usage (uecb_usage.txt: what `dtrace` with no arguments prints, its name written
# usdtrace): on a usage error, to stderr with exit 2, exactly; --help (usdtrace's own) prints
# it to stdout, exit 0, followed by the long options.
usage=$(cat "$TOP/tests/d/cli/uecb_usage.txt")
cli_run usage_no_arguments 2 '' "$usage\n" "$USDTRACE"
cli_run usage_bad_option 2 '' "usdtrace: invalid option -- 'Y'\n$usage\n" "$USDTRACE" -Y
cli_run usage_missing_argument 2 '' "usdtrace: option requires an argument -- 'n'\n$usage\n" \
	"$USDTRACE" -n
cli_run usage_help 0 "*" '' "$USDTRACE" --help
if head -n "$(wc -l <"$TOP/tests/d/cli/uecb_usage.txt")" "$W/.out" | cmp -s - "$TOP/tests/d/cli/uecb_usage.txt" &&
	grep -q '^	--version ' "$W/.out"; then
	cli_ok usage_help_text
else
	cli_notok usage_help_text "[$(head -n 1 "$W/.out")] not the usage and the long options"
fi

# One of -G, -h, -l, -V per command line, the same letter twice included (dtrace -l -l,
# dtrace -lV, dtrace -hG -s x.d: exit 2); a usage error before the second one comes first, and
# -V answers only after every option was read (dtrace -V -Y is a usage error).
modes="usdtrace: only one of the [-GhlV] options can be specified at a time\n"
cli_run mode_l_twice 2 '' "$modes" "$USDTRACE" -l -l -n BEGIN
cli_run mode_l_V 2 '' "$modes" "$USDTRACE" -lV
cli_run mode_V_V 2 '' "$modes" "$USDTRACE" -V -V
cli_run mode_h_G 2 '' "$modes" "$USDTRACE" -hG -s x.d
cli_run mode_V_then_usage 2 '' "usdtrace: invalid option -- 'Y'\n$usage\n" "$USDTRACE" -V -Y
cli_run mode_V_alone 0 'usdtrace: Oracle D 2.0\n' '' "$USDTRACE" -V -x nosuch

# -h and -G with nothing to compile (dtrace -h: exit 2), and -h from enablings with no -o
cli_run h_nothing 2 '' "usdtrace: -h requires one or more scripts or enabling options\n" \
	"$USDTRACE" -h
cli_run G_nothing 2 '' "usdtrace: -G requires one or more scripts or enabling options\n" \
	"$USDTRACE" -G
cli_run h_enablings_no_output 2 '' \
	"usdtrace: -h requires an output file if no scripts are specified\n" "$USDTRACE" -h -n BEGIN
