/* @root */
/* Enumerators count from 0 or from the previous value plus one. */
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
