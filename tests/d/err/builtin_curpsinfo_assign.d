/*
 * curpsinfo = 0: DTrace for Linux holds the value against curpsinfo's dynamic type (a
 * pointer to translated data), which no value matches, before it finds it not writable
 * (dtrace -s this file).
 */
BEGIN
{
	curpsinfo = 0;
}
