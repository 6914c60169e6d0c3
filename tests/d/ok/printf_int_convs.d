/* @root */
/* %d %i %u %x %X %o %c %s %% (Dynamic Tracing Guide, "Output Formatting"). */
#pragma D option quiet

BEGIN
{
	printf("%d|%i|%u|%x|%X|%o|%c|%s|%%\n", -42, -42, 42, 255, 0xabc, 8, 65, "str");
	exit(0);
}
