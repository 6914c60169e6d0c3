# cmdline.sh — the dtrace command line by the book (the Dynamic Tracing Guide's "dtrace(1M)
# Utility", dtrace(8)), from a differential sweep of option letters and their combinations:
# each expectation is what DTrace for Linux prints for the same command line (observed by
# running /opt/oracle-dtrace/sbin/dtrace).
# shellcheck disable=SC2016,SC2154 # D text in single quotes; cli_lib.sh sets cli_why

H='   ID   PROVIDER            MODULE                          FUNCTION NAME\n'
B='    1     dtrace                                                     BEGIN\n'

# -l -o FILE: the listing goes to the file (appended to), nothing to stdout; the "failed to
# match" warning stays on stderr. dtrace opens the file only once the descriptions compile, so
# an unknown probe id leaves no file.
cli_run list_o 0 '' '' "$USDTRACE" -l -o list.txt -n BEGIN
if cli_match "$H$B" list.txt; then cli_ok list_o_content; else cli_notok list_o_content "$cli_why"; fi
cli_run list_o_append 0 '' 'usdtrace: failed to match nosuch:::: No probe matches description\n' \
	"$USDTRACE" -l -o list.txt -i 1 -n nosuch:::
if cli_match "$H$B$H$B" list.txt; then cli_ok list_o_appends; else cli_notok list_o_appends "$cli_why"; fi
cli_run list_o_bad_id 1 '' 'usdtrace: invalid probe specifier 9999999: invalid probe identifier 9999999: Unknown probe identifier\n' \
	"$USDTRACE" -l -o noid.txt -i 9999999
if [ -e noid.txt ]; then cli_notok list_o_bad_id_no_file "noid.txt was created"; else cli_ok list_o_bad_id_no_file; fi
cli_run list_o_unwritable 1 '' "usdtrace: failed to open output file '/nonexistent/x': No such file or directory\n" \
	"$USDTRACE" -l -o /nonexistent/x -n BEGIN

# -o FILE with -e: dtrace opens the file once the program compiles, before it would enable
# it, so -e creates it (empty); a program that does not compile creates none.
cli_run e_o_creates 0 '' '' "$USDTRACE" -o e.txt -e -n 'BEGIN { exit(0); }'
if [ -f e.txt ] && [ ! -s e.txt ]; then cli_ok e_o_file_empty; else cli_notok e_o_file_empty "no empty e.txt"; fi
cli_run e_o_error 1 '' 'usdtrace: invalid probe specifier BEGIN { x = ; }: syntax error near ";"\n' \
	"$USDTRACE" -o err.txt -e -n 'BEGIN { x = ; }'
if [ -e err.txt ]; then cli_notok e_o_error_no_file "err.txt was created"; else cli_ok e_o_error_no_file; fi
# -v's stability report is dtrace's own output, so it goes to -o's file too (followed by the
# blank line the trace ends with).
S='\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n'
if cli_needs_root v_o_report; then
	cli_run v_o_report 0 '' '' \
		"$USDTRACE" -q -o v.txt -v -n 'BEGIN { exit(0); }'
	if cli_match "$S\n" v.txt; then cli_ok v_o_report_in_file; else cli_notok v_o_report_in_file "$cli_why"; fi
fi

# -x zdefs lets descriptions match nothing, but only dtrace's own -Z lets a trace start with
# no probe at all: "dtrace -x zdefs -n nosuch:::x" is "no probes matched", exit 1.
cli_run x_zdefs_none_matched 1 '' 'usdtrace: no probes matched\n' "$USDTRACE" -x zdefs -qn 'nosuch:::x'
cli_run x_zdefs_some_matched 0 '' '' "$USDTRACE" -x zdefs -e -qn 'nosuch:::x' -n 'BEGIN { exit(0); }'

