/* @root */
/* A char array used as an aggregation key is the string it holds, as Solaris DTrace keys and
 * prints `@[curpsinfo->pr_psargs] = count()` (the idiom of its exec and process scripts):
 * psinfo_t's pr_fname and pr_psargs are char arrays now (DTrace for Linux's layout), and
 * the kernel's task comm always was. DTrace for Linux stops on an assertion for
 * `@[curthread->comm]` (dt_aggid_rec_add); it leaves pr_psargs undefined, which the Solaris
 * definition gives here (tests/sh/proc_psargs.sh checks its contents). */
#pragma D option quiet

BEGIN
{
	@names[curpsinfo->pr_fname, curthread->comm] = count();
	@names[execname, execname] = count();
	@args[curpsinfo->pr_psargs] = count();
	@len[sizeof(curpsinfo->pr_psargs), strlen(curpsinfo->pr_psargs) > 10] = count();
	exit(0);
}

END
{
	printa("%s %s %@d\n", @names);
	printa("%@d\n", @args);
	printa("%d %d %@d\n", @len);
}
