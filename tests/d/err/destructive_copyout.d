/* @root */
/* copyout() is destructive: without -w dtrace refuses to enable the program
 * (libdtrace dt_error.c, EDT_DESTRUCTIVE: "Destructive actions not allowed"). */
#pragma D option quiet

BEGIN
/0/
{
	copyout(alloca(8), 0, 8);
}

BEGIN
{
	exit(0);
}
