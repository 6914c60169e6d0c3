/* @root */
/* A member reached through a NULL struct pointer faults at address 0, not at the member's
 * address: dtrace checks the struct's address before it adds the member's offset (p->m,
 * (*p).m and &p->m alike; dt_cg.c checks for NULL on both . and ->), while a non-NULL bad
 * pointer faults at the member's address (8 + 4 below). Output of DTrace for Linux; ERROR's
 * arg5 is the fault's address. */
#pragma D option quiet

struct two { int a; int b; };

BEGIN { trace(((struct task_struct *)0)->pid); }
BEGIN { trace((*(struct task_struct *)0).tgid); }
BEGIN { trace((long)&((struct two *)0)->b); }
BEGIN { trace(((struct two *)8)->b); }

ERROR
{
	printf("clause %d fault at %x\n", arg2, arg5);
}

BEGIN
{
	exit(0);
}
