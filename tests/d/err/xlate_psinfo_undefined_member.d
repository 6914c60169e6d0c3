/* @root */
/* DTrace for Linux's psinfo_t translator leaves pr_flag out (deprecated in Solaris' proc(4)), as it
 * does pr_argc, pr_size, pr_start and pr_time: Linux has no source for them; using one is
 * D_XLATE_NOCONV, as there (observed). */
BEGIN
{
	trace(curpsinfo->pr_flag);
}
