/* @root */
/* A profile probe's arg0 is the kernel PC and arg1 the user PC of the interrupted code: one of
 * them is non-zero (Dynamic Tracing Guide, "profile Provider": arguments). */
#pragma D option quiet

profile-997hz
{
	ok = arg0 != 0 || arg1 != 0;
	exit(0);
}

END
{
	printf("%d\n", ok);
}
