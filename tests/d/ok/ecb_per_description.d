/* @root */
/* Each probe description of a clause is its own enabling (Guide, "Program Structure": a clause
 * names one or more probe descriptions; dtrace compiles the clause once per description):
 * a probe that two descriptions of one clause match runs the clause twice, in description
 * order, before the next clause. Observed with DTrace for Linux:
 *   dtrace -qn 'BEGIN, BEGIN { printf("x\n"); } BEGIN { exit(0); }'   prints x twice. */
#pragma D option quiet

BEGIN
{
	printf("first\n");
}

BEGIN, dtrace:::BEGIN, dtrace:::B*
{
	n++;
	printf("%s %d\n", probename, n);
	@runs = count();
}

BEGIN, END
{
	printf("%s once\n", probename);
}

BEGIN
{
	printf("last %d\n", n);
	exit(0);
}

END, END
{
	printf("end twice\n");
}
