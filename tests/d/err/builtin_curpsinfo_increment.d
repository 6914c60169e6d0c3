/*
 * curpsinfo is a built-in variable (Guide, "Built-in Variables": psinfo_t *curpsinfo), not
 * writable: ++ of it is refused as of pid, not for its pointer's size (dtrace -s this file).
 */
BEGIN
{
	curpsinfo++;
}
