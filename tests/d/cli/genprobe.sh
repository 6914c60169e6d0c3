# genprobe.sh — probe descriptions, clauses and listing by the book (the Dynamic Tracing Guide's
# "Program Structure" and "dtrace(1M) Utility"), from a differential sweep of generated
# descriptions and command lines (issue 20): each expectation is what DTrace for Linux prints
# for the same command line (observed by running /opt/oracle-dtrace/sbin/dtrace).
# shellcheck disable=SC2016,SC2154 # D text in single quotes; cli_lib.sh sets cli_why

# list_noid CASE WANT COMMAND...: a listing's lines without their ID column (each
# implementation numbers its own probe set), sorted after the header (dtrace's order follows its own ids), are
# WANT (a printf format); exit status 0 and nothing on stderr.
list_noid() {
	_c=$1 _want=$2
	shift 2
	"$@" >"$W/l.out" 2>"$W/l.err"
	_rc=$?
	cut -c7- "$W/l.out" | { IFS= read -r _h; printf '%s\n' "$_h"; LC_ALL=C sort; } >"$W/l.sorted"
	if [ $_rc -ne 0 ] || [ -s "$W/l.err" ]; then
		cli_notok "$_c" "exit $_rc, stderr [$(head -n 1 "$W/l.err")]"
	elif cli_match "$_want" "$W/l.sorted"; then
		cli_ok "$_c"
	else
		cli_notok "$_c" "$cli_why"
	fi
}
HDR='  PROVIDER            MODULE                          FUNCTION NAME\n'

# A description that leaves the provider out (or globs it) matches every provider's probes,
# those of the providers a D library defines (io, ip, lockstat) too: dtrace -l -n wait-done
# lists io:::wait-done, -l -n 'spin-*' lockstat's spin probes, -l -m 'i?:vm*' io's and ip's.
list_noid list_name_formula "$HDR        io           vmlinux                                   wait-done\n" \
	"$USDTRACE" -l -n wait-done
list_noid list_glob_formula "$HDR  lockstat           vmlinux                                   spin-acquire\n  lockstat           vmlinux                                   spin-release\n  lockstat           vmlinux                                   spin-spin\n" \
	"$USDTRACE" -l -n 'spin-*'
IO='        io           vmlinux                                   '
IP='        ip           vmlinux                                   '
list_noid list_module_formula "$HDR${IO}done\n${IO}start\n${IO}wait-done\n${IO}wait-start\n${IP}receive\n${IP}send\n" \
	"$USDTRACE" -l -m 'i?:vm*'
# ... and so does a clause's description (dtrace -e compiles both)
cli_run e_name_formula 0 '' '' "$USDTRACE" -e -n 'wait-done { }'
cli_run e_glob_formula 0 '' '' "$USDTRACE" -e -n 'i?:::wait-start { }'
# One clause on many syscalls and a formula probe: each syscall's argument types are parsed in
# a context of its own, and a context made where a freed one was must not reuse the freed
# one's kernel types (it crashed: dtrace -e compiles it, exit 0).
cli_run e_syscalls_and_formula 0 '' '' "$USDTRACE" -e -n 'syscall::c*:entry, io:::start { }'
# The kernel's tracepoints too: a description without the provider selects sdt's and rawtp's
# probes (dtrace -l -n sched_switch lists both; -e -n 'sched_switch { }' compiles, exit 0).
list_noid list_name_tracepoint "$HDR       sdt             sched                                   sched_switch\n     rawtp             sched                                   sched_switch\n" \
	"$USDTRACE" -l -n sched_switch
cli_run e_name_tracepoint 0 '' '' "$USDTRACE" -e -n 'sched_switch { }'
# The profile provider makes tick-N/profile-N for a description whose module and function are
# empty: profile:*::tick-3s matches no probe in dtrace (-l: "failed to match", exit 0; a
# clause: "does not match any probes", exit 1), though pro*:::tick-3s makes one.
cli_run list_profile_module_glob 0 '   ID   PROVIDER            MODULE                          FUNCTION NAME\n' \
	'usdtrace: failed to match profile:*::tick-3s: No probe matches description\n' \
	"$USDTRACE" -l -n 'profile:*::tick-3s'
cli_run e_profile_module_glob 1 '' \
	'usdtrace: invalid probe specifier profile:*::tick-3s {}: probe description profile:*::tick-3s does not match any probes\n' \
	"$USDTRACE" -e -n 'profile:*::tick-3s {}'
list_noid list_profile_provider_glob "$HDR   profile                                                     tick-3s\n" \
	"$USDTRACE" -l -n 'pro*:::tick-3s'
# A description that does not name a formula provider selects the formula probes an
# alternative makes here and passes over the others, as a provider dtrace lacks has no probes:
# dtrace -e -n 'start { }' compiles (exit 0), a -L library's provider whose only alternative
# names no probe of this kernel notwithstanding (naming that provider is still an error).
mkdir -p L
printf 'provider zzq {\n\tprobe start(int) = rawtp:nosuchgrp::nosuch_event(int x) : (x);\n};\n' >L/zzq.d
cli_run e_formula_none_applies 0 '' '' "$USDTRACE" -L L -e -n 'start { }'
cli_run e_formula_named_none_applies 1 '' '~^usdtrace: invalid probe specifier zzq:::start \{ \}: .*formula probe zzq:::start: no alternative applies on this system' \
	"$USDTRACE" -L L -e -n 'zzq:::start { }'
