/* @root */
/*
 * The smallest principal buffer a program may ask for is counted at DTrace for Linux's record
 * layout, where a string takes strsize + 1 bytes and the next value follows at its own
 * alignment: printf("%s %d") at strsize=32 fits bufsize=64 (dtrace -s this: "bufsize
 * increased to 4096", then the output); usdtrace counted its own padded layout and refused
 * ("Enabling exceeds size of buffer").
 */
#pragma D option quiet
#pragma D option bufsize=64
#pragma D option strsize=32

BEGIN
{
	printf("%s %d\n", "ppppp", 0);
}

BEGIN
{
	exit(0);
}

END
{
	printf("end\n");
}
