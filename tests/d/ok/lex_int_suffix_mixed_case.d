/* The two l's of a long long suffix may differ in case in D: dtrace's lexer takes
 * [uU]?[lL]?[lL]? after the digits, so 1lL, 1Ll and 1UlL are 8-byte constants (C would
 * refuse "lL"). An 'e' without exponent digits ends the constant: 0xe+1 is 15. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof (1lL), sizeof (1Ll), sizeof (1UlL), sizeof (0x10Ll));
	printf("%d %d %d\n", 1lL + 1, 0x10Ll, 0xe+1);
	printf("%d\n", 1lL << 40 > 0);
	exit(0);
}
