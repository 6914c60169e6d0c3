/* @root */
/* profile-N fires on every CPU; at least ten firings are seen before END. */
#pragma D option quiet

profile-200hz
{
	n++;
}

profile-200hz
/n >= 10/
{
	exit(0);
}

END
{
	printf("%d\n", n >= 10);
}
