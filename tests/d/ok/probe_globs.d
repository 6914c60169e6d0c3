/* @root */
/* Descriptions with globs and with the provider spelled out match the dtrace probes; END is
 * matched by *N* as well as BEGIN. */
#pragma D option quiet

dtrace:::*N*
{
	printf("glob %s\n", probename);
}

dtrace:::BEGIN
{
	printf("full\n");
}

:::BEGIN
{
	printf("empty fields\n");
	exit(0);
}
