/* @root */
/* @opts: -Z */
/* With -Z a description that matches nothing enables nothing instead of failing. */
#pragma D option quiet

nosuchprovider:::nosuchprobe
{
	printf("never\n");
}

BEGIN
{
	printf("ok\n");
	exit(0);
}
