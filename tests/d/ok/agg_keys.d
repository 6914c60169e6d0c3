/* @root */
/* Keys of every kind: built-in strings (probename, probeprov), a string built at run time
 * (strjoin/lltostr), integers of several sizes and signs (a char, a short, an unsigned int,
 * a negative long), and a pointer-sized uintptr_t; three keys in one tuple. Integer keys sort
 * as unsigned numbers of their size (so -1 sorts after 2: dt_aggregate.c's key compare), and
 * print as dt_consume.c's dt_print_datum prints them: through the unsigned type of their size
 * with %d, so a short -2 prints 65534 and an unsigned int 4000000000 prints -294967296. */
/* @opts: -x strsize=24 */
#pragma D option quiet
BEGIN
{
	@s[probeprov, probename] = count();
	@s[probeprov, strjoin("BEG", "IN")] = count();
	@s[strjoin("k", lltostr(42)), "x"] = count();
	@i[(char)65, (short)-2, (unsigned int)7] = sum(1);
	@i[(char)66, (short)3, (unsigned int)4000000000] = sum(2);
	@l[-1L] = count();
	@l[2L] = count();
	@p[(uintptr_t)0x1000] = max(-3);
	exit(0);
}
