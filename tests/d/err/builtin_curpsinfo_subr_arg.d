/*
 * A pointer to translated data (curpsinfo) is of DTrace for Linux's dynamic type, which no
 * typed parameter of a subroutine takes (dtrace -s this file: strjoin()'s char *).
 */
BEGIN
{
	trace(strjoin("a", curpsinfo));
}
