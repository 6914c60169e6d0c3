/* @root */
/* Character constants are ints (sizeof 4) whose bytes dtrace's lexer packs unsigned, with no
 * sign extension: '\377' and '\xff' are 255, '\200' is 128 (where C on x86-64 says -1, -128);
 * a multi-character constant packs its bytes big-endian ('ab' is 0x6162); escapes as in C. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 'a', '\n', '\0', '\\');
	printf("%d %d %d\n", '\377', '\xff', '\200');
	printf("%d %d %d\n", 'ab', 'a\377', '\101');
	printf("%d %d\n", sizeof('a'), sizeof('\377'));
	printf("%d\n", (char)'\377');
	exit(0);
}
