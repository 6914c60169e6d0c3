/*
 * ++ of a member of curlwpsinfo's translated data: not writable, as for an assignment
 * (dtrace -s this file).
 */
BEGIN
{
	curlwpsinfo->pr_lwpid++;
}
