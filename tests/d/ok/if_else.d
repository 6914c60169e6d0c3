/* @root */
/* if/else statements, with and without braces, nested. */
#pragma D option quiet

BEGIN
{
	x = 5;
	if (x > 3) {
		printf("big\n");
	} else {
		printf("small\n");
	}
	if (x > 10)
		printf("huge\n");
	else if (x == 5)
		printf("five\n");
	else
		printf("other\n");
	y = 0;
	if (x) {
		y = 1;
		if (x < 0) {
			y = 2;
		}
	}
	printf("%d\n", y);
	exit(0);
}
