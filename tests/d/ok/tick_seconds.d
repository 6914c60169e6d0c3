/* @root */
/* A rate in seconds: tick-1s fires once a second; END sees the count. */
#pragma D option quiet

tick-1s
{
	n++;
	exit(0);
}

END
{
	printf("%d\n", n);
}
