/* @root */
/* tick-N fires on one CPU every period; five firings are counted before exiting. */
#pragma D option quiet

tick-10ms
{
	n++;
}

tick-10ms
/n == 5/
{
	printf("%d\n", n);
	exit(0);
}
