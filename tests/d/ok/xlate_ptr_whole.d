/* A pointer to translated data used whole (curpsinfo is xlate <psinfo_t *> (curthread)):
 * DTrace for Linux accepts it wherever a scalar is tested or converted and gives it its
 * input's address (observed: /curpsinfo/ holds, (long)curpsinfo is curthread's address,
 * printf("%p", curpsinfo) prints curthread); (*curpsinfo).m is curpsinfo->m; two of them
 * compare when of the same translated type. */
#pragma D option quiet

BEGIN
/curpsinfo/
{
	printf("%d %d %d %d %d\n", curpsinfo ? 1 : 2, !curpsinfo, curpsinfo && 1, curpsinfo || 0,
	    curpsinfo ^^ 1);
	printf("%d %d\n", (long)curpsinfo == (long)curthread, (long)curlwpsinfo == (long)curthread);
	printf("%d %d\n", (*curpsinfo).pr_pid == pid, (*curlwpsinfo).pr_lwpid == tid);
	printf("%d\n", curpsinfo == curpsinfo);
	exit(0);
}
