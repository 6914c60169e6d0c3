#!/bin/sh
# tier: full
# fbt.sh — the fbt provider (kernel function entry/return through fentry/fexit trampolines),
# kernel types from BTF, curthread/curpsinfo/curlwpsinfo/curcpu and kernel stacks/symbols.
#   * without privileges: listing (-l -P fbt, -v's BTF argument types), compiling (-e):
#     args[0]->f_path.dentry->d_name.name type-checks, a member that does not exist is a D
#     compile error, an unknown function "does not match any probes", a description matching
#     too many functions is refused with a message (and quickly), sizeof/offsetof of kernel
#     structs;
#   * as root: curthread, curpsinfo, curlwpsinfo, curcpu against what the process knows of
#     itself, stack()/func()/mod() of kernel addresses in profile probes;
#   * as root, when the kernel allows fentry/fexit programs (a BPF LSM or lockdown may refuse
#     them: then "skipped" with the kernel's reason): a program reading a file a known number
#     of times: fbt::vfs_read:entry count, fbt::vfs_read:return arg1 (the bytes read),
#     args[0]->f_path.dentry->d_name.name, stack() holding vfs_read, curthread->pid == pid,
#     curpsinfo->pr_fname == execname; counts against bpftrace's kfunc: when it has them.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE

# --- listing ---
out=$("$U" -l -n 'fbt::vfs_read:entry' 2>&1)
case $out in
*" fbt "*" vmlinux "*" vfs_read entry"*) ok fbt-list-one ;;
*) notok fbt-list-one "$out" ;;
esac
n=$("$U" -l -P fbt 2>/dev/null | wc -l)
[ "$n" -gt 1000 ] && ok fbt-list-provider || notok fbt-list-provider "only $n lines"
out=$("$U" -l -v -n 'fbt::vfs_read:entry' 2>&1)
case $out in
*"args[0]: struct file *"*"args[2]: size_t"*) ok fbt-list-verbose-args ;;
*) notok fbt-list-verbose-args "$out" ;;
esac
out=$("$U" -l -n 'fbt::vfs_rea*:return' 2>&1)
# both, in either order: with a plain provider name dtrace lists the newest probe first
# (plist_catalog), and the order fbt creates its probes in is not dtrace's
case $out in
*"vfs_read return"*) case $out in
	*"vfs_readlink return"*) ok fbt-list-glob ;;
	*) notok fbt-list-glob "$out" ;;
	esac ;;
*) notok fbt-list-glob "$out" ;;
esac

# --- compiling ---
if "$U" -e -n 'fbt::vfs_read:entry { trace(stringof(args[0]->f_path.dentry->d_name.name));
    trace(args[2]); trace(curthread->pid); trace(curpsinfo->pr_fname); stack(); }' \
    -n 'fbt::vfs_read:return { trace(args[1]); trace(arg1); }' >"$W/e.out" 2>&1; then
	ok fbt-compile-typed
else
	notok fbt-compile-typed "$(cat "$W/e.out")"
fi
w=$W
expect_fail fbt-bad-member \
	"usdtrace: invalid probe specifier fbt::vfs_read:entry { trace(args[0]->f_nope); }: in action list: f_nope is not a member of struct file" \
	"$U" -e -n 'fbt::vfs_read:entry { trace(args[0]->f_nope); }'
expect_fail fbt-no-such-function \
	"usdtrace: invalid probe specifier fbt::no_such_kernel_function:entry { }: probe description fbt::no_such_kernel_function:entry does not match any probes" \
	"$U" -e -n 'fbt::no_such_kernel_function:entry { }'
expect_fail fbt-args-out-of-range \
	"usdtrace: invalid probe specifier fbt::vfs_read:entry { trace(args[4]); }: in action list: index 4 is out of range for fbt::vfs_read:entry args[ ]" \
	"$U" -e -n 'fbt::vfs_read:entry { trace(args[4]); }'
start=$(date +%s)
"$U" -e -n 'fbt:::entry { }' >"$W/many.out" 2>&1
rc=$?
took=$(($(date +%s) - start))
if [ $rc -eq 1 ] && grep -q 'matches [0-9]* fbt probes; a clause may enable at most' "$W/many.out" &&
	[ "$took" -lt 20 ]; then
	ok fbt-too-many
else
	notok fbt-too-many "exit $rc after ${took}s: $(head -c 300 "$W/many.out")"
fi

if ! sdt_is_root; then
	skip fbt-runtime "needs root"
	exit 0
fi

# --- kernel types and built-ins in probes that run everywhere ---
out=$("$U" -q -n 'BEGIN { printf("%d %d %d %d %s %s %d %d %d %d\n", curthread->pid == pid,
    curthread->real_parent->tgid == ppid, curpsinfo->pr_pid == pid, curpsinfo->pr_ppid == ppid,
    curpsinfo->pr_fname, stringof(curthread->comm), curlwpsinfo->pr_lwpid == tid,
    curpsinfo->pr_uid == uid, curcpu->cpu_id == cpu, sizeof(struct task_struct) > 1000);
    exit(0); }' 2>&1)