# -c and -p are acted on before the programs are looked at: a command that cannot run, or a
# pid that is no process, is "No such process" even with no program (not "no probes
# specified"), and even with -e.
cli_run c_missing_no_program 1 '' 'usdtrace: No such process\n' "$USDTRACE" -c /nonexistent/cmd
cli_run p_missing_no_program 1 '' 'usdtrace: No such process\n' "$USDTRACE" -p 999999999
cli_run p_missing_e 1 '' 'usdtrace: No such process\n' "$USDTRACE" -p 999999999 -e
cli_run c_no_program 1 '' 'usdtrace: no probes specified\n' "$USDTRACE" -c /bin/true

# -l -v: the profile provider's probes are Evolving in name and data, their arguments too
# (dtrace -lv profile:::tick-1s; the Guide's "profile Provider" stability table).
cli_run list_v_profile 0 '~^(   ID   PROVIDER +MODULE +FUNCTION NAME| +[0-9]+    profile +tick-1s|	Probe Description Attributes|	Argument Attributes|		Identifier Names: Evolving|		Data Semantics:   Evolving|		Dependency Class: Common|	Argument Types|		None|)$' '' \
	"$USDTRACE" -lv -n profile:::tick-1s

# -v: the stability report (the Guide's "Stability Computations and Reports"). The minimum
# probe description attributes are the least over the argument's descriptions, each the least
# of its provider's attributes for the fields it names (a description without a provider gets
# Unstable / Unstable / Common); under -e each description follows, by its probe's full name
# for a probe id, with its attributes and argument types, up to the first that matches several
# probes whose arguments may differ (dtrace:::* here), where dtrace stops. Expectations: dtrace
# -v -e with the same arguments.
cat >v1.want <<'WANT'

Stability attributes for description BEGIN,END:

	Minimum Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

:::BEGIN

	Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Argument Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Argument Types
		None


:::END

	Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Argument Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Argument Types
		None


Stability attributes for description dtrace:::* :

	Minimum Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

dtrace:::*

Stability attributes for description 2:

	Minimum Probe Description Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Minimum Statement Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

dtrace:::END

	Probe Description Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Argument Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

	Argument Types
		None

WANT
cli_run v_e_report 0 "$(awk '{ printf "%s\\n", $0 }' v1.want)" '' \
	"$USDTRACE" -v -e -n 'BEGIN,END' -n 'dtrace:::* {}' -i 2
if cli_needs_root v_e_report_syscall; then
	cat >v2.want <<'WANT'

Stability attributes for description profile:::tick-1s, syscall::read:entry:

	Minimum Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Minimum Statement Attributes
		Identifier Names: Stable
		Data Semantics:   Stable
		Dependency Class: Common

profile:::tick-1s

	Probe Description Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: Common

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: Common

	Argument Types
		None


syscall::read:entry

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: unsigned int
		args[1]: char *
		args[2]: size_t

WANT
	cli_run v_e_report_syscall 0 "$(awk '{ printf "%s\\n", $0 }' v2.want)" '' \
		"$USDTRACE" -v -e -n 'profile:::tick-1s, syscall::read:entry'
fi

# -Z lets a trace start with no probe at all, and so with no program: dtrace -Z -c CMD runs
# CMD, traces nothing, and exits when it does (the trailing blank line of any trace).
if cli_needs_root Z_no_program; then
	cli_run Z_no_program 0 '\n' '' "$USDTRACE" -Z -c /bin/true
	cli_run Z_no_program_q 0 '\n' '' "$USDTRACE" -Zq -c /bin/true
fi
cli_run Z_no_program_e 0 '' '' "$USDTRACE" -Z -e

# One provider declared by two scripts: the second block adds to the first (the same probes
# again), and a script of it alone is no empty translation unit (dtrace -h -o FILE -s p.d
# -s p.d writes the header, exit 0).
printf 'provider twice {\n\tprobe hit(int);\n};\n' >twice.d
cli_run provider_twice_h 0 '' '' "$USDTRACE" -h -o twice.h -s twice.d -s twice.d
