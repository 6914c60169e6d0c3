/* @root */
/* setopt() checks its option when the action runs, not when the program compiles: an unknown
 * name, a bad value, and an option that cannot change once tracing started each give a
 * library-level error naming the clause (a blank line follows each, as in dtrace); a good one
 * still takes effect and tracing goes on. */
#pragma D option quiet

BEGIN
{
	setopt("nosuchoption");
	setopt("rawbytes", "maybe");
	setopt("strsize", "64");
	setopt("rawbytes");
}

BEGIN
{
	printf("still here\n");
	exit(0);
}