case $out in
"1 1 1 1 usdtrace usdtrace 1 1 1 1"*) ok fbt-curthread-curpsinfo ;;
*) notok fbt-curthread-curpsinfo "$out" ;;
esac
# a sample taken in the kernel (the idle task's, or a system call's); bounded, so that a
# machine kept busy in user space fails this instead of hanging
out=$(timeout 60 "$U" -q -n 'profile-997 /arg0 != 0/ { @[func(caller)] = count();
    @m[mod(caller)] = count(); stack(); exit(0); } tick-20s { exit(1); }' 2>&1)
case $out in
*'vmlinux`'*) ok fbt-kernel-stack-symbols ;;
*) notok fbt-kernel-stack-symbols "$out" ;;
esac

# --- fbt probes firing ---
cat >"$W/rd.c" <<'EOF'
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	char buf[100];
	int n = 0;
	for (int i = 0; i < 7; i++) {
		int fd = open(argv[1], O_RDONLY);
		n += (int)read(fd, buf, 10);
		close(fd);
	}
	printf("%d\n", n);
	return 0;
}
EOF
printf 'abcdefghijklmnopqrstuvwxyz\n' >"$W/fbt_data.txt"
cc -O2 -o "$W/rd" "$W/rd.c" || { notok fbt-build "cc failed"; exit 0; }
"$U" -q -n 'fbt::vfs_read:entry /pid == $target/ { @n = count();
    @f[stringof(args[0]->f_path.dentry->d_name.name)] = count();
    @p = sum(curthread->pid == pid); @e = sum(curpsinfo->pr_fname == execname); }' \
    -n 'fbt::vfs_read:return /pid == $target/ { @r[arg1] = count(); @o[arg0] = count(); }' \
    -n 'fbt::vfs_read:entry /pid == $target && !self->done/ { self->done = 1; stack(); }' \
    -c "$W/rd $W/fbt_data.txt" >"$W/fbt.out" 2>"$W/fbt.err"
rc=$?
if [ $rc -ne 0 ] && grep -q 'fentry/fexit' "$W/fbt.err"; then
	skip fbt-runtime "the kernel refuses fentry/fexit programs: $(head -1 "$W/fbt.err")"
	exit 0
fi
[ $rc -eq 0 ] && ok fbt-run || notok fbt-run "exit $rc: $(head -c 400 "$W/fbt.err")"
# the loader's own reads (ld.so, libc) come before main: count the data file's reads exactly
grep -q 'fbt_data.txt  *7$' "$W/fbt.out" && ok fbt-entry-count-and-name ||
	notok fbt-entry-count-and-name "$(cat "$W/fbt.out")"
grep -q '^ *10  *7$' "$W/fbt.out" && ok fbt-return-arg1 || notok fbt-return-arg1 "$(cat "$W/fbt.out")"
# the return offset a trampoline cannot know: -1, as DTrace for Linux gives it
grep -q '^ *-1  *[0-9]' "$W/fbt.out" && ok fbt-return-arg0 || notok fbt-return-arg0 "$(cat "$W/fbt.out")"
grep -q 'vmlinux`vfs_read' "$W/fbt.out" && ok fbt-stack || notok fbt-stack "$(cat "$W/fbt.out")"
n=$(grep -c . "$W/fbt.out")
total=$(sed -n 's/^ *\([0-9][0-9]*\)$/\1/p' "$W/fbt.out" | head -1)
pidok=$(sed -n 's/^ *\([0-9][0-9]*\)$/\1/p' "$W/fbt.out" | sed -n 2p)
pnok=$(sed -n 's/^ *\([0-9][0-9]*\)$/\1/p' "$W/fbt.out" | sed -n 3p)
if [ -n "$total" ] && [ "$total" = "$pidok" ] && [ "$total" = "$pnok" ]; then
	ok fbt-curthread-in-fbt
else
	notok fbt-curthread-in-fbt "$n lines: $(cat "$W/fbt.out")"
fi
# bpftrace on the same workload (kfunc: in 0.17), when it can
if command -v bpftrace >/dev/null 2>&1; then
	bpftrace -e "kfunc:vfs_read /comm == \"rd\"/ { @n = count(); }" -c "$W/rd $W/fbt_data.txt" \
		>"$W/bt.out" 2>&1
	bn=$(sed -n 's/^@n: //p' "$W/bt.out")
	if [ -z "$bn" ]; then
		skip fbt-vs-bpftrace "bpftrace: $(grep -m1 ERROR "$W/bt.out")"
	elif [ "$bn" = "$total" ]; then
		ok fbt-vs-bpftrace
	else
		notok fbt-vs-bpftrace "bpftrace $bn, usdtrace $total"
	fi
fi
