/* @root */
/* @opts: -x zdefs */
/* -x zdefs is -Z. */
#pragma D option quiet

nosuchprovider:::nosuchprobe
{
	printf("never\n");
}

BEGIN
{
	printf("zdefs\n");
	exit(0);
}
