/*
 * lwpsinfo_t's pr_onpro is a processorid_t (proc(4), as DTrace for Linux's procfs.d has it), so
 * a refusal names that type (dtrace -s this file).
 */
BEGIN
{
	printf("%s\n", curlwpsinfo->pr_onpro);
}
