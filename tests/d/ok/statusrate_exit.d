/* @root */
/* exit() is noticed at the next status check: with statusrate set, END runs only then (here
 * about 800 ms after the exit, never at once). */
#pragma D option quiet
#pragma D option statusrate=1sec

tick-100ms
/n++ == 1/
{
	ts = timestamp;
	exit(0);
}

END
/timestamp - ts > 500000000/
{
	printf("END at the status check\n");
}

END
/timestamp - ts <= 500000000/
{
	printf("END too early\n");
}
