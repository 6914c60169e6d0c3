/* @root */
/* exit() makes the state draining at once (dtrace.c dtrace_probe, DTRACEACT_EXIT): the
 * remaining enablings of BEGIN and of every other provider's probes are skipped from then on,
 * while END's all run (END fires in cooldown, where exit() only sets the status). The rest of
 * the clause that calls exit() still runs. */
#pragma D option quiet

BEGIN
{
	exit(0);
	printf("begin 1\n");
}

BEGIN
{
	printf("begin 2\n");
}

END
{
	printf("end 1\n");
	exit(0);
}

END
{
	printf("end 2\n");
}
