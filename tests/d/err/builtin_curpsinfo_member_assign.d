/*
 * A member of curpsinfo's translated data reached with -> is not writable: DTrace for Linux
 * holds it an lvalue that is not writable (dtrace -s this file).
 */
BEGIN
{
	curpsinfo->pr_pid = 1;
}
