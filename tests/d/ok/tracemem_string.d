/* @root */
/* tracemem() of a string: the bytes at the string's address, dumped as hex and text. */
#pragma D option quiet

BEGIN
{
	s = "ABCDEFGHIJKLMNOPqrst";
	tracemem(s, 20);
	exit(0);
}
