/*
 * curlwpsinfo is a built-in variable (Guide, "Built-in Variables"), not writable: -= is
 * refused as for pid (dtrace -s this file).
 */
BEGIN
{
	curlwpsinfo -= 1;
}
