/* @root */
/* String comparisons and subroutine calls in predicates. */
#pragma D option quiet

BEGIN
/execname == "usdtrace"/
{
	printf("execname\n");
}

BEGIN
/strlen(probename) == 5 && probename != "END"/
{
	printf("probename\n");
}

BEGIN
/index(probeprov, "trace") == 1/
{
	printf("probeprov\n");
	exit(0);
}
