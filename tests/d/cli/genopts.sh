# genopts.sh — command lines from a generated sweep of dtrace's option table (tests/sh/genopts.sh,
# genopts_gen.py: every option given by -x, by #pragma D option and by setopt(), with values of
# every kind): each expectation is what /opt/oracle-dtrace/sbin/dtrace prints for the same line.
# shellcheck disable=SC2016 # D text in single quotes

# -e stops once the programs compile (dtrace(1): "Compile the requested D programs ... but do
# not enable them"), so a size option too small for what the program keeps (aggsize, dynvarsize:
# dtrace_go's "Enabling exceeds size of buffer") is never looked at: dtrace exits 0, silent.
cli_run e_aggsize_too_small 0 '' '' "$USDTRACE" -e -x aggsize=7 -n 'BEGIN { @ = count(); }'
cli_run e_dynvarsize_too_small 0 '' '' "$USDTRACE" -e -x dynvarsize=1 -n 'BEGIN { x[1] = 1; }'
printf '#pragma D option aggsize=7\nBEGIN\n{\n\t@a = max(10);\n\texit(0);\n}\n' >agg7.d
cli_run e_aggsize_pragma 0 '' '' "$USDTRACE" -e -s agg7.d
# without -e, the refusal follows the "matched" notice, as before
if cli_needs_root aggsize_pragma_refused; then
	cli_run aggsize_pragma_refused 1 '' \
		"usdtrace: script 'agg7.d' matched 1 probe\nusdtrace: could not enable tracing: Enabling exceeds size of buffer\n" \
		"$USDTRACE" -s agg7.d
fi

# aggsortkeypos and aggsortpos take any number a 64-bit option holds (dtrace's dt_opt_runtime
# bounds none); a position past the last key or aggregation sorts as position 0 does.
if cli_needs_root aggsortkeypos_past_32_bits; then
	cli_run aggsortkeypos_past_32_bits 0 '\n        1        2                1\n        2        1                2\n' '' \
		"$USDTRACE" -x aggsortkey -x aggsortkeypos=4294967297 \
		-qn 'BEGIN { @[1, 2] = count(); @[2, 1] = count(); @[2, 1] = count(); exit(0); }'
fi
if cli_needs_root aggsortpos_past_31_bits; then
	cli_run aggsortpos_past_31_bits 0 '\n        1                1\n        2                2\n' '' \
		"$USDTRACE" -x aggsortpos=2147483648 \
		-qn 'BEGIN { @[1] = count(); @[2] = count(); @[2] = count(); exit(0); }'
fi
