/* @root */
/* A fault stops only its clause: the tracer keeps going, later firings run, END runs. */
#pragma D option quiet

BEGIN
{
	x = 0;
	y = 1 / x;
}

BEGIN
{
	printf("after\n");
	exit(0);
}

END
{
	printf("end\n");
}
