/* Character constants of up to 8 bytes, as dtrace's lexer reads them: the bytes packed
 * big-endian and unsigned (none sign-extended), the value then typed as a decimal constant
 * is: int when it fits, else long. So 'abcde' is a long, and so is '\377\377\377\377'. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof('a'), 'a');
	printf("%d %d\n", sizeof('\377'), '\377');
	printf("%d %d\n", sizeof('ab'), 'ab');
	printf("%d %d\n", sizeof('abcd'), 'abcd');
	printf("%d %d\n", sizeof('\177\377\377\377'), '\177\377\377\377');
	printf("%d %d\n", sizeof('\377\377\377\377'), '\377\377\377\377');
	printf("%d %d\n", sizeof('abcde'), 'abcde');
	printf("%d %d\n", sizeof('abcdefgh'), 'abcdefgh');
	printf("%d\n", 'abcde' > 0x7fffffff ? 1 : 0);
	exit(0);
}
