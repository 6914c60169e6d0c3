# provargs.sh — the kernel providers' probes as -l and -l -v show them: which probes each
# provider offers on this kernel, the probe description and argument attributes, and the
# argument types. Each expectation is what DTrace for Linux prints for the same command line
# (/opt/oracle-dtrace/sbin/dtrace -lv -n DESC, the probe id column left out: ids differ);
# the sets of probes are checked against tracefs, the kernel's own list of its events.
# shellcheck disable=SC2016,SC2154 # D text in single quotes; cli_lib.sh sets cli_why

cli_needs_root syscall_lv_entry || return 0

# lv DESC: `-lv -n DESC` into lv.out with the probe id replaced by N.
lv() {
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" -lv -n "$1" 2>lv.err |
		sed -E 's/^ *[0-9]+( +[a-z])/    N\1/' >lv.out
}

# lv_case CASE DESC WANT: lv DESC, then lv.out against the printf format WANT.
lv_case() {
	lv "$2"
	if cli_match "$3" lv.out; then cli_ok "$1"; else cli_notok "$1" "$cli_why $(head -n 1 lv.err)"; fi
}

H='   ID   PROVIDER            MODULE                          FUNCTION NAME\n'
# A syscall probe's description is the least of the provider's attributes over its fields
# (Evolving provider and name, Private module, Private / ISA function): Private / Private /
# Unknown; its arguments are Private / ISA.
SYSATTR='\n\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n\n\tArgument Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Types\n'

# Entry arguments are typed as the call's tracepoint format declares them, without const
# ("const char *filename" is char *).
lv_case syscall_lv_entry syscall::openat:entry \
	"${H}    N    syscall           vmlinux                            openat entry\n${SYSATTR}\t\targs[0]: int\n\t\targs[1]: char *\n\t\targs[2]: int\n\t\targs[3]: umode_t\n\n"
# A return probe has one argument, the long the call returns.
lv_case syscall_lv_return syscall::read:return \
	"${H}    N    syscall           vmlinux                              read return\n${SYSATTR}\t\targs[0]: long\n\n"
# "struct iocb * *" in the format is struct iocb **; getgroups's "gid_t *" is unsigned int *.
lv_case syscall_lv_stars syscall::io_submit:entry \
	"${H}    N    syscall           vmlinux                         io_submit entry\n${SYSATTR}\t\targs[0]: aio_context_t\n\t\targs[1]: long\n\t\targs[2]: struct iocb **\n\n"
lv_case syscall_lv_gid_pointer syscall::getgroups:entry \
	"${H}    N    syscall           vmlinux                         getgroups entry\n${SYSATTR}\t\targs[0]: int\n\t\targs[1]: unsigned int *\n\n"

# args[1] of a return probe is out of range.
cli_run syscall_return_args1 1 '' 'usdtrace: invalid probe specifier syscall::getpid:return { trace(args[1]); }: in action list: index 1 is out of range for syscall::getpid:return args[ ]\n' \
	"$USDTRACE" -n 'syscall::getpid:return { trace(args[1]); }'

# The syscall provider is the kernel's syscall events: one function per
# events/syscalls/sys_enter_NAME, no more (a call configured out of the kernel has no event
# and no probe: dtrace -l -n syscall::init_module: matches nothing where modules are off).
T=/sys/kernel/tracing/events/syscalls
if [ -d $T ]; then
	"$USDTRACE" -l -P syscall | awk 'NR > 1 { print $4 }' | sort -u >sys.listed
	find $T -maxdepth 1 -name 'sys_enter_*' | sed 's|.*/sys_enter_||' | sort -u >sys.events
	if cmp -s sys.listed sys.events; then
		cli_ok syscall_set_is_events
	else
		cli_notok syscall_set_is_events "$(diff sys.listed sys.events | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
	fi
fi

# The proc provider: its thirteen probes, signal-discard among them, numbered in name order
# (dtrace -l -P proc lists the newest first: start ... create).
"$USDTRACE" -l -P proc | sed -E 's/^ *[0-9]+( +[a-z])/    N\1/' >proc.l
P='    N       proc           vmlinux                                   '
if cli_match "$H${P}start\n${P}signal-send\n${P}signal-handle\n${P}signal-discard\n${P}signal-clear\n${P}lwp-start\n${P}lwp-exit\n${P}lwp-create\n${P}exit\n${P}exec-success\n${P}exec-failure\n${P}exec\n${P}create\n" proc.l; then
	cli_ok proc_list
else
	cli_notok proc_list "$cli_why"
fi
# A proc probe's description: the least of Evolving / ISA names and Private / Unknown module
# and function; its arguments Evolving / ISA.
PROCATTR='\n\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n\n\tArgument Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\n\tArgument Types\n'
lv_case proc_lv_exit proc:::exit "${H}${P}exit\n${PROCATTR}\t\targs[0]: int\n\n"
# signal-handle's args[1] is the kernel's siginfo_t, args[2] the handler. dtrace spells the
# handler's type "int (*)(*) ()", a slip of its type printer for the void (*)(void) its proc
# provider declares (the Guide's type): we print the declared type.
lv_case proc_lv_signal_handle proc:::signal-handle \
	"${H}${P}signal-handle\n${PROCATTR}\t\targs[0]: int\n\t\targs[1]: siginfo_t *\n\t\targs[2]: void (*)(void)\n\n"

# The sdt provider is the kernel's trace events as available_events lists them, less the
# groups other providers make: syscalls (the syscall provider's), kprobes, uprobes, and
# DTrace's own dt_pid and dt_PID_NAME (dtrace -l -P sdt; dtrace -l -n
# sdt:syscalls::sys_enter_openat matches nothing). The ftrace group is not in that list.
A=/sys/kernel/tracing/available_events
if [ -r $A ]; then
	"$USDTRACE" -l -P sdt | awk 'NR > 1 { print $3 ":" $4 }' | sort >sdt.listed
	grep -Ev '^(syscalls|kprobes|uprobes|dt_pid|dt_[0-9]+_[^:]*):' $A | sort >sdt.events
	if cmp -s sdt.listed sdt.events; then
		cli_ok sdt_set_is_events
	else
		cli_notok sdt_set_is_events "$(diff sdt.listed sdt.events | grep '^[<>]' | head -n 3 | tr '\n' ' ')"
	fi
fi
cli_run sdt_no_syscalls_group 0 "$H" 'usdtrace: failed to match sdt:syscalls::sys_enter_openat: No probe matches description\n' \
	"$USDTRACE" -l -n sdt:syscalls::sys_enter_openat
