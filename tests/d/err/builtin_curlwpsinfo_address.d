/*
 * The address of a built-in variable (Guide, "Built-in Variables": lwpsinfo_t *curlwpsinfo)
 * cannot be taken, as of pid (dtrace -s this file: cannot take address of dynamic variable).
 */
BEGIN
{
	x = &curlwpsinfo;
}
