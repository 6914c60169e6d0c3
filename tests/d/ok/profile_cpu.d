/* @root */
/* Each profile firing reports the CPU it ran on, a valid CPU number. */
#pragma D option quiet

profile-100hz
{
	ok = cpu >= 0 && cpu < 4096;
	exit(0);
}

END
{
	printf("%d\n", ok);
}
