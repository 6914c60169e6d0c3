/*
 * A tag scoped to D's type container (struct D`task_struct) finds the kernel's type when the
 * program defines none of that name, as dtrace's type lookup does (observed: dtrace prints
 * sizeof(struct D`task_struct) as the kernel's 3264 here, enum D`pid_type as 4); a D struct of
 * that name comes first.
 */
#pragma D option quiet

struct foo { int a; char b; };

BEGIN
{
	printf("%d %d %d\n", sizeof(struct D`task_struct) == sizeof(struct task_struct),
	    sizeof(enum D`pid_type), sizeof(struct D`foo));
	exit(0);
}
