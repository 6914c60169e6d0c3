/* @root */
/* lwpsinfo_t's pr_clname: no conversion in DTrace for Linux's translator (observed), none here:
 * a scheduling class name Linux does not have would be an invention. */
BEGIN
{
	trace(curlwpsinfo->pr_clname);
}
