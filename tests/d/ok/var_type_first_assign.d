/* @root */
/* A variable's type is that of its first assignment (Dynamic Tracing Guide, "Variables");
 * later assignments convert to it. */
#pragma D option quiet

BEGIN
{
	c = (char)5;
	c = 300;
	printf("%d\n", c);
	u = (uint16_t)1;
	u = -1;
	printf("%d\n", u);
	exit(0);
}
