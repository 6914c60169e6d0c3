/* @root */
/* Type names scoped to a module with the backquote (Guide, "Type Namespaces": mod`type):
 * dtrace's type lookup reads the part before the backquote as the container: C holds C's
 * base types, D those, string and D's typedefs (the built-in pid_t, uint64_t, the program's
 * own), vmlinux (also called genunix) the kernel's typedefs, base types and tags. Outputs
 * are DTrace for Linux's for the same program. */
#pragma D option quiet

typedef long myint;
struct rec { int a; long b; };

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(C`int), sizeof(C`char), sizeof(D`pid_t),
	    sizeof(D`uint64_t), sizeof(D`myint));
	printf("%d %d %d %d\n", sizeof(D`string), sizeof(D`int *), sizeof(struct D`rec),
	    sizeof(D`_Bool));
	printf("%d %d %d %d\n", sizeof(vmlinux`pid_t), sizeof(vmlinux`u64), sizeof(vmlinux`int),
	    sizeof(genunix`u8));
	printf("%d %d %d\n", sizeof(struct vmlinux`list_head), sizeof(union vmlinux`sigval),
	    offsetof(struct vmlinux`list_head, prev));
	printf("%d %d\n", (C`char)300, (vmlinux`u8)257);
	printf("%d %d\n", ((struct vmlinux`task_struct *)curthread)->pid == pid,
	    xlate<psinfo_t>((struct vmlinux`task_struct *)curthread).pr_pid == pid);
	exit(0);
}
