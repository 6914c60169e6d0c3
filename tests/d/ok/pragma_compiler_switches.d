/* @root */
/* @args: 5 unused */
/* Every compiler switch may be set by a pragma inside the program (DTrace for Linux applies
 * them to the compilation under way instead of refusing them): argref (the unreferenced last
 * argument is no error), defaultargs (the missing $3 is 0 and $$4 ""), zdefs (a description
 * that matches nothing), empty, errtags, knodefs, unodefs; nolibs, cpp and verbose are read as
 * a compilation starts, so here they change nothing (no listing on stderr, as in dtrace). */
#pragma D option quiet
#pragma D option argref
#pragma D option defaultargs
#pragma D option zdefs
#pragma D option knodefs
#pragma D option unodefs
#pragma D option empty
#pragma D option errtags
#pragma D option nolibs
#pragma D option cpp
#pragma D option verbose

nosuchprovider:::nosuchprobe
{
	printf("never\n");
}

BEGIN
{
	printf("%d %d [%s]\n", $1, $3, $$4);
	exit(0);
}
