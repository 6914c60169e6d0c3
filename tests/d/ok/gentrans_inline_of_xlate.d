/* @root */
/* An inline whose value is an inline of translated data (inline psinfo_t *p = curpsinfo) is
 * that translation too: its members are the translator's (Guide, "Inlines": the compiled form
 * of the expression replaces the name; observed: dtrace -s prints 1 1). */
#pragma D option quiet

inline psinfo_t *p = curpsinfo;
inline psinfo_t *q = p;

BEGIN
{
	printf("%d %d\n", p->pr_pid == pid, q->pr_ppid == ppid);
	exit(0);
}
