/* The D libraries' own declarations of dynamic variables (lockstat.d's companions) take no
 * room in a program's dynamic variable pool when nothing reads or writes them: a dynvarsize
 * that holds this program's scalar self-> values enables (DTrace for Linux runs it; the
 * library's tuple-keyed declarations made it "Enabling exceeds size of buffer"). */
#pragma D option quiet
#pragma D option dynvarsize=15

BEGIN
{
	self->a = 1;
	self->b = 2;
}

tick-1s
{
	printf("enabled\n");
	exit(0);
}
