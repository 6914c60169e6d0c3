/* @root */
/* Compound statements nest; every statement runs in order. */
#pragma D option quiet

BEGIN
{
	{
		a = 1;
		{
			b = a + 1;
		}
		c = b + 1;
	}
	printf("%d %d %d\n", a, b, c);
	exit(0);
}
