/* @root */
/* setopt() with an unknown option name compiles (dtrace checks the name when the action
 * runs) and reports the error each time it runs; the rest of the clause goes on. */
#pragma D option quiet

BEGIN
{
	setopt("nosuchoption");
	printf("after\n");
	exit(0);
}
