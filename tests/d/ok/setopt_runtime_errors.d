/* @root */
/* setopt() checks names and values when it runs, as dtrace does: an unknown name, a bad value
 * and an option that cannot change once tracing has started are each reported, and the clause
 * goes on (a toggle without a value reads as "1"). */
#pragma D option quiet

BEGIN
{
	setopt("nosuchoption");
	setopt("quiet", "perhaps");
	setopt("bufsize", "1m");
	setopt("printsize", "16");
	printf("done\n");
	exit(0);
}
