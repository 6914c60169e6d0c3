/* @root */
/* @opts: -x defaultargs */
/* With defaultargs, missing $N are 0 and missing $$N are "". */
#pragma D option quiet

BEGIN
{
	printf("%d [%s]\n", $1, $$2);
	exit(0);
}
