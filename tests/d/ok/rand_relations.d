/* @root */
/* rand() values: four draws are not all equal (deterministic up to a 2^-96 chance). */
#pragma D option quiet

BEGIN
{
	a = rand();
	b = rand();
	c = rand();
	d = rand();
	printf("%d\n", a != b || b != c || c != d);
	exit(0);
}
