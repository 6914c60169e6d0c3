/* @root */
/* #pragma D option quiet acts like -q, including on the notice. */
#pragma D option quiet

BEGIN
{
	printf("pragma\n");
	exit(0);
}
