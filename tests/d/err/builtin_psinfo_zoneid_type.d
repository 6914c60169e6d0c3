/*
 * psinfo_t's pr_zoneid is a zoneid_t (an id_t, as DTrace for Linux's procfs.d defines it), so
 * a refusal names that type (dtrace -s this file).
 */
BEGIN
{
	printf("%s\n", curpsinfo->pr_zoneid);
}
