/* @root */
/* @opts: -x bufsize=1m -x switchrate=100hz -b 2m */
/* Buffer and rate options are accepted and change no output. */
#pragma D option quiet
#pragma D option dynvarsize=2m

BEGIN
{
	printf("fine\n");
	exit(0);
}
