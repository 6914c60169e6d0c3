# opts.sh — the command line by the book (Oracle's "dtrace Command Reference", "Options and
# Tunables"): each expectation is what DTrace for Linux prints for the same command line.
# shellcheck disable=SC2016 # D text in single quotes

# An error in a D library (-L) is the error of the first program compiled, since dtrace loads
# its libraries as it compiles that one: "invalid probe specifier DESC: " for -n/-P/-m/-f/-i,
# "failed to compile script FILE: " for -s, then the library's file and line in the form of
# a line of an included file, the tag first under -x errtags.
mkdir -p badlib cyclib deplib
printf 'inline int fine = 1;\nBEGIN { x = ; }\n' >badlib/bad.d
printf 'inline int x1 = 1;\ninline string x2 = 3;\n' >typelib.d
mkdir -p typelib && mv typelib.d typelib/a.d
printf '#pragma D depends_on library b.d\n' >cyclib/a.d
printf '#pragma D depends_on library a.d\n' >cyclib/b.d
printf '#pragma D depends_on library nosuch.d\n' >deplib/a.d
printf 'BEGIN { exit(0); }\n' >ok.d
cli_run lib_error_n 1 '' 'usdtrace: invalid probe specifier BEGIN { exit(0); }: "badlib/bad.d", line 2: syntax error near ";"\n' \
	"$USDTRACE" -L badlib -qn 'BEGIN { exit(0); }'
cli_run lib_error_s 1 '' 'usdtrace: failed to compile script ok.d: "badlib/bad.d", line 2: syntax error near ";"\n' \
	"$USDTRACE" -L badlib -qs ok.d
cli_run lib_error_first_source 1 '' 'usdtrace: failed to compile script ok.d: "badlib/bad.d", line 2: syntax error near ";"\n' \
	"$USDTRACE" -L badlib -qs ok.d -n 'END'
cli_run lib_error_P 1 '' 'usdtrace: invalid probe specifier dtrace: "badlib/bad.d", line 2: syntax error near ";"\n' \
	"$USDTRACE" -L badlib -e -P dtrace
cli_run lib_error_errtags 1 '' 'usdtrace: invalid probe specifier BEGIN: [D_SYNTAX] "badlib/bad.d", line 2: syntax error near ";"\n' \
	"$USDTRACE" -x errtags -L badlib -e -n BEGIN
cli_run lib_error_type 1 '' 'usdtrace: failed to compile script ok.d: "typelib/a.d", line 2: inline x2 definition uses incompatible types: "string" = "int"\n' \
	"$USDTRACE" -L typelib -e -s ok.d
cli_run lib_error_list 1 '' 'usdtrace: invalid probe specifier BEGIN: "badlib/bad.d", line 2: syntax error near ";"\n' \
	"$USDTRACE" -L badlib -l -n BEGIN
cli_run lib_cycle 1 '' 'usdtrace: failed to compile script ok.d: Cyclic dependency detected: cyclib/a.d => cyclib/b.d\n' \
	"$USDTRACE" -L cyclib -e -s ok.d
cli_run lib_missing_dependency 1 '' 'usdtrace: invalid probe specifier BEGIN: Invalid library dependency in deplib/a.d: deplib/nosuch.d\n' \
	"$USDTRACE" -L deplib -e -n BEGIN

# -l: a description that matches nothing is a warning and the listing succeeds (dtrace -l -n
# nosuch::: exits 0 after the heading); an unknown probe id is a compile error (exit 1).
H='   ID   PROVIDER            MODULE                          FUNCTION NAME\n'
B='    1     dtrace                                                     BEGIN\n'
cli_run list_no_match 0 "$H" 'usdtrace: failed to match nosuch:::: No probe matches description\n' \
	"$USDTRACE" -l -n 'nosuch:::'
cli_run list_no_match_f 0 "$H" 'usdtrace: failed to match ::BEGIN:: No probe matches description\n' \
	"$USDTRACE" -l -f BEGIN
cli_run list_no_match_one 0 "$H$B" 'usdtrace: failed to match nosuch:::: No probe matches description\n' \
	"$USDTRACE" -l -n 'nosuch:::' -n BEGIN
cli_run list_unknown_id 1 '*' 'usdtrace: invalid probe specifier 999999: invalid probe identifier 999999: Unknown probe identifier\n' \
	"$USDTRACE" -l -i 999999
# -l -s lists the probes the script's clauses match; a script that does not compile fails.
printf 'nosuch:::\n{\n}\n\nBEGIN\n{\n}\n' >ns.d
printf 'BEGIN\n{\n\tx = ;\n}\n' >bad.d
cli_run list_script 0 "$H$B" '' "$USDTRACE" -l -s ok.d
cli_run list_script_no_match 0 "$H$B" 'usdtrace: failed to match nosuch:::: No probe matches description\n' \
	"$USDTRACE" -l -s ns.d
cli_run list_script_error 1 '' 'usdtrace: failed to compile script bad.d: line 3: syntax error near ";"\n' \
	"$USDTRACE" -l -s bad.d
cli_run list_script_missing 1 '' 'usdtrace: failed to open nosuch.d: No such file or directory\n' \
	"$USDTRACE" -l -s nosuch.d
# -s of a directory: dtrace opens it and fails reading it.
mkdir -p adir
cli_run script_directory 1 '' 'usdtrace: failed to compile script adir: Error occurred while reading from input stream\n' \
	"$USDTRACE" -s adir
cli_run list_script_directory 1 '' 'usdtrace: failed to compile script adir: Error occurred while reading from input stream\n' \
	"$USDTRACE" -l -s adir

# -X a|c|s|t is the stdc option: any other value is refused as -x stdc refuses it.
cli_run X_bad 1 '' 'usdtrace: failed to set -X z: Invalid value for specified option\n' \
	"$USDTRACE" -X z -e -n BEGIN
cli_run X_upper 1 '' 'usdtrace: failed to set -X A: Invalid value for specified option\n' \
	"$USDTRACE" -X A -e -n BEGIN
cli_run X_good 0 '' '' "$USDTRACE" -X t -e -n BEGIN
# A usage error names the program by its name, however it was run (dtrace: "dtrace: invalid
# option -- 'Y'"), then the usage; exit 2.
"$USDTRACE" -Y >/dev/null 2>usage.err
rc=$?
if [ $rc -eq 2 ] && [ "$(head -n 1 usage.err)" = "usdtrace: invalid option -- 'Y'" ]; then
	cli_ok usage_names_program
else
	cli_notok usage_names_program "exit $rc: $(head -n 1 usage.err)"
fi
