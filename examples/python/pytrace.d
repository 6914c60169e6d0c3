#pragma D option quiet
/*
 * pytrace.d — what a Python program imports and how much its full garbage collections free,
 * from python3.11's own USDT probes (they cost nothing until a tracer enables them):
 *     usdtrace -s pytrace.d -c '/usr/bin/python3.11 -I -S work.py'
 */
python$target:::import-find-load-start
{
	imports++;
}

python$target:::import-find-load-start
/index(copyinstr(arg0), "json") == 0/
{
	printf("import %s\n", copyinstr(arg0));
}

python$target:::gc-start
{
	self->generation = arg0;
}

python$target:::gc-done
/self->generation == 2/
{
	printf("full collection: %d objects freed\n", arg0);
}

END
{
	printf("%d modules imported\n", imports);
}
