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

# -l compiles the program it lists (dtrace -l -s FILE): its errors end the listing, exit 1,
# nothing listed; a description that matches nothing stays a warning (exit 0).
printf 'BEGIN { trace(nosuchvar + 1); }\n' >undef.d
printf 'BEGIN { trace($1); exit(0); }\n' >macro.d
printf 'nosuch:::probe { }\n' >nomatch.d
hdr='   ID   PROVIDER            MODULE                          FUNCTION NAME\n'
begin='    1     dtrace                                                     BEGIN\n'
cli_run list_script_undefined_variable 1 '' \
	"usdtrace: failed to compile script undef.d: line 1: failed to resolve nosuchvar: Unknown variable name\n" \
	"$USDTRACE" -l -s undef.d
cli_run list_script_macro_undefined 1 '' \
	"usdtrace: failed to compile script macro.d: line 1: macro argument \$1 is not defined\n" \
	"$USDTRACE" -l -s macro.d
cli_run list_script_macro_given 0 "$hdr$begin" '' "$USDTRACE" -l -s macro.d 5
cli_run list_script_no_match 0 "$hdr" \
	"usdtrace: failed to match nosuch:::probe: No probe matches description\n" \
	"$USDTRACE" -l -s nomatch.d
cli_run list_n_type_error 1 '' \
	'usdtrace: invalid probe specifier BEGIN { x = 1; } BEGIN { x = "s"; }: in action list: operands have incompatible types: "int" = "string"\n' \
	"$USDTRACE" -ln 'BEGIN { x = 1; } BEGIN { x = "s"; }'
cli_run list_n_args_range 1 '' \
	'usdtrace: invalid probe specifier BEGIN { trace(args[0]); }: in action list: index 0 is out of range for :::BEGIN args[ ]\n' \
	"$USDTRACE" -ln 'BEGIN { trace(args[0]); }'
cli_run list_second_n_undefined 1 '' \
	'usdtrace: invalid probe specifier END { trace(nosuch2); }: in action list: failed to resolve nosuch2: Unknown variable name\n' \
	"$USDTRACE" -ln 'BEGIN { exit(0); }' -n 'END { trace(nosuch2); }'
cli_run list_pid_target_without_target 1 '' \
	'usdtrace: invalid probe specifier pid$target:::entry: pid0 does not contain a valid pid\n' \
	"$USDTRACE" -ln 'pid$target:::entry'

# An argument with nothing but blanks and comments is an empty program, listed or traced
# (dtrace -n '' and dtrace -ln ' /* c */ ': exit 1)
cli_run empty_n 1 '' 'usdtrace: invalid probe specifier : empty D program translation unit\n' \
	"$USDTRACE" -n ''
cli_run empty_m_comment 1 '' \
	'usdtrace: invalid probe specifier  /* c */ : empty D program translation unit\n' \
	"$USDTRACE" -m ' /* c */ ' -n 'BEGIN { exit(0); }'
cli_run empty_list 1 '' 'usdtrace: invalid probe specifier : empty D program translation unit\n' \
	"$USDTRACE" -ln ''

# A -n argument of declarations alone is an empty program too (dtrace -n 'int x;': exit 1)
cli_run empty_n_declaration 1 '' 'usdtrace: invalid probe specifier int x;: empty D program translation unit\n' \
	"$USDTRACE" -n 'int x;'

# -c of a command that cannot be run and -p of a number that is no process: libproc's "No
# such process" (dtrace -c /nonexistent/cmd, -c '', -c /etc/passwd, -p 0, -p -5: exit 1);
# -p of what is not a number: "invalid pid"
cli_run c_nonexistent 1 '' 'usdtrace: No such process\n' "$USDTRACE" -c /nonexistent/cmd -n BEGIN
cli_run c_empty 1 '' 'usdtrace: No such process\n' "$USDTRACE" -c '' -n BEGIN
cli_run c_not_executable 1 '' 'usdtrace: No such process\n' "$USDTRACE" -c /etc/passwd -n BEGIN
cli_run p_zero 1 '' 'usdtrace: No such process\n' "$USDTRACE" -p 0 -n BEGIN
cli_run p_negative 1 '' 'usdtrace: No such process\n' "$USDTRACE" -p -5 -n BEGIN
cli_run p_zero_list 1 '' 'usdtrace: No such process\n' "$USDTRACE" -p 0 -l
cli_run p_not_a_number 1 '' 'usdtrace: invalid pid: 12abc\n' "$USDTRACE" -p 12abc -n BEGIN

# In a description argument a description may follow another without a comma: the first is a
# clause without a body (dtrace -qn 'BEGIN BEGIN { ... }' runs both enablings, the bare one's
# default action printing its empty line; -ln 'BEGIN END ERROR' lists the three); a word
# after a description is read as one (dtrace -n 'BEGIN x = 1' fails at the `=`)
if cli_needs_root desc_after_desc; then
	cli_run desc_after_desc 0 'x\n\n' '' "$USDTRACE" -qn 'BEGIN BEGIN { printf("x\n"); exit(0); }'
fi
cli_run list_desc_after_desc 0 "$hdr$begin    2     dtrace                                                     END\n    3     dtrace                                                     ERROR\n" '' \
	"$USDTRACE" -ln 'BEGIN END ERROR'
cli_run word_after_desc 1 '' 'usdtrace: invalid probe specifier BEGIN x = 1: syntax error near "="\n' \
	"$USDTRACE" -qn 'BEGIN x = 1'

# -l's check of the program it lists runs what tracing runs before type checking: a formula
# probe's guard reads what its companion clause assigns (lockstat's adaptive-acquire-error
# reads self->_lockstat_ts), so the companions are added first (it failed: "has not yet been
# declared or assigned")
cli_run list_formula_companion 0 '*' '' "$USDTRACE" -lv -n 'lockstat:::adaptive-acquire-error'
