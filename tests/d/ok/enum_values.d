/* @root */
/* Enumerators count from 0 or from the previous value plus one. An enum is a type
 * "equivalent to an int" (Guide, "Enumerations"), so BLACK prints as -1: DTrace for Linux
 * prints 4294967295 here (it records and prints a value of enum type as unsigned), which
 * differs from the Guide; we follow the Guide. */
#pragma D option quiet

enum color {
	RED,
	GREEN = 5,
	BLUE,
	BLACK = -1,
	WHITE
};

BEGIN
{
	printf("%d %d %d %d %d\n", RED, GREEN, BLUE, BLACK, WHITE);
	c = BLUE;
	printf("%d %d\n", c == BLUE, c == RED);
	exit(0);
}
